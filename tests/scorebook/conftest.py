"""Fixtures shared by the database and API tests: the token client, a 1000 match, entry builders.

The users (`owner`, `stranger`) and the signed-in browser (`signed_in`) are in tests/conftest.py.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Match

PLAYERS = ["Аня", "Борис", "Вика"]

# What reading a browser's session costs: nothing when it comes from the cache (CACHE_URL set:
# Django's cached_db sessions), one query when sessions live in the database alone.
SESSION_QUERIES = 0 if settings.SESSION_ENGINE == "django.contrib.sessions.backends.cached_db" else 1
# What reading the signed-in user costs: one query (with his epoch), on every request that asks who
# he is: never from a cache.
USER_QUERIES = 1


def play(declarer: int = 0, bid: int = 100, contract: int | None = None,
         points: tuple[int, ...] | list[int] = (45, 67, 8), marriages: Any = None, **extra: Any) -> dict[str, Any]:
    """A raw 3-player 1000 play as a client sends it (marriages default to none declared)."""
    entry: dict[str, Any] = {"type": "play", "declarer": declarer, "bid": bid,
                             "contract": bid if contract is None else contract, "points": list(points)}
    if marriages is not None:
        entry["marriages"] = marriages
    return entry | extra


def penalty(player: int, points: int, reason: str = "") -> dict[str, Any]:
    return {"type": "penalty", "player": player, "points": points, "reason": reason}


@pytest.fixture
def api(owner) -> APIClient:
    """The owner's phone: token authentication, as a non-browser client signs in."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    return client


@pytest.fixture
def match(owner) -> Match:
    """A fresh 3-player 1000 match, classic preset, seat 0 deals first."""
    return services.match_create(owner=owner, game="thousand", players=PLAYERS)


# An append: the match locked, with its cached sheet (small: the rows are apart) and the last
# deal's number (SELECT … FOR UPDATE), then its writes through the ORM, the same on both databases:
# the deal, its revision and its sheet row (INSERT ×3) and the match (one UPDATE, compared and
# swapped over its version); and the transaction's savepoint and its release.
APPEND = 7


def together(*work: Any) -> list[Any]:
    """Each of *work* in a thread of its own, released together; what each returned or raised."""
    barrier = threading.Barrier(len(work), timeout=10)
    results: list[Any] = [None] * len(work)

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work[index]()
        except Exception as exc:  # noqa: BLE001 - handed back to the test
            results[index] = exc
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(work))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    return results
