"""The referee's pages: the checks a player asks at the table, with no match behind them.

``/referee/`` lists the checks per game; ``/referee/thousand/`` holds the three 1000 checks, each a
form answering its verdict partial (htmx) or the whole page again (no JavaScript). The judging is
``referee.games.thousand``'s; these views only read the forms and render.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_POST

from referee.games import thousand
from referee.ledger import Rejected
from scorebook import labels
from scorebook.checks import check_modules
from scorebook.sheets import render_lines, violation_messages

PAGE = "scorebook/referee/thousand.html"
RANKS_1000 = ["9", "10", "J", "Q", "K", "A"]  # seed 001: "колода из 24 карт, от девятки до туза"
# The card grid writes a rank with {% translate rank context "card rank" %}: В Д К Т on Russian and
# Ukrainian decks. Listed here so that makemessages keeps them.
RANK_WORDS = (pgettext_lazy("card rank", "J"), pgettext_lazy("card rank", "Q"),
              pgettext_lazy("card rank", "K"), pgettext_lazy("card rank", "A"))
MARRIAGE_TABLES = {  # RULES.md `marriage_values`: the usual table and seed 001's "clubs high" one
    "classic": {"H": 100, "D": 80, "C": 60, "S": 40},
    "clubs_high": {"H": 60, "D": 40, "C": 100, "S": 80},
}
MARRIAGE_CHOICES = [("H", "♥"), ("D", "♦"), ("C", "♣"), ("S", "♠")]




def _whole_number(text: str) -> int | None:
    """A typed bid: ASCII digits only (no "¹", no "１３５"). :raises ValueError:"""
    text = text.strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > 5:
        raise ValueError(text)
    return int(text)


def _rules(post: Any) -> dict[str, Any]:
    """The house rules ticked on the page, as API options."""
    table = post.get("marriage_values")
    return {"bid_step": 10 if post.get("bid_step") == "10" else 5,
            "marriage_values": MARRIAGE_TABLES.get(table, MARRIAGE_TABLES["classic"]),
            "ace_marriage": post.get("ace_marriage") == "on"}


def _form_values(post: Any) -> dict[str, Any]:
    rules = _rules(post)
    return {"cards": post.getlist("cards"), "bid_step": str(rules["bid_step"]),
            "marriage_values": "clubs_high" if post.get("marriage_values") == "clubs_high" else "classic",
            "ace_marriage": rules["ace_marriage"]}


def page_context(**forms: Any) -> dict[str, Any]:
    context: dict[str, Any] = {
        "ranks": RANKS_1000, "marriage_choices": MARRIAGE_CHOICES,
        "bid_form": {"cards": [], "bid": "", "bid_step": "5", "marriage_values": "classic", "ace_marriage": False},
        "points_form": {"cards": []},
        "marriage_form": {"cards": [], "suit": "", "declared": [], "took_trick": False,
                          "marriage_values": "classic"},
    }
    context.update(forms)
    return context


def _answer(request: HttpRequest, partial: str, **forms: Any) -> HttpResponse:
    """The verdict partial for htmx; the whole page, the form filled in, without JavaScript."""
    context = page_context(**forms)
    return render(request, f"{PAGE}#{partial}" if request.htmx else PAGE, context)


@login_required
def referee_index(request: HttpRequest) -> HttpResponse:
    games = [{"name": labels.GAME_NAMES["thousand"], "url": reverse("web:referee-thousand"),
              "checks": [_("May I bid this much?"), _("May I declare this marriage now?"),
                         _("How many card points are these?")]}]
    # The other games' check pages, each mounted at /referee/<game>/ (scorebook/checks/).
    for game, module in check_modules().items():
        games.append({"name": getattr(module, "TITLE", labels.GAME_NAMES.get(game, game)),
                      "url": f"{reverse('web:referee')}{game}/", "checks": list(getattr(module, "CHECKS", ()))})
    return render(request, "scorebook/referee/index.html", {"games": games})


@login_required
def thousand_page(request: HttpRequest) -> HttpResponse:
    return render(request, PAGE, page_context())


@login_required
@require_POST
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
        try:
            check = thousand.bid_check(form["cards"], bid, thousand.parse_options(_rules(request.POST)))
        except Rejected as rejected:
            errors += violation_messages(rejected.violations)
        else:
            form["cards"] = [card.code for card in check.cards]
            result = {"legal": check.legal, "bid": check.bid, "highest": check.highest,
                      "card_points": check.card_points, "marriages": list(check.marriages),
                      "lines": render_lines(check.lines)}
    return _answer(request, "bid_verdict", bid_form=form | {"result": result, "errors": errors})


@login_required
@require_POST
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
    return _answer(request, "points_verdict", points_form=form)


@login_required
@require_POST
def thousand_marriage(request: HttpRequest) -> HttpResponse:
    post = request.POST
    suit = post.get("suit", "")
    table = "clubs_high" if post.get("marriage_values") == "clubs_high" else "classic"
    form: dict[str, Any] = {"cards": post.getlist("cards"), "suit": suit, "declared": post.getlist("declared"),
                            "took_trick": post.get("took_trick") == "on", "marriage_values": table,
                            "errors": [], "result": None}
    if not suit:
        form["errors"] = [_("Pick the marriage to check.")]
        return _answer(request, "marriage_verdict", marriage_form=form)
    # Picking the four aces says the table plays the ace marriage (RULES.md `ace_marriage`).
    options = {"marriage_values": MARRIAGE_TABLES[table], "ace_marriage": suit == thousand.ACE}
    try:
        check = thousand.marriage_check(suit, form["cards"] or None, form["took_trick"], form["declared"],
                                        None, thousand.parse_options(options))
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        form["result"] = {"legal": check.legal, "value": check.value, "marriage": check.marriage,
                          "lines": render_lines(check.lines)}
    return _answer(request, "marriage_verdict", marriage_form=form)
