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


# ---------------------------------------------------------------- points and tricks, 2 and 4 players


@pytest.mark.parametrize(("entry", "expected"), [
    # RULES.md: "`points` out of 0–120 or `tricks` over the deal's tricks answer `points_total` /
    # `tricks_total` (not a generic code)"
    pytest.param(play(0, 100, points=[121, 0, 0]), [("points_total", "points[0]")], id="points-over-120"),
    pytest.param(play(0, 100, points=[100, -5, 25]), [("points_total", "points[1]")], id="negative-points"),
    pytest.param(play(0, 100, points=[100, 12, 8], tricks=[9, 0, 0]), [("tricks_total", "tricks[0]")],
                 id="tricks-over-8"),
    pytest.param(play(0, 100, points=[100, 12, 8], tricks=[4, 2, 1]), [("tricks_total", "tricks")],
                 id="tricks-add-up-to-7"),
])
def test_points_and_tricks_out_of_range_name_their_rule(api: APIClient, match: Match, entry: dict[str, Any],
                                                          expected: list[tuple[str, str]]) -> None:
    before = stored(match)
    assert violations(post_deal(api, match, entry)) == expected
    assert stored(match) == before


@pytest.mark.parametrize(("entry", "expected"), [
    # RULES.md: "bid ≥ 100" (bid_too_low), "contract ≥ bid" (contract_below_bid), below 0 as well
    pytest.param(play(0, -5, points=[100, 12, 8]), [("bid_too_low", "bid")], id="negative-bid"),
    pytest.param(play(0, 100, -100, points=[100, 12, 8]), [("contract_below_bid", "contract")],
                 id="negative-contract"),
])
def test_a_negative_bid_names_its_rule(api: APIClient, match: Match, entry: dict[str, Any],
                                       expected: list[tuple[str, str]]) -> None:
    before = stored(match)
    assert violations(post_deal(api, match, entry)) == expected
    assert stored(match) == before


@pytest.mark.parametrize(("tricks", "expected"), [
    # RULES.md: "with 2 players tricks, when given, add up to 12"
    pytest.param([8, 2], [("tricks_total", "tricks")], id="10-tricks"),
    pytest.param([10, 3], [("tricks_total", "tricks")], id="13-tricks"),
    pytest.param([13, 0], [("tricks_total", "tricks[0]")], id="13-for-one-player"),
])
def test_two_players_take_12_tricks(api: APIClient, owner, tricks: list[int],
                                    expected: list[tuple[str, str]]) -> None:
    match = a_match(owner, TWO)
    assert violations(post_deal(api, match, play(0, 100, points=[100, 20], tricks=tricks))) == expected
    # 10 + 2 = 12: seat 0 makes 100 (100 ≥ 100), seat 1: 20
    answer = post_deal(api, match, play(0, 100, points=[100, 20], tricks=[10, 2]))
    assert answer.status_code == 201
    assert answer.json()["scoresheet"]["totals"] == [100, 20]


@pytest.mark.parametrize(("changes", "expected"), [
    # RULES.md, 4 players: "points[dealer], marriages[dealer] and tricks[dealer] are null"
    pytest.param({"points": [0, 100, 12, 8]}, [("bad_seat", "points[0]")], id="points-0"),
    pytest.param({"tricks": [0, 6, 1, 1]}, [("bad_seat", "tricks[0]")], id="tricks-0"),
    pytest.param({"marriages": [["S"], [], [], []]}, [("bad_seat", "marriages[0]")], id="a-marriage"),
])
def test_nothing_is_entered_for_the_dealer_who_sits_out(api: APIClient, owner, changes: dict[str, Any],
                                                        expected: list[tuple[str, str]]) -> None:
    match = a_match(owner, FOUR)
    before = stored(match)
    entry = {"type": "play", "declarer": 1, "bid": 100, "points": [None, 100, 12, 8], "talon_points": 13} | changes
    answer = post_deal(api, match, entry)
    assert violations(answer) == expected
    assert "sits out" in answer.json()["violations"][0]["message"]
    assert stored(match) == before


# ---------------------------------------------------------------- entries stored before these rulings

# The canonical shape the API stored before (dump_entry): the dealer's points and tricks null, his
# marriages an empty list, "dark" always written.
OLD_FOUR = [
    # dealer 0: talon 13 → 15; seat 1 makes 100 (100 ≥ 100); 12 → 10; 8 → 10
    {"type": "play", "declarer": 1, "bid": 100, "contract": 100, "points": [None, 100, 12, 8],
     "marriages": [[], [], [], []], "dark": False, "tricks": [None, 6, 1, 1], "talon_points": 13},
    # dealer 1: talon 22 → 20; seat 2: 100 + ♠40 = 140 ≥ 120 → +120; 12 → 10; 8 → 10
    {"type": "play", "declarer": 2, "bid": 120, "contract": 120, "points": [12, None, 100, 8],
     "marriages": [[], [], ["S"], []], "dark": False, "talon_points": 22},
]
OLD_TWO = [{"type": "play", "declarer": 0, "bid": 100, "contract": 100, "points": [100, 20],
            "marriages": [[], []], "dark": False, "tricks": [10, 2]}]  # 100 ≥ 100; 20


@pytest.mark.parametrize(("players", "entries", "totals"), [
    pytest.param(FOUR, OLD_FOUR, [25, 120, 130, 20], id="four-players"),  # 15 + 10, 100 + 20, 10 + 120, 10 + 10
    pytest.param(TWO, OLD_TWO, [100, 20], id="two-players"),
])
def test_deals_stored_before_still_replay(api: APIClient, owner, players: list[str], entries: list[dict[str, Any]],
                                          totals: list[int]) -> None:
    match = a_match(owner, players)
    for number, entry in enumerate(entries, 1):
        match.deals.create(number=number, entry=entry)
    Match.objects.filter(pk=match.pk).update(sheet=None)  # no cached sheet: the rules replay the stored deals
    answer = api.get(f"/api/matches/{match.pk}/scoresheet/")
    assert answer.status_code == 200
    assert answer.json()["totals"] == totals
    # …and the same shape is still accepted as a new deal
    fresh = a_match(owner, players)
    for entry in entries:
        assert post_deal(api, fresh, entry).status_code == 201
    assert api.get(f"/api/matches/{fresh.pk}/scoresheet/").json()["totals"] == totals
