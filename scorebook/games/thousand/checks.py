"""The referee's 1000 checks, as the page, the API and the phone answer them: may I bid this much,
may I declare this marriage now, how many card points are these. The judging is
``referee.games.thousand``'s.

Pure Python (the phone's engine runs it: ``scorebook.phone.checking``): the words come in as
``Words``, the server's bound to Django's gettext, the phone's to the same catalogues.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.cards import Suit
from referee.games import thousand
from referee.ledger import Rejected
from scorebook.phone.checking import (
    Answer,
    Post,
    Span,
    fact,
    facts,
    items,
    messages,
    para,
    refused,
    span,
    ticked,
    value,
    values,
    verdict,
)
from scorebook.phone.wording import Words

# ---------------------------------------------------------------- the house rules on the page


def table(post: Post) -> str:
    """The marriage table picked (RULES.md `marriage_values`): seed 001's "clubs_high", its own
    preset, or the usual "classic" for anything else."""
    return "clubs_high" if value(post, "marriage_values") == "clubs_high" else "classic"


def bid_step(post: Post) -> int:
    return 10 if value(post, "bid_step") == "10" else 5


def options(post: Post, **overrides: Any) -> thousand.Options:
    """The house rules ticked on the page: the marriage table's preset with the bidding step."""
    return thousand.parse_options({"bid_step": bid_step(post), **overrides}, table(post))


def whole_number(text: str) -> int:
    """A typed bid: ASCII digits only (no "¹", no "１３５"). :raises ValueError:"""
    text = text.strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > 5:
        raise ValueError(text)
    return int(text)


# ---------------------------------------------------------------- the page's checks


def _marriages(words: Words, held: Iterable[str]) -> list[Span]:
    """The marriages held as the verdict lists them: each suit's symbol in its colour, the aces in words."""
    shown: list[Span] = []
    for suit in held:
        if shown:
            shown.append(" ")
        shown.append(words.gettext("four aces") if suit == thousand.ACE else span(Suit(suit).symbol, f"suit-{suit}"))
    return shown or [words.gettext("none")]


def bid_check(post: Post, words: Words) -> Answer:
    """"May I bid this much?": the hand tapped, the bid typed (none: just the highest bid), the
    house rules ticked."""
    gettext = words.gettext
    typed = value(post, "bid").strip()
    bid = None
    if typed:
        try:
            bid = whole_number(typed)
        except ValueError:
            return refused([gettext("Type the bid as a whole number, like 135.")])
    try:
        check = thousand.bid_check(values(post, "cards"), bid,
                                   options(post, ace_marriage=ticked(post, "ace_marriage")))
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    if check.legal is None:
        said, tone = gettext("Highest bid: %(highest)s") % {"highest": check.highest}, ""
    elif check.legal:
        said, tone = gettext("Yes: %(bid)s may be bid.") % {"bid": check.bid}, "yes"
    else:
        said, tone = gettext("No: %(bid)s may not be bid.") % {"bid": check.bid}, "no"
    return verdict(para(said, css="verdict-answer"),
                   facts(fact(gettext("Highest bid"), str(check.highest)),
                         fact(gettext("Marriages"), *_marriages(words, check.marriages)),
                         fact(gettext("Card points"), str(check.card_points))),
                   items(words.render_lines(check.lines)), tone=tone)


def points_check(post: Post, words: Words) -> Answer:
    """"How many card points are these?": the cards taken, tapped."""
    try:
        cards = thousand.read_cards(values(post, "cards"))
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    points = thousand.card_points(list(cards))
    return verdict(para(words.gettext("Card points: %(points)s") % {"points": points}, css="verdict-answer"),
                   para(words.gettext("The rest of the deck holds %(rest)s.") % {"rest": thousand.CARD_POINTS - points},
                        css="help"))


def marriage_check(post: Post, words: Words) -> Answer:
    """"May I declare this marriage now?": the marriage picked, a trick taken or not, the marriages
    already declared, the hand if tapped, the marriage table."""
    suit = value(post, "suit")
    if not suit:
        return refused([words.gettext("Pick the marriage to check.")])
    # Picking the four aces says the table plays the ace marriage (RULES.md `ace_marriage`).
    rules = thousand.parse_options({"ace_marriage": suit == thousand.ACE}, table(post))
    try:
        check = thousand.marriage_check(suit, values(post, "cards") or None, ticked(post, "took_trick"),
                                        values(post, "declared"), None, rules)
    except Rejected as rejected:
        return refused(messages(words, rejected.violations))
    said = (words.gettext("Yes: declare it, +%(value)s.") % {"value": check.value} if check.legal
            else words.gettext("No: not now."))
    return verdict(para(said, css="verdict-answer"), items(words.render_lines(check.lines)),
                   tone="yes" if check.legal else "no")


ANSWERS = {"bid": bid_check, "marriage": marriage_check, "points": points_check}
