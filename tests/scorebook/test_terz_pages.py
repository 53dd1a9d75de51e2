"""The Terz match page: the entry form's mapping to entries, deals posted through the page, refusals
shown next to their field, the edit page for every entry type, the mountain on the sheet.

Totals are worked by hand from RULES.md ("terz", classic: 150 card points a deal, the running total
rounded to the nearest 10 with a final 5 going down). Players: Остап (seat 0), Марко (seat 1).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client

from scorebook import selectors, services
from scorebook.games.terz import form
from scorebook.games.terz.sheet import row_extras
from scorebook.models import Match

PLAYERS = ["Остап", "Марко"]


def query(fields: dict[str, Any]) -> QueryDict:
    """Form fields as the browser posts them: lists for the several-valued ones."""
    data = QueryDict(mutable=True)
    for key, value in fields.items():
        if isinstance(value, list):
            data.setlist(key, [str(v) for v in value])
        else:
            data[key] = str(value)
    return data


# ---------------------------------------------------------------- form → entry (no database)


@pytest.mark.parametrize(("fields", "entry"), [
    pytest.param({"trump": "H", "counter": 1, "counted": "42"},
                 {"type": "play", "trump": "H", "points": [108, 42], "declarations": []},
                 id="the-other-gets-the-rest-of-150"),
    pytest.param({"trump": "S", "counter": 0, "counted": "65", "other": "85", "last_trick": 1},
                 {"type": "play", "trump": "S", "points": [65, 85], "last_trick": 1, "declarations": []},
                 id="both-typed"),
    pytest.param({"trump": "D", "counter": 0, "counted": "70", "other": "70"},
                 {"type": "play", "trump": "D", "points": [70, 70], "declarations": []},
                 id="both-typed-wrong-sum-passed-on-for-the-referee"),
    pytest.param({"trump": "D", "counter": 0, "counted": "160"},
                 {"type": "play", "trump": "D", "points": [160, -10], "declarations": []},
                 id="over-150-passed-on-for-the-referee"),
    pytest.param({"trump": "D", "counter": 1, "counted": "4x"},
                 {"type": "play", "trump": "D", "points": [None, "4x"], "declarations": []},
                 id="not-a-number-passed-on-as-typed"),
    pytest.param({"counted": "42"}, {"type": "play", "declarations": []}, id="no-counter-no-trump-no-points"),
    pytest.param({"trump": "C", "counter": 0, "counted": "75",
                  "decl_0_player": 1, "decl_0": ["JS", "JH", "JD", "JC"],
                  "decl_1_player": 0,  # picked a player, no cards: no declaration
                  "decl_2_player": 0, "decl_2": ["KC", "QC"], "decl_3": ["7D", "8D", "9D"]},
                 {"type": "play", "trump": "C", "points": [75, 75], "declarations": [
                     {"player": 1, "cards": ["JS", "JH", "JD", "JC"]}, {"player": 0, "cards": ["KC", "QC"]},
                     {"player": None, "cards": ["7D", "8D", "9D"]}]},
                 id="slots-in-order-empty-ones-skipped"),
    pytest.param({"action": "false_declaration", "player": 1, "penalty_points": "100"},
                 {"type": "false_declaration", "player": 1, "points": 100}, id="false-declaration"),
    pytest.param({"action": "wrong_recording", "player": 0, "penalty_points": "30"},
                 {"type": "wrong_recording", "player": 0, "points": 30}, id="wrong-recording"),
    pytest.param({"action": "forfeit", "player": 0, "reason": "extra_card"},
                 {"type": "forfeit", "player": 0, "reason": "extra_card"}, id="forfeit"),
    pytest.param({"action": "forfeit", "player": 0}, {"type": "forfeit", "player": 0, "reason": None},
                 id="forfeit-without-a-reason"),
    pytest.param({"action": "penalty", "player": 1, "penalty_points": "−20", "penalty_reason": "revoke"},
                 {"type": "penalty", "player": 1, "points": -20, "reason": "revoke"}, id="penalty-real-minus"),
])
def test_the_form_describes_the_entry(fields: dict[str, Any], entry: dict[str, Any]) -> None:
    assert form.entry_from_post(query(fields), 2, 0) == entry


@pytest.mark.parametrize("entry", [
    {"type": "play", "trump": "H", "points": [108, 42], "last_trick": 0, "declarations": [
        {"player": 0, "cards": ["7H", "8H", "9H"]}, {"player": 1, "cards": ["JS", "JH", "JD", "JC"]},
        {"player": 0, "cards": ["KH", "QH"]}]},
    {"type": "play", "trump": "S", "points": [0, 150], "declarations": []},
    {"type": "false_declaration", "player": 1, "points": 100},
    {"type": "wrong_recording", "player": 0, "points": 30},
    {"type": "forfeit", "player": 1, "reason": "out_of_turn"},
    {"type": "penalty", "player": 0, "points": -50, "reason": "revoke"},
], ids=lambda e: e["type"])
def test_the_edit_form_shows_a_stored_entry_as_it_was(entry: dict[str, Any]) -> None:
    values = form.values_from_entry(entry, 2)
    fields = {k: v for k, v in values.items() if v is not None and v != [] and v != ""}
    assert form.entry_from_post(query(fields), 2, 0) == entry


@pytest.mark.parametrize(("api_field", "action", "name"), [
    ("trump", "play", "trump"),
    ("points", "play", "counted"),
    ("points[1]", "play", "points_1"),
    ("last_trick", "play", "last_trick"),
    ("declarations[2].cards[1]", "play", "declarations_2"),
    ("declarations[0].player", "play", "declarations_0"),
    ("declarations", "play", "__all__"),
    ("type", "play", "__all__"),
    (None, "play", "__all__"),
    ("points", "false_declaration", "penalty_points"),
    ("player", "wrong_recording", "player"),
    ("reason", "forfeit", "reason"),
    ("reason", "penalty", "penalty_reason"),
])
def test_violation_fields_point_at_form_fields(api_field: str | None, action: str, name: str) -> None:
    assert form.field_name(api_field, action) == name


def test_errors_move_to_the_slot_and_the_points_field_they_were_typed_in() -> None:
    post = query({"counter": 1, "counted": "160", "decl_1": ["7S"], "decl_4": ["JH"]})
    errors = {"points_1": ["too many"], "points_0": ["negative"], "declarations_1": ["twice"]}
    # points[1] is the counter's (typed); points[0] the computed rest: its error is the same mistake.
    assert form.clean_errors(errors, post) == {"counted": ["too many"], "decl_4": ["twice"]}


def test_row_extras_show_the_mountain_only_when_there_is_one() -> None:
    assert row_extras({"result": {"mountain": [0, 100]}}, 2) == {"cells": [None, "▲ 100"], "tail": None}
    assert row_extras({"result": {}}, 2) == {"cells": [None, None], "tail": None}


# ---------------------------------------------------------------- through the page


@pytest.fixture
def terz_match(owner) -> Match:
    return services.match_create(owner=owner, game="terz", players=PLAYERS, first_dealer=0)


def post_deal(client: Client, match: Match, fields: dict[str, Any], number: int | None = None) -> Any:
    match.refresh_from_db()
    url = f"/matches/{match.pk}/deals/" + (f"{number}/" if number else "")
    # A plain dict: the test client posts each item of a list (a QueryDict would post the last only).
    return client.post(url, {"expected_version": match.version, "action": "play"} | fields)


def totals(match: Match) -> list[int]:
    match.refresh_from_db()
    return selectors.current_sheet(match)["totals"]


DEAL_1 = {"trump": "H", "counter": 1, "counted": "42", "last_trick": 0,
          "decl_0_player": 0, "decl_0": ["7H", "8H", "9H"],
          "decl_1_player": 1, "decl_1": ["JS", "JH", "JD", "JC"],
          "decl_2_player": 0, "decl_2": ["KH", "QH"]}


@pytest.mark.django_db
def test_deals_posted_through_the_page_are_stored_canonical_and_totalled(signed_in: Client, terz_match: Match) -> None:
    # Deal 1, trumps ♥: Марко counted 42, so Остап has 150 − 42 = 108. Four jacks (200) beat the
    # terz (20): Марко scores 200, Остап's terz nothing; the marriage always scores: Остап +20.
    # Остап 108 + 20 = 128 → 130; Марко 42 + 200 = 242 → 240. Остап took the last trick.
    assert post_deal(signed_in, terz_match, DEAL_1).status_code == 302
    assert totals(terz_match) == [130, 240]
    # Deal 2, trumps ♠: Остап counted 65, Марко 85; no declarations. 130 + 65 = 195 → 190 (a final 5
    # goes down); 240 + 85 = 325 → 320.
    assert post_deal(signed_in, terz_match, {"trump": "S", "counter": 0, "counted": "65"}).status_code == 302
    assert totals(terz_match) == [190, 320]
    # A false declaration by Марко: 100 up the mountain, totals stand, he needs 601.
    assert post_deal(signed_in, terz_match, {"action": "false_declaration", "player": 1,
                                          "penalty_points": "100"}).status_code == 302
    assert totals(terz_match) == [190, 320]
    # Остап wrote 30 too many: struck off him (160), added to Марко (350).
    assert post_deal(signed_in, terz_match, {"action": "wrong_recording", "player": 0,
                                          "penalty_points": "30"}).status_code == 302
    assert totals(terz_match) == [160, 350]
    # A table fine: Марко −20 → 330.
    assert post_deal(signed_in, terz_match, {"action": "penalty", "player": 1, "penalty_points": "-20",
                                          "penalty_reason": "revoke"}).status_code == 302
    assert totals(terz_match) == [160, 330]

    assert [d.entry for d in terz_match.deals.order_by("number")] == [
        {"type": "play", "trump": "H", "points": [108, 42], "last_trick": 0, "declarations": [
            {"player": 0, "cards": ["7H", "8H", "9H"]}, {"player": 1, "cards": ["JS", "JH", "JD", "JC"]},
            {"player": 0, "cards": ["KH", "QH"]}]},
        {"type": "play", "trump": "S", "points": [65, 85], "declarations": []},
        {"type": "false_declaration", "player": 1, "points": 100},
        {"type": "wrong_recording", "player": 0, "points": 30},
        {"type": "penalty", "player": 1, "points": -20, "reason": "revoke"},
    ]
    sheet = selectors.current_sheet(terz_match)
    assert sheet["state"]["mountain"] == [0, 100]
    assert sheet["state"]["needs"] == [501, 601]

    page = signed_in.get(f"/matches/{terz_match.pk}/").content.decode()
    # The mountain beside Марко's totals from the false declaration on, and what he needs above the sheet.
    assert page.count('<span class="extra">▲ 100</span>') == 3
    assert "Марко needs 601 (100 up the mountain)" in page
    assert "First to 501 wins." in page
    marks = re.findall(r'class="mark mark-([a-z_]+)"', page)
    for style in ("declaration", "marriage", "last_trick", "penalty"):
        assert style in marks


@pytest.mark.django_db
def test_a_forfeit_ends_the_match_through_the_page(signed_in: Client, terz_match: Match) -> None:
    assert post_deal(signed_in, terz_match, {"action": "forfeit", "player": 0, "reason": "out_of_turn"}).status_code == 302
    terz_match.refresh_from_db()
    sheet = selectors.current_sheet(terz_match)
    assert (sheet["finished"], sheet["winner"], sheet["totals"]) == (True, 1, [0, 0])
    page = signed_in.get(f"/matches/{terz_match.pk}/").content.decode()
    assert "Марко wins the match." in page
    assert 'id="entry-form"' not in page


def field_errors(html: str, marker: str) -> list[str]:
    """The error messages in the element that starts at *marker* (up to the next </details> or </div>)."""
    start = html.index(marker)
    if "decl-slot" in marker:
        end = html.index("</details>", start)
    else:
        end = min(i for i in (html.find("</fieldset>", start), html.find('<div class="field', start + 1)) if i != -1)
    return re.findall(r"<li>([^<]*)</li>", html[start:end])


@pytest.mark.parametrize(("fields", "marker", "messages"), [
    pytest.param(DEAL_1 | {"trump": ""}, 'trump-picker has-error', ["This field is required."], id="no-trumps"),
    pytest.param(DEAL_1 | {"counter": ""}, 'name="counter"', ["Pick who counted their card points."], id="no-counter"),
    # RULES.md: "one seat above 150 is points_total", said as 1000 says it
    pytest.param(DEAL_1 | {"counted": "160"}, '<label for="counted"', ["160 card points: a player takes from 0 to 150."],
                 id="counted-over-150"),
    pytest.param(DEAL_1 | {"other": "50"}, '<label for="counted"', ["Card points add up to 92, not 150."],
                 id="both-typed-not-150"),
    pytest.param(DEAL_1 | {"decl_1": ["7S", "8S", "10S"]}, 'id="decl-slot-1"',
                 ["7♠ 8♠ 10♠ is not a combination."], id="not-a-sequence"),
    pytest.param(DEAL_1 | {"decl_1": ["10S", "10H", "10D", "10C"]}, 'id="decl-slot-1"',
                 ["Four 10s are not a combination: only four jacks, queens, kings or aces count."],
                 id="four-tens"),
    pytest.param(DEAL_1 | {"decl_3_player": 1, "decl_3": ["JH", "QH", "KH"]}, 'id="decl-slot-3"',
                 ["Q♥ was already declared by Остап.", "K♥ was already declared by Остап."],
                 id="card-declared-twice"),
    pytest.param(DEAL_1 | {"decl_2": ["KS", "QS"]}, 'id="decl-slot-2"',
                 ["King and queen of ♠ are a marriage only in trumps (♥)."], id="marriage-not-trump"),
    pytest.param(DEAL_1 | {"decl_1_player": ""}, 'id="decl-slot-1"', ["This field is required."],
                 id="declaration-without-a-player"),
])
@pytest.mark.django_db
def test_a_refused_deal_shows_errors_by_the_field_and_stores_nothing(
        signed_in: Client, terz_match: Match, fields: dict[str, Any], marker: str, messages: list[str]) -> None:
    post_deal(signed_in, terz_match, DEAL_1)
    terz_match.refresh_from_db()
    before = (terz_match.version, list(terz_match.deals.values_list("number", "entry")))
    answer = post_deal(signed_in, terz_match, {k: v for k, v in fields.items() if v != ""})
    assert answer.status_code == 200
    html = answer.content.decode()
    assert field_errors(html, marker) == messages
    terz_match.refresh_from_db()
    assert (terz_match.version, list(terz_match.deals.values_list("number", "entry"))) == before
    assert totals(terz_match) == [130, 240]


@pytest.mark.django_db
def test_a_refused_deal_keeps_what_was_typed(signed_in: Client, terz_match: Match) -> None:
    html = post_deal(signed_in, terz_match, DEAL_1 | {"decl_1": ["7S", "8S", "10S"]}).content.decode()
    slot = html[html.index('id="decl-slot-1"'):html.index('id="decl-slot-2"')]
    assert re.findall(r'value="(\w+)" checked', slot) == ["1", "7S", "8S", "10S"]  # the grid's order
    assert 'value="H" aria-label="hearts" checked' in html
    assert 'id="counted" name="counted" type="text" inputmode="numeric" value="42"' in html


@pytest.mark.django_db
def test_a_refused_penalty_shows_its_error_in_its_own_form(signed_in: Client, terz_match: Match) -> None:
    html = post_deal(signed_in, terz_match, {"action": "false_declaration", "player": 1}).content.decode()
    section = html[html.index('id="penalty-false_declaration"'):html.index('id="penalty-wrong_recording"')]
    assert " open>" in section.split("\n")[0]
    assert re.findall(r"<li>([^<]*)</li>", section) == ["This field is required."]
    assert terz_match.deals.count() == 0


@pytest.mark.django_db
def test_the_htmx_save_answers_the_new_sheet_and_an_empty_form(signed_in: Client, terz_match: Match) -> None:
    terz_match.refresh_from_db()
    answer = signed_in.post(f"/matches/{terz_match.pk}/deals/", DEAL_1 | {"expected_version": 0},
                         HTTP_HX_REQUEST="true")
    html = answer.content.decode()
    assert answer.status_code == 200
    assert html.strip().startswith('<div id="main">')
    assert re.findall(r'<span class="cell total" role="cell">(\d+)</span>', html) == ["130", "240"]
    assert " checked" not in html[html.index('id="entry-form"'):html.index('id="penalty-false_declaration"')]


# ---------------------------------------------------------------- the edit page, every entry type


EDITS = [
    # (entry stored, what the edit page shows checked or typed, fields posted, the entry after)
    pytest.param({"type": "play", "trump": "H", "points": [108, 42], "last_trick": 0, "declarations": [
        {"player": 0, "cards": ["7H", "8H", "9H"]}, {"player": 1, "cards": ["JS", "JH", "JD", "JC"]}]},
        ['name="trump" value="H" aria-label="hearts" checked', 'value="108"', 'value="42"',
         'name="decl_1" value="JC" checked'],
        DEAL_1 | {"decl_2": [], "counter": 0, "counted": "100", "other": "50"},
        {"type": "play", "trump": "H", "points": [100, 50], "last_trick": 0, "declarations": [
            {"player": 0, "cards": ["7H", "8H", "9H"]}, {"player": 1, "cards": ["JS", "JH", "JD", "JC"]}]},
        id="play"),
    pytest.param({"type": "false_declaration", "player": 1, "points": 100},
                 ['name="penalty_points" value="100" checked'],
                 {"action": "false_declaration", "player": 1, "penalty_points": "50"},
                 {"type": "false_declaration", "player": 1, "points": 50}, id="false_declaration"),
    pytest.param({"type": "wrong_recording", "player": 0, "points": 30}, ['value="30"'],
                 {"action": "wrong_recording", "player": 1, "penalty_points": "20"},
                 {"type": "wrong_recording", "player": 1, "points": 20}, id="wrong_recording"),
    pytest.param({"type": "forfeit", "player": 1, "reason": "out_of_turn"},
                 ['name="reason" value="out_of_turn" checked'],
                 {"action": "forfeit", "player": 0, "reason": "extra_card"},
                 {"type": "forfeit", "player": 0, "reason": "extra_card"}, id="forfeit"),
    pytest.param({"type": "penalty", "player": 0, "points": -50, "reason": "revoke"},
                 ['value="50"', 'name="penalty_sign" value="fine" id="penalty-fine" checked', 'value="revoke"'],
                 {"action": "penalty", "player": 0, "penalty_sign": "fine", "penalty_points": "40",
                  "penalty_reason": "late"},
                 {"type": "penalty", "player": 0, "points": -40, "reason": "late"}, id="penalty"),
]


@pytest.mark.parametrize(("stored", "shown", "fields", "after"), EDITS)
@pytest.mark.django_db
def test_the_edit_page_shows_and_replaces_each_entry_type(
        signed_in: Client, terz_match: Match, stored: dict[str, Any], shown: list[str], fields: dict[str, Any],
        after: dict[str, Any]) -> None:
    services.deal_record(match=terz_match, entry=stored)
    html = signed_in.get(f"/matches/{terz_match.pk}/deals/1/").content.decode()
    assert "Deal 1" in html
    for text in shown:
        assert text in html, text
    # Only the form of this entry's type is offered, and voiding it.
    assert re.findall(r'name="action" value="(\w+)"', html) == [after["type"], "void"]
    answer = post_deal(signed_in, terz_match, fields, number=1)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert terz_match.deals.get(number=1).entry == after


@pytest.mark.django_db
def test_an_edit_refused_shows_the_error_and_changes_nothing(signed_in: Client, terz_match: Match) -> None:
    services.deal_record(match=terz_match, entry=form.entry_from_post(query(DEAL_1), 2, 0))
    answer = post_deal(signed_in, terz_match, DEAL_1 | {"decl_1": ["10S", "10H", "10D", "10C"]}, number=1)
    assert answer.status_code == 200
    assert field_errors(answer.content.decode(), 'id="decl-slot-1"') == [
        "Four 10s are not a combination: only four jacks, queens, kings or aces count."]
    assert totals(terz_match) == [130, 240]


# ---------------------------------------------------------------- new match, the referee index


@pytest.mark.django_db
def test_terz_can_be_started_from_the_new_match_page(signed_in: Client, owner) -> None:
    page = signed_in.get("/matches/new/?game=terz").content.decode()
    assert '<option value="terz" selected>' in page
    answer = signed_in.post("/matches/new/", {"game": "terz", "player_0": "Остап", "player_1": "Марко",
                                           "first_dealer": "1", "preset": "classic"})
    assert answer.status_code == 302
    match = Match.objects.get(owner=owner)
    assert (match.game, match.players, match.first_dealer) == ("terz", PLAYERS, 1)


@pytest.mark.django_db
def test_the_referee_index_links_the_terz_checks(signed_in: Client) -> None:
    html = signed_in.get("/referee/").content.decode()
    assert html.count('href="/referee/terz/"') == 1
    assert "Whose declarations count?" in html
