"""The Tong Its referee checks, JSON and page: "is this a meld?", "a tongit?", "count this hand",
"who wins this draw fight?". Every answer is worked out by hand from seed 002 and RULES.md
("tongits": melds are 3–4 of a rank or, with `runs`, 3+ in sequence in one suit, ace low;
A 1, 2–10 face value, J Q K 10; a draw: the lowest count among the caller and the challengers,
a caller–challenger tie to the challenger, two tied challengers → the first after the caller).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def ask(api: APIClient, check: str, body: dict[str, Any]) -> Any:
    return api.post(f"/api/referee/tongits/{check}/", body, format="json")


def codes(response: Any) -> list[tuple[str, str | None]]:
    assert response.status_code == 400, response.content
    return [(v["code"], v["field"]) for v in response.json()["violations"]]


@pytest.mark.parametrize(("cards", "runs", "meld", "kind", "reason"), [
    (["7H", "7S", "7D"], True, True, "set", "set"),
    (["7H", "7S", "7D", "7C"], True, True, "set", "set"),  # seed 002: "3-х або 4-х карт одного значення"
    (["AH", "2H", "3H"], True, True, "run", "run"),  # the ace is low
    (["8S", "5S", "7S", "6S"], True, True, "run", "run"),  # any order: 5-6-7-8 in spades
    (["QH", "KH", "AH"], True, False, None, "not_in_sequence"),  # no turning the corner
    (["5S", "6S", "7D"], True, False, None, "mixed_suits"),
    (["5S", "6S"], True, False, None, "too_few"),
    (["7H", "7S", "7D"], False, True, "set", "set"),
    (["AH", "2H", "3H"], False, False, None, "runs_off"),  # the seed's literal text: sets only
])
def test_is_this_a_meld(api, cards, runs, meld, kind, reason) -> None:
    response = ask(api, "meld", {"cards": cards, "runs": runs})
    assert response.status_code == 200
    answer = response.json()
    assert (answer["meld"], answer["kind"], answer["reason"]) == (meld, kind, reason)
    assert answer["explanation"]


def test_runs_default_to_on(api) -> None:
    assert ask(api, "meld", {"cards": ["10D", "JD", "QD"]}).json()["kind"] == "run"


@pytest.mark.parametrize(("cards", "tongit", "melds"), [
    # A-2-3 of hearts, three sevens, four kings: every card melds
    (["KH", "7S", "AH", "KS", "2H", "7D", "KD", "3H", "7C", "KC"], True,
     [["AH", "2H", "3H"], ["7C", "7D", "7S"], ["KC", "KD", "KH", "KS"]]),
    (["AH", "2H", "3H", "4H", "5H", "6H"], True, [["AH", "2H", "3H"], ["4H", "5H", "6H"]]),
    (["AH", "2H", "3H", "4D"], False, []),  # the 4♦ is left over
    ([], False, []),
])
def test_is_this_a_tongit(api, cards, tongit, melds) -> None:
    assert ask(api, "tongit", {"cards": cards}).json() == {"tongit": tongit, "melds": melds}


def test_a_tongit_of_runs_is_none_without_runs(api) -> None:
    assert ask(api, "tongit", {"cards": ["AH", "2H", "3H"], "runs": False}).json()["tongit"] is False


@pytest.mark.parametrize(("cards", "count"), [
    (["AH", "10S", "KD", "5C"], 26),  # 1 + 10 + 10 + 5
    (["JH", "QH"], 20),
    (["2C", "KD"], 12),
    ([], 0),
])
def test_count_this_hand(api, cards, count) -> None:
    assert ask(api, "count", {"cards": cards}).json() == {"count": count}


@pytest.mark.parametrize(("caller", "challengers", "counts", "burned", "winner", "reason"), [
    (0, [], [30, 5, 5], [], 0, "unchallenged"),  # seed 002: nobody fought, the caller wins
    (0, [2], [5, 20, 9], [], 0, "lowest"),
    (2, [0, 1], [9, 7, 8], [], 1, "lowest"),
    (0, [2], [3, 20, 3], [], 2, "tie_to_challenger"),
    (0, [1, 2], [10, 4, 4], [], 1, "tie_first_after_caller"),  # Player 2 plays right after Player 1
    (2, [0, 1], [4, 4, 10], [], 0, "tie_first_after_caller"),  # after seat 2 comes seat 0
    (0, [2], [9, 1, 1], [2], 0, "challengers_burned"),  # a burned player cannot win
])
def test_who_wins_the_draw_fight(api, caller, challengers, counts, burned, winner, reason) -> None:
    response = ask(api, "draw", {"caller": caller, "challengers": challengers, "counts": counts, "burned": burned})
    assert response.status_code == 200
    answer = response.json()
    assert (answer["winner"], answer["reason"]) == (winner, reason)
    assert f"Player {winner + 1}" in answer["explanation"]


# ---------------------------------------------------------------- refusals: API.md's 400


@pytest.mark.parametrize(("check", "body", "expected"), [
    ("meld", {"cards": ["7H", "ZZ", "7D"]}, [("bad_card", "cards[1]")]),
    ("meld", {"cards": ["7H", "X1", "7D"]}, [("bad_card", "cards[1]")]),  # no jokers in Tong Its
    ("tongit", {"cards": ["AH", "2H", "AH"]}, [("card_twice", "cards[2]")]),
    ("count", {"cards": ["AH", "ZZ", "AH"]}, [("bad_card", "cards[1]"), ("card_twice", "cards[2]")]),
    ("count", {"cards": ["AH"], "runs": True}, [("unknown_field", "runs")]),
    ("meld", {}, [("missing_field", "cards")]),
    ("draw", {"caller": 0, "challengers": [0], "counts": [1, 2, 3]}, [("bad_ending", "challengers[0]")]),
    ("draw", {"caller": 0, "challengers": [1, 1], "counts": [1, 2, 3]}, [("bad_ending", "challengers[1]")]),
    ("draw", {"caller": 3, "challengers": [], "counts": [1, 2, 3]}, [("out_of_range", "caller")]),
    ("draw", {"caller": 0, "challengers": []}, [("missing_field", "counts")]),
])
def test_refusals_answer_400_with_codes(api, check, body, expected) -> None:
    assert codes(ask(api, check, body)) == expected


def test_the_checks_need_a_signed_in_caller() -> None:
    assert APIClient().post("/api/referee/tongits/count/", {"cards": []}, format="json").status_code in (401, 403)
    assert Client().get("/referee/tongits/").status_code == 302


# ---------------------------------------------------------------- the page


def test_the_page_holds_three_checks_with_the_card_grid(signed_in) -> None:
    page = signed_in.get("/referee/tongits/").content.decode()
    assert page.count("data-card-grid") == 2
    assert page.count('name="cards" value="AH"') == 2 and 'value="KS"' in page
    assert "Who wins this draw fight?" in page


def test_the_meld_check_on_the_page(signed_in) -> None:
    page = signed_in.post("/referee/tongits/meld/", {"cards": ["AH", "2H", "3H"], "runs": "on"},
                       HTTP_HX_REQUEST="true").content.decode()
    assert "Yes: a meld (a run)." in page and "Tongit: every card melds." in page
    assert "<html" not in page  # the verdict partial only
    page = signed_in.post("/referee/tongits/meld/", {"cards": ["AH", "2H", "3H"]}).content.decode()
    assert "Not a meld." in page and "<html" in page  # runs off; without htmx the whole page
    assert 'name="cards" value="2H" checked' in page


def test_the_count_and_draw_checks_on_the_page(signed_in) -> None:
    page = signed_in.post("/referee/tongits/count/", {"cards": ["AH", "10S", "KD", "5C"]},
                       HTTP_HX_REQUEST="true").content.decode()
    assert "Count: 26" in page
    page = signed_in.post("/referee/tongits/draw/", {"caller": "0", "challengers": ["2"], "count_0": "3",
                                                  "count_1": "20", "count_2": "3"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Player 3 wins." in page
    page = signed_in.post("/referee/tongits/draw/", {"count_0": "x"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Who called the draw?" in page and "whole number" in page
    page = signed_in.post("/referee/tongits/count/", {"cards": ["AH", "AH"]}, HTTP_HX_REQUEST="true").content.decode()
    assert "already listed" in page


def test_the_referee_index_lists_the_tongits_page(signed_in) -> None:
    page = signed_in.get("/referee/").content.decode()
    assert "Tong Its: melds, tongits, counts, draw fights" in page and "/referee/tongits/" in page
