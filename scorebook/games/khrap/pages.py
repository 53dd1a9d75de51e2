"""Khrap's referee checks as a page, ``/referee/khrap/``: "who takes this trick?" and "may I play
this card?" — each a form answering its verdict partial (htmx) or the whole page (no JavaScript).
The answers are ``scorebook.games.khrap.checks``'s, which the phone's engine gives too when there is
no connection. Nothing is stored.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from referee.cards import Suit
from referee.games import khrap
from scorebook.games.khrap import GAME, checks
from scorebook.web.common import Check, CheckPage

RANKS = [rank.value for rank in khrap.ORDER]  # the 36-card deck, 6 to ace
SUITS = [(suit, Suit(suit).symbol) for suit in ("H", "S", "D", "C")]


def blank_page() -> dict[str, Any]:
    return {
        "ranks": RANKS, "suit_choices": SUITS,
        "trick_form": {"led_rank": "", "led_suit": "", "trump": "", "played": []},
        "legal_form": {"card_rank": "", "card_suit": "", "led_rank": "", "led_suit": "", "trump": "", "hand": []},
    }


PAGE = CheckPage(GAME, "scorebook/games/khrap/checks.html", (
    Check("trick", gettext_lazy("Who takes this trick?"), jump=gettext_lazy("Who takes the trick"),
          submit=gettext_lazy("Who takes it?")),
    Check("legal", gettext_lazy("May I play this card?"), jump=gettext_lazy("May I play this card"),
          submit=gettext_lazy("Check the card")),
), blank=blank_page, answers=checks.ANSWERS)


def khrap_trick(request: HttpRequest) -> HttpResponse:
    post = request.POST
    return PAGE.ask(request, "trick", {key: post.get(key, "") for key in ("led_rank", "led_suit", "trump")}
                    | {"played": post.getlist("played")})


def khrap_legal(request: HttpRequest) -> HttpResponse:
    post = request.POST
    return PAGE.ask(request, "legal", {key: post.get(key, "") for key in ("card_rank", "card_suit", "led_rank",
                                                                          "led_suit", "trump")}
                    | {"hand": post.getlist("hand")})


urlpatterns = PAGE.urls(trick=khrap_trick, legal=khrap_legal)
