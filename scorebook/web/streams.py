"""The live streams: server-sent events (``text/event-stream``, the browser's ``EventSource``) that
tell an open match page, table display or watch page the moment a write moved its match.

One async view per kind of reader, served under ASGI (uvicorn): a member of the table
(``/live/matches/<pk>/``: the match page and its table display) and whoever holds a share link
(``/live/watch/<token>/``). Each event is the match's version (``id: 7``, ``event: version``,
``data: 7``). To a member's match page (``?parts=match``), when a write moved the match, the first
data line is followed by what his page swaps in for that version, as his role sees it in his language
(``web.deals.shared_parts``: rendered once per version, role and language, with no reader's token or
client id in it), so the phones at the table need not each ask for it. When part of it would be one
reader's own (confirmation mode, a sheet stopped at a deal), to the table display and a watch page,
and on resuming, the version alone: the page fetches what it shows from its poll's address, which
renders the parts its reader's role may see. A stream therefore carries nothing its reader may not
see.

- **Resume**: a reconnecting ``EventSource`` sends ``Last-Event-ID`` (the page's first connection
  says ``?since=<the version it shows>``): a version newer than that is sent at once.
- **Heartbeat**: a comment line every ``HEARTBEAT`` seconds keeps proxies from closing the stream,
  with a ``heartbeat`` event that tells the page the stream is alive (else it polls); the first is
  sent as the stream opens.
- **Who may read** is read from the database when the stream opens and again on every event; a
  member removed (or a link revoked) has his stream closed, one whose role changed is told to
  ``reload`` (his page shows what his new role may) and closed.
- **No database connection while idle**: each read runs in one of ``READERS`` threads of the
  process (short, its connection checked with ``close_old_connections``): a process's streams hold
  those few connections between them, however many streams are open, and none while they wait.
- **Under WSGI** (gunicorn, the test server) a stream cannot be held: it answers 204, which tells
  ``EventSource`` not to reconnect, and the page keeps polling.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
from django.contrib.auth import get_user
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.utils.translation import get_language

from scorebook import caches, live, selectors
from scorebook.accounts import epoch_of
from scorebook.errors import NotFound
from scorebook.models import Match, Member, SessionEpoch
from scorebook.web.deals import shared_parts
from scorebook.web.people import person_at

T = TypeVar("T")

# The threads the streams read the database in: their connections (kept, as every worker's are) are
# all a process's streams hold, however many are open.
READERS = 4
READS = ThreadPoolExecutor(max_workers=READERS, thread_name_prefix="scorebook-live")

# Seconds between heartbeats: well under the 60 s a proxy's read timeout commonly is.
HEARTBEAT = 15.0
# How soon (ms) the browser reconnects a stream that dropped.
RETRY_MS = 2000
# The heartbeat: a comment line (what keeps a proxy from closing an idle connection) and an event
# the page hears (what tells it the stream is alive: sent at once when the stream opens, so a proxy
# that buffers the stream lets the page hear nothing, and it keeps polling).
BEAT = b": heartbeat\nevent: heartbeat\ndata: alive\n\n"


@dataclass
class Reading:
    """What a stream's reader may see now: the match's version and his role (None: nothing more),
    and the match's version entry they were read with (what his parts are found by)."""

    version: int
    role: str | None = None
    seen: caches.Seen | None = None


# ---------------------------------------------------------------- who may read, from the database


def _fresh(read: Callable[[], T]) -> Callable[[], T]:
    """*read* as one short piece of work in an executor thread, its connection checked first."""

    def run() -> T:
        close_old_connections()
        return read()

    return run


def _member_reading(person: Any, pk: int) -> Reading | None:
    try:
        seen = selectors.readable_seen(person, pk)
    except NotFound:
        return None
    role = selectors.role_of(Match(pk=pk, owner_id=seen.owner), person)
    return Reading(seen.version, role, seen) if role is not None else None


def _member_opened(request: HttpRequest, pk: int) -> tuple[Reading | None, Callable[[], Reading | None]]:
    """At open: the member's reading, and how to read it again (a guest's membership is read anew; a
    user whose sessions were ended since — signed out everywhere, a new password — is nobody)."""
    person = person_at(request, pk)  # the session and the user: read here, in this thread
    if isinstance(person, Member):
        guest = person.pk

        def again() -> Reading | None:
            member = selectors.guest_of(pk, guest)
            return _member_reading(member, pk) if member is not None else None
    else:
        epoch = request.session.get(SessionEpoch.SESSION_KEY, 0)

        def again() -> Reading | None:
            # The session's user read anew (Django's check of his password's hash), with his epoch.
            user = get_user(request)
            if not user.is_authenticated or user.pk != person.pk or epoch_of(user) != epoch:
                return None
            return _member_reading(user, pk)
    return (_member_reading(person, pk) if person is not None else None), again


def _watch_opened(token: str) -> tuple[Reading | None, Callable[[], Reading | None]]:
    def again() -> Reading | None:
        seen = caches.seen_by_link(token)
        return Reading(seen.version) if seen is not None else None

    return again(), again


# ---------------------------------------------------------------- the stream


def _last_seen(request: HttpRequest) -> int | None:
    for value in (request.headers.get("Last-Event-ID"), request.GET.get("since")):
        if value is not None and value.strip().isdigit():
            return int(value)
    return None


def _version(version: int, data_lines: bytes = b"") -> bytes:
    """The version event; with *data_lines* (``_data_lines``), what the page swaps in for it (the
    page reads the first data line as the version, the rest as the parts)."""
    return f"id: {version}\nevent: version\ndata: {version}\n".encode() + data_lines + b"\n"


# What ends a line in an event stream (the HTML's own line ends become data lines).
LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _data_lines(parts: str) -> bytes:
    """*parts* as an event's data lines, one per line of the HTML, encoded: made once per version,
    role and language where the parts are drawn (``shared_parts`` keeps them so), not once per phone."""
    return "".join(f"data: {line}\n" for line in LINE_BREAK.split(parts)).encode()


Parts = Callable[[Reading], "tuple[int, bytes] | None"]


def _read_again(again: Callable[[], Reading | None], parts: Parts | None, role: str | None,
                sent: int | None) -> tuple[Reading | None, tuple[int, bytes] | None]:
    """The reader's right read again and, when it still stands and the version moved, his parts."""
    now = again()
    if now is None or now.role != role or parts is None or now.version == sent:
        return now, None
    return now, parts(now)


async def _events(pk: int, opened: Reading, last: int | None, queue: asyncio.Queue[int],
                  again: Callable[[], Reading | None], parts: Parts | None = None) -> AsyncIterator[bytes]:
    """The stream of match *pk* for one reader, until he may no longer read it or goes away. *parts*:
    what his page swaps in for a version a write made (a member's), read in a thread like his right."""
    try:
        yield f"retry: {RETRY_MS}\n".encode() + BEAT
        sent = last
        if last is None or opened.version != last:
            yield _version(opened.version)
            sent = opened.version
        while True:
            try:
                await asyncio.wait_for(queue.get(), HEARTBEAT)
            except TimeoutError:
                yield BEAT
                continue
            while not queue.empty():  # several writes at once: one reading for them all
                queue.get_nowait()
            read = partial(_read_again, again, parts, opened.role, sent)
            now, found = await sync_to_async(_fresh(read), thread_sensitive=False, executor=READS)()
            if now is None:
                return  # removed, or the link revoked: the stream ends (and reopens to a 404)
            if now.role != opened.role:
                yield b"event: reload\ndata: role\n\n"
                return
            if sent is None or now.version != sent:
                if found is not None and (sent is None or found[0] > sent):
                    sent = found[0]
                    yield _version(*found)
                else:
                    yield _version(now.version)
                    sent = now.version
    finally:
        live.forget(pk, queue)


Opened = tuple[Reading | None, Callable[[], Reading | None]]


def _opening(open_: Callable[[], Opened]) -> Callable[[], Opened]:
    def run() -> Opened:
        close_old_connections()
        return open_()

    return run


async def _stream(request: HttpRequest, pk: int, open_: Callable[[], Opened],
                  parts: Parts | None = None) -> HttpResponseBase:
    # Listen first, then read: a write that commits in between is heard, not lost.
    queue = await live.listen(pk)
    try:
        opened, again = await sync_to_async(_opening(open_), thread_sensitive=False, executor=READS)()
    except BaseException:
        live.forget(pk, queue)
        raise
    if opened is None:
        live.forget(pk, queue)
        raise Http404("no such match")
    response = StreamingHttpResponse(_events(pk, opened, _last_seen(request), queue, again, parts),
                                     content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


async def match_stream(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The stream of a member's match page and table display (the owner's too). The match page asks
    for its parts with each version (``?parts=match``); the display for the version alone."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)  # WSGI cannot hold a stream: the page polls
    if request.GET.get("parts") != "match":  # the table display: it fetches its own big totals
        return await _stream(request, pk, lambda: _member_opened(request, pk))
    # The match page's parts come in the language the page was asked in (LocaleMiddleware's).
    language = getattr(request, "LANGUAGE_CODE", None) or get_language()
    return await _stream(request, pk, lambda: _member_opened(request, pk),
                         lambda reading: shared_parts(reading.seen, reading.role, language, _data_lines))


def _shared(token: str) -> caches.Seen | None:
    close_old_connections()
    return caches.seen_by_link(token)


async def watch_stream(request: HttpRequest, token: str) -> HttpResponseBase:
    """The stream of a watch page and its table display (whoever holds the share link)."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    seen = await sync_to_async(_shared, thread_sensitive=False, executor=READS)(token)
    if seen is None:
        raise Http404("no such share link")
    return await _stream(request, seen.pk, lambda: _watch_opened(token))
