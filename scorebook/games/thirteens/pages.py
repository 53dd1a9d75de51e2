"""The referee's Thirteens checks as a page, ``/referee/thirteens/``: "score this trick" (the best
melds, drawn as boxes) and "who takes this trick?" (cards in play order, trumps; a joker cancels
trumps).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.games import thirteens
from referee.ledger import Rejected
from scorebook import sheets
from scorebook.games.thirteens import GAME
from scorebook.games.thirteens import form as entry_form
from scorebook.games.thirteens.checks import drawn, read_trump
from scorebook.sheets import render_lines, violation_messages
from scorebook.web.common import Check, CheckPage

TRUMP_CHOICES = [(suit, sheets.SUIT_SYMBOLS[suit]) for suit in entry_form.TRUMPS]


def _house_rules(post: Any) -> dict[str, Any]:
    """The house rules ticked on the page (each as RULES.md names it; anything else: the default)."""
    default = thirteens.Options()
    pips, rule = post.get("pip_values"), post.get("trick_point_rule")
    return {"pip_values": pips if pips in thirteens.PIP_CHOICES else default.pip_values,
            "trick_point_rule": rule if rule in thirteens.TRICK_POINT_RULES else default.trick_point_rule}


def blank_page() -> dict[str, Any]:
    return {
        "ranks": entry_form.RANKS, "jokers": entry_form.JOKERS, "trump_choices": TRUMP_CHOICES,
        "trick_form": {"cards": [], "pip_values": "seed", "trick_point_rule": "no_meld"},
        "winner_form": {"cards": [], "order": "", "trump": ""},
    }


PAGE = CheckPage(GAME, "scorebook/games/thirteens/checks.html", (
    Check("trick", gettext_lazy("Score this trick"), jump=gettext_lazy("Score a trick"),
          submit=gettext_lazy("Score the trick")),
    # static/games/thirteens/thirteens.js keeps the order the cards were tapped in, for a form marked data-play-order.
    Check("winner", gettext_lazy("Who takes this trick?"), jump=gettext_lazy("Who takes it?"),
          submit=gettext_lazy("Who takes it?"), data=("play-order",)),
), blank=blank_page)


def thirteens_trick(request: HttpRequest) -> HttpResponse:
    rules = _house_rules(request.POST)
    form: dict[str, Any] = {"cards": request.POST.getlist("cards"), "errors": [], "result": None, **rules}
    try:
        cards = thirteens.read_trick(form["cards"])
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        options = thirteens.parse_options(rules)
        score = thirteens.score_trick(cards, options)
        form["result"] = drawn(score) | {"lines": render_lines(thirteens.trick_lines(score, options))}
    return PAGE.answer(request, "trick", form)


def _played_order(checked: list[str], order: str) -> list[str]:
    """The cards ticked, in the order they were tapped (kept by static/games/thirteens/thirteens.js); without
    JavaScript, the grid's order."""
    tapped = [code for code in order.split() if code in checked]
    return tapped + [code for code in checked if code not in tapped]


def thirteens_winner(request: HttpRequest) -> HttpResponse:
    post = request.POST
    cards = _played_order(post.getlist("cards"), post.get("order", ""))
    form: dict[str, Any] = {"cards": cards, "order": " ".join(cards), "trump": post.get("trump", ""),
                            "faces": [entry_form.card_face(code) for code in cards], "errors": [], "result": None}
    if not form["trump"]:
        form["errors"] = [_("Pick the trumps (or no trumps).")]
        return PAGE.answer(request, "winner", form)
    try:
        trump = read_trump(form["trump"])
        trick = thirteens.read_trick(cards)
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        won = thirteens.winner_check(trick, trump)
        form["result"] = {"index": won.index, "card": entry_form.card_face(won.card.code),
                          "played": [entry_form.card_face(card.code) for card in trick],
                          "reason": render_lines([won.reason])[0]}
    return PAGE.answer(request, "winner", form)


urlpatterns = PAGE.urls(trick=thirteens_trick, winner=thirteens_winner)

