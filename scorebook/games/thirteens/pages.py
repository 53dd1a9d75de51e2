"""The referee's Thirteens checks as a page, ``/referee/thirteens/``: "score this trick" (the best
melds, drawn as boxes) and "who takes this trick?" (cards in play order, trumps; a joker cancels
trumps). The answers are ``scorebook.games.thirteens.checks``'s, which the phone's engine gives too
when there is no connection.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from scorebook import sheets
from scorebook.games.thirteens import GAME, checks
from scorebook.games.thirteens import form as entry_form
from scorebook.web.common import Check, CheckPage

TRUMP_CHOICES = [(suit, sheets.SUIT_SYMBOLS[suit]) for suit in entry_form.TRUMPS]


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
), blank=blank_page, answers=checks.ANSWERS)


def thirteens_trick(request: HttpRequest) -> HttpResponse:
    post = dict(request.POST.lists())
    return PAGE.ask(request, "trick", {"cards": request.POST.getlist("cards"), **checks.house_rules(post)})


def thirteens_winner(request: HttpRequest) -> HttpResponse:
    cards = checks.played_order(dict(request.POST.lists()))  # the form shows them again in that order
    return PAGE.ask(request, "winner", {
        "cards": cards, "order": " ".join(cards), "trump": request.POST.get("trump", ""),
        "faces": [checks.card_face(code) for code in cards]})


urlpatterns = PAGE.urls(trick=thirteens_trick, winner=thirteens_winner)
