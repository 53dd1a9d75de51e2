"""The referee's Tong Its checks, as the pages and the API answer them: is this a meld, a tongit,
how much is a hand, who wins a draw fight. The judging is ``referee.games.tongits``'s."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.cards import Card
from referee.games import tongits
from referee.ledger import Rejected, error

SEATS = tongits.SEATS.start  # seed 002: "Грають в гру 3 гравця"
MAX_COUNT = tongits.COUNT_LIMIT  # 13 cards of 10: the most a hand counts
DRAW_REASONS = {  # referee.games.tongits.draw_fight's reasons, for people
    "unchallenged": gettext_lazy("Nobody fought the draw: the caller, %(winner)s, wins."),
    "challengers_burned": gettext_lazy("Only burned players fought, and a burned player cannot win: the caller, "
                                       "%(winner)s, wins."),
    "lowest": gettext_lazy("%(winner)s has the lowest count, %(count)s, and wins."),
    "tie_to_challenger": gettext_lazy("A tie at %(count)s between the caller and a challenger goes to the "
                                      "challenger: %(winner)s wins."),
    "tie_first_after_caller": gettext_lazy("Two challengers tie at %(count)s: the first in turn after the caller, "
                                           "%(winner)s, wins."),
}


def _text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card.rank.value + card.suit.symbol for card in cards) or "—"


def meld_answer(cards: tuple[Card, ...], runs: bool) -> dict[str, Any]:
    kind, reason = tongits.meld_kind(cards, runs)
    explanation = _(tongits.MELD_REASONS[reason]) % {"cards": _text(cards), "size": len(cards)}
    return {"meld": kind is not None, "kind": kind, "reason": reason, "explanation": explanation}


def tongit_answer(cards: tuple[Card, ...], runs: bool) -> dict[str, Any]:
    melds = tongits.tongit_melds(cards, runs) if cards else None
    return {"tongit": melds is not None, "melds": [[c.code for c in meld] for meld in melds or []],
            "shown": [_text(meld) for meld in melds or []]}


def seat_label(seat: int) -> str:
    return _("Player %(n)s") % {"n": seat + 1}


def draw_answer(caller: int, challengers: list[int], counts: list[int], burned: list[int]) -> dict[str, Any]:
    """:raises Rejected: the caller among the challengers, a challenger twice (``bad_ending``)."""
    problems = []
    for index, seat in enumerate(challengers):
        if seat == caller:
            problems.append(error("bad_ending", _("The caller cannot challenge their own draw."),
                                  f"challengers[{index}]"))
        elif seat in challengers[:index]:
            problems.append(error("bad_ending", _("A challenger is listed twice."), f"challengers[{index}]"))
    if problems:
        raise Rejected(problems)
    winner, reason = tongits.draw_fight(caller, challengers, counts, burned)
    explanation = str(DRAW_REASONS[reason]) % {"winner": seat_label(winner), "count": counts[winner]}
    return {"winner": winner, "reason": reason, "explanation": explanation}
