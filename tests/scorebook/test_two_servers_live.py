"""Two stream servers behind one address share PostgreSQL and Redis: a write answered by one reaches
the live streams held by the other (scorebook/live/: Redis pub/sub, one subscription per process).

Real servers: two uvicorn processes (ASGI, as the streams are served) on two free loopback ports,
over a PostgreSQL database of their own (``SCOREBOOK_TWO_SERVERS_LIVE_DB``, created and migrated
here) and the Redis server of CACHE_URL (its database flushed first; the channel's name carries the
database number). Marker ``multiserver``: run by .ci/run with ``-m multiserver``.

The owner's phone holds a stream on server B (his session, made by a third process), a watcher
holds the share link's stream on server B too; three deals are written through the API on server
A. Each stream hears each version, in order; the owner's stream, reopened on A with
``Last-Event-ID`` of the first, is sent the newest at once.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import psycopg
import pytest
import redis

from tests.scorebook.test_two_servers import KEY, PG, ROOT, Server, free_port, manage

pytestmark = pytest.mark.multiserver

DATABASE = os.environ.get("SCOREBOOK_TWO_SERVERS_LIVE_DB") or "test_scorebook_two_servers_live"
CACHE_URL = os.environ.get("CACHE_URL") or "redis://127.0.0.1:6379/15"
WAIT = 20.0  # seconds a stream may take to hear a write before the test fails (a busy machine)

SETUP = """
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token
from scorebook import services
owner = get_user_model().objects.create_user(username="anya")
match = services.match_share(match=services.match_create(owner=owner, game="thousand",
                                                        players=["Аня", "Борис", "Вика"]))
client = Client()
client.force_login(owner)
print(match.pk, match.share_token, Token.objects.create(user=owner).key,
      client.cookies[settings.SESSION_COOKIE_NAME].value)
"""


class StreamServer(Server):
    """uvicorn serving scorebook.asgi, one process (the streams' own server)."""

    def __init__(self, env: dict[str, str]):
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "scorebook.asgi:application", "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning", "--lifespan", "off"], cwd=ROOT, env=env)


class Stream:
    """An open event stream, read line by line."""

    def __init__(self, port: int, path: str, headers: dict[str, str]):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Accept: text/event-stream",
                 *(f"{name}: {value}" for name, value in headers.items())]
        self.socket.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.file = self.socket.makefile("rb")
        status = self.file.readline().decode()
        assert " 200 " in status, status
        while self.file.readline() not in (b"\r\n", b""):  # the headers
            pass

    def versions(self, count: int) -> list[int]:
        """The next *count* versions the stream sends (heartbeats passed over)."""
        found: list[int] = []
        deadline = time.monotonic() + WAIT
        while len(found) < count:
            assert time.monotonic() < deadline, f"heard only {found}"
            line = self.file.readline().decode()
            assert line, f"the stream ended after {found}"
            # Chunked transfer: chunk sizes and blank lines come between the event's lines.
            if line.startswith("data: ") and line.strip() != "data: alive":
                found.append(int(line.split()[1]))
        return found

    def close(self) -> None:
        self.file.close()
        self.socket.close()


def test_a_write_on_one_server_reaches_the_streams_on_the_other() -> None:
    with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{DATABASE}"')
    redis.Redis.from_url(CACHE_URL).flushdb()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SCOREBOOK_", "DATABASE_URL"))} | {
        "DATABASE_URL": f"{PG}/{DATABASE}", "CACHE_URL": CACHE_URL, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": KEY,
        "DJANGO_SECURE_SSL_REDIRECT": "0", "SCOREBOOK_RATE_USER": "off", "SCOREBOOK_RATE_ANON": "off"}
    manage(env, "migrate", "--noinput", "-v", "0")
    match_id, share, token, session = manage(env, "shell", "-c", SETUP).split()
    a, b = StreamServer(env), StreamServer(env)
    streams: list[Stream] = []
    try:
        deadline = time.monotonic() + 60
        a.wait_until_up(deadline)
        b.wait_until_up(deadline)
        cookie = {"Cookie": f"sessionid={session}"}
        owner = Stream(b.port, f"/live/matches/{match_id}/?since=0", cookie)
        watcher = Stream(b.port, f"/live/watch/{share}/?since=0", {})
        streams += [owner, watcher]
        for points in ([45, 67, 8], [15, 100, 5], [10, 10, 100]):
            status, answer = a.request("POST", f"/api/matches/{match_id}/deals/",
                                       {"entry": {"type": "play", "declarer": 0, "bid": 100, "points": points}}, token)
            assert status == 201, answer
        assert owner.versions(3) == [1, 2, 3]
        assert watcher.versions(3) == [1, 2, 3]
        # Reconnected to the other server after version 1: version 3 comes at once.
        again = Stream(a.port, f"/live/matches/{match_id}/?since=0", cookie | {"Last-Event-ID": "1"})
        streams.append(again)
        assert again.versions(1) == [3]
    finally:
        for stream in streams:
            stream.close()
        a.stop()
        b.stop()
