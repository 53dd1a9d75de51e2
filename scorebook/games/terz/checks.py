"""The referee's Terz checks, as the pages and the API answer them: whose declarations count (and
why), and what a combination is. The judging is ``referee.games.terz``'s (``compare``,
``classify``); refused input raises ``Rejected``."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from referee.cards import CardParseError, card_code, parse_card, parse_suit
from referee.games import terz
from referee.ledger import Rejected, Violation, error
from scorebook.sheets import render_lines

# Any deal's points will do: ``terz.parse_entry`` reads the trumps and declarations of a play, and
# the checks have no deal points to give it.
_ANY_POINTS = [terz.CARD_POINTS // 2, terz.CARD_POINTS - terz.CARD_POINTS // 2]


def seat_names(names: list[str] | None = None) -> list[str]:
    """The players' names, or "Player 1" and "Player 2" when the check has no match behind it."""
    names = [n for n in (names or []) if isinstance(n, str) and n.strip()]
    if len(names) == 2:
        return names
    return [_("Player %(n)s") % {"n": seat + 1} for seat in range(2)]


def read_declarations(trump: Any, declarations: list[dict[str, Any]]) -> tuple[Any, tuple[terz.Declaration, ...]]:
    """Trumps and declarations read as the engine reads a play's. :raises Rejected: field by field."""
    play = terz.parse_entry({"type": "play", "trump": trump, "points": _ANY_POINTS,
                             "declarations": declarations}, 2)
    assert isinstance(play, terz.Play)
    return play.trump, play.declarations


def comparison(trump: Any, declarations: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """``terz.compare`` as JSON, its explanation in the request's language. :raises Rejected:"""
    suit, read = read_declarations(trump, declarations)
    judged = terz.compare(suit, read)
    return {
        "trump": suit.value,
        "declarations": [d.json() for d in judged.declarations],
        "scores": list(judged.scores),
        "best_player": judged.scorer,
        "decided_by": judged.step,
        "explanation": render_lines(judged.lines, names),
    }


def classification(cards: Any, trump: Any) -> dict[str, Any]:
    """``terz.classify`` as JSON. :raises Rejected: a bad suit, a bad card, not a combination."""
    try:
        suit = parse_suit(trump) if isinstance(trump, str) else None
    except CardParseError:
        suit = None
    if suit is None:
        raise Rejected([error("bad_card", gettext_noop("“%(value)s” is not a suit (S, H, D or C)."), "trump",
                              value=str(trump)[:40])])
    found = terz.classify(cards, suit)
    if isinstance(found, Violation):
        raise Rejected([dataclasses.replace(found, field="cards")])
    kind, value = found
    return {"cards": [card_code(parse_card(card)) for card in cards], "trump": suit.value, "kind": kind,
            "value": value}


# ---------------------------------------------------------------- cards at the table


def _codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def trick_answer(trump: Any, cards: Any) -> dict[str, Any]:
    """``terz.trick_check`` as JSON: who takes the trick (0 the card led, 1 the answer), why
    (``reason``), and the rank order that decided it when both cards are of one suit — the trump
    order in trumps, else the plain one (seed 000, "Старшинство карт"). :raises Rejected:"""
    check = terz.trick_check(trump, cards)
    led = check.cards[0]
    order = None
    if check.reason == "same_suit":
        order = "trump" if led.suit is check.trump else "plain"
    ranks = {"trump": terz.TRUMP_ORDER, "plain": terz.PLAIN_ORDER}
    return {"trump": check.trump.value, "cards": _codes(check.cards), "winner": check.winner,
            "card": check.cards[check.winner].code, "reason": check.reason, "order": order,
            "ranks": [rank.value for rank in ranks[order]] if order else None,
            "points": check.points, "explanation": render_lines(check.lines)}


def play_answer(hand: Any, trump: Any, led: Any, talon_empty: Any, card: Any) -> dict[str, Any]:
    """``terz.play_check`` as JSON: may *card* be played, under which duty, and every card of the
    hand that may (*led*: the card on the table, None when he leads). :raises Rejected:"""
    try:
        check = terz.play_check(hand, trump, None if led is None else [led], talon_empty, card)
    except Rejected as rejected:
        # The referee calls the card on the table "table[0]"; here it is the field "led".
        raise Rejected([dataclasses.replace(v, field="led") if (v.field or "").startswith("table") else v
                        for v in rejected.violations]) from None
    return {"card": check.card.code, "legal": check.legal, "duty": check.duty, "allowed": _codes(check.allowed),
            "free_jack": check.free_jack, "explanation": render_lines(check.lines)}


def seven_answer(hand: Any, trump: Any, talon: Any, my_turn: Any) -> dict[str, Any]:
    """``terz.trump_seven_check`` as JSON: may the trump seven be swapped now, and why not. :raises Rejected:"""
    check = terz.trump_seven_check(hand, trump, talon, my_turn)
    return {"seven": check.seven.code, "legal": check.legal, "reasons": list(check.reasons),
            "explanation": render_lines(check.lines)}


def points_answer(cards: Any, trump: Any, last_trick: Any = False) -> dict[str, Any]:
    """``terz.points_check`` as JSON: the card points of taken cards. :raises Rejected:"""
    check = terz.points_check(cards, trump, last_trick)
    return {"cards": _codes(check.cards), "trump": check.trump.value, "last_trick": check.last_trick,
            "points": check.points, "explanation": render_lines(check.lines)}
