"""The referee's Tong Its checks, as the pages, the API and the phone answer them: is this a meld, a
tongit, how much is a hand, who wins a draw fight. The judging is ``referee.games.tongits``'s.

Pure Python (the phone's engine runs it: ``scorebook.phone.checking``): the words come in as
``Words``, the server's bound to Django's gettext, the phone's to the same catalogues.
"""

from __future__ import annotations

from typing import Any

from referee.cards import Card
from referee.games import tongits
from referee.ledger import Rejected, _, error
from scorebook.phone.checking import Answer, Post, items, messages, number, para, refused, value, values, verdict
from scorebook.phone.wording import Words

SEATS = tongits.SEATS.start  # seed 002: "Грають в гру 3 гравця"
MAX_COUNT = tongits.COUNT_LIMIT  # 13 cards of 10: the most a hand counts
DRAW_REASONS = {  # referee.games.tongits.draw_fight's reasons, for people
    "unchallenged": _("Nobody fought the draw: the caller, %(winner)s, wins."),
    "challengers_burned": _("Only burned players fought, and a burned player cannot win: the caller, "
                            "%(winner)s, wins."),
    "lowest": _("%(winner)s has the lowest count, %(count)s, and wins."),
    "tie_to_challenger": _("A tie at %(count)s between the caller and a challenger goes to the "
                           "challenger: %(winner)s wins."),
    "tie_first_after_caller": _("Two challengers tie at %(count)s: the first in turn after the caller, "
                                "%(winner)s, wins."),
}


def _text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card.rank.value + card.suit.symbol for card in cards) or "—"


def meld_answer(words: Words, cards: tuple[Card, ...], runs: bool) -> dict[str, Any]:
    kind, reason = tongits.meld_kind(cards, runs)
    explanation = words.gettext(tongits.MELD_REASONS[reason]) % {"cards": _text(cards), "size": len(cards)}
    return {"meld": kind is not None, "kind": kind, "reason": reason, "explanation": explanation}


def tongit_answer(cards: tuple[Card, ...], runs: bool) -> dict[str, Any]:
    melds = tongits.tongit_melds(cards, runs) if cards else None
    return {"tongit": melds is not None, "melds": [[c.code for c in meld] for meld in melds or []],
            "shown": [_text(meld) for meld in melds or []]}


def seat_label(words: Words, seat: int) -> str:
    return words.gettext("Player %(n)s") % {"n": seat + 1}


def draw_answer(words: Words, caller: int, challengers: list[int], counts: list[int],
                burned: list[int]) -> dict[str, Any]:
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
    explanation = words.gettext(DRAW_REASONS[reason]) % {"winner": seat_label(words, winner),
                                                          "count": counts[winner]}
    return {"winner": winner, "reason": reason, "explanation": explanation}


# ---------------------------------------------------------------- the page's checks


def meld_check(post: Post, words: Words) -> Answer:
    """"Is this a meld? A tongit?": the cards tapped, runs counted as melds or not."""
    runs = value(post, "runs") == "on"
    try:
        cards = tongits.read_cards(values(post, "cards"))
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    if not cards:
        return refused([words.gettext("Tap the cards to check.")])
    meld, tongit = meld_answer(words, cards, runs), tongit_answer(cards, runs)
    gettext = words.gettext
    if not meld["meld"]:
        said = gettext("Not a meld.")
    elif meld["kind"] == "run":
        said = gettext("Yes: a meld (a run).")
    else:
        said = gettext("Yes: a meld (a set).")
    tongit_said = (gettext("Tongit: every card melds.") if tongit["tongit"]
                   else gettext("No tongit: these cards do not all meld."))
    return verdict(para(said, css="verdict-answer meld-answer"), para(meld["explanation"]),
                   para(tongit_said, css="verdict-answer tongit-answer"),
                   items(tongit["shown"]) if tongit["tongit"] else None,
                   tone="yes" if meld["meld"] or tongit["tongit"] else "no")


def count_check(post: Post, words: Words) -> Answer:
    """"How much is this hand?": the unmelded cards tapped."""
    try:
        cards = tongits.read_cards(values(post, "cards"))
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    return verdict(para(words.gettext("Count: %(count)s") % {"count": tongits.count(cards)}, css="verdict-answer"))


def draw_check(post: Post, words: Words) -> Answer:
    """"Who wins this draw fight?": the caller, who fought, each count, who is burned."""
    seats = {str(seat): seat for seat in range(SEATS)}
    caller = value(post, "caller")
    counts = [number(value(post, f"count_{seat}")) for seat in range(SEATS)]
    problems = []
    if caller not in seats:
        problems.append(words.gettext("Who called the draw?"))
    if not all(isinstance(n, int) and 0 <= n <= MAX_COUNT for n in counts):
        problems.append(words.gettext("Type each player's count as a whole number, like 12."))
    if problems:
        return refused(problems)
    challengers = [seats[s] for s in values(post, "challengers") if s in seats]
    burned = [seats[s] for s in values(post, "burned") if s in seats]
    try:
        result = draw_answer(words, seats[caller], challengers, counts, burned)
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    return verdict(para(words.gettext("Player %(n)s wins.") % {"n": result["winner"] + 1}, css="verdict-answer"),
                   para(result["explanation"]), tone="yes")


ANSWERS = {"meld": meld_check, "count": count_check, "draw": draw_check}
