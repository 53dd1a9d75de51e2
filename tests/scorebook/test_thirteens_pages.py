"""По тринадцати through its pages: the entry form's fields to an entry and back, a deal posted card
by card, hand-counted points, refusals shown beside their fields, the edit page.

Every expected score is worked out by hand from RULES.md ("thirteens", classic: seed values A 1,
J 2, Q 3, K 4; thirteen 3, pair 1, run 1, a trick with no meld and no joker 1, joker −4, no trick −3).
Players in seat order: Аня (0), Борис (1), Вика (2). Assertions use codes, numbers and field names,
never English or Russian words, except where the page's own English is the point.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client

from scorebook import selectors, services
from scorebook.games.thirteens import form
from scorebook.models import Match
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db


def post_data(**fields: Any) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in fields.items():
        if isinstance(value, list):
            data.setlist(key, value)
        else:
            data[key] = value
    return data


# ---------------------------------------------------------------- form → entry, entry → form


@pytest.mark.parametrize(("fields", "entry"), [
    pytest.param({"trump": "H", "mode": "cards", "trick_0": ["KH QD 6S", "5S 5H 9C"], "trick_1": ["7C 8D 9H"]},
                 {"type": "play", "trump": "H", "tricks": [[["KH", "QD", "6S"], ["5S", "5H", "9C"]],
                                                            [["7C", "8D", "9H"]], []]},
                 id="tricks-per-player"),
    pytest.param({"trump": "none", "mode": "cards", "trick_2": ["X1 2C AD"]},
                 {"type": "play", "trump": None, "tricks": [[], [], [["X1", "2C", "AD"]]]},
                 id="a-turned-joker-is-no-trumps"),
    # cards still picked in the grid when saving are one more trick of the player chosen there
    pytest.param({"trump": "S", "mode": "cards", "trick_0": ["KH QD 6S"], "pick": ["2S", "3S", "4S"],
                  "pick_seat": "1"},
                 {"type": "play", "trump": "S", "tricks": [[["KH", "QD", "6S"]], [["2S", "3S", "4S"]], []]},
                 id="the-trick-left-in-the-grid-counts"),
    pytest.param({"mode": "cards", "trick_0": ["  ", "KH QD 6S"]},
                 {"type": "play", "tricks": [[["KH", "QD", "6S"]], [], []]}, id="no-trump-picked-and-blanks-dropped"),
    pytest.param({"trump": "", "mode": "points", "points_0": "5", "points_1": "−3", "points_2": "2",
                  "trick_0": ["KH QD 6S"]},
                 {"type": "play", "points": [5, -3, 2]}, id="hand-counted-points-ignore-tricks"),
    pytest.param({"trump": "D", "mode": "points", "points_0": "5", "points_1": "x", "points_2": ""},
                 {"type": "play", "trump": "D", "points": [5, "x", None]}, id="typed-text-goes-to-the-referee"),
    pytest.param({"action": "penalty", "player": "2", "penalty_points": "-3", "penalty_reason": "revoke"},
                 {"type": "penalty", "player": 2, "points": -3, "reason": "revoke"}, id="penalty"),
])
def test_the_form_describes_an_entry(fields: dict[str, Any], entry: dict[str, Any]) -> None:
    assert form.entry_from_post(post_data(**fields), 3, 0) == entry


@pytest.mark.parametrize("entry", [
    {"type": "play", "trump": "H", "tricks": [[["KH", "QD", "6S"]], [], [["X1", "2C", "AD"]]]},
    {"type": "play", "trump": None, "tricks": [[], [["7C", "8D", "9H"]], []]},
    {"type": "play", "points": [5, -3, 2]},
    {"type": "play", "trump": "C", "points": [1, 2, 3]},
    {"type": "penalty", "player": 1, "points": -3, "reason": "revoke"},
])
def test_a_stored_entry_shows_again_and_posts_back_the_same(entry: dict[str, Any]) -> None:
    values = form.values_from_entry(entry, 3)
    fields: dict[str, Any] = {"action": values["action"], "mode": values.get("mode", "cards"),
                              "trump": values.get("trump", "")}
    for seat, tricks in enumerate(values.get("tricks") or []):
        fields[f"trick_{seat}"] = [" ".join(trick) for trick in tricks]
    for key in ("points_0", "points_1", "points_2", "player", "penalty_points", "penalty_sign", "penalty_reason"):
        if values.get(key) is not None:
            fields[key] = str(values[key])
    assert form.entry_from_post(post_data(**fields), 3, 0) == entry


@pytest.mark.parametrize(("api_field", "action", "name"), [
    ("tricks[1][0]", "play", "trick_1_0"),
    ("tricks[1][0][2]", "play", "trick_1_0"),
    ("tricks[2]", "play", "tricks_2"),
    ("tricks", "play", "tricks"),
    ("points[2]", "play", "points_2"),
    ("points", "play", "points"),
    ("trump", "play", "trump"),
    ("points", "penalty", "penalty_points"),
    ("player", "penalty", "player"),
    (None, "play", "__all__"),
])
def test_a_violation_points_at_its_form_field(api_field: str | None, action: str, name: str) -> None:
    assert form.field_name(api_field, action) == name


# ---------------------------------------------------------------- the match page


@pytest.fixture
def match(owner) -> Match:
    # A table that deals 4 cards each, so every deal below has 4 tricks (RULES.md: cards_each).
    return services.match_create(owner=owner, game="thirteens", players=PLAYERS, options={"cards_each": 4})


def save(client: Client, match: Match, url: str | None = None, **fields: Any) -> Any:
    match.refresh_from_db()
    data = {"action": "play", "mode": "cards", "expected_version": str(match.version), **fields}
    return client.post(url or f"/matches/{match.pk}/deals/", data)


# Deal 1, trumps ♥ (worked by hand):
#   Аня: K♥ Q♦ 6♠ is a thirteen (4 + 3 + 6): 3; 5♠ 5♥ 9♣ a pair: 1 (5+5, 5+9, 9 … never 13)  → 4
#   Борис: 7♣ 8♦ 9♥ a run: 1; X1 2♣ A♦: the joker −4, 2 + 1 = 3 no thirteen, no trick point → −3
#   Вика: no trick → −3
DEAL_1 = {"trump": "H", "trick_0": ["KH QD 6S", "5S 5H 9C"], "trick_1": ["7C 8D 9H", "X1 2C AD"]}


def test_a_deal_entered_card_by_card_is_stored_and_scored(signed_in: Client, match: Match) -> None:
    response = save(signed_in, match, **DEAL_1)
    assert response.status_code == 302
    deal = match.deals.get()
    assert deal.entry == {"type": "play", "trump": "H",
                          "tricks": [[["KH", "QD", "6S"], ["5S", "5H", "9C"]], [["7C", "8D", "9H"], ["X1", "2C", "AD"]],
                                     []]}
    assert totals(match) == [4, -3, -3]
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    foot = re.search(r'<div class="sheet-foot".*?</div>', page, re.DOTALL).group(0)
    assert re.findall(r'class="cell total" role="cell">([^<]*)<', foot) == ["4", "−3", "−3"]
    assert "mark-failed" in page  # Борис took a joker (the "joker" mark)
    assert "mark-bolt" in page  # Вика took no trick


def test_a_second_deal_adds_up(signed_in: Client, match: Match) -> None:
    save(signed_in, match, **DEAL_1)
    # Deal 2, no trumps (a joker turned): Вика 10♦ 3♣ J♠: 10 + 3 = 13 → 3; 4♥ 4♦ 4♣: a pair (the
    # third four scores nothing) → 1; Аня 2♥ 3♥ 4♠ a run → 1, Q♠ 9♦ 7♣ nothing (3 + 9 = 12, 3 + 7 = 10,
    # 9 + 7 = 16, all three 19) → the trick point 1; Борис none → −3.
    # Totals: 4 + 2 = 6; −3 − 3 = −6; −3 + 3 + 1 = 1.
    response = save(signed_in, match, trump="none", trick_0=["2H 3H 4S", "QS 9D 7C"], trick_2=["10D 3C JS", "4H 4D 4C"])
    assert response.status_code == 302
    assert totals(match) == [6, -6, 1]


def test_hand_counted_points_are_a_deal_too(signed_in: Client, match: Match) -> None:
    response = save(signed_in, match, mode="points", points_0="7", points_1="-3", points_2="2")
    assert response.status_code == 302
    assert match.deals.get().entry == {"type": "play", "points": [7, -3, 2]}
    assert totals(match) == [7, -3, 2]


def test_a_penalty_goes_through_the_same_page(signed_in: Client, match: Match) -> None:
    response = signed_in.post(f"/matches/{match.pk}/deals/", {"action": "penalty", "player": "1",
                                                            "penalty_points": "-5", "penalty_reason": "revoke"})
    assert response.status_code == 302
    assert totals(match) == [0, -5, 0]


def totals(match: Match) -> list[int]:
    match.refresh_from_db()
    return selectors.current_sheet(match)["totals"]


def errors_of(html: str, css_class: str) -> list[str]:
    """The error lists inside every element carrying *css_class* and has-error."""
    return re.findall(rf'class="{css_class} has-error".*?<ul class="errorlist">(.*?)</ul>', html, re.DOTALL)


@pytest.mark.parametrize(("fields", "code_field"), [
    # K♥ in Аня's trick and again in Борис's: card_twice at tricks[1][0][0]
    pytest.param({"trump": "H", "trick_0": ["KH QD 6S"], "trick_1": ["KH 2C 3D"]}, "trick_1_0", id="a-card-twice"),
    # three players, a trick of two cards: trick_size at tricks[0][1]
    pytest.param({"trump": "H", "trick_0": ["KH QD 6S", "5S 5H"]}, "trick_0_1", id="tricks-of-different-sizes"),
    pytest.param({"trump": "H", "trick_0": ["KH QD ZZ"]}, "trick_0_0", id="not-a-card"),
])
def test_a_refused_deal_shows_the_error_beside_its_trick_and_stores_nothing(
        signed_in: Client, match: Match, fields: dict[str, Any], code_field: str) -> None:
    before = match.version
    response = save(signed_in, match, **fields)
    assert response.status_code == 200
    html = response.content.decode()
    seat, index = code_field.split("_")[1:]
    tricks = re.findall(rf'<li class="trick( has-error)?">\s*<input type="hidden" name="trick_{seat}" value="([^"]*)">',
                        html)
    assert tricks[int(index)][0] == " has-error"  # the refused trick is marked ...
    assert errors_of(html, "trick")  # ... with its message beside it
    assert [value for _flag, value in tricks] == fields[f"trick_{seat}"]  # what was tapped stays
    match.refresh_from_db()
    assert (match.deals.count(), match.version) == (0, before)


def test_no_trumps_picked_is_refused_next_to_the_trumps(signed_in: Client, match: Match) -> None:
    response = save(signed_in, match, trick_0=["KH QD 6S"])
    html = response.content.decode()
    assert errors_of(html, "seat-picker trump-picker")
    assert match.deals.count() == 0


def test_a_hand_counted_blank_is_refused_next_to_that_player(signed_in: Client, match: Match) -> None:
    response = save(signed_in, match, mode="points", points_0="7", points_1="", points_2="2")
    assert len(errors_of(response.content.decode(), "player-points thirteens-points")) == 1
    assert 'id="points_1"' in response.content.decode()
    assert match.deals.count() == 0


def test_the_edit_page_shows_the_tricks_and_replaces_the_deal(signed_in: Client, match: Match) -> None:
    save(signed_in, match, **DEAL_1)
    page = signed_in.get(f"/matches/{match.pk}/deals/1/").content.decode()
    assert re.findall(r'name="trick_0" value="([^"]*)"', page) == ["KH QD 6S", "5S 5H 9C"]
    assert re.findall(r'name="trick_1" value="([^"]*)"', page) == ["7C 8D 9H", "X1 2C AD"]
    assert re.search(r'name="trump" value="H"[^>]*checked', page)
    # Вика gets Борис's joker trick: Аня 4, Борис 1 (the run), Вика −4.
    response = save(signed_in, match, url=f"/matches/{match.pk}/deals/1/", trump="H",
                    trick_0=["KH QD 6S", "5S 5H 9C"], trick_1=["7C 8D 9H"], trick_2=["X1 2C AD"])
    assert response.status_code == 302
    assert totals(match) == [4, 1, -4]


def test_the_edit_page_shows_hand_counted_points_and_penalties(signed_in: Client, match: Match) -> None:
    save(signed_in, match, mode="points", points_0="7", points_1="-3", points_2="2")
    signed_in.post(f"/matches/{match.pk}/deals/", {"action": "penalty", "player": "1", "penalty_points": "-5"})
    page = signed_in.get(f"/matches/{match.pk}/deals/1/").content.decode()
    assert re.search(r'name="mode" value="points" checked', page)
    assert re.search(r'id="points_1" name="points_1"[^>]*value="-3"', page)
    page = signed_in.get(f"/matches/{match.pk}/deals/2/").content.decode()
    assert 'id="entry-form"' not in page  # a penalty shows only the penalty form
    assert re.search(r'name="penalty_points"[^>]*value="5"', page)  # −5: a fine of 5
    assert 'name="penalty_sign" value="fine" id="penalty-fine" checked' in page


def test_the_preview_scores_each_trick_before_saving(signed_in: Client, match: Match) -> None:
    response = signed_in.post(f"/referee/thirteens/preview/{match.pk}/", {"mode": "cards", "trump": "H", **DEAL_1},
                           HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert re.findall(r'class="num preview-points">([^<]*)<', html) == ["+4", "−3", "−3"]
    assert "meld meld-thirteen" in html and "meld meld-joker" in html
    assert match.deals.count() == 0
    refused = signed_in.post(f"/referee/thirteens/preview/{match.pk}/", {"trump": "H", "trick_0": ["KH QD"]})
    assert 'role="alert"' in refused.content.decode()


def test_another_owners_match_has_no_preview(stranger, match: Match) -> None:
    client = Client()
    client.force_login(stranger)
    assert client.post(f"/referee/thirteens/preview/{match.pk}/", {"trump": "H"}).status_code == 404
