"""Two app servers behind one address share PostgreSQL and Redis: several phones' writes, polls and
re-sent client ids spread over both lose nothing, count nothing twice, and every poll on either
server sees each change as soon as the write that made it was answered.

Real servers: two gunicorn (two sync workers each) on two free loopback ports, over a PostgreSQL
database of their own (``SCOREBOOK_TWO_SERVERS_DB``, created and migrated here) and the Redis
database of CACHE_URL (default DB 15, flushed first). Marker ``multiserver``: left out of a plain
run (tests/conftest.py deselects it), run by .ci/run with ``-m multiserver``.

Four phones write penalties of −1 (phone i fines seat i mod 3), each with its client id, on one
server, then re-send every third write on the other (an answer that never came): the re-send
answers the same deal. After each answered write, both servers' polls at the version before it
answer with the sheet, and both scoresheets hold the deal. At the end the token is revoked by a
third process: both servers refuse it at once.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
import redis

ROOT = Path(__file__).resolve().parents[2]
KEY = "tests-only-4pW8nQ2xLr6Tz9Kv3Hc7Jm1Ys5Fd8Gb2Ue6Ao4Ri9Nl3Xw7Bq5Vt0"
PHONES, WRITES = 4, 12
PG = "postgres://postgres@127.0.0.1:5432"
DATABASE = os.environ.get("SCOREBOOK_TWO_SERVERS_DB") or "test_scorebook_two_servers"
CACHE_URL = os.environ.get("CACHE_URL") or "redis://127.0.0.1:6379/15"

pytestmark = pytest.mark.multiserver

SETUP = """
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from scorebook import services
owner = get_user_model().objects.create_user(username="anya")
match = services.match_share(match=services.match_create(owner=owner, game="thousand",
                                                        players=["Аня", "Борис", "Вика"]))
print(match.pk, match.share_token, Token.objects.create(user=owner).key)
"""

REVOKE = """
from django.contrib.auth import get_user_model
from scorebook import accounts
accounts.token_revoke(user=get_user_model().objects.get())
"""

CHECK = """
import json
from scorebook.models import Match, Revision
from scorebook.selectors import current_sheet, replay_match
from scorebook.sheets import is_fresh
match = Match.objects.get()
deals = list(match.deals.order_by("number"))
print(json.dumps({"version": match.version, "numbers": [d.number for d in deals],
                  "client_ids": sorted(r.client_id for r in Revision.objects.filter(match=match)),
                  "replays_to_the_cache": is_fresh(match.game, match.sheet)
                                          and replay_match(match, deals)[0] == current_sheet(match)}))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""


def fresh_database() -> None:
    with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{DATABASE}"')


class Server:
    def __init__(self, env: dict[str, str]):
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "scorebook.wsgi", "-w", "2", "-b", f"127.0.0.1:{self.port}",
             "--graceful-timeout", "2", "--log-level", "warning"], cwd=ROOT, env=env)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Content-Type": "application/json"} | ({"Authorization": f"Token {token}"} if token else {})
        try:
            connection.request(method, path, json.dumps(body) if body is not None else None, headers)
            response = connection.getresponse()
            content = response.read()
            is_json = response.getheader("Content-Type", "").startswith("application/json")
            return response.status, json.loads(content) if is_json and content else content
        finally:
            connection.close()

    def wait_until_up(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            try:
                if self.request("GET", "/healthz/")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("gunicorn did not answer within the time")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


def test_two_servers_share_the_writes_and_every_poll_sees_each_change() -> None:
    fresh_database()
    redis.Redis.from_url(CACHE_URL).flushdb()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SCOREBOOK_", "DATABASE_URL"))} | {
        "DATABASE_URL": f"{PG}/{DATABASE}", "CACHE_URL": CACHE_URL, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": KEY,
        "DJANGO_SECURE_SSL_REDIRECT": "0", "SCOREBOOK_RATE_USER": "off", "SCOREBOOK_RATE_ANON": "off"}
    manage(env, "migrate", "--noinput", "-v", "0")
    match_id, share, token = manage(env, "shell", "-c", SETUP).split()
    servers = [Server(env), Server(env)]
    problems: list[str] = []
    answered: dict[str, int] = {}  # client id → deal number
    deadline = time.monotonic() + 180

    def sees(server: Server, number: int, version: int) -> None:
        """*server* shows deal *number*, written at *version*: its polls at the version before answer
        with the sheet, and its scoresheet holds the deal."""
        for path in (f"/watch/{share}/sheet/?since={version - 1}", f"/watch/{share}/display/panel/?since={version - 1}"):
            status, body = server.request("GET", path)
            # The answer polls on from the version it shows: this write's, or a later one's.
            shown = re.search(rb"\?since=(\d+)", body) if status == 200 else None
            if shown is None or int(shown.group(1)) < version:
                problems.append(f"{path} on :{server.port} answered {status} after version {version}")
        status, sheet = server.request("GET", f"/api/matches/{match_id}/scoresheet/", token=token)
        if status != 200 or number not in [row["number"] for row in sheet["rows"]]:
            problems.append(f"the scoresheet on :{server.port} lacks deal {number} (version {version})")

    def phone(index: int) -> None:
        for write in range(WRITES):
            client_id = f"phone-{index}:{write}"
            body = {"entry": {"type": "penalty", "player": index % 3, "points": -1, "reason": client_id},
                    "client_id": client_id}
            first, other = servers[(index + write) % 2], servers[(index + write + 1) % 2]
            status, answer = first.request("POST", f"/api/matches/{match_id}/deals/", body, token)
            if status != 201:
                problems.append(f"{client_id}: {status} {answer}")
                return
            number, version = answer["deal"]["number"], answer["version"]
            answered[client_id] = number
            if write % 3 == 0:  # the answer "never came": the same write again, on the other server
                status, again = other.request("POST", f"/api/matches/{match_id}/deals/", body, token)
                if status != 200 or not again["repeated"] or again["deal"]["number"] != number:
                    problems.append(f"{client_id} re-sent: {status} {again}")
            for server in servers:
                sees(server, number, version)

    try:
        for server in servers:
            server.wait_until_up(deadline)
        phones = [threading.Thread(target=phone, args=(i,)) for i in range(PHONES)]
        for thread in phones:
            thread.start()
        for thread in phones:
            thread.join(timeout=max(1, deadline - time.monotonic()))
        assert problems == []
        assert len(answered) == PHONES * WRITES, "the phones did not finish in time"
        writes = PHONES * WRITES
        # At the end both servers agree: quiet at the last version, the same sheet, every fine counted once.
        fines = [-sum(WRITES for i in range(PHONES) if i % 3 == seat) for seat in range(3)]
        for server in servers:
            assert server.request("GET", f"/watch/{share}/sheet/?since={writes}")[0] == 204
            assert server.request("GET", f"/watch/{share}/sheet/?since={writes - 1}")[0] == 200
            status, sheet = server.request("GET", f"/api/matches/{match_id}/scoresheet/", token=token)
            assert status == 200 and sheet["totals"] == fines
            assert [row["number"] for row in sheet["rows"]] == list(range(1, writes + 1))
        # The token revoked by a third process (the token page, on any server) stops on both servers
        # at once, though each read it from the shared cache until then (scorebook/accounts_cache.py).
        manage(env, "shell", "-c", REVOKE)
        for server in servers:
            for _ in range(4):  # whichever of its workers answers
                assert server.request("GET", f"/api/matches/{match_id}/scoresheet/", token=token)[0] == 401
    finally:
        for server in servers:
            server.stop()

    stored = json.loads(manage(env, "shell", "-c", CHECK))
    assert stored["numbers"] == list(range(1, writes + 1))  # no gap, no deal twice
    assert stored["version"] == writes
    assert stored["client_ids"] == sorted(answered)  # every answered write, once
    assert sorted(answered.values()) == stored["numbers"]
    assert stored["replays_to_the_cache"]
