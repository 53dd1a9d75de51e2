"""Tong Its' quick entry on the match page, offered first: each player's count of unmelded cards,
who is burned, the winner's aces and fours; stored as RULES.md's ``result`` and paid as a full entry.

The hand (Аня deals): the stock runs out, Вика took the last card. Аня counts 12 (2♣ K♦), Борис 9
(4♣ 5♣, A♥2♥3♥ laid: one ace), Вика laid nothing: burned, 29 (Q♠ J♠ 9♦). Борис wins with the
lowest count. Pot 3 × 2 = 6. Аня pays 1 + 1 (ace) = 2, Вика 1 + 1 + 1 (burned) = 3.
Totals −4, 3, −5: the same as the hand entered card by card (tests/scorebook/test_tongits_pages.py).
"""
from __future__ import annotations

from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client

from scorebook import services
from scorebook.games.tongits import form
from scorebook.models import Match
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db

QUICK = {"action": "play", "mode": "quick", "ending": "stock_out", "last_draw": "2", "caller": "0",
         "count_0": "12", "count_1": "9", "count_2": "29", "burned": ["2"], "winner_aces": "1", "winner_fours": ""}


def query(fields: dict[str, Any]) -> QueryDict:
    post = QueryDict(mutable=True)
    for name, value in fields.items():
        post.setlist(name, value if isinstance(value, list) else [value])
    return post


@pytest.fixture
def match(owner) -> Match:
    return services.match_create(owner=owner, game="tongits", players=PLAYERS)


@pytest.mark.parametrize(("fields", "entry"), [
    pytest.param(QUICK, {"type": "result", "ending": "stock_out", "last_draw": 2, "counts": [12, 9, 29],
                         "burned": [2], "winner_aces": 1, "winner_fours": 0}, id="stock-out-the-caller-not-sent"),
    pytest.param({**QUICK, "ending": "draw", "caller": "1", "challengers": ["0"], "burned": [], "winner_aces": "",
                  "winner_fours": "1"},
                 {"type": "result", "ending": "draw", "caller": 1, "challengers": [0], "counts": [12, 9, 29],
                  "burned": [], "winner_aces": 0, "winner_fours": 1}, id="a-draw-blank-aces-none"),
    pytest.param({**QUICK, "count_2": ""},
                 {"type": "result", "ending": "stock_out", "last_draw": 2, "counts": [12, 9, None],
                  "burned": [2], "winner_aces": 1, "winner_fours": 0}, id="a-blank-count-for-the-referee"),
    # RULES.md: on a tongit "the losers' counts may be null" and "a tongit caller's count is 0":
    # nothing typed but the ending and the caller is a whole entry.
    pytest.param({"action": "play", "mode": "quick", "ending": "tongit", "caller": "1", "count_0": "", "count_1": "",
                  "count_2": ""},
                 {"type": "result", "ending": "tongit", "caller": 1, "counts": [None, 0, None], "burned": [],
                  "winner_aces": 0, "winner_fours": 0}, id="a-tongit-the-callers-blank-count-is-0"),
    # The losers' counts typed anyway: kept as typed (they change no payment).
    pytest.param({"action": "play", "mode": "quick", "ending": "tongit", "caller": "2", "count_0": "7", "count_1": "",
                  "count_2": ""},
                 {"type": "result", "ending": "tongit", "caller": 2, "counts": [7, None, 0], "burned": [],
                  "winner_aces": 0, "winner_fours": 0}, id="a-tongit-a-losers-count-typed"),
    # Not a tongit: a blank count stays blank, for the referee to ask for.
    pytest.param({"action": "play", "mode": "quick", "ending": "draw", "caller": "1", "count_0": "3", "count_1": "",
                  "count_2": "4"},
                 {"type": "result", "ending": "draw", "caller": 1, "challengers": [], "counts": [3, None, 4],
                  "burned": [], "winner_aces": 0, "winner_fours": 0}, id="a-draw-the-callers-count-is-asked"),
])
def test_the_quick_form_describes_a_result(fields: dict[str, Any], entry: dict[str, Any]) -> None:
    assert form.entry_from_post(query(fields), 3, {}) == entry


def test_the_new_hand_opens_on_the_quick_entry_with_card_by_card_one_tap_away(signed_in: Client,
                                                                              match: Match) -> None:
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert 'name="mode" value="quick" checked' in page
    assert 'name="mode" value="cards">' in page
    assert 'id="count_2"' in page and 'name="meld_0_0"' in page  # both there; CSS shows one


def test_a_quick_hand_is_paid_as_a_full_one(signed_in: Client, match: Match) -> None:
    answer = signed_in.post(f"/matches/{match.pk}/deals/", {**QUICK, "expected_version": "0"})
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.deals.get().entry["type"] == "result"
    assert (match.sheet["totals"], match.sheet["state"]["pot"]) == ([-4, 3, -5], 6)


def test_a_quick_tongit_with_the_losers_counts_blank_is_paid(signed_in: Client, match: Match) -> None:
    # RULES.md: on a tongit "the losers' counts may be null". Борис's tongit, no ace, no four: each
    # pays 3. Pot 6. Борис −2 + 6 = 4; Аня, Вика −2 − 3 = −5.
    fields = {**QUICK, "ending": "tongit", "caller": "1", "count_0": "", "count_1": "0", "count_2": "", "burned": [],
              "winner_aces": "", "expected_version": "0"}
    answer = signed_in.post(f"/matches/{match.pk}/deals/", fields)
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.deals.get().entry == {"type": "result", "ending": "tongit", "caller": 1, "counts": [None, 0, None],
                                       "burned": [], "winner_aces": 0, "winner_fours": 0}
    assert (match.sheet["totals"], match.sheet["state"]["pot"]) == ([-5, 4, -5], 6)


def test_a_quick_tongit_needs_only_the_ending_and_the_caller(signed_in: Client, match: Match) -> None:
    # Вика's tongit, no ace, no four: Аня and Борис pay 3 each. Pot 6.
    # Вика −2 + 6 = 4; Аня, Борис −2 − 3 = −5.
    fields = {"action": "play", "mode": "quick", "ending": "tongit", "caller": "2", "count_0": "", "count_1": "",
              "count_2": "", "winner_aces": "", "winner_fours": "", "expected_version": "0"}
    answer = signed_in.post(f"/matches/{match.pk}/deals/", fields)
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.deals.get().entry["counts"] == [None, None, 0]
    assert (match.sheet["totals"], match.sheet["state"]["pot"]) == ([-5, -5, 4], 6)


@pytest.mark.parametrize(("blank", "expected"), [
    pytest.param(["count_2"], {"count_2": ["Вика's count is needed: a stock-out or a draw is won by the lowest count."]},
                 id="one-blank"),
    pytest.param(["count_0", "count_2"],
                 {"count_0": ["Аня's count is needed: a stock-out or a draw is won by the lowest count."],
                  "count_2": ["Вика's count is needed: a stock-out or a draw is won by the lowest count."]},
                 id="two-blanks-two-messages"),
])
def test_a_missing_count_names_its_player(signed_in: Client, match: Match, blank: list[str],
                                          expected: dict[str, list[str]]) -> None:
    answer = signed_in.post(f"/matches/{match.pk}/deals/", {**QUICK, **dict.fromkeys(blank, ""),
                                                            "expected_version": "0"})
    assert answer.context["form"]["errors"] == expected
    # The summary above the form: each message once, each a link to its own field.
    assert answer.context["form"]["error_summary"] == [{"field": field, "message": messages[0]}
                                                       for field, messages in expected.items()]
    assert match.deals.count() == 0


def test_a_refused_quick_hand_shows_the_error_by_its_field(signed_in: Client, match: Match) -> None:
    # Вика's count left blank: refused beside her count, what was typed shown again, nothing stored.
    answer = signed_in.post(f"/matches/{match.pk}/deals/", {**QUICK, "count_2": "", "expected_version": "0"})
    page = answer.content.decode()
    assert 'name="mode" value="quick" checked' in page
    assert 'id="count_0" name="count_0" type="text" inputmode="numeric" value="12"' in page
    after = page.split('id="count_2"', 1)[1]
    assert after.index('class="errorlist"') < after.index("</div>")  # her field's own error
    assert match.deals.count() == 0


def test_the_quick_preview_answers_in_the_form(signed_in: Client, match: Match) -> None:
    answer = signed_in.post(f"/matches/{match.pk}/preview/", QUICK, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert "Борис" in answer.content.decode()
