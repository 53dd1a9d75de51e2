"""Tong Its on the pages around the quick entry and the settlement: hands entered in counts
(``type: "result"``) count in the statistics like hands entered card by card, their edit page shows
them read-only (no empty play form that would lose them) with the Void button, and the status's
settlement shows what is left in the pot (in money with a chip value).

Worked by hand from RULES.md ("tongits", classic: ante 2, pay_win 1, pay_tongit 3, pay_per_ace 1,
pay_per_four 3, pay_burned 1, pot_streak 2). Players in playing order: Аня (0), Борис (1), Вика (2).
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from scorebook import services
from scorebook.models import Match, Player
from scorebook.web import stats
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db

# Hand 1: the stock ran out; Вика is burned; Борис has the lowest count, 9 (no tie: no last_draw).
# Ante 2 each: pot 6. Аня pays 1 + 1 (the winner's ace) = 2, Вика 1 + 1 + 1 (burned) = 3.
# Totals −2 − 2 = −4, −2 + 2 + 3 = 3, −2 − 3 = −5; Борис 1 in a row.
RESULT_1 = {"type": "result", "ending": "stock_out", "counts": [12, 9, 20], "burned": [2], "winner_aces": 1,
            "winner_fours": 0}
# Hand 2: Борис calls tongit, holding a four of a kind. Pot 6 + 6 = 12. Each loser pays 3 (tongit)
# + 3 (four) = 6; his second win in a row takes the pot of 12.
# Totals −4 − 2 − 6 = −12, 3 − 2 + 12 + 12 = 25, −5 − 2 − 6 = −13; pot 0.
RESULT_2 = {"type": "result", "ending": "tongit", "caller": 1, "counts": [1, 0, 5], "burned": [], "winner_aces": 0,
            "winner_fours": 1}


def tongits_match(owner: Any, *entries: dict[str, Any], **options: Any) -> Match:
    match = services.match_create(owner=owner, game="tongits", players=PLAYERS, options=options or None)
    for entry in entries:
        services.deal_record(match=match, entry=entry)
    match.refresh_from_db()
    return match


def text(response: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


# ---------------------------------------------------------------- statistics


def test_hands_entered_in_counts_count_in_the_statistics(owner: Any) -> None:
    match = tongits_match(owner, RESULT_1, RESULT_2)
    assert match.sheet["totals"] == [-12, 25, -13]
    boris = {b["game"]: b for b in stats.player_stats(Player.objects.get(owner=owner, name="Борис"))}["tongits"]
    assert [(w["ending"], w["count"]) for w in boris["wins"]] == [("tongit", 1), ("draw", 0), ("stock_out", 1)]
    assert (boris["hands"], boris["hands_won"], boris["burned"], boris["net"]) == (2, 2, 0, 25)
    vika = {b["game"]: b for b in stats.player_stats(Player.objects.get(owner=owner, name="Вика"))}["tongits"]
    assert (vika["hands"], vika["hands_won"], vika["burned"], vika["net"]) == (2, 0, 1, -13)


def test_a_player_page_shows_hands_entered_in_counts(owner: Any, signed_in: Client) -> None:
    tongits_match(owner, RESULT_1, RESULT_2)
    page = text(signed_in.get(f"/players/{Player.objects.get(owner=owner, name='Борис').pk}/"))
    assert "Hands won 2 / 2" in page


# ---------------------------------------------------------------- the edit page of a quick entry


def test_the_edit_page_shows_a_quick_entry_read_only_with_void(owner: Any, signed_in: Client) -> None:
    match = tongits_match(owner, RESULT_1)
    response = signed_in.get(f"/matches/{match.pk}/deals/1/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="entry-form"' not in page and 'name="hand_0"' not in page  # no play form to lose it by
    assert 'value="penalty"' not in page
    words = text(response)
    assert "This hand was entered in counts (the quick entry)." in words
    assert "void it below and enter the hand again" in words
    assert "The stock ran out" in words
    assert "Аня 12 Борис 9 Вика 20 burned" in words
    assert "The winner's aces 1" in words
    assert 'value="void"' in page  # deal_edit.html's Void button


def test_a_quick_entry_of_a_draw_names_the_caller_and_the_fighters(owner: Any, signed_in: Client) -> None:
    # Аня calls a draw, Вика fights: 3 against 3, a caller–challenger tie goes to the challenger.
    match = tongits_match(owner, {"type": "result", "ending": "draw", "caller": 0, "challengers": [2],
                                  "counts": [3, 15, 3], "burned": []})
    words = text(signed_in.get(f"/matches/{match.pk}/deals/1/"))
    assert "Who called? Аня" in words
    assert "Who fought the draw? Вика" in words


def test_voiding_a_quick_entry_from_its_edit_page(owner: Any, signed_in: Client) -> None:
    match = tongits_match(owner, RESULT_1)
    response = signed_in.post(f"/matches/{match.pk}/deals/1/", {"action": "void", "expected_version": "1"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.deals.get(number=1).voided and match.sheet["totals"] == [0, 0, 0]
    voided = signed_in.get(f"/matches/{match.pk}/deals/1/")
    assert voided.status_code == 200
    assert "nor count it again" in text(voided)
    assert 'value="void"' not in voided.content.decode() and 'id="entry-form"' not in voided.content.decode()


def test_a_played_hand_still_opens_in_the_play_form(owner: Any, signed_in: Client) -> None:
    match = tongits_match(owner, {"type": "play", "ending": "tongit", "caller": 0, "hands": [
        {"melds": [["AH", "2H", "3H"], ["4S", "4H", "4D"]], "hand": []},
        {"melds": [["5C", "6C", "7C"]], "hand": ["KD", "QD"]},
        {"melds": [], "hand": ["9S", "9C"]}]})
    page = signed_in.get(f"/matches/{match.pk}/deals/1/").content.decode()
    assert 'id="entry-form"' in page and 'id="quick-entry"' not in page


# ---------------------------------------------------------------- the settlement: what is left in the pot


def test_the_settlement_shows_what_is_left_in_the_pot_in_money(owner: Any, signed_in: Client) -> None:
    # chip_value 0.25 after hand 1: −4, 3, −5 → −1.00, 0.75, −1.25, and the pot of 6 → 1.50 (adding to 0).
    match = tongits_match(owner, RESULT_1, chip_value="0.25")
    assert (match.sheet["state"]["settlement"], match.sheet["state"]["settlement_pot"]) == (
        ["-1.00", "0.75", "-1.25"], "1.50")
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert '<tr class="tongits-pot-row"><td>Left in the pot</td><td class="num">6</td><td class="num">1.50</td></tr>' \
        in page
    assert '<td>Аня</td><td class="num">−4</td><td class="num">−1.00</td>' in page


def test_without_a_chip_value_the_settlement_is_in_chips(owner: Any, signed_in: Client) -> None:
    match = tongits_match(owner, RESULT_1)
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    settlement = page.split('class="settlement tongits-settlement"')[1].split("</table>")[0]
    assert "<caption>Settlement</caption>" in settlement and "Money" not in settlement
    assert '<tr class="tongits-pot-row"><td>Left in the pot</td><td class="num">6</td></tr>' in settlement
    assert '<td>Вика</td><td class="num">−5</td></tr>' in settlement
