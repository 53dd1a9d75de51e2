"""Fixtures shared by the database and API tests: the token client, a 1000 match, entry builders.

The users (`owner`, `stranger`) and the signed-in browser (`signed_in`) are in tests/conftest.py.
"""

from __future__ import annotations

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
# cached sessions), one query when sessions live in the database alone.
SESSION_QUERIES = 0 if settings.SESSION_ENGINE == "scorebook.sessions" else 1
# What reading the signed-in user costs once he was read: nothing from a shared cache (CACHE_URL:
# scorebook/accounts_cache.py), one query from the database. His first read is always one query.
USER_QUERIES = 0 if settings.SCOREBOOK_SHARED_CACHE else 1


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
# deal's number (SELECT … FOR UPDATE), then its writes: on PostgreSQL one statement (the deal, its
# revision, its sheet row, the version and the sheet), elsewhere the deal, its revision and its
# sheet row (INSERT ×3) and the match (one UPDATE); and the transaction's savepoint and its release.
APPEND = 4 if connection.vendor == "postgresql" else 7
