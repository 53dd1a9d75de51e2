"""Khrap through the match page: the form's fields as entries, deals posted with the test client,
refusals shown beside their field with nothing stored, the edit page for every entry type, the
sheet's pot column and the settlement preview.

Every balance and pot is worked out by hand from RULES.md ("khrap", classic: stake 5, fifths,
fines 1 × the pot, dark 5 × the pot), never read from the code. Seats: Аня 0, Борис 1, Вика 2.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client

from scorebook import selectors, services
from scorebook.games import game_ui
from scorebook.games.khrap import form
from scorebook.models import Match

pytestmark = pytest.mark.django_db

PLAYERS = ["Аня", "Борис", "Вика"]


def post_data(**fields: Any) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in fields.items():
        data[key] = str(value)
    return data


@pytest.fixture
def khrap_match(owner) -> Match:
    return services.match_create(owner=owner, game="khrap", players=PLAYERS)


def deal(client: Client, match: Match, **fields: Any) -> Any:
    match.refresh_from_db()
    body = {"expected_version": match.version, "action": "play"} | {k: str(v) for k, v in fields.items()}
    return client.post(f"/matches/{match.pk}/deals/", body)


def play(client: Client, match: Match, khraper: int, circle: int, tricks: tuple[Any, ...], dark: bool = False) -> Any:
    fields: dict[str, Any] = {"khrap": khraper, "circle": circle}
    fields |= {f"tricks_{seat}": "" if taken is None else taken for seat, taken in enumerate(tricks)}
    if dark:
        fields["dark"] = "on"
    return deal(client, match, **fields)


def sheet(match: Match) -> dict[str, Any]:
    match.refresh_from_db()
    return selectors.current_sheet(match)


def entries(match: Match) -> list[dict[str, Any]]:
    return [d.entry for d in match.deals.order_by("number")]


# ---------------------------------------------------------------- the form's fields → the entry


@pytest.mark.parametrize(("fields", "entry"), [
    pytest.param({"khrap": "0", "circle": "1", "tricks_0": "3", "tricks_1": "1", "tricks_2": "1"},
                 {"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [3, 1, 1]}, id="a-khrap"),
    # one field left empty is "the rest of 5": 5 − 2 − 2 = 1
    pytest.param({"khrap": "1", "circle": "2", "dark": "on", "tricks_0": "2", "tricks_1": "2", "tricks_2": ""},
                 {"type": "play", "khrap": 1, "circle": 2, "dark": True, "tricks": [2, 2, 1]}, id="dark-the-rest-of-5"),
    # typed tricks over 5: the rest is 0, so the referee says "add up to 6"
    pytest.param({"khrap": "0", "circle": "1", "tricks_0": "4", "tricks_1": "2", "tricks_2": ""},
                 {"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [4, 2, 0]}, id="rest-never-negative"),
    # two empty fields once the 5 tricks are written: they took none
    pytest.param({"khrap": "0", "circle": "1", "tricks_0": "5", "tricks_1": "", "tricks_2": ""},
                 {"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [5, 0, 0]}, id="two-blanks-took-none"),
    # two empty fields, the khraper's typed: they took none, and the referee says "add up to 3"
    pytest.param({"khrap": "0", "circle": "1", "tricks_0": "3", "tricks_1": "", "tricks_2": ""},
                 {"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [3, 0, 0]}, id="two-blanks"),
    # two empty fields, the khraper's among them: his is the rest, 5 − 1 = 4; the other took none
    pytest.param({"khrap": "2", "circle": "1", "tricks_0": "1", "tricks_1": "", "tricks_2": ""},
                 {"type": "play", "khrap": 2, "circle": 1, "dark": False, "tricks": [1, 0, 4]},
                 id="two-blanks-the-khrapers-is-the-rest"),
    pytest.param({"khrap": "none", "circle": "1", "tricks_0": "3"}, {"type": "no_khrap"}, id="nobody-silent-circle"),
    pytest.param({"action": "no_khrap"}, {"type": "no_khrap"}, id="the-nobody-button"),
    pytest.param({"action": "renonce", "renonce_player": "2"}, {"type": "renonce", "player": 2}, id="revoke"),
    pytest.param({"action": "penalty", "player": "1", "penalty_points": "−10", "penalty_reason": "late"},
                 {"type": "penalty", "player": 1, "points": -10, "reason": "late"}, id="penalty-real-minus"),
    # nothing typed: nobody's 5 is guessed; the referee says the tricks add up to 0
    pytest.param({"khrap": "", "circle": ""},
                 {"type": "play", "khrap": None, "circle": None, "dark": False, "tricks": [0, 0, 0]},
                 id="nothing-picked"),
    pytest.param({"khrap": "0", "circle": "1"},
                 {"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [0, 0, 0]},
                 id="a-khraper-and-no-tricks-typed"),
])
def test_the_form_describes_the_entry(fields: dict[str, str], entry: dict[str, Any]) -> None:
    assert form.entry_from_post(post_data(**fields), 3, 0) == entry


@pytest.mark.parametrize(("khraper", "typed", "tricks"), [
    # The table of 6: Вика (2) khraps, two whisters tap "+" once each, four fields empty:
    # the khraper's is the rest, 5 − 1 − 1 = 3, the other three took none.
    pytest.param(2, ["", "1", "", "", "1", ""], [0, 1, 3, 0, 1, 0], id="khraper-empty-gets-3"),
    # The khraper typed; four empty took none: 3 + 1 = 4, refused as "add up to 4, not 5".
    pytest.param(0, ["3", "1", "", "", "", ""], [3, 1, 0, 0, 0, 0], id="one-trick-missing"),
    # One empty field: it is the rest, whoever's it is: 5 − 3 − 1 − 0 − 0 − 0 = 1.
    pytest.param(0, ["3", "1", "0", "0", "0", ""], [3, 1, 0, 0, 0, 1], id="the-only-empty-field"),
    # Typed over 5: the khraper's rest is 0 (never below), refused as "add up to 6, not 5".
    pytest.param(5, ["4", "2", "", "", "", ""], [4, 2, 0, 0, 0, 0], id="over-five"),
    # 5 written: the empty ones took none, the khraper's too.
    pytest.param(1, ["2", "", "3", "", "", ""], [2, 0, 3, 0, 0, 0], id="five-written"),
    # Not a number: passed on for the referee to refuse in its words; the empty ones took none.
    pytest.param(0, ["x", "1", "", "", "", ""], ["x", 1, 0, 0, 0, 0], id="not-a-number"),
])
def test_empty_tricks_at_a_table_of_six(khraper: int, typed: list[str], tricks: list[Any]) -> None:
    fields = {"khrap": str(khraper), "circle": "1"} | {f"tricks_{seat}": value for seat, value in enumerate(typed)}
    assert form.entry_from_post(post_data(**fields), 6, {})["tricks"] == tricks


@pytest.mark.parametrize("entry", [
    {"type": "play", "khrap": 1, "circle": 2, "dark": True, "tricks": [1, 3, 1]},
    {"type": "no_khrap"},
    {"type": "renonce", "player": 2},
    {"type": "penalty", "player": 0, "points": -10, "reason": "phone at the table"},
], ids=["play", "no_khrap", "renonce", "penalty"])
def test_a_stored_entry_shows_again_in_the_form(entry: dict[str, Any]) -> None:
    values = form.values_from_entry(entry, 3)
    fields = {k: ("on" if v is True else v) for k, v in values.items() if v is not None and v is not False}
    assert form.entry_from_post(post_data(**fields), 3, 0) == entry


@pytest.mark.parametrize(("api_field", "action", "name"), [
    ("tricks", "play", "tricks"), ("tricks[2]", "play", "tricks"), ("khrap", "play", "khrap"),
    ("circle", "play", "circle"), ("player", "renonce", "renonce_player"), ("player", "penalty", "player"),
    ("points", "penalty", "penalty_points"), ("type", "play", "__all__"), (None, "play", "__all__"),
])
def test_violations_land_beside_their_field(api_field: str | None, action: str, name: str) -> None:
    assert form.field_name(api_field, action) == name


def test_khrap_is_a_page_game(khrap_match: Match) -> None:
    assert game_ui("khrap").form is form
    assert form.initial_values({"circle": 2, "pot": 30}) == {"action": "play", "circle": 2, "khrap": None,
                                                             "dark": False}


# ---------------------------------------------------------------- deals through the page


def test_deals_posted_through_the_page_settle_money_and_the_pot(signed_in: Client, khrap_match: Match) -> None:
    # Deal 1: the pot is empty: 3 × 5 = 15 in. Аня khraps in circle 1, 3 tricks, Борис 1, Вика the
    # rest (1). At stake 15, a fifth is 3: Аня 9, Борис 3, Вика 3; the pot is emptied.
    # Balances: −5 + 9 = 4, −5 + 3 = −2, −2.
    assert play(signed_in, khrap_match, 0, 1, (3, 1, None)).status_code == 302
    assert (sheet(khrap_match)["totals"], sheet(khrap_match)["state"]["pot"]) == ([4, -2, -2], 0)

    # Deal 2: empty again, 15 in. Борис khraps and takes 2 (< 3): Аня 2 × 3 = 6, Вика 3; Борис
    # pays 1 × 15 (the pot before the payouts). Pot 15 − 9 + 15 = 21.
    # Balances: 4 − 5 + 6 = 5; −2 − 5 − 15 = −22; −2 − 5 + 3 = −4 (and 5 − 22 − 4 + 21 = 0).
    assert play(signed_in, khrap_match, 1, 1, (2, 2, 1)).status_code == 302
    assert (sheet(khrap_match)["totals"], sheet(khrap_match)["state"]["pot"]) == ([5, -22, -4], 21)

    # Deal 3: Вика revokes: 1 × 21 into the pot (not empty: no antes). −4 − 21 = −25, pot 42.
    assert deal(signed_in, khrap_match, action="renonce", renonce_player=2).status_code == 302
    # Deal 4: a table's fine, Аня −10: she puts 10 into the pot. 5 − 10 = −5, pot 52.
    assert deal(signed_in, khrap_match, action="penalty", player=0, penalty_points="-10",
                penalty_reason="phone").status_code == 302
    final = sheet(khrap_match)
    assert (final["totals"], final["state"]["pot"], final["state"]["circle"]) == ([-5, -22, -25], 52, 1)
    assert [row["result"]["pot_after"] for row in final["rows"]] == [0, 21, 42, 52]
    assert entries(khrap_match) == [
        {"type": "play", "khrap": 0, "dark": False, "circle": 1, "tricks": [3, 1, 1]},
        {"type": "play", "khrap": 1, "dark": False, "circle": 1, "tricks": [2, 2, 1]},
        {"type": "renonce", "player": 2},
        {"type": "penalty", "player": 0, "points": -10, "reason": "phone"},
    ]

    page = signed_in.get(f"/matches/{khrap_match.pk}/")
    rows = page.context["rows"]
    assert [row["tail"] for row in rows] == [0, 21, 42, 52]  # the pot column
    assert [cell["extra"] for cell in rows[0]["cells"]] == ["3 tricks", "1 trick", "1 trick"]
    assert page.context["tail_label"] == "Pot"
    html = page.content.decode()
    assert 'class="khrap-pot">52<' in html  # the status above the sheet
    assert html.count("−25") >= 2  # Вика's balance, in the sheet's Σ row and the balances table


def test_a_silent_circle_then_a_khrap_in_circle_2(signed_in: Client, khrap_match: Match) -> None:
    # Deal 1: nobody khraps: the antes (15) and a stake more each (15): pot 30, −10 each; circle 2.
    assert deal(signed_in, khrap_match, khrap="none", circle=1).status_code == 302
    # The pot is not empty: no antes with the next deal.
    assert (sheet(khrap_match)["totals"], sheet(khrap_match)["state"]) == (
        [-10, -10, -10], {"pot": 30, "circle": 2, "dealer": 0, "antes": 0, "totals": [-10, -10, -10],
                          "closed": False, "winner": None,
                          "options": {"stake": 5, "pot_mode": "fifths", "whister_fail": 1, "khraper_fail": 1,
                                      "dark_fail": 5, "renonce_fail": 1, "pot_at_close": "split"}})
    # The form now offers circle 2.
    page = signed_in.get(f"/matches/{khrap_match.pk}/")
    assert page.context["form"]["circle"] == "2"
    assert 'name="circle" value="2" checked' in page.content.decode()

    # Deal 2: Вика khraps dark in circle 2 and takes 3, Аня 1, Борис 1. Half the pot is at stake:
    # 30 ÷ 2 = 15, a fifth 3: Аня 3, Борис 3, Вика 9. Pot 30 − 15 = 15.
    # Balances: −7, −7, −1 (−15 + 15 = 0).
    assert play(signed_in, khrap_match, 2, 2, (1, 1, 3), dark=True).status_code == 302
    after = sheet(khrap_match)
    assert (after["totals"], after["state"]["pot"], after["state"]["circle"]) == ([-7, -7, -1], 15, 1)
    assert entries(khrap_match)[1] == {"type": "play", "khrap": 2, "dark": True, "circle": 2, "tricks": [1, 1, 3]}


def test_four_players_fifths_and_a_failed_whister(signed_in: Client, owner) -> None:
    # 4 × 5 = 20 in. Аня khraps, 3 tricks; Борис 1, Вика 1, Гена 0. A fifth of 20 is 4:
    # Аня 12, Борис 4, Вика 4; Гена pays 1 × 20. Pot 20 − 20 + 20 = 20.
    # Balances: −5 + 12 = 7, −1, −1, −25 (7 − 1 − 1 − 25 + 20 = 0).
    match = services.match_create(owner=owner, game="khrap", players=[*PLAYERS, "Гена"])
    assert play(signed_in, match, 0, 1, (3, 1, 1, None)).status_code == 302
    assert (sheet(match)["totals"], sheet(match)["state"]["pot"]) == ([7, -1, -1, -25], 20)


def test_htmx_answers_the_main_partial(signed_in: Client, khrap_match: Match) -> None:
    answer = signed_in.post(f"/matches/{khrap_match.pk}/deals/", {
        "expected_version": 0, "action": "play", "khrap": 0, "circle": 1, "tricks_0": 3, "tricks_1": 1,
        "tricks_2": 1}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert answer.content.decode().lstrip().startswith('<div id="main">')
    assert sheet(khrap_match)["totals"] == [4, -2, -2]


# ---------------------------------------------------------------- refused: shown beside the field, nothing stored


@pytest.mark.parametrize(("fields", "field", "code_text"), [
    pytest.param({"khrap": 0, "circle": 1, "tricks_0": 2, "tricks_1": 1, "tricks_2": 1}, "tricks",
                 "Tricks add up to 4, not 5.", id="tricks-add-up-to-4"),
    pytest.param({"khrap": 0, "circle": 2, "tricks_0": 3, "tricks_1": 1, "tricks_2": 1}, "circle",
                 "first circle with no khrap", id="circle-2-without-a-silent-circle"),
    pytest.param({"circle": 1, "tricks_0": 3, "tricks_1": 1, "tricks_2": 1}, "khrap",
                 "This field is required.", id="no-khraper-picked"),
    # two fields left empty took none: 3 + 0 + 0
    pytest.param({"khrap": 0, "circle": 1, "tricks_0": 3, "tricks_1": "", "tricks_2": ""}, "tricks",
                 "Tricks add up to 3, not 5.", id="two-blank-tricks"),
    # the khraper's field empty is the rest, never below 0: 4 + 2 + 0
    pytest.param({"khrap": 2, "circle": 1, "tricks_0": 4, "tricks_1": 2, "tricks_2": ""}, "tricks",
                 "Tricks add up to 6, not 5.", id="over-five-whatever-is-empty"),
    pytest.param({"action": "renonce"}, "renonce_player", "This field is required.", id="revoke-without-a-player"),
    # RULES.md: a penalty need not be in fives, but a bonus is paid out of the pot, empty here.
    pytest.param({"action": "penalty", "player": 0, "penalty_points": 7}, "penalty_points",
                 "Only 0 lies in the pot: nobody can take 7 out of it.", id="penalty-bonus-from-an-empty-pot"),
])
def test_a_refused_deal_shows_its_error_and_stores_nothing(signed_in: Client, khrap_match: Match,
                                                           fields: dict[str, Any], field: str, code_text: str) -> None:
    before = (khrap_match.version, list(khrap_match.deals.all()), sheet(khrap_match)["totals"])
    answer = deal(signed_in, khrap_match, **fields)
    assert answer.status_code == 200
    errors = answer.context["form"]["errors"]
    assert list(errors) == [field]
    assert len(errors[field]) == 1 and code_text in errors[field][0]
    html = answer.content.decode()
    assert code_text.split("“")[0] in html
    khrap_match.refresh_from_db()
    assert (khrap_match.version, list(khrap_match.deals.all()), sheet(khrap_match)["totals"]) == before


def test_the_tricks_error_sits_in_the_tricks_fieldset(signed_in: Client, khrap_match: Match) -> None:
    html = deal(signed_in, khrap_match, khrap=0, circle=1, tricks_0=2, tricks_1=1, tricks_2=1).content.decode()
    fieldset = html[html.index('id="tricks-field"'):]
    fieldset = fieldset[:fieldset.index("</fieldset>")]
    assert "Tricks add up to 4, not 5." in fieldset
    assert 'value="2"' in fieldset  # what was typed stays


# ---------------------------------------------------------------- the edit page, every entry type


def test_the_edit_page_shows_and_replaces_every_entry_type(signed_in: Client, khrap_match: Match) -> None:
    play(signed_in, khrap_match, 0, 1, (3, 1, 1))
    play(signed_in, khrap_match, 1, 1, (2, 2, 1))
    deal(signed_in, khrap_match, action="renonce", renonce_player=2)
    deal(signed_in, khrap_match, action="penalty", player=0, penalty_points=-10, penalty_reason="phone")

    first = signed_in.get(f"/matches/{khrap_match.pk}/deals/1/")
    assert first.status_code == 200
    values = first.context["form"]["values"]
    assert (values["khrap"], values["circle"], [values[f"tricks_{s}"] for s in range(3)]) == (0, 1, [3, 1, 1])
    revoke = signed_in.get(f"/matches/{khrap_match.pk}/deals/3/")
    assert revoke.context["form"]["renonce_player"] == "2"
    assert 'name="renonce_player" value="2" checked' in revoke.content.decode()
    assert 'id="entry-form"' not in revoke.content.decode()  # only the revoke's own form
    fine = signed_in.get(f"/matches/{khrap_match.pk}/deals/4/")
    fine_values = fine.context["form"]["values"]
    assert (fine_values["penalty_sign"], fine_values["penalty_points"]) == ("fine", 10)  # −10, unsigned

    # Deal 1 becomes Борис's khrap, 1, 3, 1. Replayed by hand:
    # 1: 15 in, fifths of 3: Аня 3, Борис 9, Вика 3 → −2, 4, −2, pot 0;
    # 2: 15 in, Борис fails (2): Аня +6, Вика +3, Борис −15 → −1, −16, −4, pot 21;
    # 3: Вика revokes, −21 → −25, pot 42; 4: Аня −10 → −11, pot 52.
    answer = signed_in.post(f"/matches/{khrap_match.pk}/deals/1/", {
        "expected_version": 4, "action": "play", "khrap": 1, "circle": 1, "tricks_0": 1, "tricks_1": 3,
        "tricks_2": ""})
    assert answer.status_code == 302
    after = sheet(khrap_match)
    assert (after["totals"], after["state"]["pot"]) == ([-11, -16, -25], 52)
    assert entries(khrap_match)[0] == {"type": "play", "khrap": 1, "dark": False, "circle": 1, "tricks": [1, 3, 1]}

    # The revoke moves to Аня: she pays 21 instead of Вика.
    assert signed_in.post(f"/matches/{khrap_match.pk}/deals/3/", {
        "expected_version": 5, "action": "renonce", "renonce_player": 0}).status_code == 302
    assert sheet(khrap_match)["totals"] == [-32, -16, -4]


def test_a_silent_circle_is_edited_in_the_play_form(signed_in: Client, khrap_match: Match) -> None:
    deal(signed_in, khrap_match, action="no_khrap")
    play(signed_in, khrap_match, 2, 2, (1, 1, 3))
    page = signed_in.get(f"/matches/{khrap_match.pk}/deals/1/")
    assert page.context["form"]["nobody"] is True
    assert 'name="khrap" value="none" checked' in page.content.decode()
    # Turning the silent circle into a khrap in circle 1 leaves deal 2 a circle-2 khrap with no
    # silent circle before it: refused, beside the circle, and nothing changes.
    answer = signed_in.post(f"/matches/{khrap_match.pk}/deals/1/", {
        "expected_version": 2, "action": "play", "khrap": 0, "circle": 1, "tricks_0": 3, "tricks_1": 1,
        "tricks_2": 1})
    assert answer.status_code == 200
    assert list(answer.context["form"]["errors"]) == ["circle"]
    assert entries(khrap_match)[0] == {"type": "no_khrap"}


# ---------------------------------------------------------------- the settlement preview: nothing stored


def test_the_preview_shows_the_settlement_and_stores_nothing(signed_in: Client, khrap_match: Match) -> None:
    url = f"/referee/khrap/preview/{khrap_match.pk}/"
    answer = signed_in.post(url, {"khrap": 0, "circle": 1, "tricks_0": 3, "tricks_1": 1, "tricks_2": ""},
                         HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    preview = answer.context["preview"]
    # 15 in, fifths of 3: Аня −5 + 9 = +4, Борис and Вика −5 + 3 = −2; the pot ends empty.
    assert [p["delta"] for p in preview["players"]] == [4, -2, -2]
    assert (preview["pot_before"], preview["pot_after"]) == (0, 0)
    assert "+4" in answer.content.decode()
    refused = signed_in.post(url, {"khrap": 0, "circle": 1, "tricks_0": 2, "tricks_1": 1, "tricks_2": 1})
    assert refused.context["preview"]["errors"] == ["Tricks add up to 4, not 5."]
    unfinished = signed_in.post(url, {"circle": 1})
    assert unfinished.context["preview"] is None
    khrap_match.refresh_from_db()
    assert (khrap_match.version, khrap_match.deals.count()) == (0, 0)


def test_the_preview_is_only_for_my_khrap_matches(signed_in: Client, khrap_match: Match, stranger, match) -> None:
    other = services.match_create(owner=stranger, game="khrap", players=PLAYERS)
    assert signed_in.post(f"/referee/khrap/preview/{other.pk}/", {}).status_code == 404
    assert signed_in.post(f"/referee/khrap/preview/{match.pk}/", {}).status_code == 404  # a 1000 match
    assert signed_in.get(f"/referee/khrap/preview/{khrap_match.pk}/").status_code == 405
