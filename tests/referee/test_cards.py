"""Cards: every accepted spelling is a row, everything else is refused (API.md "Conventions",
STYLE.md 2.2). In the style of pypa/packaging's tests: tables of spellings, then properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import (
    Card,
    CardParseError,
    Joker,
    Rank,
    Suit,
    parse_card,
    parse_suit,
)

FE0F = "\ufe0f"  # the variation selector phones add after ♥

ALL_CARDS = [Card(rank, suit) for rank in Rank for suit in Suit]


@pytest.mark.parametrize(("text", "canonical"), [
    # canonical spellings
    ("10H", "10H"), ("QS", "QS"), ("AD", "AD"), ("9C", "9C"), ("2S", "2S"), ("JH", "JH"), ("KD", "KD"),
    # lower case: rank, suit or both
    ("qs", "QS"), ("qS", "QS"), ("Qs", "QS"), ("10h", "10H"), ("ad", "AD"), ("jc", "JC"), ("kd", "KD"),
    # suit symbols, with and without U+FE0F, and the outline symbols
    ("10♥", "10H"), ("10♥" + FE0F, "10H"), ("10♥\ufe0e", "10H"), ("Q♠", "QS"), ("A♦", "AD"), ("9♣", "9C"),
    ("K♠" + FE0F, "KS"), ("A♡", "AH"), ("Q♤", "QS"), ("J♢", "JD"), ("10♧", "10C"),
    # Cyrillic ranks: В jack, Д queen, К king, Т ace (туз), upper and lower case
    ("ВH", "JH"), ("Дs", "QS"), ("Д♠", "QS"), ("КD", "KD"), ("ТH", "AH"), ("Т♥" + FE0F, "AH"),
    ("вh", "JH"), ("дs", "QS"), ("кc", "KC"), ("тd", "AD"),
    # surrounding spaces
    (" 10H ", "10H"), ("\tQS\n", "QS"),
    # jokers
    ("X1", "X1"), ("X2", "X2"), ("x1", "X1"), ("x2", "X2"),
])
def test_accepted_spellings(text: str, canonical: str) -> None:
    assert parse_card(text).code == canonical


@pytest.mark.parametrize("text", [
    pytest.param("TH", id="latin-T-is-not-ten-nor-ace"),
    pytest.param("tH", id="latin-t-lower"),
    pytest.param("T♥", id="latin-T-symbol"),
    pytest.param("BH", id="latin-B-is-not-cyrillic-V"),
    pytest.param("1H", id="one-for-ten"),
])
def test_look_alikes_are_refused_with_a_hint(text: str) -> None:
    with pytest.raises(CardParseError) as caught:
        parse_card(text)
    message = str(caught.value)
    assert repr(text) in message
    assert "10" in message or "Cyrillic" in message


@pytest.mark.parametrize("text", [
    # wrong numbers
    pytest.param("11H", id="no-eleven"), pytest.param("0H", id="zero"), pytest.param("01H", id="leading-zero"),
    pytest.param("1OH", id="letter-O-for-zero"), pytest.param("100H", id="hundred"),
    # digits that only isdigit() or NFKC would accept
    pytest.param("１０H", id="full-width-digits"), pytest.param("¹0H", id="superscript-one"),
    pytest.param("١٠H", id="arabic-indic-digits"), pytest.param("Ｑ♠", id="full-width-Q"),
    # letters that only str.upper() would map
    pytest.param("Qſ", id="long-s-upper-is-S"), pytest.param("ſ", id="long-s-alone"),
    pytest.param("Kı", id="dotless-i"),
    # Latin look-alikes of Cyrillic: no folding either way
    pytest.param("AΗ", id="greek-eta-for-H"),
    # wrong suits or nothing
    pytest.param("KX", id="suit-X"), pytest.param("K", id="rank-only"), pytest.param("H", id="suit-only"),
    pytest.param("10♥♥", id="two-suits"), pytest.param("10HH", id="two-suit-letters"),
    pytest.param("QS ♠", id="suit-and-symbol"), pytest.param("Q S", id="inner-space"),
    pytest.param("X3", id="no-third-joker"), pytest.param("X1H", id="joker-with-suit"),
    pytest.param("", id="empty"), pytest.param("  ", id="blank"), pytest.param(FE0F, id="only-FE0F"),
])
def test_refused_spellings(text: str) -> None:
    with pytest.raises(CardParseError, match="not a card"):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 10, 10.0, b"10H", ["10H"], Card(Rank.TEN, Suit.HEARTS)],
                         ids=["None", "int", "float", "bytes", "list", "card"])
def test_non_text_is_refused(value: object) -> None:
    with pytest.raises(CardParseError):
        parse_card(value)  # type: ignore[arg-type]


def test_card_parse_error_is_a_value_error() -> None:
    assert issubclass(CardParseError, ValueError)


@pytest.mark.parametrize(("text", "suit"), [
    ("H", Suit.HEARTS), ("h", Suit.HEARTS), ("♥", Suit.HEARTS), ("♥" + FE0F, Suit.HEARTS), ("♡", Suit.HEARTS),
    ("D", Suit.DIAMONDS), ("d", Suit.DIAMONDS), ("♦", Suit.DIAMONDS),
    ("C", Suit.CLUBS), ("c", Suit.CLUBS), ("♣" + FE0F, Suit.CLUBS),
    ("S", Suit.SPADES), ("s", Suit.SPADES), ("♠", Suit.SPADES), (" S ", Suit.SPADES),
])
def test_parse_suit(text: str, suit: Suit) -> None:
    assert parse_suit(text) is suit


@pytest.mark.parametrize("text", ["", "X", "HH", "♥♥", "ſ", "Ｈ", "10H", "Hearts", None, 1])
def test_parse_suit_refuses(text: object) -> None:
    with pytest.raises(CardParseError, match="not a suit"):
        parse_suit(text)  # type: ignore[arg-type]


def test_the_deck_has_52_distinct_canonical_codes() -> None:
    codes = {card.code for card in ALL_CARDS}
    assert len(codes) == 52
    assert {"10H", "QS", "2C", "AD"} <= codes


cards = st.sampled_from([*ALL_CARDS, *Joker])


@given(cards)
def test_the_code_parses_back(card: Card | Joker) -> None:
    assert parse_card(card.code) == card


@given(cards)
def test_repr_rebuilds_the_card(card: Card | Joker) -> None:
    assert eval(repr(card), {"parse_card": parse_card}) == card


SUIT_SPELLINGS = {
    Suit.HEARTS: ["H", "h", "♥", "♥" + FE0F, "♡"], Suit.DIAMONDS: ["D", "d", "♦", "♦" + FE0F, "♢"],
    Suit.CLUBS: ["C", "c", "♣", "♣" + FE0F, "♧"], Suit.SPADES: ["S", "s", "♠", "♠" + FE0F, "♤"],
}
RANK_SPELLINGS = {rank: [rank.value, rank.value.lower()] for rank in Rank} | {
    Rank.JACK: ["J", "j", "В", "в"], Rank.QUEEN: ["Q", "q", "Д", "д"],
    Rank.KING: ["K", "k", "К", "к"], Rank.ACE: ["A", "a", "Т", "т"],
}


@given(st.sampled_from(ALL_CARDS), st.data())
def test_every_spelling_of_a_card_means_that_card(card: Card, data: st.DataObject) -> None:
    rank = data.draw(st.sampled_from(RANK_SPELLINGS[card.rank]), label="rank spelling")
    suit = data.draw(st.sampled_from(SUIT_SPELLINGS[card.suit]), label="suit spelling")
    assert parse_card(rank + suit) == card


@given(st.text(max_size=5))
def test_any_text_is_a_card_or_a_card_parse_error(text: str) -> None:
    try:
        card = parse_card(text)
    except CardParseError:
        return
    assert parse_card(card.code) == card
