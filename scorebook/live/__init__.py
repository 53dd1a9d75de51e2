"""Who hears of a write at once: the live streams (server-sent events, ``scorebook.web.streams``).

A write of the write path tells ``publish`` the match's id and its new version *after its
transaction commits* (``transaction.on_commit`` in ``scorebook.caches.match_changed``): a rolled
back write tells nobody. Every stream of this process waits on ``listen(pk)``, a queue of the
versions published for its match.

- With ``CACHE_URL`` (Redis): ``publish`` sends ``"<pk> <version>"`` on one pub/sub channel, and each
  process that holds streams subscribes once (``redis.asyncio``, one task on its event loop) and
  hands each message to its own streams. A write on any app server reaches every stream server.
- Without it (``make run``, one process): ``publish`` hands the version to this process's streams
  directly, from the writing thread to the streams' event loop. No server is needed.

A stream misses nothing it needs: what it is handed is only a cue to read its match's version
again, it sends the newest, and one that reconnects says the last it saw (``Last-Event-ID``).
When the subscription to Redis was lost (Redis restarted), every stream of the process reads again
once it is back: what was published meanwhile is made good.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import defaultdict
from urllib.parse import urlsplit

import redis
from django.conf import settings
from redis import asyncio as redis_asyncio
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

# How long the subscriber waits before it subscribes again after Redis went away.
RESUBSCRIBE_AFTER = 1.0
# How long a stream that opens waits for this process's subscription (its first stream only).
SUBSCRIBE_WAIT = 2.0


def channel() -> str:
    """The pub/sub channel: Redis's channels ignore the database number, so the name carries it
    (two deployments, or two test runs, on one Redis server with other databases do not hear each
    other)."""
    database = urlsplit(settings.CACHE_URL).path.strip("/") or "0"
    return f"scorebook:{database}:versions"


class Hub:
    """This process's streams, by match: each a queue on the event loop it runs on."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.listeners: dict[int, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[int]]]] = defaultdict(set)
        self.subscriber: asyncio.Task[None] | None = None
        self.subscribed: asyncio.Event | None = None

    async def listen(self, pk: int) -> asyncio.Queue[int]:
        """A queue of the versions of match *pk* published from now on (on the stream's loop). With
        Redis, once this process's subscription is up: what is published after this returns arrives."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        loop = asyncio.get_running_loop()
        with self.lock:
            self.listeners[pk].add((loop, queue))
        if settings.CACHE_URL:
            # Not for ever: without Redis the stream still opens (its heartbeats, the page's poll).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._subscribe(loop).wait(), SUBSCRIBE_WAIT)
        return queue

    def forget(self, pk: int, queue: asyncio.Queue[int]) -> None:
        with self.lock:
            listeners = self.listeners.get(pk, set())
            listeners.difference_update({entry for entry in listeners if entry[1] is queue})
            if not listeners:
                self.listeners.pop(pk, None)

    def deliver(self, pk: int, version: int) -> None:
        """Hand *version* of match *pk* to each of its streams here (from any thread)."""
        with self.lock:
            listeners = list(self.listeners.get(pk, ()))
        for loop, queue in listeners:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, version)
            except RuntimeError:  # that stream's loop is closed: it is gone
                self.forget(pk, queue)

    def everyone(self) -> None:
        """Every stream here reads its match again (and sends its version if it moved)."""
        with self.lock:
            matches = list(self.listeners)
        for pk in matches:
            self.deliver(pk, 0)

    def streams(self) -> int:
        with self.lock:
            return sum(len(listeners) for listeners in self.listeners.values())

    # ------------------------------------------------------------ Redis

    def _subscribe(self, loop: asyncio.AbstractEventLoop) -> asyncio.Event:
        with self.lock:
            running = self.subscriber is not None and not self.subscriber.done()
            if not running or self.subscriber is None or self.subscriber.get_loop() is not loop:
                self.subscribed = asyncio.Event()
                self.subscriber = loop.create_task(self._hear(self.subscribed))
            assert self.subscribed is not None
            return self.subscribed

    async def _hear(self, subscribed: asyncio.Event) -> None:
        """The process's one subscription: every message of the channel to this process's streams."""
        lost = False
        while True:
            client = redis_asyncio.Redis.from_url(settings.CACHE_URL)
            try:
                async with client.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(channel())
                    subscribed.set()
                    if lost:  # what was published meanwhile is gone: every stream here reads again
                        self.everyone()
                    async for message in pubsub.listen():
                        self._heard(message.get("data"))
            except (RedisError, OSError) as failure:
                lost = True
                log.warning("live updates: Redis subscription lost (%s); subscribing again", failure)
                await asyncio.sleep(RESUBSCRIBE_AFTER)
            finally:
                await client.aclose()

    def _heard(self, data: object) -> None:
        try:
            pk, version = (int(part) for part in bytes(data).split())  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return
        self.deliver(pk, version)


HUB = Hub()
# The process's client for publishing (its connection pool), made at the first write.
PUBLISHERS: dict[str, redis.Redis] = {}


def publish(pk: int, version: int) -> None:
    """Tell every stream of match *pk*, on every server, that it is at *version* now. Called once a
    write committed; a failure to reach Redis loses only the push (the polls still see the write)."""
    if not settings.CACHE_URL:
        HUB.deliver(pk, version)
        return
    try:
        if settings.CACHE_URL not in PUBLISHERS:
            PUBLISHERS[settings.CACHE_URL] = redis.Redis.from_url(settings.CACHE_URL)
        PUBLISHERS[settings.CACHE_URL].publish(channel(), f"{pk} {version}")
    except (RedisError, OSError) as failure:
        log.warning("live updates: could not publish match %s version %s (%s)", pk, version, failure)


async def listen(pk: int) -> asyncio.Queue[int]:
    return await HUB.listen(pk)


def forget(pk: int, queue: asyncio.Queue[int]) -> None:
    HUB.forget(pk, queue)
