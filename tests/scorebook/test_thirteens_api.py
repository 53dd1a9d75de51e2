"""Thirteens' new checks through the JSON API (API.md "thirteens"): the number of tricks in a deal
entered card by card (``trick_count``, option ``cards_each``), a turned joker (``joker_turned``),
and options frozen before ``cards_each`` existed.

Worked by hand from RULES.md ("thirteens", classic: seed values A 1, J 2, Q 3, K 4; thirteen 3,
pair 1, run 1, a trick with no meld and no joker 1, joker −4, no trick −3). Seats: Аня 0, Борис 1,
Вика 2.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Match, Revision
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db

# Аня: K♥ Q♦ 6♠ a thirteen (4 + 3 + 6): 3. Борис: 2♣ 3♣ 4♦ a run: 1. Вика: no trick: −3.
TWO_TRICKS = [[["KH", "QD", "6S"]], [["2C", "3C", "4D"]], []]


def post_deal(api: APIClient, match: Match, entry: dict[str, Any]) -> Any:
    return api.post(f"/api/matches/{match.pk}/deals/", {"entry": entry}, format="json")


def stored(match: Match) -> tuple[Any, ...]:
    match.refresh_from_db()
    return (match.version, list(match.deals.values_list("number", "entry")), Revision.objects.filter(match=match).count())


def test_a_deal_with_too_few_tricks_is_400_and_nothing_is_stored(api: APIClient, owner) -> None:
    match = services.match_create(owner=owner, game="thirteens", players=PLAYERS)  # 17 cards each: 53 // 3
    before = stored(match)
    answer = post_deal(api, match, {"type": "play", "trump": "H", "tricks": TWO_TRICKS})
    assert answer.status_code == 400
    assert [(v["code"], v["field"], v["deal"]) for v in answer.json()["violations"]] == [("trick_count", "tricks", 1)]
    assert stored(match) == before


def test_a_table_that_deals_fewer_cards(api: APIClient) -> None:
    created = api.post("/api/matches/", {"game": "thirteens", "players": PLAYERS, "options": {"cards_each": 2}},
                       format="json")
    assert created.status_code == 201
    assert created.json()["options"]["cards_each"] == 2
    match = Match.objects.get(pk=created.json()["id"])
    answer = post_deal(api, match, {"type": "play", "trump": "H", "tricks": TWO_TRICKS})
    assert answer.status_code == 201
    assert answer.json()["scoresheet"]["totals"] == [3, 1, -3]
    # counted by hand: no cards, so no tricks to count
    assert post_deal(api, match, {"type": "play", "points": [2, 0, 1]}).json()["scoresheet"]["totals"] == [5, 1, -2]


def test_more_cards_each_than_the_deck_allows_is_refused_at_creation(api: APIClient) -> None:
    # 6 players × 9 = 54: no card would be left to turn for trumps; ⌊53 / 6⌋ = 8 at most.
    answer = api.post("/api/matches/", {"game": "thirteens", "players": ["А", "Б", "В", "Г", "Д", "Е"],
                                        "options": {"cards_each": 9}}, format="json")
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == [("bad_option_value", "options.cards_each")]
    assert Match.objects.count() == 0


def test_both_jokers_after_a_turned_joker_is_400(api: APIClient, owner) -> None:
    match = services.match_create(owner=owner, game="thirteens", players=PLAYERS, options={"cards_each": 2})
    before = stored(match)
    answer = post_deal(api, match, {"type": "play", "trump": None,
                                    "tricks": [[["X1", "2C", "AD"]], [["X2", "3C", "5D"]], []]})
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == [("joker_turned", "tricks[1][0][0]")]
    assert stored(match) == before


def test_a_match_frozen_before_cards_each_deals_as_many_as_the_deck_allows(api: APIClient, owner) -> None:
    match = services.match_create(owner=owner, game="thirteens", players=PLAYERS)
    old = {"target": 50, "pip_values": "seed", "thirteen_points": 3, "pair_points": 1, "run_points": 1,
           "trick_points": 1, "trick_point_rule": "no_meld", "joker_points": -4, "no_trick_points": -3}
    Match.objects.filter(pk=match.pk).update(options=old)  # the options as stored then
    answer = post_deal(api, match, {"type": "play", "trump": "H", "tricks": TWO_TRICKS})
    assert answer.status_code == 400
    assert answer.json()["violations"][0]["code"] == "trick_count"  # 17 each, the default
    assert post_deal(api, match, {"type": "play", "points": [2, 0, 1]}).status_code == 201
