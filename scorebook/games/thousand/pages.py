"""The referee's 1000 checks as a page, ``/referee/thousand/``: "may I bid this much?", "may I
declare this marriage now?" and "how many card points are these?" — each a form answering its
verdict partial (htmx) or the whole page again (no JavaScript). The judging is
``referee.games.thousand``'s; these views only read the forms and render. Nothing is stored.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.cards import Suit
from referee.games import thousand
from referee.ledger import Rejected
from scorebook.games.thousand import GAME
from scorebook.sheets import render_lines, violation_messages
from scorebook.web.common import Check, CheckPage

RANKS = [rank.value for rank in thousand.RANKS]  # the 24-card deck's ranks, 9 to ace
# RULES.md `marriage_values`: the usual table, or seed 001's "clubs high" one (its own preset).
TABLES = ("classic", "clubs_high")
MARRIAGE_CHOICES = [(suit, Suit(suit).symbol) for suit in thousand.MARRIAGE_SUITS]


def _whole_number(text: str) -> int | None:
    """A typed bid: ASCII digits only (no "¹", no "１３５"). :raises ValueError:"""
    text = text.strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > 5:
        raise ValueError(text)
    return int(text)


def _table(post: Any) -> str:
    return "clubs_high" if post.get("marriage_values") == "clubs_high" else "classic"


def _options(post: Any, **overrides: Any) -> thousand.Options:
    """The house rules ticked on the page: the marriage table's preset with the bidding step."""
    step = 10 if post.get("bid_step") == "10" else 5
    return thousand.parse_options({"bid_step": step, **overrides}, _table(post))


def _form_values(post: Any) -> dict[str, Any]:
    return {"cards": post.getlist("cards"), "bid_step": "10" if post.get("bid_step") == "10" else "5",
            "marriage_values": _table(post), "ace_marriage": post.get("ace_marriage") == "on"}


def blank_page() -> dict[str, Any]:
    return {
        "ranks": RANKS, "marriage_choices": MARRIAGE_CHOICES,
        "bid_form": {"cards": [], "bid": "", "bid_step": "5", "marriage_values": "classic", "ace_marriage": False},
        "points_form": {"cards": []},
        "marriage_form": {"cards": [], "suit": "", "declared": [], "took_trick": False,
                          "marriage_values": "classic"},
    }


PAGE = CheckPage(GAME, "scorebook/games/thousand/checks.html", (
    Check("bid", gettext_lazy("May I bid this much?"), jump=gettext_lazy("Bid"), submit=gettext_lazy("Check the bid")),
    Check("marriage", gettext_lazy("May I declare this marriage now?"), jump=gettext_lazy("Marriage"),
          submit=gettext_lazy("Check the marriage")),
    Check("points", gettext_lazy("How many card points are these?"), jump=gettext_lazy("Card points"),
          submit=gettext_lazy("Count the points")),
), blank=blank_page)


def thousand_bid(request: HttpRequest) -> HttpResponse:
    form = _form_values(request.POST) | {"bid": request.POST.get("bid", "").strip()}
    errors: list[str] = []
    bid = None
    if form["bid"]:
        try:
            bid = _whole_number(form["bid"])
        except ValueError:
            errors.append(_("Type the bid as a whole number, like 135."))
    result = None
    if not errors:
        options = _options(request.POST, ace_marriage=form["ace_marriage"])
        try:
            check = thousand.bid_check(form["cards"], bid, options)
        except Rejected as rejected:
            errors += violation_messages(rejected.violations)
        else:
            form["cards"] = [card.code for card in check.cards]
            result = {"legal": check.legal, "bid": check.bid, "highest": check.highest,
                      "card_points": check.card_points, "marriages": list(check.marriages),
                      "lines": render_lines(check.lines)}
    form |= {"result": result, "errors": errors}
    return PAGE.answer(request, "bid", form)


def thousand_points(request: HttpRequest) -> HttpResponse:
    form: dict[str, Any] = {"cards": request.POST.getlist("cards"), "errors": [], "result": None}
    try:
        cards = thousand.read_cards(form["cards"])
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        points = thousand.card_points(list(cards))
        form |= {"cards": [card.code for card in cards],
                 "result": {"card_points": points, "rest": thousand.CARD_POINTS - points, "count": len(cards)}}
    return PAGE.answer(request, "points", form)


def thousand_marriage(request: HttpRequest) -> HttpResponse:
    post = request.POST
    suit = post.get("suit", "")
    form: dict[str, Any] = {"cards": post.getlist("cards"), "suit": suit, "declared": post.getlist("declared"),
                            "took_trick": post.get("took_trick") == "on", "marriage_values": _table(post),
                            "errors": [], "result": None}
    if not suit:
        form["errors"] = [_("Pick the marriage to check.")]
        return PAGE.answer(request, "marriage", form)
    # Picking the four aces says the table plays the ace marriage (RULES.md `ace_marriage`).
    options = thousand.parse_options({"ace_marriage": suit == thousand.ACE}, _table(post))
    try:
        check = thousand.marriage_check(suit, form["cards"] or None, form["took_trick"], form["declared"],
                                        None, options)
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        form["result"] = {"legal": check.legal, "value": check.value, "marriage": check.marriage,
                          "lines": render_lines(check.lines)}
    return PAGE.answer(request, "marriage", form)


urlpatterns = PAGE.urls(bid=thousand_bid, marriage=thousand_marriage, points=thousand_points)
