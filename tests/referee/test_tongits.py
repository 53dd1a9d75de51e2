"""Tong Its: worked cases from seed 002 and RULES.md ("tongits"), then properties.

Every expected value is worked out by hand from the rules; the arithmetic is in the comments.
Classic options unless a row says otherwise: ante 2, pay_win 1, pay_tongit 3, pay_draw 3,
pay_per_ace 1, pay_per_four 3, pay_burned 1, pot_streak 2. A hand with a fresh state: every seat
pays the ante of 2 (pot 6), then the losers pay the winner.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card, CardParseError, Rank, Suit, parse_card
from referee.games import tongits
from referee.games.tongits import (
    ORDER,
    Hand,
    LaidOff,
    Options,
    Penalty,
    Play,
    count,
    draw_fight,
    is_meld,
    is_tongit,
    stock_out_winner,
)
from referee.ledger import Rejected, Sheet, replay

CLASSIC = Options()
TWO_FOUR_FOUR = tongits.PRESETS["two_four_four"]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())  # type: ignore[misc]


def hand(melds: str = "", rest: str = "", secret: str = "") -> Hand:
    """Melds and secret melds separated by "|": hand("7H 7S 7D | 4C 5C 6C", "9C")."""
    def meld_list(text: str) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards(part) for part in text.split("|") if part.strip())
    return Hand(meld_list(melds), cards(rest), meld_list(secret))


def stock_out(*hands: Hand, last_draw: int = 2) -> Play:
    return Play("stock_out", hands, last_draw=last_draw)


def tongit(caller: int, *hands: Hand) -> Play:
    return Play("tongit", hands, caller=caller)


def draw(caller: int, challengers: tuple[int, ...], *hands: Hand) -> Play:
    return Play("draw", hands, caller=caller, challengers=challengers)


def sheet(*entries: Any, options: Options = CLASSIC, first_dealer: int = 0) -> Sheet:
    return replay(tongits, options, 3, first_dealer, list(enumerate(entries, start=1)))


def codes(raw: Any, options: Options = CLASSIC, state: tongits.State | None = None) -> list[str]:
    """The violation codes of a raw entry: its shape first (parse_entry), then the rules."""
    try:
        entry = tongits.parse_entry(raw, 3)
    except Rejected as rejected:
        return [v.code for v in rejected.violations]
    state = state or tongits.initial_state(options, 3, 0)
    return [v.code for v in tongits.validate(state, entry)]


# Neutral hands: one laid set each, no ace, no four of a kind.
A9 = hand("7H 7S 7D", "9C")  # count 9
B10 = hand("8H 8S 8D", "10C")  # count 10
B9 = hand("8H 8S 8D", "9D")  # count 9
C10 = hand("5H 5S 5D", "KC")  # count 10
C9 = hand("5H 5S 5D", "9H")  # count 9
C3 = hand("5H 5S 5D", "3C")  # count 3
WIDE = hand("6H 6S 6D", "QC KD")  # count 20


# ---------------------------------------------------------------- options


def test_options_default_and_presets() -> None:
    assert tongits.dump_options(tongits.parse_options(None)) == {
        "ante": 2, "pay_win": 1, "pay_tongit": 3, "pay_draw": 3, "pay_per_ace": 1, "pay_per_four": 3,
        "pay_burned": 1, "pay_fold": 0, "pot_streak": 2, "runs": True, "chip_value": None}
    assert tongits.DEFAULT_PRESET == "classic" and tongits.PRESETS["classic"] == Options()
    # Seed 002, "Примітка": 2 chips instead of 3 per four, 4 for a tongit, 4 for a draw win.
    assert tongits.parse_options(None, "two_four_four") == Options(pay_per_four=2, pay_tongit=4, pay_draw=4)
    assert tongits.parse_options({"runs": False, "chip_value": "0.25"}).chip_value == "0.25"
    assert tongits.ENTRY_TYPES == ("play", "result", "penalty")
    assert tongits.SEATS == range(3, 4)


@pytest.mark.parametrize(("raw", "preset", "code"), [
    pytest.param({"pot_streak": 0}, None, "bad_option_value", id="pot-streak-zero"),
    pytest.param({"ante": -1}, None, "bad_option_value", id="negative-ante"),
    pytest.param({"runs": "yes"}, None, "bad_option_value", id="runs-as-text"),
    pytest.param({"chip_value": "lots"}, None, "bad_option_value", id="chip-value-not-a-number"),
    pytest.param({"barrel": True}, None, "unknown_option", id="thousand-option"),
    pytest.param(None, "two_four_three", "unknown_preset", id="unknown-preset"),
])
def test_bad_options(raw: Any, preset: str | None, code: str) -> None:
    with pytest.raises(Rejected) as caught:
        tongits.parse_options(raw, preset)
    assert [v.code for v in caught.value.violations] == [code]


# ---------------------------------------------------------------- referee checks


@pytest.mark.parametrize(("text", "runs", "expected"), [
    # Seed 002: "Набір карт складається з 3-х або 4-х карт одного значення".
    pytest.param("7H 7S 7D", True, True, id="set-of-three"),
    pytest.param("7H 7S 7D 7C", True, True, id="set-of-four"),
    pytest.param("7H 7S", True, False, id="two-of-a-rank"),
    pytest.param("7H 7S 7D 8C", True, False, id="set-with-a-stranger"),
    pytest.param("7H 7H 7S", True, False, id="the-same-card-twice"),
    # RULES.md: runs, 3+ in sequence in one suit, ace low.
    pytest.param("4H 5H 6H", True, True, id="run-of-three"),
    pytest.param("6H 4H 5H", True, True, id="run-in-any-order"),
    pytest.param("9S 10S JS QS KS", True, True, id="run-of-five-to-the-king"),
    pytest.param("AH 2H 3H", True, True, id="ace-low-run"),
    pytest.param("QH KH AH", True, False, id="q-k-a-refused"),
    pytest.param("KH AH 2H", True, False, id="no-turning-the-corner"),
    pytest.param("4H 5S 6H", True, False, id="run-in-two-suits"),
    pytest.param("4H 6H 7H", True, False, id="run-with-a-gap"),
    pytest.param("4H 5H", True, False, id="run-of-two"),
    # runs false: the seed's literal text, sets only.
    pytest.param("4H 5H 6H", False, False, id="runs-off-run-refused"),
    pytest.param("AH 2H 3H", False, False, id="runs-off-ace-low-refused"),
    pytest.param("7H 7S 7D", False, True, id="runs-off-set-kept"),
])
def test_is_meld(text: str, runs: bool, expected: bool) -> None:
    assert is_meld(text.split(), runs) is expected
    assert is_meld(cards(text), runs) is expected


def test_is_meld_refuses_what_is_not_a_card() -> None:
    with pytest.raises(CardParseError):
        is_meld(["7H", "7S", "X1"])
    assert is_tongit(["7H", "7S", "7D", "7H"]) is False  # a card twice is never a tongit


@pytest.mark.parametrize(("text", "expected"), [
    # Seed 002: "король - 10 очок, дама - 10 очок, валет - 10 очок, туз - 1 очко, всі інші карти
    # за своїм значенням".
    pytest.param("", 0, id="no-cards"),
    pytest.param("AS", 1, id="ace-one"),
    pytest.param("2C 9D", 11, id="face-values"),  # 2 + 9
    pytest.param("10S JS QS KS", 40, id="ten-and-courts"),  # 10 + 10 + 10 + 10
    pytest.param("AH 5D KC", 16, id="mixed"),  # 1 + 5 + 10
])
def test_count(text: str, expected: int) -> None:
    assert count(text.split()) == expected


@pytest.mark.parametrize(("held", "runs", "expected"), [
    pytest.param("AH 2H 3H 7S 7D 7C", True, True, id="a-run-and-a-set"),
    pytest.param("AH 2H 3H 7S", True, False, id="a-card-left"),
    # The ace of hearts belongs to the run, not to the four: only A♠ A♦ A♣ + A♥ 2♥ 3♥ works.
    pytest.param("AH AS AD AC 2H 3H", True, True, id="needs-backtracking"),
    # 3-7♥ and 5♠ 5♦; 5♥ 5♠ 5♦ and 3♥ 4♥ 6♥ 7♥; 3-5♥ and 6♥ 7♥ 5♠ 5♦: no split works.
    pytest.param("5H 5S 5D 6H 7H 4H 3H", True, False, id="no-split"),
    pytest.param("AH 2H 3H", False, False, id="runs-off"),
    pytest.param("", True, True, id="nothing-left"),
])
def test_is_tongit_for_cards(held: str, runs: bool, expected: bool) -> None:
    assert is_tongit(held.split(), runs) is expected


@pytest.mark.parametrize(("held", "expected"), [
    pytest.param(hand("7H 7S 7D | AC 2C 3C"), True, id="all-laid"),
    pytest.param(hand("7H 7S 7D", secret="AC 2C 3C"), True, id="laid-and-secret"),
    pytest.param(hand("7H 7S 7D", "9D 9S 9C"), True, id="unmelded-cards-that-meld"),
    pytest.param(hand("7H 7S 7D", "9D"), False, id="a-card-left"),
    pytest.param(hand("7H 7S 8D"), False, id="a-bad-meld"),
])
def test_is_tongit_for_a_hand(held: Hand, expected: bool) -> None:
    assert is_tongit(held) is expected


@pytest.mark.parametrize(("caller", "challengers", "counts", "burned", "expected"), [
    # Seed 002: "ніхто з гравців не відкрив карти, щоб оскаржити, то гравець оголосив нічию, стає переможцем".
    pytest.param(0, (), (5, 1, 1), (), (0, "unchallenged"), id="unchallenged-caller-wins-whatever-counts"),
    pytest.param(0, (1,), (3, 8, 0), (), (0, "lowest"), id="caller-lowest"),
    pytest.param(0, (1,), (8, 3, 0), (), (1, "lowest"), id="challenger-lowest"),
    pytest.param(0, (1, 2), (9, 6, 4), (), (2, "lowest"), id="second-challenger-lowest"),
    # RULES.md: a caller–challenger tie goes to the challenger.
    pytest.param(0, (1,), (5, 5, 0), (), (1, "tie_to_challenger"), id="caller-challenger-tie"),
    # All three at 5: the challengers beat the caller; between them the first after the caller, 1.
    pytest.param(0, (2, 1), (5, 5, 5), (), (1, "tie_to_challenger"), id="three-way-tie"),
    # Two tied challengers → the first in turn after the caller: after 1 comes 2, then 0.
    pytest.param(1, (0, 2), (4, 9, 4), (), (2, "tie_first_after_caller"), id="tied-challengers-after-1"),
    pytest.param(2, (1, 0), (4, 4, 9), (), (0, "tie_first_after_caller"), id="tied-challengers-after-2"),
    # A burned challenger cannot win (RULES.md: burned players cannot win).
    pytest.param(0, (1,), (9, 2, 0), (1,), (0, "challengers_burned"), id="only-a-burned-challenger"),
    pytest.param(0, (1, 2), (9, 2, 5), (1,), (2, "lowest"), id="burned-challenger-skipped"),
])
def test_draw_fight(caller: int, challengers: tuple[int, ...], counts: tuple[int, ...], burned: tuple[int, ...],
                    expected: tuple[int, str]) -> None:
    assert draw_fight(caller, challengers, counts, burned) == expected


def test_draw_fight_refuses_a_burned_caller() -> None:
    # RULES.md: "a caller without an exposed meld may not call a draw, exactly as in an entry".
    with pytest.raises(Rejected) as caught:
        draw_fight(0, (1,), (5, 3, 9), (0,))
    assert [(v.code, v.field) for v in caught.value.violations] == [("draw_without_meld", "caller")]
    assert draw_fight(0, (1,), (5, 3, 9), (2,)) == (1, "lowest")  # a burned bystander is no matter


@pytest.mark.parametrize(("counts", "burned", "last_draw", "expected"), [
    pytest.param((5, 9, 12), (), 1, (0, "lowest"), id="lowest-count"),
    # Seed 002: "нічия, то перемагає гравець, який взяв останню карту".
    pytest.param((5, 5, 12), (), 1, (1, "tie_last_draw"), id="tie-to-last-draw"),
    pytest.param((5, 5, 5), (), 2, (2, "tie_last_draw"), id="three-way-tie-to-last-draw"),
    # "якщо такого гравця немає, то перемагає той гравець, який мав брати карту": after 2 comes 0.
    pytest.param((5, 5, 12), (), 2, (0, "tie_next_to_draw"), id="tie-to-next-after-2"),
    pytest.param((12, 5, 5), (), 0, (1, "tie_next_to_draw"), id="tie-to-next-after-0"),
    # Burned: cannot win, however low his count.
    pytest.param((1, 5, 9), (0,), 0, (1, "lowest"), id="burned-lowest-skipped"),
    pytest.param((1, 5, 5), (0,), 0, (1, "tie_next_to_draw"), id="burned-last-draw-tie"),
    pytest.param((9, 9, 9), (0, 1, 2), 0, (None, "all_burned"), id="everyone-burned"),
])
def test_stock_out_winner(counts: tuple[int, ...], burned: tuple[int, ...], last_draw: int,
                          expected: tuple[int | None, str]) -> None:
    assert stock_out_winner(counts, burned, last_draw) == expected


@pytest.mark.parametrize(("counts", "burned", "needed"), [
    pytest.param((5, 9, 12), (), False, id="one-lowest"),
    pytest.param((5, 5, 12), (), True, id="two-tied-lowest"),
    pytest.param((5, 12, 12), (), False, id="tied-but-not-lowest"),
    pytest.param((9, 9, 9), (), True, id="three-way-tie"),
    # Burned players are out of it: 0 (1) is burned; 1 and 2 tie at 5.
    pytest.param((1, 5, 5), (0,), True, id="tie-among-the-unburned"),
    # 0 is burned at 5; 1 alone is lowest at 5 among the others.
    pytest.param((5, 5, 9), (0,), False, id="burned-tie-is-no-tie"),
    pytest.param((9, 9, 9), (0, 1, 2), False, id="everyone-burned"),
])
def test_last_draw_needed(counts: tuple[int, ...], burned: tuple[int, ...], needed: bool) -> None:
    assert tongits.last_draw_needed(counts, burned) is needed


def test_stock_out_winner_without_last_draw() -> None:
    assert stock_out_winner((5, 9, 12), ()) == (0, "lowest")
    assert stock_out_winner((9, 9, 9), (0, 1, 2)) == (None, "all_burned")
    with pytest.raises(ValueError, match="last card"):
        stock_out_winner((5, 5, 12), ())


# ---------------------------------------------------------------- one hand: endings, tie-breaks, payments


@pytest.mark.parametrize(("entry", "options", "deltas", "winner", "burned"), [
    # Stock-out, counts 9 / 10 / 10: 0 wins; each loser pays 1.
    # 0: −2 + 1 + 1 = 0; 1: −2 − 1 = −3; 2: −3.
    pytest.param(stock_out(A9, B10, C10), CLASSIC, (0, -3, -3), 0, [], id="stock-out-lowest"),
    # 1 is burned (no laid meld) with the lowest count, 5: he cannot win; 0 (9) beats 2 (10).
    # 1 pays 1 + 1 burned = 2, 2 pays 1; 0: −2 + 3 = +1; 1: −2 − 2 = −4; 2: −3.
    pytest.param(stock_out(A9, hand("", "2C 3D"), B10), CLASSIC, (1, -4, -3), 0, [1],
                 id="stock-out-burned-cannot-win"),
    # A concealed meld is no laid meld: 1 is burned all the same.
    pytest.param(stock_out(A9, hand("", "2C", "JH JS JD"), B10), CLASSIC, (1, -4, -3), 0, [1],
                 id="stock-out-secret-meld-still-burned"),
    # 0 and 1 tie at 9, 1 took the last card: 1 wins. 1: −2 + 2 = 0; 0, 2: −3.
    pytest.param(stock_out(A9, B9, C10, last_draw=1), CLASSIC, (-3, 0, -3), 1, [], id="stock-out-tie-last-draw"),
    # Tie at 9 between 0 and 1, 2 took the last card: the next to draw is 0.
    pytest.param(stock_out(A9, B9, C10, last_draw=2), CLASSIC, (0, -3, -3), 0, [], id="stock-out-tie-next"),
    # Tie at 9 between 1 and 2, 0 took the last card: next after 0 is 1.
    pytest.param(stock_out(WIDE, B9, C9, last_draw=0), CLASSIC, (-3, 0, -3), 1, [], id="stock-out-tie-next-1"),
    # Everyone burned: no winner, nobody pays; the antes stay in the pot.
    pytest.param(stock_out(hand("", "2C"), hand("", "3C"), hand("", "4C")), CLASSIC, (-2, -2, -2), None,
                 [0, 1, 2], id="stock-out-everyone-burned"),
    # Aces: 0 holds A♥ in a run and A♠ unmelded (count 1): each pays 1 + 2 = 3.
    # 0: −2 + 6 = +4; 1, 2: −5.
    pytest.param(stock_out(hand("AH 2H 3H", "AS"), B10, C10), CLASSIC, (4, -5, -5), 0, [], id="aces-laid-and-unmelded"),
    # Concealed four aces: 4 aces + 1 four; each pays 1 + 4 + 3 = 8. 0: −2 + 16 = 14; 1, 2: −10.
    pytest.param(stock_out(hand("7H 7S 7D", "2C", "AH AS AD AC"), B10, C10), CLASSIC, (14, -10, -10), 0, [],
                 id="secret-four-aces"),
    # Laid four nines, nothing unmelded: each pays 1 + 3 = 4. 0: −2 + 8 = 6; 1, 2: −6.
    pytest.param(stock_out(hand("9H 9S 9D 9C"), B10, C10), CLASSIC, (6, -6, -6), 0, [], id="laid-four"),
    # Four nines split between a set and a run are no four-of-a-kind: 1 each.
    pytest.param(stock_out(hand("9H 9S 9D | 9C 10C JC", "2D"), hand("8H 8S 8D", "QD"), C10), CLASSIC, (0, -3, -3), 0, [],
                 id="four-nines-split-is-no-four"),
    # Tongit by 1: each pays 3. 1: −2 + 6 = +4; 0, 2: −5.
    pytest.param(tongit(1, A9, hand("2D 3D 4D | JH JS JC"), C10), CLASSIC, (-5, 4, -5), 1, [], id="tongit"),
    # A tongit caller lays his melds down as he calls: never burned, even listed as secret.
    pytest.param(tongit(1, A9, hand("", "", "2D 3D 4D | JH JS JC"), C10), CLASSIC, (-5, 4, -5), 1, [],
                 id="tongit-from-concealed-melds"),
    # Tongit, 2 burned: 2 pays 3 + 1 = 4, 0 pays 3. 1: −2 + 7 = +5; 0: −5; 2: −6.
    pytest.param(tongit(1, A9, hand("2D 3D 4D | JH JS JC"), hand("", "KC")), CLASSIC, (-5, 5, -6), 1, [2],
                 id="tongit-burned-loser"),
    # Draw nobody fought: 0 wins, each pays pay_draw 3. 0: −2 + 6 = 4; 1, 2: −5.
    pytest.param(draw(0, (), A9, B10, C10), CLASSIC, (4, -5, -5), 0, [], id="draw-unchallenged"),
    # Fought, caller lower (9 < 10): still a hand ended by a draw call, 3 each.
    pytest.param(draw(0, (1,), A9, B10, C10), CLASSIC, (4, -5, -5), 0, [], id="draw-caller-wins-fight"),
    # Challenger 2 lower (3 < 9): 2 wins, 3 each. 2: −2 + 6 = 4.
    pytest.param(draw(0, (2,), A9, B10, C3), CLASSIC, (-5, -5, 4), 2, [], id="draw-challenger-lower"),
    # Caller 9, challenger 1 9: the tie goes to the challenger.
    pytest.param(draw(0, (1,), A9, B9, C10), CLASSIC, (-5, 4, -5), 1, [], id="draw-tie-to-challenger"),
    # Caller 1 (10); challengers 0 and 2 tie at 9: first after 1 is 2.
    pytest.param(draw(1, (0, 2), A9, B10, C9), CLASSIC, (-5, -5, 4), 2, [], id="draw-tied-challengers"),
    # Burned challenger 1 (count 1) cannot win: 0 wins; 1 pays 3 + 1 = 4, 2 pays 3.
    # 0: −2 + 7 = 5; 1: −6; 2: −5.
    pytest.param(draw(0, (1,), A9, hand("", "AC"), C10), CLASSIC, (5, -6, -5), 0, [1], id="draw-burned-challenger"),
    # Burned non-challenger pays pay_burned too ("whatever the ending"): 2 pays 3 + 1.
    pytest.param(draw(0, (), A9, B10, hand("", "KC")), CLASSIC, (5, -5, -6), 0, [2], id="draw-burned-bystander"),
    # A challenger lays their concealed melds down when he fights (seed: "повинен відкрити свою руку,
    # скинути набір карт"): 1 (J♥ J♠ J♦ concealed, 2♣ = 2) is not burned and beats the caller's 9.
    # Each pays 3 (draw). 1: −2 + 6 = 4; 0, 2: −5.
    pytest.param(draw(0, (1,), A9, hand("", "2C", "JH JS JD"), C10), CLASSIC, (-5, 4, -5), 1, [],
                 id="draw-challenger-lays-down-his-concealed-meld"),
    # ... and his concealed four still earns its bonus: each pays 3 + 3 (four) = 6. 1: −2 + 12 = 10.
    pytest.param(draw(0, (1,), A9, hand("", "2C", "JH JS JD JC"), C10), CLASSIC, (-8, 10, -8), 1, [],
                 id="draw-challenger-concealed-four"),
    # 2 did not fight: his concealed meld stays in his hand, he is burned. 1 wins (2 < 9):
    # 0 pays 3, 2 pays 3 + 1 = 4. 1: −2 + 7 = 5; 0: −5; 2: −6.
    pytest.param(draw(0, (1,), A9, hand("8H 8S 8D", "2C"), hand("", "3C", "JH JS JD")), CLASSIC, (-5, 5, -6), 1,
                 [2], id="draw-bystander-concealed-meld-still-burned"),
    # No tie (9, 10, 10): the stock-out needs no last_draw. 0: −2 + 2 = 0; 1, 2: −3.
    pytest.param(Play("stock_out", (A9, B10, C10)), CLASSIC, (0, -3, -3), 0, [], id="stock-out-no-last-draw"),
    # pay_fold 2: 1 fought, 2 folded. 0 wins (9 < 10): 1 pays 3; 2 pays 3 + 2 (folded) = 5.
    # 0: −2 + 8 = 6; 1: −5; 2: −7.
    pytest.param(draw(0, (1,), A9, B10, C10), Options(pay_fold=2), (6, -5, -7), 0, [], id="pay-fold-to-the-caller"),
    # The folder pays whoever wins the fight: 2 fought and wins (3 < 9); 0 pays 3, 1 folded: 3 + 2.
    # 2: −2 + 8 = 6; 0: −5; 1: −7.
    pytest.param(draw(0, (2,), A9, B10, C3), Options(pay_fold=2), (-5, -7, 6), 2, [],
                 id="pay-fold-to-the-challenger"),
    # Folded and burned: 2 pays 3 + 1 + 2 = 6, 1 pays 3. 0: −2 + 9 = 7; 1: −5; 2: −8.
    pytest.param(draw(0, (1,), A9, B10, hand("", "KC")), Options(pay_fold=2), (7, -5, -8), 0, [2],
                 id="pay-fold-and-burned"),
    # Nobody fought: the draw was not fought, nobody folded it. 3 each: (4, −5, −5).
    pytest.param(draw(0, (), A9, B10, C10), Options(pay_fold=2), (4, -5, -5), 0, [], id="pay-fold-unfought-draw"),
    # Both fought: nobody folded. 2 wins (3): 3 each. 2: −2 + 6 = 4.
    pytest.param(draw(0, (1, 2), A9, B10, C3), Options(pay_fold=2), (-5, -5, 4), 2, [], id="pay-fold-both-fought"),
    # pay_fold is for a draw only: a stock-out pays as ever. (0, −3, −3).
    pytest.param(stock_out(A9, B10, C10), Options(pay_fold=2), (0, -3, -3), 0, [], id="pay-fold-not-a-draw"),
    # two_four_four: tongit 4 each. 1: −2 + 8 = 6; 0, 2: −6.
    pytest.param(tongit(1, A9, hand("2D 3D 4D | JH JS JC"), C10), TWO_FOUR_FOUR, (-6, 6, -6), 1, [],
                 id="two-four-four-tongit"),
    # two_four_four: a four pays 2: 1 + 2 = 3 each. 0: −2 + 6 = 4; 1, 2: −5.
    pytest.param(stock_out(hand("9H 9S 9D 9C"), B10, C10), TWO_FOUR_FOUR, (4, -5, -5), 0, [],
                 id="two-four-four-four"),
    # two_four_four: draw 4 each. 0: −2 + 8 = 6.
    pytest.param(draw(0, (), A9, B10, C10), TWO_FOUR_FOUR, (6, -6, -6), 0, [], id="two-four-four-draw"),
    # ante 5: 0: −5 + 2 = −3; 1, 2: −6; pot 15.
    pytest.param(stock_out(A9, B10, C10), Options(ante=5), (-3, -6, -6), 0, [], id="ante-five"),
    # pay_burned 4, pay_per_ace 2: 0 holds A♣ (count 1): 1 pays 1 + 2 + 4 = 7, 2 pays 1 + 2 = 3.
    # 0: −2 + 10 = 8; 1: −9; 2: −5.
    pytest.param(stock_out(hand("7H 7S 7D", "AC"), hand("", "2D"), C10), Options(pay_burned=4, pay_per_ace=2),
                 (8, -9, -5), 0, [1], id="option-burned-and-ace-values"),
])
def test_a_hand_scores(entry: Play, options: Options, deltas: tuple[int, ...], winner: int | None,
                       burned: list[int]) -> None:
    state = tongits.initial_state(options, 3, 0)
    assert tongits.validate(state, entry) == []
    after, outcome = tongits.apply(state, entry)
    assert outcome.deltas == deltas
    assert outcome.result["winner"] == winner
    assert outcome.result["burned"] == burned
    assert after.pot == 3 * options.ante  # the antes; nobody has won twice in a row yet
    assert sum(after.totals) + after.pot == 0
    assert [("burned" in marks) for marks in outcome.marks] == [seat in burned for seat in range(3)]
    if winner is not None:
        assert "winner" in outcome.marks[winner]
        assert after.dealer == winner  # the winner deals the next hand
    assert after.finished is False and after.winner is None


def test_the_explanation_lists_every_payment() -> None:
    # 0 holds A♥ 2♥ 3♥ + A♠ (2 aces); 1 burned; 2 plain.
    entry = stock_out(hand("AH 2H 3H", "AS"), hand("", "QD"), C10)
    _state, outcome = tongits.apply(tongits.initial_state(CLASSIC, 3, 0), entry)
    text = [item.english(["Ana", "Ben", "Cleo"]) for item in outcome.lines]
    assert text[0] == "Each player puts the ante of 2 into the pot: it holds 6"
    assert "Ben has no meld laid down: burned" in text
    assert "The stock ran out: Ana wins with the lowest count, 1" in text
    # 1 (win) + 2 (aces) + 1 (burned) = 4; Cleo: 1 + 2 = 3.
    assert "Ana pays" not in " ".join(text)
    assert "Ben pays Ana 4: 1 (win) + 2 (aces) + 1 (burned)" in text
    assert "Cleo pays Ana 3: 1 (win) + 2 (aces)" in text
    assert text[-1] == "The pot holds 6; Ana has won 1 in a row (2 take the pot)"
    assert outcome.result["payments"] == [
        {"from": 1, "to": 0, "chips": 4, "items": {"win": 1, "aces": 2, "fours": 0, "burned": 1}},
        {"from": 2, "to": 0, "chips": 3, "items": {"win": 1, "aces": 2, "fours": 0, "burned": 0}},
    ]


def test_a_tongit_and_a_draw_name_their_item() -> None:
    state = tongits.initial_state(CLASSIC, 3, 0)
    _s, outcome = tongits.apply(state, tongit(1, A9, hand("2D 3D 4D | JH JS JC"), C10))
    assert "seat 0 pays seat 1 3: 3 (tongit)" in [item.english() for item in outcome.lines]
    _s, outcome = tongits.apply(state, draw(0, (), A9, hand("JH JS JD JC"), C10))
    assert "seat 1 pays seat 0 3: 3 (draw)" in [item.english() for item in outcome.lines]
    # the four is the loser's: it earns nothing
    _s, outcome = tongits.apply(state, stock_out(hand("9H 9S 9D 9C"), B10, C10))
    assert "seat 1 pays seat 0 4: 1 (win) + 3 (fours)" in [item.english() for item in outcome.lines]


def test_a_folder_pays_pay_fold_as_an_item_of_his_payment() -> None:
    # 1 fought and lost (10 > 9); 2 folded: 3 (draw) + 2 (folded) = 5.
    _s, outcome = tongits.apply(tongits.initial_state(Options(pay_fold=2), 3, 0), draw(0, (1,), A9, B10, C10))
    assert outcome.result["folded"] == [2]
    assert outcome.result["payments"] == [
        {"from": 1, "to": 0, "chips": 3, "items": {"draw": 3, "aces": 0, "fours": 0, "burned": 0, "fold": 0}},
        {"from": 2, "to": 0, "chips": 5, "items": {"draw": 3, "aces": 0, "fours": 0, "burned": 0, "fold": 2}},
    ]
    assert "seat 2 pays seat 0 5: 3 (draw) + 2 (folded)" in [item.english() for item in outcome.lines]
    assert "seat 1 pays seat 0 3: 3 (draw)" in [item.english() for item in outcome.lines]


def test_a_challenger_laying_down_his_concealed_melds_is_explained() -> None:
    _s, outcome = tongits.apply(tongits.initial_state(CLASSIC, 3, 0),
                                draw(0, (1,), A9, hand("", "2C", "JH JS JD"), C10))
    text = [item.english() for item in outcome.lines]
    assert "seat 1 fights the draw and lays their concealed melds down" in text
    assert "seat 0 called a draw: seat 1 wins with the lowest count, 2" in text
    assert outcome.result["burned"] == [] and outcome.result["reason"] == "lowest"


# ---------------------------------------------------------------- the pot and the streak


def won_by(winner: int) -> Play:
    """A stock-out that *winner* takes with count 0; the others count 9 and 10; nobody burned,
    no aces, no fours: each loser pays exactly 1."""
    hands = [hand("2H 2S 2D", "9C"), hand("3H 3S 3D", "10C"), hand("4H 4S 4D", "KC")]
    hands[winner] = hand("JH JS JD")
    return stock_out(*hands, last_draw=0)


EVERYONE_BURNED = stock_out(hand("", "2C"), hand("", "3C"), hand("", "4C"), last_draw=0)
# A hand: ante −2 each (pot +6), the winner +2 and each loser −1.


@pytest.mark.parametrize(("winners", "options", "totals", "pot", "streak"), [
    pytest.param([0], CLASSIC, (0, -3, -3), 6, (0, 1), id="one-win"),
    # h2: ante → (−2, −5, −5), pot 12; pay → (0, −6, −6); 2 in a row: 0 takes 12 → (12, −6, −6), pot 0.
    pytest.param([0, 0], CLASSIC, (12, -6, -6), 0, (None, 0), id="two-in-a-row-take-the-pot"),
    # h3 after the pot: ante → (10, −8, −8), pot 6; pay → (12, −9, −9); a new streak of 1.
    pytest.param([0, 0, 0], CLASSIC, (12, -9, -9), 6, (0, 1), id="streak-restarts-after-the-pot"),
    # h1 (0, −3, −3) pot 6; h2 won by 1: (−2, −5, −5) pot 12 → (−3, −3, −6), streak (1, 1);
    # h3 won by 1: (−5, −5, −8) pot 18 → (−6, −3, −9); 1 takes 18 → (−6, 15, −9).
    pytest.param([0, 1, 1], CLASSIC, (-6, 15, -9), 0, (None, 0), id="broken-streak-then-two"),
    # h1 (0, −3, −3) pot 6; h2 nobody wins: (−2, −5, −5) pot 12, streak broken;
    # h3 won by 0: (−4, −7, −7) pot 18 → (−2, −8, −8), streak (0, 1): no pot.
    pytest.param([0, None, 0], CLASSIC, (-2, -8, -8), 18, (0, 1), id="no-winner-breaks-the-streak"),
    # pot_streak 1: every winner takes the pot: (−2, −2, −2) pot 6 → (−3, −3, 0) → (−3, −3, 6).
    pytest.param([2], Options(pot_streak=1), (-3, -3, 6), 0, (None, 0), id="pot-streak-one"),
    # pot_streak 3: h1 (−3, 0, −3) 6; h2 (−5, −2, −5) 12 → (−6, 0, −6); h3 (−8, −2, −8) 18 →
    # (−9, 0, −9); 3 in a row: 1 takes 18 → (−9, 18, −9).
    pytest.param([1, 1, 1], Options(pot_streak=3), (-9, 18, -9), 0, (None, 0), id="pot-streak-three"),
    pytest.param([1, 1], Options(pot_streak=3), (-6, 0, -6), 12, (1, 2), id="pot-streak-three-not-yet"),
])
def test_the_pot_goes_to_a_streak(winners: list[int | None], options: Options, totals: tuple[int, ...], pot: int,
                                  streak: tuple[int | None, int]) -> None:
    result = sheet(*[EVERYONE_BURNED if w is None else won_by(w) for w in winners], options=options)
    assert result.errors == []
    assert result.state.totals == totals
    assert result.state.pot == pot
    assert tongits.dump_state(result.state)["streak"] == {"player": streak[0], "wins": streak[1]}
    assert sum(result.state.totals) + result.state.pot == 0


def test_taking_the_pot_is_explained_and_marked() -> None:
    result = sheet(won_by(0), won_by(0))
    last = result.rows[-1].outcome
    assert "pot" in last.marks[0]
    assert last.result["pot_taken"] == 12
    assert last.lines[-1].english() == "seat 0 has won 2 in a row and takes the pot of 12; the streak restarts"
    # the deal's deltas: 0: −2 + 2 + 12 = 12; 1, 2: −2 − 1 = −3
    assert last.deltas == (12, -3, -3)


def test_the_winner_deals_and_nobody_winning_passes_the_deal() -> None:
    result = sheet(won_by(2), EVERYONE_BURNED, first_dealer=1)
    assert [row.dealer for row in result.rows] == [1, 2]  # the first dealer, then the winner
    assert result.state.dealer == 0  # nobody won hand 2: the deal passes from 2 to the next seat, 0
    assert tongits.dump_state(result.state)["dealer"] == 0


def test_a_penalty_goes_into_the_pot() -> None:
    # h1: (0, −3, −3) pot 6. Penalty −2 for 1: (0, −5, −3) pot 8; then +8 for 2 out of the pot:
    # (0, −5, 5) pot 0. A penalty is no hand: no ante, the streak and the dealer stay.
    result = sheet(won_by(0), Penalty(1, -2, "wrong recording"), Penalty(2, 8))
    assert result.errors == []
    assert [row.totals for row in result.rows] == [(0, -3, -3), (0, -5, -3), (0, -5, 5)]
    assert result.state.pot == 0
    assert (result.state.streak_player, result.state.streak_wins, result.state.dealer) == (0, 1, 0)
    assert result.rows[1].outcome.lines[0].english() == "seat 1: penalty -2 (wrong recording), the pot now holds 8"
    assert result.rows[1].outcome.marks == ((), ("penalty",), ())


def test_a_penalty_cannot_empty_the_pot_below_zero() -> None:
    state = tongits.initial_state(CLASSIC, 3, 0)
    assert [v.code for v in tongits.validate(state, Penalty(1, 1))] == ["pot_too_small"]
    assert tongits.validate(state, Penalty(1, -1)) == []


def test_settlement_in_money() -> None:
    result = sheet(won_by(0), options=Options(chip_value="0.25"))
    # (0, −3, −3) × 0.25
    assert tongits.dump_state(result.state)["settlement"] == ["0.00", "-0.75", "-0.75"]
    assert "settlement" not in tongits.dump_state(sheet(won_by(0)).state)


def test_the_settlement_shows_what_is_left_in_the_pot() -> None:
    # One hand: (0, −3, −3) and 6 in the pot; at 0.25 a chip the pot holds 1.50, and
    # 0.00 − 0.75 − 0.75 + 1.50 = 0: the players and the pot add up to nothing.
    state = sheet(won_by(0), options=Options(chip_value="0.25")).state
    assert tongits.settlement(state) == {"players": ["0.00", "-0.75", "-0.75"], "pot": "1.50"}
    dumped = tongits.dump_state(state)
    assert (dumped["settlement"], dumped["settlement_pot"]) == (["0.00", "-0.75", "-0.75"], "1.50")
    # Two in a row: 0 takes the pot of 12: (12, −6, −6) and nothing left in it.
    state = sheet(won_by(0), won_by(0), options=Options(chip_value=2)).state
    assert tongits.settlement(state) == {"players": ["24", "-12", "-12"], "pot": "0"}
    assert tongits.settlement(sheet(won_by(0)).state) is None


# ---------------------------------------------------------------- stored matches


# A match stored before pay_fold, the quick entry and laying off: its frozen options and its
# entries, as the database holds them.
OLD_OPTIONS = {"ante": 2, "pay_win": 1, "pay_tongit": 3, "pay_draw": 3, "pay_per_ace": 1, "pay_per_four": 3,
               "pay_burned": 1, "pot_streak": 2, "runs": True, "chip_value": None}
OLD_HANDS = [{"melds": [["7H", "7S", "7D"]], "hand": ["9C"]}, {"melds": [["8H", "8S", "8D"]], "hand": ["10C"]},
             {"melds": [["5H", "5S", "5D"]], "hand": ["KC"]}]
OLD_ENTRIES = [
    {"type": "play", "ending": "stock_out", "last_draw": 2, "hands": OLD_HANDS},
    {"type": "play", "ending": "draw", "caller": 0, "challengers": [], "hands": OLD_HANDS},
    {"type": "penalty", "player": 1, "points": -2, "reason": "misdeal"},
    {"type": "play", "ending": "tongit", "caller": 1,
     "hands": [OLD_HANDS[0], {"melds": [], "secret": [["2D", "3D", "4D"], ["JH", "JS", "JC"]], "hand": []},
               OLD_HANDS[2]]},
]


def test_stored_options_without_the_new_ones_take_their_defaults() -> None:
    options = tongits.parse_options(OLD_OPTIONS)
    assert options == Options() and options.pay_fold == 0


def test_stored_entries_of_the_old_shape_still_replay() -> None:
    options = tongits.parse_options(OLD_OPTIONS)
    entries = [tongits.parse_entry(raw, 3) for raw in OLD_ENTRIES]
    assert [tongits.dump_entry(entry) for entry in entries] == OLD_ENTRIES  # stored as they were
    result = sheet(*entries, options=options)
    assert result.errors == []
    # h1: 0 wins (9 < 10): (0, −3, −3), pot 6. h2: draw nobody fought, 3 each: ante (−2, −5, −5)
    # pot 12 → (4, −8, −8); two in a row: 0 takes 12 → (16, −8, −8), pot 0. Penalty −2 for 1:
    # (16, −10, −8), pot 2. h4: 1's tongit from concealed melds, 3 each: ante (14, −12, −10) pot 8 →
    # (11, −6, −13), and 11 − 6 − 13 + 8 = 0.
    assert [row.totals for row in result.rows] == [(0, -3, -3), (16, -8, -8), (16, -10, -8), (11, -6, -13)]
    assert result.state.pot == 8
    assert (result.state.streak_player, result.state.streak_wins) == (1, 1)


# ---------------------------------------------------------------- entries: shape and validation


def raw_hand(melds: list[list[str]] | None = None, rest: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    return {"melds": melds if melds is not None else [], "hand": rest or []} | extra


SETS = [raw_hand([["7H", "7S", "7D"]], ["9C"]), raw_hand([["8H", "8S", "8D"]], ["10C"]),
        raw_hand([["5H", "5S", "5D"]], ["KC"])]


def raw(ending: str = "stock_out", hands: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"type": "play", "ending": ending, "hands": hands if hands is not None else SETS}
    if ending == "stock_out" and "last_draw" not in extra:
        entry["last_draw"] = 2
    return entry | extra


def with_hand(seat: int, replacement: dict[str, Any]) -> list[dict[str, Any]]:
    hands = list(SETS)
    hands[seat] = replacement
    return hands


# A stock-out with no last_draw: 0 and 1 each count 5 (a five left over), 2 counts 9 (9♣).
ISSUE_TIE = {"type": "play", "ending": "stock_out", "hands": [
    raw_hand([["7H", "7S", "7D"]], ["5C"]), raw_hand([["2H", "3H", "4H"]], ["5D"]), raw_hand([["KH", "KS", "KD"]], ["9C"])]}

FOURTEEN = raw_hand([["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"], ["JS", "JD", "JC"]], ["2D", "3D"])


@pytest.mark.parametrize(("entry", "options", "expected"), [
    pytest.param(raw(), CLASSIC, [], id="valid-stock-out"),
    pytest.param(raw("tongit", with_hand(1, raw_hand([["2D", "3D", "4D"]])), caller=1), CLASSIC, [], id="valid-tongit"),
    pytest.param(raw("draw", caller=0, challengers=[]), CLASSIC, [], id="valid-draw"),
    pytest.param(raw("draw", caller=0, challengers=[2, 1]), CLASSIC, [], id="valid-fought-draw"),
    # cards
    pytest.param(raw(hands=with_hand(0, raw_hand([["7H", "7S", "7D"]], ["1H"]))), CLASSIC, ["bad_card"],
                 id="bad-card-1h"),
    pytest.param(raw(hands=with_hand(0, raw_hand([["7H", "7S", "X1"]]))), CLASSIC, ["bad_card"], id="joker"),
    pytest.param(raw(hands=with_hand(1, raw_hand([["8H", "8S", "8D"]], ["9C"]))), CLASSIC, ["card_twice"],
                 id="card-in-two-hands"),
    pytest.param(raw(hands=with_hand(0, raw_hand([["7H", "7S", "7D"]], ["7H"]))), CLASSIC, ["card_twice"],
                 id="card-in-meld-and-hand"),
    pytest.param(raw(hands=with_hand(0, raw_hand([["7H", "7H", "7D"]]))), CLASSIC, ["bad_meld", "card_twice"],
                 id="card-twice-in-one-meld"),
    # melds
    pytest.param(raw(hands=with_hand(0, raw_hand([["7H", "7S", "6D"]]))), CLASSIC, ["bad_meld"], id="bad-set"),
    pytest.param(raw(hands=with_hand(0, raw_hand([["QH", "KH", "AH"]]))), CLASSIC, ["bad_meld"], id="q-k-a"),
    pytest.param(raw(hands=with_hand(0, raw_hand([["AH", "2H", "3H"]]))), CLASSIC, [], id="a-2-3"),
    pytest.param(raw(hands=with_hand(0, raw_hand([["AH", "2H", "3H"]]))), Options(runs=False), ["bad_meld"],
                 id="runs-off"),
    pytest.param(raw(hands=with_hand(0, raw_hand([["7H", "7S", "7D"]], secret=[["2C", "3D", "4C"]]))), CLASSIC,
                 ["bad_meld"], id="bad-secret-meld"),
    pytest.param(raw(hands=with_hand(0, FOURTEEN)), CLASSIC, ["too_many_cards"], id="fourteen-cards"),
    # endings
    pytest.param(raw("tongit", with_hand(1, raw_hand([["2D", "3D", "4D"]], ["2C"])), caller=1), CLASSIC,
                 ["tongit_with_cards_left"], id="tongit-with-cards-left"),
    pytest.param(raw("draw", with_hand(0, raw_hand([], ["2C"])), caller=0, challengers=[]), CLASSIC,
                 ["draw_without_meld"], id="draw-without-meld"),
    pytest.param(raw("draw", with_hand(0, raw_hand([], ["2C"], secret=[["JH", "JS", "JD"]])), caller=0,
                     challengers=[]), CLASSIC, ["draw_without_meld"], id="draw-with-only-a-secret-meld"),
    pytest.param(raw("tongit"), CLASSIC, ["bad_ending"], id="tongit-without-caller"),
    pytest.param(raw("draw", challengers=[]), CLASSIC, ["bad_ending"], id="draw-without-caller"),
    pytest.param(raw("draw", caller=0), CLASSIC, ["bad_ending"], id="draw-without-challengers"),
    pytest.param(raw("draw", caller=0, challengers=[0]), CLASSIC, ["bad_ending"], id="caller-challenges"),
    pytest.param(raw("draw", caller=0, challengers=[1, 1]), CLASSIC, ["bad_ending"], id="challenger-twice"),
    # RULES.md: last_draw "only when the lowest count is tied". SETS count 9, 10, 10: 0 wins alone.
    pytest.param(raw("stock_out", last_draw=None), CLASSIC, [], id="stock-out-without-last-draw-no-tie"),
    # 0 and 1 both count 9: the tie goes to whoever took the last card, so he must be named —
    # RULES.md's own code, last_draw_needed, not bad_ending (the ending is told right).
    pytest.param(raw("stock_out", with_hand(1, raw_hand([["8H", "8S", "8D"]], ["9D"])), last_draw=None), CLASSIC,
                 ["last_draw_needed"], id="stock-out-tie-without-last-draw"),
    # 1 and 2 tie at 10 among the players standing; 0 (9) is burned and out of it: a tie all the same.
    pytest.param(raw("stock_out", with_hand(0, raw_hand([], ["9C"])), last_draw=None), CLASSIC,
                 ["last_draw_needed"], id="stock-out-tie-among-the-unburned"),
    # The issue's example: 0 counts 5 (5♣), 1 counts 5 (5♦), 2 counts 9: 0 and 1 tie at 5.
    pytest.param(ISSUE_TIE, CLASSIC, ["last_draw_needed"], id="stock-out-tie-at-5-issue-example"),
    # The same hand with the last card named: nothing missing.
    pytest.param({**ISSUE_TIE, "last_draw": 1}, CLASSIC, [], id="stock-out-tie-at-5-last-draw-given"),
    # 0 is burned at 9, 1 counts 9 too, 2 counts 10: only 1 stands at 9, no tie to break.
    pytest.param(raw("stock_out", [raw_hand([], ["9C"]), raw_hand([["8H", "8S", "8D"]], ["9D"]), SETS[2]],
                     last_draw=None), CLASSIC, [], id="stock-out-burned-tie-is-no-tie"),
    pytest.param(raw("stock_out", caller=1), CLASSIC, ["bad_ending"], id="stock-out-with-caller"),
    pytest.param(raw("stock_out", challengers=[1]), CLASSIC, ["bad_ending"], id="stock-out-with-challengers"),
    pytest.param(raw("draw", caller=0, challengers=[], last_draw=1), CLASSIC, ["bad_ending"],
                 id="draw-with-last-draw"),
    # seats
    pytest.param(raw("tongit", caller=3), CLASSIC, ["bad_seat"], id="caller-seat-3"),
    pytest.param(raw("draw", caller=0, challengers=[5]), CLASSIC, ["bad_seat"], id="challenger-seat-5"),
    pytest.param(raw(last_draw=-1), CLASSIC, ["bad_seat"], id="last-draw-seat-minus-1"),
    pytest.param({"type": "penalty", "player": 3, "points": -1}, CLASSIC, ["bad_seat"], id="penalty-seat-3"),
    # shape
    pytest.param({"type": "play", "ending": "stock_out", "last_draw": 0}, CLASSIC, ["missing_field"],
                 id="no-hands"),
    pytest.param(raw(hands=SETS[:2]), CLASSIC, ["bad_type"], id="two-hands"),
    pytest.param(raw(ending="pass"), CLASSIC, ["bad_type"], id="unknown-ending"),
    pytest.param(raw(winner=0), CLASSIC, ["unknown_field"], id="unknown-field"),
    pytest.param(raw(hands=with_hand(2, {"cards": ["2C"]})), CLASSIC, ["unknown_field"], id="unknown-hand-field"),
    pytest.param(raw(hands=with_hand(2, {"melds": ["2C", "3C", "4C"]})), CLASSIC, ["bad_type"] * 3,
                 id="meld-not-a-list"),
    pytest.param(raw(hands=with_hand(2, ["5H", "5S", "5D"])), CLASSIC, ["bad_type"], id="hand-not-an-object"),
    pytest.param(raw(hands=with_hand(2, {"melds": "5H 5S 5D"})), CLASSIC, ["bad_type"], id="melds-as-text"),
    pytest.param(raw("draw", caller=0, challengers=1), CLASSIC, ["bad_type"], id="challengers-not-a-list"),
    pytest.param("play", CLASSIC, ["bad_type"], id="entry-not-an-object"),
    pytest.param({"ending": "tongit"}, CLASSIC, ["missing_field"], id="no-type"),
    pytest.param({"type": "bid"}, CLASSIC, ["bad_type"], id="unknown-type"),
    # every problem, not just the first
    pytest.param(raw("tongit", with_hand(0, raw_hand([["7H", "7S", "6D"]], ["10C"]))), CLASSIC,
                 ["bad_ending", "bad_meld", "card_twice"], id="several-at-once"),
])
def test_violation_codes(entry: Any, options: Options, expected: list[str]) -> None:
    assert codes(entry, options) == expected


@pytest.mark.parametrize(("entry", "fields"), [
    pytest.param(raw(hands=with_hand(1, raw_hand([["8H", "8S", "8D"], ["2C", "3D", "4C"]], ["10C"]))),
                 ["hands[1].melds[1]"], id="bad-meld-field"),
    pytest.param(raw(hands=with_hand(2, raw_hand([["5H", "5S", "5D"]], ["9C"]))), ["hands[2].hand[0]"],
                 id="card-twice-field-is-the-second"),
    pytest.param(raw("tongit", with_hand(1, raw_hand([["2D", "3D", "4D"]], ["2C"])), caller=1), ["hands[1].hand"],
                 id="tongit-field"),
    pytest.param(raw("draw", caller=0, challengers=[1, 0]), ["challengers[1]"], id="challenger-field"),
    pytest.param(raw(hands=with_hand(0, FOURTEEN)), ["hands[0]"], id="too-many-field"),
    pytest.param(ISSUE_TIE, ["last_draw"], id="last-draw-needed-field"),
])
def test_violation_fields(entry: dict[str, Any], fields: list[str]) -> None:
    parsed = tongits.parse_entry(entry, 3)
    assert [v.field for v in tongits.validate(tongits.initial_state(CLASSIC, 3, 0), parsed)] == fields


def test_bad_card_field() -> None:
    with pytest.raises(Rejected) as caught:
        tongits.parse_entry(raw(hands=with_hand(1, raw_hand([["8H", "8S", "8D"]], ["10C", "Z9"]))), 3)
    assert [(v.code, v.field) for v in caught.value.violations] == [("bad_card", "hands[1].hand[1]")]


def test_entries_are_written_canonically() -> None:
    entry = tongits.parse_entry({
        "type": "play", "ending": "draw", "caller": 0, "challengers": [2],
        "hands": [{"melds": [["10♥", "10♠️", "10d"]], "hand": ["Т♣"]},
                  {"hand": ["Дh"], "secret": [["ks", "kd", "kc"]]},
                  {"melds": [["2s", "3s", "4s"]], "hand": []}]}, 3)
    dumped = tongits.dump_entry(entry)
    assert dumped == {
        "type": "play", "ending": "draw", "caller": 0, "challengers": [2],
        "hands": [{"melds": [["10H", "10S", "10D"]], "hand": ["AC"]},
                  {"melds": [], "secret": [["KS", "KD", "KC"]], "hand": ["QH"]},
                  {"melds": [["2S", "3S", "4S"]], "hand": []}]}
    assert tongits.dump_entry(tongits.parse_entry(dumped, 3)) == dumped
    penalty = {"type": "penalty", "player": 1, "points": -3, "reason": "revoke"}
    assert tongits.dump_entry(tongits.parse_entry(penalty, 3)) == penalty


# ---------------------------------------------------------------- properties

DECK = [Card(rank, suit) for suit in Suit for rank in ORDER]
MELDS = ([tuple(Card(rank, suit) for suit in suits) for rank in ORDER
          for suits in [(Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS), (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS),
                        tuple(Suit)]]
         + [tuple(Card(ORDER[start + i], suit) for i in range(length))
            for suit in Suit for length in (3, 4, 5) for start in range(len(ORDER) - length + 1)])


@st.composite
def plays(draw_from: st.DrawFn, runs: bool = True) -> Play:
    """A legal hand: disjoint valid melds dealt to seats (laid or concealed), some laid sets made
    fours by a card another seat laid off, unmelded cards from the rest, at most 13 cards of his own
    a seat, and an ending with what it needs."""
    used: set[Card] = set()
    melds: list[list[tuple[Card, ...]]] = [[], [], []]
    secret: list[list[tuple[Card, ...]]] = [[], [], []]
    sizes = [0, 0, 0]
    for meld in draw_from(st.lists(st.sampled_from(MELDS), min_size=3, max_size=9)):
        seat = draw_from(st.integers(0, 2))
        if used & set(meld) or sizes[seat] + len(meld) > 13 or (not runs and not is_meld(meld, runs=False)):
            continue
        concealed = draw_from(st.integers(0, 3)) == 0  # mostly laid: few all-burned hands
        (secret if concealed else melds)[seat].append(meld)
        used |= set(meld)
        sizes[seat] += len(meld)
    laid_off: list[list[LaidOff]] = [[], [], []]
    for owner in range(3):
        for index, meld in enumerate(melds[owner]):
            if len(meld) != 3 or len({c.rank for c in meld}) != 1 or not draw_from(st.booleans()):
                continue
            fourth = next(Card(meld[0].rank, suit) for suit in Suit if Card(meld[0].rank, suit) not in meld)
            giver = draw_from(st.sampled_from([seat for seat in range(3) if seat != owner]))
            if fourth in used or sizes[giver] >= 13:
                continue
            melds[owner][index] = (*meld, fourth)
            laid_off[giver].append(LaidOff(owner, (fourth,)))
            used.add(fourth)
            sizes[giver] += 1
    rest = [card for card in draw_from(st.permutations(DECK)) if card not in used]
    unmelded: list[tuple[Card, ...]] = []
    for seat in range(3):
        take = draw_from(st.integers(0, min(3, 13 - sizes[seat])))  # few cards: ties happen
        unmelded.append(tuple(rest[:take]))
        rest = rest[take:]
    ending = draw_from(st.sampled_from(tongits.ENDINGS))
    if ending == "draw" and not any(melds):
        ending = "stock_out"
    caller = challengers = last_draw = None
    if ending == "stock_out":
        last_draw = draw_from(st.integers(0, 2))
    elif ending == "tongit":
        caller = draw_from(st.integers(0, 2))
        unmelded[caller] = ()
    else:
        caller = draw_from(st.sampled_from([seat for seat in range(3) if melds[seat]]))
        others = [seat for seat in range(3) if seat != caller]
        challengers = tuple(draw_from(st.lists(st.sampled_from(others), unique=True, max_size=2)))
    hands = tuple(Hand(tuple(melds[s]), unmelded[s], tuple(secret[s]), tuple(laid_off[s])) for s in range(3))
    return Play(ending, hands, caller, challengers, last_draw)


OPTION_SETS = [CLASSIC, TWO_FOUR_FOUR, Options(runs=False), Options(pot_streak=1, ante=0),
               Options(pot_streak=3, ante=5, pay_burned=7), Options(pay_fold=2, pay_per_ace=2)]


@st.composite
def matches(draw_from: st.DrawFn) -> tuple[Options, list[Play | Penalty]]:
    options = draw_from(st.sampled_from(OPTION_SETS))
    entries: list[Play | Penalty] = []
    for _ in range(draw_from(st.integers(1, 8))):
        if draw_from(st.integers(0, 4)) == 0:
            entries.append(Penalty(draw_from(st.integers(0, 2)), draw_from(st.integers(-5, 0))))
        else:
            entries.append(draw_from(plays(options.runs)))
    return options, entries


@given(matches())
def test_chips_are_zero_sum_across_players_and_the_pot(match: tuple[Options, list[Play | Penalty]]) -> None:
    options, entries = match
    result = sheet(*entries, options=options)
    assert result.errors == []
    state = tongits.initial_state(options, 3, 0)
    for row in result.rows:
        before_pot = state.pot
        state, outcome = tongits.apply(state, entries[row.number - 1])
        assert sum(row.totals) + state.pot == 0
        assert sum(outcome.deltas) == before_pot - state.pot  # what the players gained, the pot lost
        assert state.pot >= 0


@given(plays(), st.sampled_from(OPTION_SETS[:2]))
def test_the_winner_is_never_burned(entry: Play, options: Options) -> None:
    state = tongits.initial_state(options, 3, 0)
    assert tongits.validate(state, entry) == []
    _after, outcome = tongits.apply(state, entry)
    winner = outcome.result["winner"]
    assert winner not in outcome.result["burned"]
    if winner is None:  # only a stock-out where every player is burned has no winner
        assert entry.ending == "stock_out" and outcome.result["burned"] == [0, 1, 2]
    else:
        assert all(delta <= 0 for seat, delta in enumerate(outcome.deltas) if seat != winner)


@given(st.lists(st.sampled_from(MELDS), max_size=5))
def test_cards_made_of_melds_are_a_tongit(melds: list[tuple[Card, ...]]) -> None:
    held: list[Card] = []
    for meld in melds:
        if not set(meld) & set(held):
            held += meld
    assert is_tongit(held)
    assert count(held) == sum(min(ORDER.index(c.rank) + 1, 10) for c in held)


@given(plays())
def test_dump_and_parse_round_trip(entry: Play) -> None:
    dumped = tongits.dump_entry(entry)
    assert tongits.dump_entry(tongits.parse_entry(dumped, 3)) == dumped


def test_aces_are_rank_a() -> None:
    assert ORDER[0] is Rank.ACE and tongits.VALUES[Rank.KING] == 10 and tongits.VALUES[Rank.TEN] == 10
