"""Khrap's entry form for the revoke in the deal and the close of the evening, and the pages after it.

Worked by hand from RULES.md ("khrap", classic: stake 5, fifths, renonce_fail 1, pot_at_close
"split"). Players: Аня (0), Борис (1), Вика (2); Аня deals first.

Deal 1: the pot is empty: 3 × 5 = 15 in. Аня khraps in circle 1 and takes 3, Борис 1, Вика 1 — but
Вика revoked: she counts as failed, takes no fifth and pays 1 × 15 (the pot before the payouts).
A fifth is 15 ÷ 5 = 3: Аня 3 × 3 = 9, Борис 3. Balances −5 + 9 = 4, −5 + 3 = −2, −5 − 15 = −20;
pot 15 − 12 + 15 = 18 (4 − 2 − 20 + 18 = 0).
Deal 2: a table's fine, Аня puts 5 into the pot: −1, −2, −20; pot 23.
Close: the pot of 23 goes back in equal shares, 23 ÷ 3 = 7 each rounded down, the odd 2 stay
written as the pot: 6, 5, −13; pot 2 (6 + 5 − 13 + 2 = 0).
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client

from scorebook import selectors, services
from scorebook.games.khrap import form
from scorebook.models import Match

pytestmark = pytest.mark.django_db

PLAYERS = ["Аня", "Борис", "Вика"]


def post_data(**fields: Any) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data.setlist(name, value if isinstance(value, list) else [value])
    return data


@pytest.fixture
def khrap_match(owner: Any) -> Match:
    return services.match_create(owner=owner, game="khrap", players=PLAYERS)


def write(client: Client, match: Match, number: int | None = None, **fields: Any) -> Any:
    match.refresh_from_db()
    url = f"/matches/{match.pk}/deals/" + (f"{number}/" if number else "")
    return client.post(url, {**fields, "expected_version": str(match.version)})


def sheet(match: Match) -> dict[str, Any]:
    match.refresh_from_db()
    return selectors.current_sheet(match)


def words(response: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


DEAL_1 = {"action": "play", "khrap": "0", "circle": "1", "tricks_0": "3", "tricks_1": "1", "tricks_2": "1",
          "renonce": ["2"]}
FINE = {"action": "penalty", "player": "0", "penalty_points": "-5", "penalty_reason": "late"}


# ---------------------------------------------------------------- the form ↔ the entry


@pytest.mark.parametrize(("fields", "entry"), [
    pytest.param(DEAL_1, {"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [3, 1, 1],
                          "renonce": [2]}, id="one-revoker"),
    pytest.param(DEAL_1 | {"renonce": ["0", "2"]}, {"type": "play", "khrap": 0, "circle": 1, "dark": False,
                                                   "tricks": [3, 1, 1], "renonce": [0, 2]}, id="two-revokers"),
    # No tick: stored as a deal without a revoke always was.
    pytest.param({k: v for k, v in DEAL_1.items() if k != "renonce"},
                 {"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [3, 1, 1]}, id="nobody"),
    pytest.param({"action": "close"}, {"type": "close"}, id="close"),
])
def test_the_form_describes_the_entry(fields: dict[str, Any], entry: dict[str, Any]) -> None:
    assert form.entry_from_post(post_data(**fields), 3, {}) == entry


@pytest.mark.parametrize("entry", [
    {"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [3, 1, 1], "renonce": [1, 2]},
    {"type": "close"},
], ids=["revokers", "close"])
def test_a_stored_entry_shows_again_in_the_form(entry: dict[str, Any]) -> None:
    values = form.values_from_entry(entry, 3)
    fields = {k: ("on" if v is True else [str(s) for s in v] if isinstance(v, list) else str(v))
              for k, v in values.items() if v is not None and v is not False}
    assert form.entry_from_post(post_data(**fields), 3, {}) == entry


def test_a_refused_revoker_is_shown_beside_the_ticks() -> None:
    assert form.field_name("renonce[1]", "play") == "renonce"


# ---------------------------------------------------------------- the revoke in the deal, on the page


def test_a_revoke_ticked_in_the_deal_is_settled_with_it(signed_in: Client, khrap_match: Match) -> None:
    page = signed_in.get(f"/matches/{khrap_match.pk}/").content.decode()
    assert 'name="renonce" value="2"' in page  # a tick per player
    assert 'name="renonce_player"' not in page  # a new revoke belongs to its deal, not to an entry of its own
    assert write(signed_in, khrap_match, **DEAL_1).status_code == 302
    after = sheet(khrap_match)
    assert (after["totals"], after["state"]["pot"]) == ([4, -2, -20], 18)
    assert after["rows"][0]["marks"][2] == ["renonce"]
    edit = signed_in.get(f"/matches/{khrap_match.pk}/deals/1/").content.decode()
    assert 'name="renonce" value="2" checked' in edit and 'name="renonce" value="1" checked' not in edit


def test_the_revoke_moves_to_another_player_on_the_edit_page(signed_in: Client, khrap_match: Match) -> None:
    write(signed_in, khrap_match, **DEAL_1)
    # Борис revoked instead: he pays 15 and takes no fifth; Вика keeps her promise, 3.
    # −5 + 9 = 4, −5 − 15 = −20, −5 + 3 = −2; pot 15 − 12 + 15 = 18.
    assert write(signed_in, khrap_match, 1, **DEAL_1 | {"renonce": ["1"]}).status_code == 302
    assert sheet(khrap_match)["totals"] == [4, -20, -2]


def test_a_revoke_entered_on_its_own_before_is_still_edited(signed_in: Client, khrap_match: Match) -> None:
    services.deal_record(match=khrap_match, entry={"type": "play", "khrap": 0, "circle": 1, "tricks": [2, 2, 1]})
    services.deal_record(match=khrap_match, entry={"type": "renonce", "player": 2})
    page = signed_in.get(f"/matches/{khrap_match.pk}/deals/2/")
    assert page.status_code == 200
    assert 'name="renonce_player" value="2" checked' in page.content.decode()
    assert write(signed_in, khrap_match, 2, action="renonce", renonce_player="0").status_code == 302
    assert khrap_match.deals.get(number=2).entry == {"type": "renonce", "player": 0}


# ---------------------------------------------------------------- closing the evening


def test_the_close_asks_for_a_second_tap_and_says_what_happens_to_the_pot(signed_in: Client,
                                                                          khrap_match: Match) -> None:
    write(signed_in, khrap_match, **DEAL_1)
    page = signed_in.get(f"/matches/{khrap_match.pk}/")
    box = page.content.decode().split('id="close-evening"')[1].split("</details>")[0]
    assert "Close the evening…" in box and 'value="close"' in box
    assert "What is left in the pot, 18, goes back in equal shares" in html.unescape(box)


def test_the_close_when_the_pot_stays(signed_in: Client, owner: Any) -> None:
    match = services.match_create(owner=owner, game="khrap", players=PLAYERS, options={"pot_at_close": "stays"})
    page = html.unescape(signed_in.get(f"/matches/{match.pk}/").content.decode())
    assert "What is left in the pot, 0, stays there, nobody's." in page


def test_after_the_close_the_page_shows_the_settlement_and_no_form(signed_in: Client, khrap_match: Match) -> None:
    write(signed_in, khrap_match, **DEAL_1)
    write(signed_in, khrap_match, **FINE)
    assert (sheet(khrap_match)["totals"], sheet(khrap_match)["state"]["pot"]) == ([-1, -2, -20], 23)
    assert write(signed_in, khrap_match, action="close").status_code == 302
    closed = sheet(khrap_match)
    assert (closed["finished"], closed["winner"], closed["totals"]) == (True, None, [6, 5, -13])
    assert closed["state"]["settlement"] == {"money": [6, 5, -13], "pot": 2}
    response = signed_in.get(f"/matches/{khrap_match.pk}/")
    page = response.content.decode()
    assert 'id="entry-form"' not in page and 'id="close-evening"' not in page and 'value="penalty"' not in page
    text = words(response)
    assert "The match is over." in text and "None" not in text
    assert "The evening is closed: the settlement Player Money Аня +6 is up Борис +5 is up Вика −13 is down " \
           "Pot 2 stays written as the pot" in text
    # Nothing more can be entered.
    refused = write(signed_in, khrap_match, **DEAL_1)
    assert "The match is over: no more deals can be entered." in words(refused)
    assert khrap_match.deals.count() == 3


def test_the_close_through_the_page_with_htmx_answers_the_closed_page(signed_in: Client,
                                                                      khrap_match: Match) -> None:
    write(signed_in, khrap_match, **DEAL_1)
    khrap_match.refresh_from_db()
    response = signed_in.post(f"/matches/{khrap_match.pk}/deals/", {"action": "close", "expected_version": "1"},
                              HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "The evening is closed: the settlement" in response.content.decode()
    # 18 ÷ 3 = 6 each: 10, 4, −14, the pot empty.
    assert sheet(khrap_match)["state"]["settlement"] == {"money": [10, 4, -14], "pot": 0}


def test_the_close_entry_is_void_only_and_voiding_it_reopens_the_evening(signed_in: Client,
                                                                         khrap_match: Match) -> None:
    write(signed_in, khrap_match, **DEAL_1)
    write(signed_in, khrap_match, action="close")
    edit = signed_in.get(f"/matches/{khrap_match.pk}/deals/2/")
    assert edit.status_code == 200
    page = edit.content.decode()
    assert "This entry closes the evening: there is nothing in it to edit." in html.unescape(page)
    assert 'id="entry-form"' not in page and 'value="void"' in page
    assert write(signed_in, khrap_match, 2, action="void").status_code == 302
    reopened = sheet(khrap_match)
    assert (reopened["finished"], reopened["totals"], reopened["state"]["pot"]) == (False, [4, -2, -20], 18)
    assert 'id="entry-form"' in signed_in.get(f"/matches/{khrap_match.pk}/").content.decode()
    # The voided close can be saved again: the evening closes once more.
    voided = signed_in.get(f"/matches/{khrap_match.pk}/deals/2/").content.decode()
    assert "Close the evening again" in voided
    assert write(signed_in, khrap_match, 2, action="close").status_code == 302
    assert sheet(khrap_match)["state"]["settlement"] == {"money": [10, 4, -14], "pot": 0}


@pytest.mark.parametrize("path", ["/matches/{pk}/print/", "/matches/{pk}/display/", "/matches/{pk}/history/"])
def test_the_other_pages_of_a_closed_evening(signed_in: Client, khrap_match: Match, path: str) -> None:
    write(signed_in, khrap_match, **DEAL_1)
    write(signed_in, khrap_match, action="close")
    response = signed_in.get(path.format(pk=khrap_match.pk))
    assert response.status_code == 200
    assert "None wins" not in response.content.decode()
