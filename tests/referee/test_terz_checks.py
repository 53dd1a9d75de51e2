"""Терц's referee checks at the table: who takes this trick, may I play this card, may I swap the
trump seven, what are these taken cards worth. Worked by hand from seed 000 and RULES.md ("terz"):

- plain order 7 8 9 J Q K 10 A; trump order 7 8 Q K 10 A 9 J;
- plain points A 11, 10 10, K 3, Q 2, J 1; trump J 20, 9 13, A 11, 10 10, K 3, Q 2; last trick 10;
- answering while the talon lasts: follow suit, else trump; once it is empty: beat the card led
  (a higher card of its suit, a higher trump on a trump), else follow suit, else trump; else any
  card. The trump jack may always be played;
- the trump seven is swapped for the turned-up trump by its holder, before his own play, while
  the talon holds at least two cards.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card, Rank, Suit, parse_card
from referee.games import terz
from referee.ledger import Rejected

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
DECK = [Card(rank, suit) for suit in Suit for rank in terz.SEQUENCE]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())  # type: ignore[misc]


def english(check: Any) -> list[str]:
    return [item.english() for item in check.lines]


def refused(call: Any, *args: Any) -> list[tuple[str, str | None]]:
    with pytest.raises(Rejected) as caught:
        call(*args)
    return [(v.code, v.field) for v in caught.value.violations]


# ---------------------------------------------------------------- who takes this trick


@pytest.mark.parametrize(("trump", "trick", "winner", "reason", "points"), [
    # plain order 7 8 9 J Q K 10 A
    pytest.param(H, "9S JS", 1, "same_suit", 1, id="plain-jack-over-nine"),  # 0 + 1
    pytest.param(H, "QS JS", 0, "same_suit", 3, id="plain-queen-over-jack"),  # 2 + 1
    pytest.param(H, "KS 10S", 1, "same_suit", 13, id="plain-ten-over-king"),  # 3 + 10
    pytest.param(H, "AS 10S", 0, "same_suit", 21, id="plain-ace-over-ten"),  # 11 + 10
    pytest.param(H, "7C 8C", 1, "same_suit", 0, id="plain-eight-over-seven"),
    # trump order 7 8 Q K 10 A 9 J
    pytest.param(H, "AH 9H", 1, "same_suit", 24, id="trump-nine-over-ace"),  # 11 + 13
    pytest.param(H, "JH 9H", 0, "same_suit", 33, id="trump-jack-over-nine"),  # 20 + 13
    pytest.param(H, "10H 9H", 1, "same_suit", 23, id="trump-nine-over-ten"),  # 10 + 13
    pytest.param(H, "QH 8H", 0, "same_suit", 2, id="trump-queen-over-eight"),  # 2 + 0
    pytest.param(H, "QH KH", 1, "same_suit", 5, id="trump-king-over-queen"),  # 2 + 3
    # the same two cards, in trumps or not: A over 9 plain, 9 over A in trumps; Q over J plain, J over Q in trumps
    pytest.param(S, "AD 9D", 0, "same_suit", 11, id="ace-over-nine-plain"),  # 11 + 0
    pytest.param(D, "AD 9D", 1, "same_suit", 24, id="nine-over-ace-in-trumps"),  # 11 + 13
    pytest.param(H, "JC QC", 1, "same_suit", 3, id="queen-over-jack-plain"),  # 1 + 2
    pytest.param(C, "JC QC", 0, "same_suit", 22, id="jack-over-queen-in-trumps"),  # 20 + 2
    # a trump beats any card that is not one, led or answered
    pytest.param(H, "AS 7H", 1, "trump", 11, id="lowest-trump-over-plain-ace"),  # 11 + 0
    pytest.param(H, "7H AS", 0, "trump", 11, id="trump-led-holds-against-plain-ace"),
    # another suit, no trump: the card led holds
    pytest.param(H, "7S AD", 0, "off_suit", 11, id="off-suit-ace-cannot-take"),  # 0 + 11
    pytest.param(H, "KS 10C", 0, "off_suit", 13, id="off-suit-ten"),  # 3 + 10
])
def test_who_takes_the_trick(trump: Suit, trick: str, winner: int, reason: str, points: int) -> None:
    check = terz.trick_check(trump, trick.split())
    assert (check.winner, check.reason, check.points) == (winner, reason, points)
    assert check.cards == cards(trick)


@pytest.mark.parametrize(("trump", "trick", "lines"), [
    pytest.param(H, "KS 10S", ["Trumps: ♥. K♠ led, 10♠ answered.",
                               "Both ♠: 10♠ is above K♠ in the order 7 8 9 J Q K 10 A.",
                               "10♠ takes the trick, with 13 card points in it."], id="plain"),
    pytest.param(H, "AH 9H", ["Trumps: ♥. A♥ led, 9♥ answered.",
                              "Both trumps: 9♥ is above A♥ in the trump order 7 8 Q K 10 A 9 J.",
                              "9♥ takes the trick, with 24 card points in it."], id="trumps"),
    pytest.param(H, "AS 7H", ["Trumps: ♥. A♠ led, 7♥ answered.",
                              "7♥ is a trump: it beats A♠, which is not.",
                              "7♥ takes the trick, with 11 card points in it."], id="trumped"),
    pytest.param(H, "7S AD", ["Trumps: ♥. 7♠ led, A♦ answered.",
                              "A♦ is neither ♠, the suit led, nor a trump: it cannot take the trick.",
                              "7♠ takes the trick, with 11 card points in it."], id="off-suit"),
])
def test_the_trick_explained(trump: Suit, trick: str, lines: list[str]) -> None:
    assert english(terz.trick_check(trump, trick.split())) == lines


def test_a_trick_in_any_spelling() -> None:
    assert terz.trick_check("♥️", ["д♠", "Т♠"]).cards == cards("QS AS")


@pytest.mark.parametrize(("trump", "trick", "problems"), [
    pytest.param("H", ["AS"], [("trick_size", "cards")], id="one-card"),
    pytest.param("H", ["AS", "KS", "QS"], [("trick_size", "cards")], id="three-cards"),
    pytest.param("H", [], [("trick_size", "cards")], id="no-cards"),
    pytest.param("H", ["AS", "AS"], [("card_twice", "cards[1]")], id="card-twice"),
    # Seed 000: "Кількість карт в колоді: 32" — 7 to ace
    pytest.param("H", ["6S", "AS"], [("bad_card", "cards[0]")], id="six-not-in-deck"),
    pytest.param("H", ["AS", "X1"], [("bad_card", "cards[1]")], id="joker"),
    pytest.param("H", "AS KS", [("bad_type", "cards")], id="not-a-list"),
    pytest.param("X", ["AS", "KS"], [("bad_card", "trump")], id="bad-trump"),
    pytest.param(None, ["ZZ", "KS"], [("bad_card", "trump"), ("bad_card", "cards[0]")], id="every-problem"),
])
def test_a_trick_refused(trump: Any, trick: Any, problems: list[tuple[str, str]]) -> None:
    assert refused(terz.trick_check, trump, trick) == problems


# ---------------------------------------------------------------- may I play this card


@pytest.mark.parametrize(("hand", "table", "talon_empty", "card", "legal", "duty", "allowed"), [
    # "Ходять по одній карті": the duties are for the answer; the lead is free
    pytest.param("7S 10S 9H 8D", "", False, "8D", True, "lead", "7S 10S 9H 8D", id="lead-any"),
    pytest.param("7S 10S 9H 8D", "", True, "7S", True, "lead", "7S 10S 9H 8D", id="lead-any-talon-empty"),
    # while the talon lasts: "Карти у відповідь необхідно класти в масть" — any card of the suit, no need to beat
    pytest.param("7S 10S 9H 8D", "KS", False, "7S", True, "follow_suit", "7S 10S", id="follow-low-allowed"),
    pytest.param("7S 10S 9H 8D", "KS", False, "9H", False, "follow_suit", "7S 10S", id="follow-not-trump"),
    pytest.param("7S 10S 9H 8D", "KS", False, "8D", False, "follow_suit", "7S 10S", id="follow-not-discard"),
    pytest.param("7H AS", "10H", False, "7H", True, "follow_suit", "7H", id="trump-led-any-trump"),
    # "якщо такої карти немає, то необхідно класти козир"
    pytest.param("9H 8H 8D QC", "KS", False, "8H", True, "trump", "9H 8H", id="void-must-trump"),
    pytest.param("9H 8H 8D QC", "KS", False, "8D", False, "trump", "9H 8H", id="void-discard-refused"),
    pytest.param("8D QC AD", "KS", False, "QC", True, "free", "8D QC AD", id="void-no-trump-any"),
    # the talon empty: "необхідно перебивати карту суперника: класти карту старшої масті"
    pytest.param("7S 10S AS 9H", "KS", True, "10S", True, "beat", "10S AS", id="beat-ten-over-king"),
    pytest.param("7S 10S AS 9H", "KS", True, "7S", False, "beat", "10S AS", id="beat-low-refused"),
    pytest.param("7S 10S AS 9H", "KS", True, "9H", False, "beat", "10S AS", id="beat-not-trump"),
    pytest.param("9S QS", "JS", True, "9S", False, "beat", "QS", id="beat-nine-is-below-jack"),
    # "або класти старший козир, якщо карта ходу козирна": 9 over A in trumps, K below
    pytest.param("9H KH 7S", "AH", True, "9H", True, "beat", "9H", id="beat-trump-with-nine"),
    pytest.param("9H KH 7S", "AH", True, "KH", False, "beat", "9H", id="beat-trump-king-too-low"),
    # cannot beat: still follow suit
    pytest.param("7S 10S 9H", "AS", True, "7S", True, "follow_suit", "7S 10S", id="cannot-beat-follow"),
    pytest.param("7S 10S 9H", "AS", True, "9H", False, "follow_suit", "7S 10S", id="cannot-beat-not-trump"),
    pytest.param("AH KH 7S", "9H", True, "KH", True, "follow_suit", "AH KH", id="cannot-beat-trump-follow"),
    # void: a trump is the only card that beats the card led
    pytest.param("7H 8D", "AS", True, "7H", True, "trump", "7H", id="empty-void-must-trump"),
    pytest.param("7H 8D", "AS", True, "8D", False, "trump", "7H", id="empty-void-discard-refused"),
    pytest.param("8D QC", "AS", True, "QC", True, "free", "8D QC", id="empty-void-no-trump-any"),
    pytest.param("AS 7D", "10H", True, "7D", True, "free", "AS 7D", id="trump-led-no-trump-any"),
    # "За своїм бажанням гравець може покласти тільки валета козирного"
    pytest.param("7S JH 8D", "KS", False, "JH", True, "follow_suit", "7S JH", id="jack-free-while-talon"),
    pytest.param("AS JH", "KS", True, "JH", True, "beat", "AS JH", id="jack-free-instead-of-beating"),
    pytest.param("JH 9H 8D", "KS", False, "JH", True, "trump", "JH 9H", id="jack-meets-the-trump-duty"),
    pytest.param("JH 7H", "9H", True, "7H", False, "beat", "JH", id="jack-beats-the-nine"),
    pytest.param("7S JD", "KS", False, "JD", False, "follow_suit", "7S", id="other-jacks-not-free"),
])
def test_may_i_play(hand: str, table: str, talon_empty: bool, card: str, legal: bool, duty: str,
                    allowed: str) -> None:
    check = terz.play_check(hand.split(), H, table.split(), talon_empty, card)
    assert (check.legal, check.duty, check.allowed) == (legal, duty, cards(allowed))
    assert check.card == parse_card(card)


@pytest.mark.parametrize(("hand", "table", "card", "free_jack"), [
    pytest.param("7S JH", "KS", "JH", True, id="against-the-duty"),
    pytest.param("JH 9H", "KS", "JH", False, id="meets-the-duty"),
    pytest.param("7S JH", "", "JH", False, id="lead"),
    pytest.param("7S JH", "KS", "7S", False, id="not-the-jack"),
])
def test_the_trump_jack_is_free(hand: str, table: str, card: str, free_jack: bool) -> None:
    assert terz.play_check(hand.split(), H, table.split(), False, card).free_jack is free_jack


@pytest.mark.parametrize(("hand", "table", "talon_empty", "card", "lines"), [
    pytest.param("7S 10S", "", False, "7S", ["Nothing on the table yet: any card may be led.", "7♠ may be played."],
                 id="lead"),
    pytest.param("7S 10S 9H", "KS", False, "9H", [
        "K♠ led and cards are left in the talon: follow suit, else trump.",
        "The hand holds ♠: 7♠ 10♠.",
        "9♥ may not be played."], id="follow"),
    pytest.param("7S 10S AS JH", "KS", True, "JH", [
        "K♠ led and the talon is empty: beat it if the hand can.",
        "The hand can beat it in ♠: 10♠ A♠.",
        "J♥, the trump jack, may be played at will, whatever the duty.",
        "J♥ may be played."], id="beat-and-jack"),
    pytest.param("7S 9H", "AS", True, "7S", [
        "A♠ led and the talon is empty: beat it if the hand can.",
        "The hand cannot beat it, but holds ♠: 7♠.",
        "7♠ may be played."], id="cannot-beat"),
    pytest.param("8H 8D", "AS", False, "8D", [
        "A♠ led and cards are left in the talon: follow suit, else trump.",
        "No ♠ in the hand: it must trump, with 8♥.",
        "8♦ may not be played."], id="trump"),
    pytest.param("8C 8D", "AS", True, "8D", [
        "A♠ led and the talon is empty: beat it if the hand can.",
        "Neither ♠ nor a trump in the hand: any card.",
        "8♦ may be played."], id="free"),
])
def test_may_i_play_explained(hand: str, table: str, talon_empty: bool, card: str, lines: list[str]) -> None:
    assert english(terz.play_check(hand.split(), "H", table.split(), talon_empty, card)) == lines


def test_the_card_counts_as_in_the_hand_and_no_table_is_a_lead() -> None:
    check = terz.play_check(["7S"], "H", None, False, "9H")
    assert (check.legal, check.duty, check.allowed) == (True, "lead", cards("7S 9H"))
    assert terz.play_check(["7S"], "H", ["KS"], False, "9H").allowed == cards("7S")


@pytest.mark.parametrize(("hand", "table", "talon_empty", "card", "problems"), [
    # "кожному гравцеві здається по 9 карт": 9 in the hand and the 10th played
    pytest.param("7S 8S 9S 10S JS QS KS AS 7H", [], False, "8H", [("too_many_cards", "hand")], id="ten-cards"),
    pytest.param("7S 8S", ["KS", "AS"], False, "7S", [("trick_size", "table")], id="two-on-the-table"),
    pytest.param("7S KS", ["KS"], False, "7S", [("card_twice", "table[0]")], id="table-card-in-hand"),
    pytest.param("7S", ["7S"], False, "7S", [("card_twice", "table[0]")], id="table-card-played"),
    pytest.param("7S 7S", [], False, "7S", [("card_twice", "hand[1]")], id="hand-card-twice"),
    pytest.param("7S", [], "yes", "7S", [("bad_type", "talon_empty")], id="talon-empty-not-bool"),
    pytest.param("7S", [], False, "6S", [("bad_card", "card")], id="six-played"),
    pytest.param("7S", ["2S"], False, "7S", [("bad_card", "table[0]")], id="two-on-the-table-deck"),
    pytest.param("7S", "KS", False, "7S", [("bad_type", "table")], id="table-not-a-list"),
])
def test_may_i_play_refused(hand: str, table: Any, talon_empty: Any, card: str,
                            problems: list[tuple[str, str]]) -> None:
    assert refused(terz.play_check, hand.split(), "H", table, talon_empty, card) == problems


# ---------------------------------------------------------------- may I swap the trump seven


@pytest.mark.parametrize(("hand", "talon", "my_turn", "legal", "reasons"), [
    # "Якщо у гравця є козирна сімка, то він може ... замінити її на відкритий козир"
    pytest.param("7H AS KD", 5, True, True, (), id="holder-before-his-play"),
    pytest.param("7H AS KD", 13, True, True, (), id="full-talon"),
    # "за умови якщо в колоді не менше двох карт"
    pytest.param("7H AS KD", 2, True, True, (), id="two-left-is-enough"),
    pytest.param("7H AS KD", 1, True, False, ("talon_too_small",), id="one-left"),
    pytest.param("7H AS KD", 0, True, False, ("talon_too_small",), id="talon-empty"),
    # "козирна сімка": the seven of trumps, not another seven
    pytest.param("7S AS KD", 5, True, False, ("no_trump_seven",), id="seven-of-spades-is-no-trump"),
    # "в будь-який момент перед своїм ходом"
    pytest.param("7H AS KD", 5, False, False, ("not_your_turn",), id="not-his-turn"),
    pytest.param("AS", 1, False, False, ("no_trump_seven", "not_your_turn", "talon_too_small"), id="every-reason"),
])
def test_may_i_swap_the_trump_seven(hand: str, talon: int, my_turn: bool, legal: bool,
                                    reasons: tuple[str, ...]) -> None:
    check = terz.trump_seven_check(hand.split(), H, talon, my_turn)
    assert (check.seven, check.legal, check.reasons) == (parse_card("7H"), legal, reasons)


@pytest.mark.parametrize(("hand", "talon", "my_turn", "lines"), [
    pytest.param("7H AS", 3, True, ["7♥ may be swapped for the turned-up trump: it is the holder's turn and 3 cards "
                                    "are left in the talon."], id="yes"),
    pytest.param("AS", 1, False, ["The hand does not hold 7♥, the trump seven.",
                                  "The seven is swapped only before its holder's own play.",
                                  "Cards left in the talon: 1; the swap needs at least 2."], id="no"),
])
def test_the_swap_explained(hand: str, talon: int, my_turn: bool, lines: list[str]) -> None:
    assert english(terz.trump_seven_check(hand.split(), "♥", talon, my_turn)) == lines


@pytest.mark.parametrize(("hand", "talon", "my_turn", "problems"), [
    # 32 − 2 × 9 = 14, less the turned-up trump: at most 13 face down
    pytest.param("7H", 14, True, [("out_of_range", "talon")], id="talon-over-13"),
    pytest.param("7H", -1, True, [("out_of_range", "talon")], id="talon-negative"),
    pytest.param("7H", "2", True, [("bad_type", "talon")], id="talon-as-text"),
    pytest.param("7H", True, True, [("bad_type", "talon")], id="talon-as-bool"),
    pytest.param("7H", 2, None, [("bad_type", "my_turn")], id="turn-not-bool"),
    pytest.param("7S 8S 9S 10S JS QS KS AS 7H 8H", 2, True, [("too_many_cards", "hand")], id="ten-cards"),
    pytest.param("7H 6H", 2, True, [("bad_card", "hand[1]")], id="six"),
])
def test_the_swap_refused(hand: str, talon: Any, my_turn: Any, problems: list[tuple[str, str]]) -> None:
    assert refused(terz.trump_seven_check, hand.split(), "H", talon, my_turn) == problems


# ---------------------------------------------------------------- card points of taken cards


@pytest.mark.parametrize(("taken", "trump", "last_trick", "points"), [
    pytest.param("JH 9H", H, False, 33, id="trump-jack-and-nine"),  # 20 + 13
    pytest.param("JS 9S", H, False, 1, id="plain-jack-and-nine"),  # 1 + 0
    pytest.param("AS 10S KS QS JS 9S 8S 7S", H, False, 27, id="a-plain-suit"),  # 11 + 10 + 3 + 2 + 1
    pytest.param("AH 10H KH QH JH 9H 8H 7H", H, False, 59, id="the-trump-suit"),  # 11 + 10 + 3 + 2 + 20 + 13
    pytest.param("7S 8D 7C 8C", H, False, 0, id="blank-cards"),
    pytest.param("AS 10D", H, True, 31, id="with-the-last-trick"),  # 11 + 10 + 10
    pytest.param("", H, False, 0, id="nothing-taken"),
    pytest.param("JD QD", D, False, 22, id="trumps-diamonds"),  # 20 + 2
    pytest.param("JD QD", S, True, 13, id="diamonds-plain"),  # 1 + 2 + 10
])
def test_card_points(taken: str, trump: Suit, last_trick: bool, points: int) -> None:
    check = terz.points_check(taken.split(), trump, last_trick)
    assert (check.points, check.cards, check.last_trick) == (points, cards(taken), last_trick)


def test_the_whole_deck_is_150_with_the_last_trick() -> None:
    # Seed 000: "Загальна кількість очок 150": 3 × 27 + 59 + 10
    for trump in Suit:
        assert terz.points_check([c.code for c in DECK], trump, True).points == terz.CARD_POINTS


def test_card_points_explained() -> None:
    assert english(terz.points_check(["JH", "7H", "AS", "10D"], "H", True)) == [
        "In trumps: J♥ 20 + 7♥ 0 = 20.",
        "Not in trumps: A♠ 11 + 10♦ 10 = 21.",
        "The last trick: 10.",
        "Card points: 20 + 21 + 10 = 51.",
    ]
    assert english(terz.points_check(["KS"], "H")) == ["Not in trumps: K♠ 3 = 3.", "Card points: 3."]


@pytest.mark.parametrize(("taken", "last_trick", "problems"), [
    pytest.param(["AS", "AS"], False, [("card_twice", "cards[1]")], id="card-twice"),
    pytest.param(["AS"], "yes", [("bad_type", "last_trick")], id="last-trick-not-bool"),
    pytest.param(["6S"], False, [("bad_card", "cards[0]")], id="six"),
])
def test_card_points_refused(taken: Any, last_trick: Any, problems: list[tuple[str, str]]) -> None:
    assert refused(terz.points_check, taken, "H", last_trick) == problems


# ---------------------------------------------------------------- properties


two_cards = st.lists(st.sampled_from(DECK), min_size=2, max_size=2, unique=True)
suits = st.sampled_from(list(Suit))


@given(two_cards, suits)
def test_the_taker_does_not_depend_on_the_order_within_a_suit_or_against_a_trump(pair: list[Card], trump: Suit) -> None:
    first, second = pair
    ahead = terz.trick_check(trump, pair)
    behind = terz.trick_check(trump, [second, first])
    taker = pair[ahead.winner]
    if first.suit is second.suit or trump in (first.suit, second.suit):
        assert [second, first][behind.winner] == taker
    else:
        assert (ahead.winner, behind.winner) == (0, 0)  # two plain suits: the card led holds
    assert ahead.points == behind.points == terz.card_points(pair, trump)


@given(st.permutations(DECK), st.integers(0, 32), suits, st.booleans())
def test_any_split_of_the_deck_adds_up_to_150(deck: list[Card], cut: int, trump: Suit, first_took_last: bool) -> None:
    mine, theirs = deck[:cut], deck[cut:]
    total = (terz.points_check(mine, trump, first_took_last).points
             + terz.points_check(theirs, trump, not first_took_last).points)
    assert total == terz.CARD_POINTS


@st.composite
def answers(draw: st.DrawFn) -> tuple[list[Card], Card, Suit]:
    """A hand of 1 to 9 cards and a card led from outside it."""
    chosen = draw(st.lists(st.sampled_from(DECK), min_size=2, max_size=10, unique=True))
    return chosen[1:], chosen[0], draw(suits)


@given(answers(), st.booleans())
def test_there_is_always_a_card_to_play(deal: tuple[list[Card], Card, Suit], talon_empty: bool) -> None:
    hand, led, trump = deal
    check = terz.play_check(hand, trump, [led], talon_empty, hand[0])
    assert check.allowed and set(check.allowed) <= set(hand)
    assert check.duty in terz.DUTIES
    assert check.legal is (hand[0] in check.allowed)


@given(answers())
def test_once_the_talon_is_empty_whoever_can_take_the_trick_must(deal: tuple[list[Card], Card, Suit]) -> None:
    hand, led, trump = deal
    check = terz.play_check(hand, trump, [led], True, hand[0])
    # The suit led is followed still: a trump takes the trick only from a hand void in that suit.
    candidates = [card for card in hand if card.suit is led.suit] or hand
    if any(terz.trick_check(trump, [led, card]).winner == 1 for card in candidates):
        assert all(terz.trick_check(trump, [led, card]).winner == 1 for card in check.allowed)


@given(answers())
def test_while_the_talon_lasts_the_suit_led_is_followed(deal: tuple[list[Card], Card, Suit]) -> None:
    hand, led, trump = deal
    allowed = terz.play_check(hand, trump, [led], False, hand[0]).allowed
    jack = Card(Rank.JACK, trump)
    if any(card.suit is led.suit for card in hand):
        assert all(card.suit is led.suit for card in allowed if card != jack)
