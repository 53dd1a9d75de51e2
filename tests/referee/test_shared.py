"""What the five games share in referee/: one card reader against each game's deck, and 1000's
barrel and samosval said as events of the deal (``result["events"]``), where the referee decides them."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games import khrap, terz, thirteens, thousand, tongits
from referee.ledger import Rejected
from referee.reading import read_cards
from tests.referee.thousand_entries import penalty, play, run

# ---------------------------------------------------------------- one card reader, each game's deck


@pytest.mark.parametrize(("deck", "cards", "read"), [
    pytest.param(thousand.DECK, ["9H", "10h", "Д♠", "ТH"], ["9H", "10H", "QS", "AH"], id="thousand"),
    pytest.param(terz.DECK, ["7S", "jd"], ["7S", "JD"], id="terz-from-seven"),
    pytest.param(khrap.DECK, ["6C", "A♦️"], ["6C", "AD"], id="khrap-from-six"),
    pytest.param(tongits.DECK, ["2H", "AS", "KC"], ["2H", "AS", "KC"], id="tongits-every-rank"),
    pytest.param(thirteens.DECK, ["2H", "x1", "X2"], ["2H", "X1", "X2"], id="thirteens-with-jokers"),
])
def test_a_deck_reads_its_cards(deck: Any, cards: list[str], read: list[str]) -> None:
    assert [card.code for card in read_cards(cards, deck)] == read


@pytest.mark.parametrize(("deck", "cards", "found"), [
    pytest.param(thousand.DECK, ["8H"], [("bad_card", "cards[0]", "8H is not in the 24-card deck (9 to ace).")],
                 id="thousand-eight"),
    pytest.param(terz.DECK, ["6H"], [("bad_card", "cards[0]", "6H is not in the 32-card deck (7 to ace).")],
                 id="terz-six"),
    pytest.param(khrap.DECK, ["5H", "X1"], [("bad_card", "cards[0]", "5H is not in the 36-card deck (6 to ace)."),
                                            ("bad_card", "cards[1]", "X1 is not in the 36-card deck (6 to ace).")],
                 id="khrap-five-and-joker"),
    pytest.param(tongits.DECK, ["X2"], [("bad_card", "cards[0]", "X2: Tong Its is played without jokers.")],
                 id="tongits-joker"),
    pytest.param(thousand.DECK, ["QS", "qs"], [("card_twice", "cards[1]", "QS is listed twice.")],
                 id="thousand-twice"),
    pytest.param(tongits.DECK, ["QS", "2C", "Д♠"], [("card_twice", "cards[2]", "QS is already listed at cards[0].")],
                 id="tongits-twice-says-where"),
    pytest.param(thirteens.DECK, ["ZZ"], [("bad_card", "cards[0]", "“ZZ” is not a card.")], id="not-a-card"),
    pytest.param(terz.DECK, "7S", [("bad_type", "cards", "Expected a list of cards.")], id="not-a-list"),
])
def test_a_deck_refuses_what_is_not_its_card(deck: Any, cards: Any, found: list[tuple[str, str, str]]) -> None:
    with pytest.raises(Rejected) as refused:
        read_cards(cards, deck)
    assert [(v.code, v.field, v.message % v.params) for v in refused.value.violations] == found


# ---------------------------------------------------------------- 1000: the deal's events


def replay_rows(entries: list[Any]) -> Any:
    return run(entries).rows


def events(row: Any) -> list[tuple[str, int]]:
    return [(event["kind"], event["seat"]) for event in row.outcome.result["events"]]


def test_a_mount_is_an_event_and_is_in_mounted() -> None:
    # A penalty +880 takes seat 0 to 880, the barrel: he mounts it.
    rows = replay_rows([penalty(0, 880)])
    assert events(rows[0]) == [("barrel_mount", 0)] and rows[0].outcome.result["mounted"] == [0]
    assert rows[0].totals == (880, 0, 0)


def test_a_fall_after_three_deals_is_an_event() -> None:
    # Seat 0 mounts at 880, then three deals pass without his finishing: he falls, 880 − 120 = 760.
    # Each deal seat 1 makes 100 with 100 + seat 0's 10 + seat 2's 10 = 120 card points.
    deals = [penalty(0, 880), *[play(1, 100, points=(10, 100, 10)) for _ in range(3)]]
    rows = replay_rows(deals)
    assert [events(row) for row in rows] == [[("barrel_mount", 0)], [], [], [("barrel_fall", 0)]]
    assert rows[-1].totals[0] == 760


def test_a_samosval_is_an_event() -> None:
    # 555 drops to 0 (seed 001: "Если игрок набрал 555 очков, то его скидывают на ноль").
    rows = replay_rows([penalty(2, 555)])
    assert events(rows[0]) == [("samosval", 2)] and rows[0].totals == (0, 0, 0)


def test_a_second_mount_knocks_the_first_off_in_the_order_it_happens() -> None:
    # first_falls: seat 1 reaches the barrel while seat 0 sits there: seat 1 mounts, then seat 0 falls to 760.
    rows = replay_rows([penalty(0, 880), penalty(1, 880)])
    assert events(rows[1]) == [("barrel_mount", 1), ("barrel_fall", 0)]
    assert rows[1].totals[:2] == (760, 880)
