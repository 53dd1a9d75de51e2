"""Храп's referee checks: who takes a trick (``trick_winner``, ``trick_check``) and may this card
be played (``legal_play``), with the 36-card deck (6 to ace; the seed names no deck)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.cards import Card, Suit, card_text
from referee.games.khrap.rules import DECK, DECK_RANKS, HAND, ORDER
from referee.ledger import Line, Rejected, Violation, _, error, line
from referee.reading import read_card, read_suit


def _strength(card: Card) -> int:
    if not isinstance(card, Card) or card.rank not in DECK_RANKS:
        raise ValueError(f"{card!r} is not in the 36-card deck (6 to ace)")
    return ORDER.index(card.rank)


def trick_winner(led: Card, trump: Suit, played: Sequence[Card]) -> int:
    """Who takes the trick: 0 for the led card, *k* for ``played[k - 1]`` (the answers in order).

    Seed 003: "Карта, побившая другие вышедшие под нее карты или не побитая другими картами,
    берет взятку" — the highest trump if any was played, else the highest card of the led suit;
    a card of another suit never takes it. Ranks 6 < 7 < … < 10 < J < Q < K < A.
    :raises ValueError: a card outside the 36-card deck, or the same card twice.
    """
    trick = [led, *played]
    for card in trick:
        _strength(card)
    if len(set(trick)) != len(trick):
        raise ValueError("the same card twice in one trick")

    def key(index: int) -> tuple[int, int]:
        card = trick[index]
        suit_rank = 2 if card.suit is trump else 1 if card.suit is led.suit else 0
        return suit_rank, _strength(card) if suit_rank else -1

    return max(range(len(trick)), key=key)


def legal_play(card: Card, hand: Sequence[Card], led: Card | None, trump: Suit) -> tuple[bool, Line]:
    """May *card* be played from *hand* to a trick led by *led* (``None``: he leads)? The answer
    and why. Seed 003: "Делают ход всегда с одной карты. На ход ... вистующие должны ответить:
    картой этой же масти; если такой масти нет, то козырем; если козыря нет, то сбрасывается любая
    другая карта." Scorebook applies it to every answer, the khraper's too; nobody must overtake.
    :raises ValueError: a card outside the 36-card deck.
    """
    _strength(card)
    if card not in hand:
        return False, line(_("%(card)s is not in the hand"), card=card_text(card))
    if led is None:
        return True, line(_("any card may be led"))
    _strength(led)
    if card.suit is led.suit:
        return True, line(_("follows suit"))
    if any(other.suit is led.suit for other in hand):
        return False, line(_("must follow suit: %(suit)s was led"), suit=led.suit)
    if card.suit is trump:
        return True, line(_("no %(suit)s in the hand: trumps"), suit=led.suit)
    if any(other.suit is trump for other in hand):
        return False, line(_("no %(suit)s in the hand: must trump with %(trump)s"), suit=led.suit, trump=trump)
    return True, line(_("neither %(suit)s nor trumps in the hand: any card"), suit=led.suit)


def trick_check(led: Card, trump: Suit, played: Sequence[Card]) -> tuple[int, Line]:
    """``trick_winner`` and why, in words. :raises ValueError: as ``trick_winner``."""
    winner = trick_winner(led, trump, played)
    card = [led, *played][winner]
    shown = card.rank.value + card.suit.symbol  # "10♥": the explanation is read at the table
    if card.suit is trump and led.suit is trump:
        return winner, line(_("%(card)s takes it: trumps (%(trump)s) were led and it is the highest trump"),
                            card=shown, trump=trump)
    if card.suit is trump:
        return winner, line(_("%(card)s takes it: the highest trump (%(trump)s) beats the suit led (%(suit)s)"),
                            card=shown, trump=trump, suit=led.suit)
    return winner, line(_("%(card)s takes it: no trump (%(trump)s) was played, and it is the highest "
                          "%(suit)s, the suit led"), card=shown, trump=trump, suit=led.suit)


# ---------------------------------------------------------------- reading the checks' cards


def read_trick(led: Any, trump: Any, played: Sequence[Any]) -> tuple[Card, Suit, tuple[Card, ...]]:
    """A trick as typed (every spelling API.md accepts), canonical out.

    :raises Rejected: ``bad_card`` (not in the 36-card deck, not a card, not a suit), ``card_twice``.
    """
    found: list[Violation] = []
    seen: dict[Any, str] = {}
    led_card = read_card(led, DECK, "led", seen, found)
    trump_suit = read_suit(trump, "trump", found)
    cards = [read_card(text, DECK, f"played[{index}]", seen, found) for index, text in enumerate(played)]
    if found:
        raise Rejected(found)
    assert isinstance(led_card, Card) and trump_suit is not None  # the deck holds no jokers
    return led_card, trump_suit, tuple(card for card in cards if isinstance(card, Card))


def read_play(card: Any, hand: Sequence[Any], led: Any, trump: Any) -> tuple[Card, tuple[Card, ...], Card | None, Suit]:
    """A question "may I play this card?" as typed. The hand is the player's cards; the card is
    counted in it whether listed or not. *led* ``None``: he leads.

    :raises Rejected: ``bad_card``, ``card_twice`` (twice in the hand, or the led card in it),
        ``too_many_cards`` (more than 5 cards with the one played: seed 003 deals 5).
    """
    found: list[Violation] = []
    seen: dict[Any, str] = {}
    for index, text in enumerate(hand):
        read_card(text, DECK, f"hand[{index}]", seen, found)  # each card read is added to *seen*
    played = read_card(card, DECK, "card", {}, found)
    if played is not None and played not in seen:
        seen[played] = "card"
    led_card = None if led is None else read_card(led, DECK, "led", dict(seen), found)
    trump_suit = read_suit(trump, "trump", found)
    if len(seen) > HAND:
        found.append(error("too_many_cards", _("A hand holds at most 5 cards, not %(count)s."), "hand",
                           count=len(seen)))
    if found:
        raise Rejected(found)
    assert isinstance(played, Card) and trump_suit is not None  # the deck holds no jokers
    assert led_card is None or isinstance(led_card, Card)
    return played, tuple(seen), led_card, trump_suit
