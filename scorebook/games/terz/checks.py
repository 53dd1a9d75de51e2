"""The referee's Terz checks, as the pages, the API and the phone answer them: whose declarations
count (and why), what a combination is, and the cards at the table (who takes this trick, may I
play this card, may I swap the trump seven, how many card points). The judging is
``referee.games.terz``'s; refused input raises ``Rejected``.

Pure Python (the phone's engine runs it: ``scorebook.phone.checking``): the words come in as
``Words``, the server's bound to Django's gettext, the phone's to the same catalogues.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from referee.cards import CardParseError, card_code, parse_card, parse_suit
from referee.games import terz
from referee.ledger import Rejected, Violation, _, error
from scorebook.phone.checking import (
    Answer,
    CheckFunction,
    Post,
    Span,
    fact,
    facts,
    item,
    items,
    messages,
    number,
    para,
    picked_card,
    refused,
    span,
    ticked,
    value,
    values,
    verdict,
)
from scorebook.phone.wording import Words

SLOTS = 8  # declaration slots on a form: up to four a player, more than any deal of 9 cards can hold
TALON_MAX = terz.TALON_MAX
# Any deal's points will do: ``terz.parse_entry`` reads the trumps and declarations of a play, and
# the checks have no deal points to give it.
_ANY_POINTS = [terz.CARD_POINTS // 2, terz.CARD_POINTS - terz.CARD_POINTS // 2]
# What each duty of "may I play this card?" asks (referee.games.terz.DUTIES, seed 000's answer rules).
DUTY_TEXT = {
    "lead": _("lead: any card"),
    "beat": _("beat the card led"),
    "follow_suit": _("follow suit"),
    "trump": _("play a trump"),
    "free": _("any card"),
}
NO_TRUMPS = _("Pick the trumps first: a marriage and the tie-breaks depend on them.")
NO_TRUMP_SUIT = _("Pick the trump suit.")


def seat_names(words: Words, names: Sequence[str] | None = None) -> list[str]:
    """The players' names, or "Player 1" and "Player 2" when the check has no match behind it."""
    names = [n for n in (names or []) if isinstance(n, str) and n.strip()]
    if len(names) == 2:
        return names
    return [words.gettext("Player %(n)s") % {"n": seat + 1} for seat in range(2)]


def _kind_word(words: Words, kind: str) -> str:
    return words.gettext(terz.KIND_TEXT[kind])


# ---------------------------------------------------------------- declarations


def slot_declarations(post: Post) -> tuple[list[dict[str, Any]], list[int]]:
    """The filled declaration slots of a form (``decl_<k>`` the cards, ``decl_<k>_player`` the
    seat) in order: the entry's ``declarations`` and, for each, its slot.

    A slot counts when it has cards; its player stays ``None`` when not picked, so that the
    referee says so next to the slot."""
    declarations: list[dict[str, Any]] = []
    slots: list[int] = []
    for slot in range(SLOTS):
        cards = values(post, f"decl_{slot}")
        if not cards:
            continue
        declarations.append({"player": number(value(post, f"decl_{slot}_player")), "cards": cards})
        slots.append(slot)
    return declarations, slots


def read_declarations(trump: Any, declarations: list[dict[str, Any]]) -> tuple[Any, tuple[terz.Declaration, ...]]:
    """Trumps and declarations read as the engine reads a play's. :raises Rejected: field by field."""
    play = terz.parse_entry({"type": "play", "trump": trump, "points": _ANY_POINTS,
                             "declarations": declarations}, 2)
    assert isinstance(play, terz.Play)
    return play.trump, play.declarations


def comparison(words: Words, trump: Any, declarations: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """``terz.compare`` as JSON, its explanation in words. :raises Rejected:"""
    suit, read = read_declarations(trump, declarations)
    judged = terz.compare(suit, read)
    return {
        "trump": suit.value,
        "declarations": [d.json() for d in judged.declarations],
        "scores": list(judged.scores),
        "best_player": judged.scorer,
        "decided_by": judged.step,
        "explanation": words.render_lines(judged.lines, names),
    }


def classification(cards: Any, trump: Any) -> dict[str, Any]:
    """``terz.classify`` as JSON. :raises Rejected: a bad suit, a bad card, not a combination."""
    try:
        suit = parse_suit(trump) if isinstance(trump, str) else None
    except CardParseError:
        suit = None
    if suit is None:
        raise Rejected([error("bad_card", _("“%(value)s” is not a suit (S, H, D or C)."), "trump",
                              value=str(trump)[:40])])
    found = terz.classify(cards, suit)
    if isinstance(found, Violation):
        raise Rejected([dataclasses.replace(found, field="cards")])
    kind, worth = found
    return {"cards": [card_code(parse_card(card)) for card in cards], "trump": suit.value, "kind": kind,
            "value": worth}


# ---------------------------------------------------------------- cards at the table


def _codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def trick_answer(words: Words, trump: Any, cards: Any) -> dict[str, Any]:
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
            "points": check.points, "explanation": words.render_lines(check.lines)}


def play_answer(words: Words, hand: Any, trump: Any, led: Any, talon_empty: Any, card: Any) -> dict[str, Any]:
    """``terz.play_check`` as JSON: may *card* be played, under which duty, and every card of the
    hand that may (*led*: the card on the table, None when he leads). :raises Rejected:"""
    try:
        check = terz.play_check(hand, trump, None if led is None else [led], talon_empty, card)
    except Rejected as rejected:
        # The referee calls the card on the table "table[0]"; here it is the field "led".
        raise Rejected([dataclasses.replace(v, field="led") if (v.field or "").startswith("table") else v
                        for v in rejected.violations]) from None
    return {"card": check.card.code, "legal": check.legal, "duty": check.duty, "allowed": _codes(check.allowed),
            "free_jack": check.free_jack, "explanation": words.render_lines(check.lines)}


def seven_answer(words: Words, hand: Any, trump: Any, talon: Any, my_turn: Any) -> dict[str, Any]:
    """``terz.trump_seven_check`` as JSON: may the trump seven be swapped now, and why not. :raises Rejected:"""
    check = terz.trump_seven_check(hand, trump, talon, my_turn)
    return {"seven": check.seven.code, "legal": check.legal, "reasons": list(check.reasons),
            "explanation": words.render_lines(check.lines)}


def points_answer(words: Words, cards: Any, trump: Any, last_trick: Any = False) -> dict[str, Any]:
    """``terz.points_check`` as JSON: the card points of taken cards. :raises Rejected:"""
    check = terz.points_check(cards, trump, last_trick)
    return {"cards": _codes(check.cards), "trump": check.trump.value, "last_trick": check.last_trick,
            "points": check.points, "explanation": words.render_lines(check.lines)}


# ---------------------------------------------------------------- the page's checks


def _slot_message(words: Words, violation: Violation, slots: list[int], names: list[str]) -> str:
    """A violation's message, with the declaration slot it is about."""
    message = words.violation_json(violation, names)["message"]
    found = re.match(r"declarations\[(\d+)\]", violation.field or "")
    if found and int(found.group(1)) < len(slots):
        return words.gettext("Declaration %(n)s: %(message)s") % {"n": slots[int(found.group(1))] + 1,
                                                                   "message": message}
    return message


def _suit_spans(words: Words, codes: Sequence[str]) -> list[Any]:
    """Cards as the page writes them, each coloured by its suit, a space between."""
    spans: list[Any] = []
    for code in codes:
        spans += [" "] if spans else []
        spans.append(span(words.card_text(code), f"suit-{code[-1]}"))
    return spans


def compare_check(post: Post, words: Words, names: Sequence[str] = ()) -> Answer:
    """"Whose declarations count?": the trumps and the declaration slots. *names*: the players'
    names (the match page's, which the server looks up); none given, "Player 1" and "Player 2"."""
    names = seat_names(words, names)
    trump = value(post, "trump")
    declarations, slots = slot_declarations(post)
    if not trump:
        return refused([words.gettext(NO_TRUMPS)])
    if not declarations:
        return refused([words.gettext("Pick the cards of at least one declaration.")])
    try:
        result = comparison(words, trump, declarations, names)
    except Rejected as rejected:
        return refused([_slot_message(words, v, slots, names) for v in rejected.violations])
    best = result["best_player"]
    said = (words.gettext("%(name)s scores their declarations.") % {"name": names[best]} if best is not None
            else words.gettext("No combination to compare: only marriages score."))
    judged = []
    for declared in result["declarations"]:
        # A declaration's cards are one span (the page lays it out as one line), each card in its
        # suit's colour: four jacks are red and black.
        faces: list[Span] = []
        for code in declared["cards"]:
            faces += [span(words.card_text(code), f"suit-{code[-1]}"), " "]
        cards = span(" ".join(words.card_text(code) for code in declared["cards"]), "cards", inner=faces[:-1])
        mark = words.gettext("counts") if declared["counts"] else words.gettext("does not count")
        judged.append(item(span(names[declared["player"]], "who"), " ", cards, " ",
                           span(f"{_kind_word(words, declared['kind'])} {declared['value']}", "what"), " ",
                           span(mark, "verdict-mark"), css="counts" if declared["counts"] else "void"))
    # The engine's first lines say why (who beats whom); one line a declaration follows, which the
    # verdict shows as the list of declarations instead.
    reasons = result["explanation"][:len(result["explanation"]) - len(result["declarations"])]
    return verdict(para(said, css="verdict-answer"),
                   facts(*(fact(name, f"+{score}") for name, score in zip(names, result["scores"], strict=True)),
                         css="verdict-facts terz-scores"),
                   items(judged, css="terz-judged", ordered=True),
                   items(reasons) if reasons else None, css="terz-verdict")


def classify_check(post: Post, words: Words) -> Answer:
    """"What is this combination?": the trumps and the cards shown."""
    trump, cards = value(post, "trump"), values(post, "cards")
    if not trump:
        return refused([words.gettext(NO_TRUMPS)])
    if not cards:
        return refused([words.gettext("Pick the cards of the combination.")])
    try:
        result = classification(cards, trump)
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    said = words.gettext("%(kind)s: %(value)s") % {"kind": _kind_word(words, result["kind"]), "value": result["value"]}
    return verdict(para(said, css="verdict-answer terz-kind"), tone="yes")


def trick_check(post: Post, words: Words) -> Answer:
    """"Who takes this trick?": the trumps, the card led and the answer, each a rank and a suit."""
    trump, led, answered = value(post, "trump"), picked_card(post, "led"), picked_card(post, "answer")
    problems = []
    if not trump:
        problems.append(words.gettext(NO_TRUMP_SUIT))
    if led is None:
        problems.append(words.gettext("Pick the card that was led: its rank and its suit."))
    if answered is None:
        problems.append(words.gettext("Pick the answer: its rank and its suit."))
    if problems:
        return refused(problems)
    try:
        result = trick_answer(words, trump, [led, answered])
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    gettext = words.gettext
    rows = [fact(gettext("Taken by"), gettext("the card led") if result["winner"] == 0 else gettext("the answer"))]
    if result["order"]:
        order = gettext("trumps") if result["order"] == "trump" else gettext("plain suit")
        ranks = " ".join(words.pgettext("card rank", rank) for rank in result["ranks"])
        rows.append(fact(gettext("Rank order"), f"{order}: {ranks}"))
    rows.append(fact(gettext("Card points in it"), result["points"]))
    return verdict(para(gettext("%(card)s takes the trick.") % {"card": words.card_text(result["card"])},
                        css="verdict-answer"),
                   facts(*rows, css="verdict-facts terz-facts"), items(result["explanation"]), tone="yes")


def play_check(post: Post, words: Words) -> Answer:
    """"May I play this card?": the trumps, the card on the table (or "I lead"), whether the talon
    is empty, the card and the rest of the hand."""
    trump, card = value(post, "trump"), picked_card(post, "card")
    leads = value(post, "led_suit") == "lead"  # "I lead this trick": nothing on the table yet
    led = None if leads else picked_card(post, "led")
    problems = []
    if not trump:
        problems.append(words.gettext(NO_TRUMP_SUIT))
    if not leads and led is None:
        problems.append(words.gettext("Pick the card that was led, or “I lead”."))
    if card is None:
        problems.append(words.gettext("Pick the card to play: its rank and its suit."))
    if problems:
        return refused(problems)
    # The card to play ticked among the other cards too is the same card, not a second one.
    hand = [code for code in values(post, "hand") if code != card]
    try:
        result = play_answer(words, hand, trump, led, ticked(post, "talon_empty"), card)
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    shown = words.card_text(result["card"])
    said = (words.gettext("Yes: %(card)s may be played.") if result["legal"]
            else words.gettext("No: %(card)s may not be played.")) % {"card": shown}
    return verdict(para(said, css="verdict-answer"),
                   facts(fact(words.gettext("Duty"), words.gettext(DUTY_TEXT[result["duty"]]), css="terz-duty"),
                         fact(words.gettext("May be played"), *_suit_spans(words, result["allowed"]),
                              css="terz-allowed"),
                         css="verdict-facts terz-facts"),
                   items(result["explanation"]), tone="yes" if result["legal"] else "no")


def seven_check(post: Post, words: Words) -> Answer:
    """"May I swap the trump seven?": the trumps, the hand, the cards left in the talon, whose turn."""
    trump, talon = value(post, "trump"), value(post, "talon").strip()
    problems = []
    if not trump:
        problems.append(words.gettext(NO_TRUMP_SUIT))
    if not talon.isascii() or not talon.isdigit():
        problems.append(words.gettext("Say how many cards are left face down in the talon: 0 to %(high)s.")
                        % {"high": TALON_MAX})
    if problems:
        return refused(problems)
    try:
        result = seven_answer(words, values(post, "hand"), trump, int(talon), ticked(post, "my_turn"))
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    said = (words.gettext("Yes: swap %(seven)s for the turned-up trump.") % {"seven": words.card_text(result["seven"])}
            if result["legal"] else words.gettext("No: not now."))
    return verdict(para(said, css="verdict-answer"), items(result["explanation"]),
                   tone="yes" if result["legal"] else "no")


def points_check(post: Post, words: Words) -> Answer:
    """"How many card points are these?": the trumps, the cards taken, the last trick or not."""
    trump, cards, last_trick = value(post, "trump"), values(post, "cards"), ticked(post, "last_trick")
    if not trump:
        return refused([words.gettext(NO_TRUMP_SUIT)])
    if not cards and not last_trick:
        return refused([words.gettext("Pick the cards taken.")])
    try:
        result = points_answer(words, cards, trump, last_trick)
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    return verdict(para(words.gettext("Card points: %(points)s") % {"points": result["points"]}, css="verdict-answer"),
                   items(result["explanation"]), tone="yes")


# The page's checks; "compare" answers with "Player 1" and "Player 2" (the server's view passes the
# match's names to ``compare_check`` itself).
ANSWERS: dict[str, CheckFunction] = {
    "compare": compare_check, "classify": classify_check, "trick": trick_check, "play": play_check,
    "seven": seven_check, "points": points_check,
}
