"""Tong Its through the JSON API: the quick entry, laying off, the pot in the settlement and the
draw-fight check refusing a burned caller — status codes and API output (API.md).

Every figure is worked out by hand from RULES.md ("tongits", classic: ante 2, pay_win 1,
pay_tongit 3, pay_draw 3, pay_per_ace 1, pay_per_four 3, pay_burned 1, pot_streak 2). Players in
playing order: Аня (0), Борис (1), Вика (2).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scorebook.models import Match
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db

# RULES.md's quick entry: Борис has the lowest count (3) and an ace; Вика is burned. Each pays
# 1 + 1 (ace), Вика 1 more (burned). Pot 6. Борис −2 + 5 = 3; Аня −2 − 2 = −4; Вика −2 − 3 = −5.
QUICK = {"type": "result", "ending": "stock_out", "counts": [14, 3, 22], "burned": [2], "winner_aces": 1}


def new_match(api: APIClient, **options: Any) -> Match:
    answer = api.post("/api/matches/", {"game": "tongits", "players": PLAYERS, "options": options}, format="json")
    assert answer.status_code == 201, answer.content
    return Match.objects.get(pk=answer.json()["id"])


def post_deal(api: APIClient, match: Match, entry: dict[str, Any]) -> Any:
    return api.post(f"/api/matches/{match.pk}/deals/", {"entry": entry}, format="json")


def test_a_quick_entry_answers_201_with_its_canonical_entry_and_the_money_left_in_the_pot(api: APIClient) -> None:
    match = new_match(api, chip_value="0.5")
    answer = post_deal(api, match, QUICK)
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["deal"]["entry"] == QUICK | {"burned": [2], "winner_aces": 1, "winner_fours": 0}
    sheet = body["scoresheet"]
    assert sheet["totals"] == [-4, 3, -5]
    assert sheet["rows"][0]["type"] == "result"
    # At 0.5 a chip: −4 → −2.0, 3 → 1.5, −5 → −2.5, and the pot of 6 → 3.0; −2 + 1.5 − 2.5 + 3 = 0.
    assert sheet["state"]["pot"] == 6
    assert sheet["state"]["settlement"] == ["-2.0", "1.5", "-2.5"]
    assert sheet["state"]["settlement_pot"] == "3.0"


def test_an_inconsistent_quick_entry_answers_400_and_stores_nothing(api: APIClient) -> None:
    match = new_match(api)
    # Борис called tongit but is listed with a count of 4 and as burned.
    answer = post_deal(api, match, {"type": "result", "ending": "tongit", "caller": 1, "counts": [9, 4, 10],
                                    "burned": [1]})
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == [
        ("bad_burned", "burned[0]"), ("tongit_with_cards_left", "counts[1]")]
    assert match.deals.count() == 0


# A stock-out with nobody naming the last card: Аня counts 5 (5♣), Борис 5 (5♦), Вика 9 (9♣) — Аня
# and Борис tie at 5. The same in counts: Вика (3) is burned, so Аня and Борис tie at 4 among those
# standing. RULES.md: last_draw is needed "only when the lowest count is tied (last_draw_needed)".
TIE_PLAY = {"type": "play", "ending": "stock_out",
            "hands": [{"melds": [["7H", "7S", "7D"]], "hand": ["5C"]}, {"melds": [["2H", "3H", "4H"]], "hand": ["5D"]},
                      {"melds": [["KH", "KS", "KD"]], "hand": ["9C"]}]}
TIE_RESULT = {"type": "result", "ending": "stock_out", "counts": [4, 4, 3], "burned": [2], "winner_aces": 0,
              "winner_fours": 0}


@pytest.mark.parametrize("entry", [pytest.param(TIE_PLAY, id="full-entry"), pytest.param(TIE_RESULT, id="quick-entry")])
def test_a_stock_out_tie_without_the_last_draw_is_400_last_draw_needed(api: APIClient, entry: dict[str, Any]) -> None:
    match = new_match(api)
    answer = post_deal(api, match, entry)
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == [("last_draw_needed", "last_draw")]
    assert match.deals.count() == 0


@pytest.mark.parametrize(("entry", "totals"), [
    # Борис took the last card: he wins the tie at 5; no ace, no four: each pays 1. Pot 6.
    # Борис −2 + 2 = 0; Аня, Вика −2 − 1 = −3.
    pytest.param(TIE_PLAY | {"last_draw": 1}, [-3, 0, -3], id="full-entry"),
    # Аня took the last card: she wins the tie at 4. Борис pays 1, Вика 1 + 1 (burned).
    # Аня −2 + 3 = 1; Борис −3; Вика −4.
    pytest.param(TIE_RESULT | {"last_draw": 0}, [1, -3, -4], id="quick-entry"),
])
def test_the_same_tie_with_the_last_draw_named_answers_201(api: APIClient, entry: dict[str, Any],
                                                           totals: list[int]) -> None:
    answer = post_deal(api, new_match(api), entry)
    assert answer.status_code == 201, answer.content
    assert (answer.json()["scoresheet"]["totals"], answer.json()["scoresheet"]["state"]["pot"]) == (totals, 6)


def test_a_quick_tongit_may_leave_the_losers_counts_out(api: APIClient) -> None:
    # RULES.md: "On a tongit the losers' counts may be null (they change no payment)". Борис's tongit,
    # no ace, no four: each pays pay_tongit 3. Pot 6. Борис −2 + 6 = 4; Аня, Вика −2 − 3 = −5.
    match = new_match(api)
    entry = {"type": "result", "ending": "tongit", "caller": 1, "counts": [None, 0, None]}
    answer = post_deal(api, match, entry)
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["deal"]["entry"] == entry | {"burned": [], "winner_aces": 0, "winner_fours": 0}
    assert (body["deal"]["result"]["winner"], body["deal"]["result"]["counts"]) == (1, [None, 0, None])
    assert (body["scoresheet"]["totals"], body["scoresheet"]["state"]["pot"]) == ([-5, 4, -5], 6)


@pytest.mark.parametrize(("entry", "field"), [
    # "a tongit caller's count is 0": his count is given, not left out
    pytest.param({"type": "result", "ending": "tongit", "caller": 1, "counts": [9, None, 10]}, "counts[1]",
                 id="the-tongit-callers-count"),
    # a stock-out and a draw are decided by every count
    pytest.param({"type": "result", "ending": "stock_out", "counts": [9, None, 10]}, "counts[1]", id="stock-out"),
    pytest.param({"type": "result", "ending": "draw", "caller": 0, "challengers": [], "counts": [None, 9, 10]},
                 "counts[0]", id="draw"),
])
def test_a_count_left_out_where_it_decides_is_400(api: APIClient, entry: dict[str, Any], field: str) -> None:
    match = new_match(api)
    answer = post_deal(api, match, entry)
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == [("bad_type", field)]
    assert match.deals.count() == 0


def test_a_hand_with_cards_laid_off_answers_201(api: APIClient) -> None:
    # Аня laid 8♣ off onto Борис's 8♥ 8♠ 8♦; no tie (9, 10, 10): no last_draw. Аня wins with 9:
    # each pays 1. Аня −2 + 2 = 0; Борис, Вика −3.
    match = new_match(api)
    entry = {"type": "play", "ending": "stock_out",
             "hands": [{"melds": [["7H", "7S", "7D"]], "hand": ["9C"], "laid_off": [{"onto": 1, "cards": ["8C"]}]},
                       {"melds": [["8H", "8S", "8D", "8C"]], "hand": ["10C"]},
                       {"melds": [["5H", "5S", "5D"]], "hand": ["KC"]}]}
    answer = post_deal(api, match, entry)
    assert answer.status_code == 201, answer.content
    assert answer.json()["deal"]["entry"] == entry
    assert answer.json()["scoresheet"]["totals"] == [0, -3, -3]


def test_the_draw_check_refuses_a_burned_caller_with_400(api: APIClient) -> None:
    answer = api.post("/api/referee/tongits/draw/", {"caller": 0, "challengers": [1], "counts": [5, 3, 9],
                                                     "burned": [0]}, format="json")
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == [("draw_without_meld", "caller")]


def test_the_draw_check_page_says_why_a_burned_caller_is_refused(owner) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(owner)
    page = client.post("/referee/tongits/draw/", {"caller": "0", "challengers": ["1"], "burned": ["0"],
                                                  "count_0": "5", "count_1": "3", "count_2": "9"},
                       HTTP_HX_REQUEST="true").content.decode()
    assert "The caller is burned: a draw is called only with a meld laid down." in page
    assert "wins." not in page
