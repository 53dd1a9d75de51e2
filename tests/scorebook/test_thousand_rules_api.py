"""1000 rulings through the JSON API: what the user sees (codes, fields, the sheet), worked by hand
from RULES.md ("Тысяча"). Seat 0 deals first; with 3 players seat 1 is on the 100."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Match, Revision
from tests.scorebook.conftest import PLAYERS, penalty, play

pytestmark = pytest.mark.django_db

FOUR = ["Аня", "Борис", "Вика", "Гена"]
TWO = ["Аня", "Борис"]


def post_deal(api: APIClient, match: Match, entry: dict[str, Any]) -> Any:
    return api.post(f"/api/matches/{match.pk}/deals/", {"entry": entry}, format="json")


def violations(answer: Any) -> list[tuple[str, str]]:
    assert answer.status_code == 400, answer.json()
    return [(v["code"], v["field"]) for v in answer.json()["violations"]]


def stored(match: Match) -> tuple[Any, ...]:
    match.refresh_from_db()
    return match.version, list(match.deals.values_list("number", "entry")), Revision.objects.filter(match=match).count()


def a_match(owner: Any, players: list[str], **options: Any) -> Match:
    return services.match_create(owner=owner, game="thousand", players=players, options=options or None)


# ---------------------------------------------------------------- the barrel


def test_a_finisher_wins_while_another_mounts_the_barrel(api: APIClient, match: Match) -> None:
    # Seat 0 on the barrel at 880, seat 1 at 850. Seat 0 makes 125 (85 + ♠40): 880 + 125 = 1005, wins;
    # seat 1 defends with 30: 850 + 30 = 880, mounts; seat 2: 5. Not "seat 0 falls: 760".
    for entry in (penalty(0, 880), penalty(1, 850)):
        assert post_deal(api, match, entry).status_code == 201
    answer = post_deal(api, match, play(0, 125, points=[85, 30, 5], marriages=[["S"], [], []]))
    assert answer.status_code == 201
    sheet = answer.json()["scoresheet"]
    assert sheet["totals"] == [1005, 880, 5]
    assert sheet["finished"] is True and sheet["winner"] == 0
    assert [p["on_barrel"] for p in sheet["state"]["players"]] == [False, True, False]
    assert [p["barrels_used"] for p in sheet["state"]["players"]] == [0, 0, 0]


# ---------------------------------------------------------------- the golden round


def test_a_golden_deal_below_the_bid_ban_is_accepted(api: APIClient, owner) -> None:
    # Seat 1 (on the 100) at −125, below the ban (−120), plays his golden 120: 100 + ♠40 = 140 ≥ 120
    # → 2 × 120 = +240: −125 + 240 = 115; defenders 2 × 10 (12 → 10, 8 → 10)
    match = a_match(owner, PLAYERS, golden_round=True)
    assert post_deal(api, match, penalty(1, -125)).status_code == 201
    answer = post_deal(api, match, play(1, 120, points=[12, 100, 8], marriages=[[], ["S"], []]))
    assert answer.status_code == 201
    assert answer.json()["scoresheet"]["totals"] == [20, 115, 20]


# ---------------------------------------------------------------- 4 players: the talon's marriage


def test_a_defender_may_not_declare_the_marriage_in_the_talon(api: APIClient, owner) -> None:
    # Dealer 0 sits out, credited the talon's ♥ marriage; seat 2, a defender, declares ♥ too
    match = a_match(owner, FOUR)
    before = stored(match)
    answer = post_deal(api, match, {"type": "play", "declarer": 1, "bid": 140, "points": [None, 60, 40, 20],
                                    "marriages": [[], ["H"], ["H"], []], "talon_points": 17, "talon_marriage": "H"})
    assert violations(answer) == [("marriage_twice", "marriages[2]")]
    assert "talon" in answer.json()["violations"][0]["message"]
    assert stored(match) == before


def test_the_declarer_declares_the_talon_marriage(api: APIClient, owner) -> None:
    # talon 17 → 15 + ♥100 = 115 for the dealer; the declarer 60 + ♥100 = 160 ≥ 140 → +140; 40, 20
    match = a_match(owner, FOUR)
    answer = post_deal(api, match, {"type": "play", "declarer": 1, "bid": 140, "points": [None, 60, 40, 20],
                                    "marriages": [[], ["H"], [], []], "talon_points": 17, "talon_marriage": "H"})
    assert answer.status_code == 201
    assert answer.json()["scoresheet"]["totals"] == [115, 140, 40, 20]
