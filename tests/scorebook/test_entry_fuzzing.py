"""Any JSON value as a deal's ``entry``, for every game, through the API: the answer is 201 (a
deal the referee accepted) or 400 (refused, in API.md's shape), never an exception or a 500.

Half the values are shaped like entries (a known ``type``, fields of the games' names) so that
they get past the first checks and into each game's reading of its fields.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from referee.games import GAMES
from scorebook import services

pytestmark = pytest.mark.django_db

PLAYERS = ["Аня", "Борис", "Вика"]
# Every field name an entry of any game has (API.md, "Entries, per game").
FIELDS = ["type", "declarer", "bid", "contract", "points", "marriages", "tricks", "dark", "talon_points",
          "talon_marriage", "marriages_held", "reason", "player", "trump", "last_trick", "declarations", "cards",
          "ending", "caller", "challengers", "last_draw", "hands", "melds", "hand", "secret", "laid_off", "onto",
          "counts", "burned", "winner_aces", "winner_fours", "khrap", "circle", "renonce"]
CARDS = st.sampled_from(["10H", "QS", "AD", "X1", "К♠", "10♥️", "7C", "JH", "T", "", "1", "ZZ"])
SCALARS = (st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.integers(-3, 130)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8) | CARDS)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5)
                      | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=5), inner, max_size=5),
                      max_leaves=25)


def entries(game: str) -> st.SearchStrategy[Any]:
    types = st.sampled_from([*GAMES[game].ENTRY_TYPES, "penalty", "nope"])
    shaped = st.fixed_dictionaries({"type": types}, optional={name: VALUES for name in FIELDS if name != "type"})
    return shaped | VALUES


@pytest.fixture
def no_throttling(settings) -> None:
    """A few hundred requests in a row from one user: the rates are off for this test."""
    settings.SCOREBOOK_RATES = dict.fromkeys(settings.SCOREBOOK_RATES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_any_json_as_an_entry_is_201_or_400(game: str, owner, api: APIClient, no_throttling) -> None:
    match = services.match_create(owner=owner, game=game, players=PLAYERS if game != "terz" else PLAYERS[:2])
    url = f"/api/matches/{match.pk}/deals/"

    @settings(max_examples=150)
    @given(entry=entries(game))
    def post(entry: Any) -> None:
        answer = api.post(url, json.dumps({"entry": entry}), content_type="application/json")
        assert answer.status_code in (201, 400), answer.content[:500]
        if answer.status_code == 400:
            assert all(v["code"] and v["message"] for v in answer.json()["violations"])

    post()
