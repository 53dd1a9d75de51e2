"""The referee's Thirteens checks, as the pages, the API and the entry form's preview answer them:
trumps read from text, and a trick drawn as its best melds. The judging is
``referee.games.thirteens``'s."""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext_lazy

from referee.cards import Card, CardParseError, Joker, Suit, parse_suit
from referee.games import thirteens
from referee.ledger import Rejected, error
from referee.ledger import (
    _ as english,  # an English template, translated when the violation is shown
)
from scorebook.games.thirteens import form as entry_form

# The melds of a trick, as the pages label their boxes.
MELD_KINDS = {
    "thirteen": pgettext_lazy("thirteens", "thirteen"),
    "pair": pgettext_lazy("thirteens", "pair"),
    "run": pgettext_lazy("thirteens", "run"),
}


def read_trump(text: Any, where: str = "trump") -> Suit | None:
    """A suit, or None for "no trumps" (null, "", "none"). :raises Rejected: ``bad_card``."""
    if text is None or text in ("", entry_form.NO_TRUMP):
        return None
    try:
        return parse_suit(text)
    except CardParseError:
        raise Rejected([error("bad_card", english("“%(value)s” is not a suit (S, H, D or C)."), where,
                              value=str(text)[:40])]) from None


def drawn(score: thirteens.TrickScore) -> dict[str, Any]:
    """The trick grouped as the page draws it: a box per meld, the jokers, the cards in no meld."""
    in_melds = {card for meld in score.melds for card in meld.cards}
    return {
        "melds": [{"kind": meld.kind, "label": MELD_KINDS.get(meld.kind, meld.kind), "points": meld.points,
                   "cards": [entry_form.card_face(card.code) for card in meld.cards]} for meld in score.melds],
        "jokers": [entry_form.card_face(card.code) for card in score.cards if isinstance(card, Joker)],
        "joker_points": score.joker_points,
        "loose": [entry_form.card_face(card.code) for card in score.cards
                  if isinstance(card, Card) and card not in in_melds],
        "trick_point": score.trick_point, "points": score.points,
    }
