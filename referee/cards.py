"""Cards in every spelling API.md accepts, and one canonical spelling out.

Canonical: rank ``2``–``10``, ``J``, ``Q``, ``K``, ``A`` then suit ``S`` ``H`` ``D`` ``C``
(``10H``, ``QS``); jokers ``X1`` and ``X2``. Accepted on input as well: suit symbols (with or
without the U+FE0F variation selector phones add), lower case, and the Cyrillic ranks В (jack),
Д (queen), К (king), Т (ace). Every accepted spelling is a row in a table below: nothing is
accepted because ``str.upper()`` or Unicode normalisation happened to map it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class CardParseError(ValueError):
    """Text that is not a card in any spelling API.md accepts."""


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    def __repr__(self) -> str:
        return f"Suit({self.value!r})"


class Rank(Enum):
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    def __repr__(self) -> str:
        return f"Rank({self.value!r})"


class Joker(Enum):
    X1 = "X1"
    X2 = "X2"

    @property
    def code(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"parse_card({self.value!r})"


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit

    @property
    def code(self) -> str:
        """The canonical spelling, the only one the API writes: ``10H``, ``QS``."""
        return self.rank.value + self.suit.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"parse_card({self.code!r})"


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards a game is played with, and how its refusals word a card that is not one of them.

    *outside* and *twice* are English templates, marked for translation where a game builds its
    deck: *outside* gets ``%(card)s``; *twice* ``%(card)s`` and ``%(other)s`` (where it was listed
    first), None for the usual "%(card)s is listed twice.". ``referee.reading.read_cards`` reads
    cards against a deck.
    """

    ranks: frozenset[Rank]
    jokers: bool
    outside: str = ""  # none where the deck holds every card there is
    twice: str | None = None

    def holds(self, card: Card | Joker) -> bool:
        if isinstance(card, Joker):
            return self.jokers
        return card.rank in self.ranks


SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

# One row per accepted spelling. Cyrillic letters are rows of their own, never folded into
# look-alikes: Cyrillic Т (U+0422) is туз, the ace; Latin T is refused with a hint.
_RANKS = {r.value: r for r in Rank} | {
    "В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE,
}
RANKS = _RANKS | {k.lower(): v for k, v in _RANKS.items() if k.lower() != k}
_SUITS = {s.value: s for s in Suit}
SUITS = _SUITS | {k.lower(): v for k, v in _SUITS.items()} | {v: k for k, v in SUIT_SYMBOLS.items()} | {
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}
JOKERS = {"X1": Joker.X1, "X2": Joker.X2, "x1": Joker.X1, "x2": Joker.X2}
HINTS = {
    "T": "write 10 for a ten, or Cyrillic Т for an ace",
    "t": "write 10 for a ten, or Cyrillic Т for an ace",
    "B": "did you mean Cyrillic В, the jack?",
    "b": "did you mean Cyrillic В, the jack?",
    "1": "write 10 for a ten",
}
# Phones send ♥ as "♥️": U+2665 then U+FE0F, a variation selector that means nothing here.
INVISIBLE = dict.fromkeys([0xFE0E, 0xFE0F], None)


def parse_card(text: str) -> Card | Joker:
    """Parse ``"10H"``, ``"qs"``, ``"10♥"``, ``"10♥️"``, ``"Д♠"`` or ``"X1"``.

    :raises CardParseError: quoting *text*, with a hint for the common look-alikes.
    """
    if not isinstance(text, str):
        raise CardParseError(f"not a card: {text!r}")
    cleaned = text.translate(INVISIBLE).strip()
    if cleaned in JOKERS:
        return JOKERS[cleaned]
    rank, suit = cleaned[:-1], cleaned[-1:]
    if rank in HINTS and suit in SUITS:
        raise CardParseError(f"not a card: {text!r} ({HINTS[rank]})")
    if rank not in RANKS or suit not in SUITS:
        raise CardParseError(f"not a card: {text!r}")
    return Card(RANKS[rank], SUITS[suit])


def parse_suit(text: str) -> Suit:
    """Parse a suit alone: ``"H"``, ``"h"``, ``"♥"`` or ``"♥️"``. :raises CardParseError:"""
    if not isinstance(text, str):
        raise CardParseError(f"not a suit: {text!r}")
    cleaned = text.translate(INVISIBLE).strip()
    if cleaned not in SUITS:
        raise CardParseError(f"not a suit: {text!r}")
    return SUITS[cleaned]


def card_code(card: Card | Joker) -> str:
    return card.code


def card_text(card: Card | Joker) -> str:
    """A card as a message or an explanation shows it, read at the table: "8♠", "10♥" (a joker by
    its code, "X1"). The API's fields and the stored entries keep the codes ("8S")."""
    return card.rank.value + card.suit.symbol if isinstance(card, Card) else card.code
