"""The Tong Its pages: the entry form ↔ entry mapping, hands posted through the match page, the
refusals, the edit page, the preview (nothing stored) and the status above the sheet.

Every figure is worked out by hand from RULES.md ("tongits", classic: ante 2, pay_win 1,
pay_tongit 3, pay_draw 3, pay_per_ace 1, pay_per_four 3, pay_burned 1, pot_streak 2). Players in
playing order: Аня (0), Борис (1), Вика (2); Аня deals first.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string
from django.test import Client

from scorebook import selectors, services
from scorebook.games.tongits import form
from scorebook.models import Match
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db


def query(**fields: Any) -> QueryDict:
    post = QueryDict(mutable=True)
    for name, value in fields.items():
        post.setlist(name, value if isinstance(value, list) else [value])
    return post


# Hand 1 (Аня deals): the stock runs out, Вика took the last card. Аня 7♥7♠7♦ laid, 2♣ K♦ = 12;
# Борис A♥2♥3♥ laid, 4♣ 5♣ = 9; Вика laid nothing: burned. Борис wins (9). Pot 3 × 2 = 6. Аня pays
# 1 + 1 (ace) = 2, Вика 1 + 1 + 1 (burned) = 3. Totals −4, 3, −5; Борис 1 in a row.
HAND_1 = {"action": "play", "ending": "stock_out", "last_draw": "2",
          "meld_0_0": ["7H", "7S", "7D"], "hand_0": ["2C", "KD"],
          "meld_1_0": ["AH", "2H", "3H"], "hand_1": ["4C", "5C"], "hand_2": ["QS", "JS", "9D"]}
# Hand 2 (Борис deals): Борис calls tongit, K♠K♥K♦K♣ and 5♦6♦7♦ laid. Pot 6 + 6 = 12. Each loser
# pays 3 (tongit) + 3 (four of a kind) = 6; his second win in a row takes the pot of 12.
# Totals −4 −2 −6 = −12; 3 −2 +12 +12 = 25; −5 −2 −6 = −13; pot 0, streak restarts.
HAND_2 = {"action": "play", "ending": "tongit", "caller": "1",
          "meld_0_0": ["9C", "9H", "9S"], "hand_0": ["AD"],
          "meld_1_0": ["KS", "KH", "KD", "KC"], "meld_1_1": ["5D", "6D", "7D"],
          "meld_2_0": ["10C", "JC", "QC"], "hand_2": ["2S", "3S"]}
# Hand 3 (Борис deals): Аня calls a draw, Вика fights. Аня 4♥5♥6♥ laid, A♠ 2♦ = 3; Вика 8♠8♦8♣
# laid, 3♣ = 3; a caller–challenger tie goes to the challenger: Вика wins. Pot 0 + 6 = 6. Each
# loser pays 3 (draw). Totals −12 −2 −3 = −17; 25 −2 −3 = 20; −13 −2 +6 = −9; pot 6.
HAND_3 = {"action": "play", "ending": "draw", "caller": "0", "challengers": ["2"],
          "last_draw": "1",  # left ticked from another ending: hidden on the page, not sent
          "meld_0_0": ["4H", "5H", "6H"], "hand_0": ["AS", "2D"],
          "meld_1_0": ["JH", "QH", "KH"], "hand_1": ["10D", "10S"],
          "meld_2_0": ["8S", "8D", "8C"], "hand_2": ["3C"]}


@pytest.fixture
def match(owner) -> Match:
    return services.match_create(owner=owner, game="tongits", players=PLAYERS)


def post_hand(client: Client, match: Match, fields: dict[str, Any], **headers: Any) -> Any:
    match.refresh_from_db()
    return client.post(f"/matches/{match.pk}/deals/", {**fields, "expected_version": str(match.version)}, **headers)


# ---------------------------------------------------------------- the form ↔ the entry


def test_a_stock_out_keeps_only_its_own_question_and_sorts_the_cards() -> None:
    post = query(**HAND_1, caller="0", challengers=["1"])  # ticked before the ending changed: not sent
    assert form.entry_from_post(post, 3, 0) == {
        "type": "play", "ending": "stock_out", "last_draw": 2,
        "hands": [{"melds": [["7D", "7H", "7S"]], "hand": ["2C", "KD"]},
                  {"melds": [["AH", "2H", "3H"]], "hand": ["4C", "5C"]},
                  {"melds": [], "hand": ["9D", "JS", "QS"]}]}


def test_concealed_slots_are_secret_melds_and_empty_slots_close_up() -> None:
    post = query(ending="tongit", caller="1", meld_1_1=["KS", "KH", "KD"], meld_1_3=["2C", "AC", "3C"],
                 concealed_1_3="on")
    entry = form.entry_from_post(post, 3, 0)
    assert entry["hands"][1] == {"melds": [["KD", "KH", "KS"]], "secret": [["AC", "2C", "3C"]], "hand": []}
    assert "challengers" not in entry and "last_draw" not in entry


def test_a_draw_nobody_fought_sends_an_empty_list_and_no_ending_sends_none() -> None:
    assert form.entry_from_post(query(ending="draw", caller="2"), 3, 0)["challengers"] == []
    assert "ending" not in form.entry_from_post(query(action="play"), 3, 0)


def test_the_penalty_form() -> None:
    post = query(action="penalty", player="1", penalty_points="−3", penalty_reason="dropped a card")
    assert form.entry_from_post(post, 3, 0) == {"type": "penalty", "player": 1, "points": -3,
                                                "reason": "dropped a card"}


@pytest.mark.parametrize(("api_field", "action", "name"), [
    ("hands[1].melds[0][2]", "play", "hands_1_melds_0"),
    ("hands[2].secret[1]", "play", "hands_2_secret_1"),
    ("hands[0].hand[3]", "play", "hands_0_hand"),
    ("hands[1].melds", "play", "hands_1"),
    ("hands[1]", "play", "hands_1"),
    ("challengers[0]", "play", "challengers"),
    ("caller", "play", "caller"),
    ("last_draw", "play", "last_draw"),
    ("ending", "play", "ending"),
    ("type", "play", "__all__"),
    (None, "play", "__all__"),
    ("points", "penalty", "penalty_points"),
    ("player", "penalty", "player"),
])
def test_violation_fields_as_form_fields(api_field: str | None, action: str, name: str) -> None:
    assert form.field_name(api_field, action) == name


def test_a_stored_entry_shows_again_in_its_slots(match) -> None:
    entry = {"type": "play", "ending": "draw", "caller": 0, "challengers": [2],
             "hands": [{"melds": [["4H", "5H", "6H"]], "secret": [["9C", "9D", "9S"]], "hand": ["AS"]},
                       {"melds": [], "hand": []}, {"melds": [["8S", "8D", "8C"]], "hand": []}]}
    values = form.values_from_entry(entry, 3)
    seats = [{"index": i, "name": n} for i, n in enumerate(PLAYERS)]
    context = form.form_context(match, {}, values, {}, seats)
    slots = context["players"][0]["slots"]
    assert [(s["cards"], s["concealed"]) for s in slots] == [
        (["4H", "5H", "6H"], False), (["9C", "9D", "9S"], True), ([], False), ([], False)]
    assert (context["caller"], context["challengers"], context["ending"]) == ("0", ["2"], "draw")
    again = query(ending="draw", caller="0", challengers=["2"], meld_0_0=slots[0]["cards"],
                  meld_0_1=slots[1]["cards"], concealed_0_1="on", hand_0=["AS"], meld_2_0=["8S", "8D", "8C"])
    assert form.entry_from_post(again, 3, 0)["hands"][0] == entry["hands"][0]


# ---------------------------------------------------------------- hands through the page


def test_three_hands_and_a_penalty_through_the_page(signed_in, match) -> None:
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert 'name="meld_0_0"' in page and 'value="AH"' in page and "static/games/tongits/tongits.js" in page
    assert post_hand(signed_in, match, HAND_1).status_code == 302
    match.refresh_from_db()
    assert match.deals.get(number=1).entry == {
        "type": "play", "ending": "stock_out", "last_draw": 2,
        "hands": [{"melds": [["7D", "7H", "7S"]], "hand": ["2C", "KD"]},
                  {"melds": [["AH", "2H", "3H"]], "hand": ["4C", "5C"]},
                  {"melds": [], "hand": ["9D", "JS", "QS"]}]}
    assert (match.sheet["totals"], match.sheet["state"]["pot"]) == ([-4, 3, -5], 6)
    assert match.sheet["state"]["streak"] == {"player": 1, "wins": 1}

    response = post_hand(signed_in, match, HAND_2, HTTP_HX_REQUEST="true")  # htmx: the #main partial
    assert response.status_code == 200
    match.refresh_from_db()
    assert match.deals.get(number=2).entry["hands"][1]["melds"] == [["KC", "KD", "KH", "KS"], ["5D", "6D", "7D"]]
    assert (match.sheet["totals"], match.sheet["state"]["pot"]) == ([-12, 25, -13], 0)
    assert match.sheet["state"]["streak"] == {"player": None, "wins": 0}

    assert post_hand(signed_in, match, HAND_3).status_code == 302
    match.refresh_from_db()
    entry = match.deals.get(number=3).entry
    assert (entry["caller"], entry["challengers"], "last_draw" in entry) == (0, [2], False)
    assert (match.sheet["totals"], match.sheet["state"]["pot"]) == ([-17, 20, -9], 6)
    assert selectors.current_sheet(match)["rows"][2]["result"]["reason"] == "tie_to_challenger"

    # A penalty: Борис −3 into the pot: 20 − 3 = 17, pot 6 + 3 = 9; no ante, the streak stays.
    response = post_hand(signed_in, match, {"action": "penalty", "player": "1", "penalty_points": "-3"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.sheet["totals"], match.sheet["state"]["pot"]) == ([-17, 17, -9], 9)
    assert match.sheet["state"]["streak"] == {"player": 2, "wins": 1}

    # The sheet: chips per player, the pot after each row in the tail column, the status above.
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert '<span class="player tail" role="columnheader">Pot</span>' in page
    tails = [part.split("<", 1)[0] for part in page.split('<span class="cell tail" role="cell">')[1:]]
    assert tails == ["6", "0", "6", "9", "9"]  # four rows, then Σ: the latest pot
    assert '<dd>9</dd>' in page  # the status: the pot
    assert "Вика: 1 in a row (2 take the pot)" in page
    assert '<span class="cell total" role="cell">−17</span>' in page


def test_a_refused_hand_shows_errors_by_the_field_and_stores_nothing(signed_in, match) -> None:
    post_hand(signed_in, match, HAND_1)
    match.refresh_from_db()
    version = match.version
    # Борис calls tongit with 4♣ left (tongit_with_cards_left), and Вика's hand repeats the 9♣ of
    # Аня's meld (card_twice): each refused next to the place it is about.
    bad = {**HAND_2, "hand_1": ["4C"], "hand_2": ["9C"]}
    response = post_hand(signed_in, match, bad)
    assert response.status_code == 200
    page = response.content.decode()
    hand_1 = page.split('id="seat-1"', 1)[1].split('id="seat-2"', 1)[0]
    assert "Борис called tongit with 1 unmelded cards." in hand_1.split('class="hand-slot has-error"', 1)[1]
    seat_2 = page.split('id="seat-2"', 1)[1].split("</details>\n    \n    <div class=\"actions\">", 1)[0]
    assert "9♣ is already listed at player 1&#x27;s meld 1." in seat_2
    assert 'name="hand_2" value="9C" checked' in page  # what was tapped stays
    match.refresh_from_db()
    assert (match.version, match.deals.count(), match.sheet["totals"]) == (version, 1, [-4, 3, -5])


def test_a_missing_ending_and_caller_are_refused_next_to_their_questions(signed_in, match) -> None:
    response = post_hand(signed_in, match, {"action": "play", "hand_0": ["2C"]})
    page = response.content.decode()
    ending = page.split('id="ending"', 1)[1].split("</fieldset>", 1)[0]
    assert 'class="errorlist"' in ending
    response = post_hand(signed_in, match, {"action": "play", "ending": "draw", "challengers": ["1"]})
    caller = response.content.decode().split('id="caller"', 1)[1].split("</fieldset>", 1)[0]
    assert "needs the caller" in caller
    assert match.deals.count() == 0


def test_a_penalty_larger_than_the_pot_is_refused_by_its_field(signed_in, match) -> None:
    response = post_hand(signed_in, match, {"action": "penalty", "player": "0", "penalty_points": "5"})
    page = response.content.decode()
    assert "The pot holds 0: it cannot pay 5." in page.split('id="penalty_points"', 1)[1]
    assert match.deals.count() == 0


# ---------------------------------------------------------------- the edit page


def test_the_edit_page_shows_a_hand_and_replays_the_match(signed_in, match) -> None:
    post_hand(signed_in, match, HAND_1)
    post_hand(signed_in, match, HAND_2)
    page = signed_in.get(f"/matches/{match.pk}/deals/1/").content.decode()
    assert 'name="meld_0_0" value="7H" checked' in page and 'name="hand_2" value="QS" checked' in page
    assert 'name="last_draw" value="2" checked' in page
    # Hand 1 again, but Аня keeps only 2♣ (count 2, no ace): she wins. Pot 6. Борис pays 1, Вика
    # 1 + 1 (burned) = 2: Аня −2 +3 = 1, Борис −2 −1 = −3, Вика −2 −2 = −4. Hand 2 replayed: the pot
    # holds 12, each loser pays 6, but it is Борис's first win in a row: the pot stays.
    # Totals 1 −2 −6 = −7; −3 −2 +12 = 7; −4 −2 −6 = −12; pot 12.
    match.refresh_from_db()
    response = signed_in.post(f"/matches/{match.pk}/deals/1/",
                           {**HAND_1, "hand_0": ["2C"], "expected_version": str(match.version)})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.sheet["totals"], match.sheet["state"]["pot"]) == ([-7, 7, -12], 12)
    assert match.deals.get(number=1).entry["hands"][0]["hand"] == ["2C"]


def test_the_edit_page_of_a_penalty(signed_in, match) -> None:
    post_hand(signed_in, match, HAND_1)
    post_hand(signed_in, match, {"action": "penalty", "player": "2", "penalty_points": "-1", "penalty_reason": "late"})
    page = signed_in.get(f"/matches/{match.pk}/deals/2/").content.decode()
    assert 'id="entry-form"' not in page  # only the penalty form, open
    assert 'name="player" value="2" checked' in page and 'value="late"' in page
    match.refresh_from_db()
    response = signed_in.post(f"/matches/{match.pk}/deals/2/", {"action": "penalty", "player": "2",
                                                             "penalty_points": "-2", "expected_version": match.version})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.sheet["totals"], match.sheet["state"]["pot"]) == ([-4, 3, -7], 8)


# ---------------------------------------------------------------- the preview


def test_the_preview_shows_the_winner_and_payments_and_stores_nothing(signed_in, match) -> None:
    url = f"/referee/tongits/preview/{match.pk}/"
    response = signed_in.post(url, HAND_1, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert "Борис wins" in page and "the lowest count" in page
    assert "<td>Вика</td><td>Борис</td><td class=\"num\">3</td>" in page
    assert "<td>Аня</td><td>Борис</td><td class=\"num\">2</td>" in page
    assert "Pot after this hand: 6" in page
    match.refresh_from_db()
    assert (match.version, match.deals.count()) == (0, 0)
    # On top of the stored hands: after hand 1, hand 2's tongit takes the pot of 12.
    post_hand(signed_in, match, HAND_1)
    page = signed_in.post(url, HAND_2, HTTP_HX_REQUEST="true").content.decode()
    assert "Борис wins" in page and "the winner takes the pot of 12" in page and "Pot after this hand: 0" in page
    # Editing: hand 1 previewed in place of itself (number=1) with Аня left with 2♣ only: she wins.
    page = signed_in.post(url, {**HAND_1, "hand_0": ["2C"], "number": "1"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Аня wins" in page
    match.refresh_from_db()
    assert (match.version, match.deals.count()) == (1, 1)


def test_the_preview_shows_what_the_referee_refuses(signed_in, match) -> None:
    page = signed_in.post(f"/referee/tongits/preview/{match.pk}/", {**HAND_2, "hand_1": ["4C"]},
                       HTTP_HX_REQUEST="true").content.decode()
    assert "Not saved" in page and "Борис called tongit with 1 unmelded cards." in page
    assert match.deals.count() == 0


def test_the_preview_without_javascript_and_of_another_players_match(signed_in, match, stranger) -> None:
    page = signed_in.post(f"/referee/tongits/preview/{match.pk}/", HAND_1).content.decode()
    assert "<h1>Preview</h1>" in page and "Борис wins" in page
    other = Client()
    other.force_login(stranger)
    assert other.post(f"/referee/tongits/preview/{match.pk}/", HAND_1).status_code == 404


# ---------------------------------------------------------------- the status: money per chip


def test_the_status_turns_chips_into_money(owner) -> None:
    # chip_value 0.25: after hand 1 (−4, 3, −5) → −1.00, 0.75, −1.25.
    match = services.match_create(owner=owner, game="tongits", players=PLAYERS, options={"chip_value": "0.25"})
    entry = form.entry_from_post(query(**HAND_1), 3, 0)
    services.deal_record(match=match, entry=entry)
    match.refresh_from_db()
    state = match.sheet["state"]
    assert state["settlement"] == ["-1.00", "0.75", "-1.25"]
    seats = [{"index": i, "name": n} for i, n in enumerate(PLAYERS)]
    html = render_to_string("scorebook/games/tongits/status.html", {"state": state, "seats": seats, "match": match,
                                                              "totals": match.sheet["totals"]})
    assert "Settlement at 0.25 a chip" in html
    assert '<td>Аня</td><td class="num">−4</td><td class="num">−1.00</td>' in html
    assert '<td>Борис</td><td class="num">3</td><td class="num">0.75</td>' in html


def test_the_match_page_with_a_chip_value(owner, signed_in) -> None:
    match = services.match_create(owner=owner, game="tongits", players=PLAYERS, options={"chip_value": "0.25"})
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert "Settlement at 0.25 a chip" in page
