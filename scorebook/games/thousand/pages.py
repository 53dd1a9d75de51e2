"""The referee's 1000 checks as a page, ``/referee/thousand/``: "may I bid this much?", "may I
declare this marriage now?" and "how many card points are these?" — each a form answering its
verdict partial (htmx) or the whole page again (no JavaScript). The answers are
``scorebook.games.thousand.checks``'s, which the phone's engine gives too when there is no
connection. Nothing is stored.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from referee.cards import Suit
from referee.games import thousand
from scorebook.games.thousand import GAME, checks
from scorebook.phone.checking import ticked, value, values
from scorebook.web.common import Check, CheckPage

RANKS = [rank.value for rank in thousand.RANKS]  # the 24-card deck's ranks, 9 to ace
MARRIAGE_CHOICES = [(suit, Suit(suit).symbol) for suit in thousand.MARRIAGE_SUITS]


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
), blank=blank_page, answers=checks.ANSWERS)


def thousand_bid(request: HttpRequest) -> HttpResponse:
    post = dict(request.POST.lists())  # the form as the checks read it
    return PAGE.ask(request, "bid", {
        "cards": values(post, "cards"), "bid": value(post, "bid").strip(), "bid_step": str(checks.bid_step(post)),
        "marriage_values": checks.table(post), "ace_marriage": ticked(post, "ace_marriage")})


def thousand_points(request: HttpRequest) -> HttpResponse:
    return PAGE.ask(request, "points", {"cards": request.POST.getlist("cards")})


def thousand_marriage(request: HttpRequest) -> HttpResponse:
    post = dict(request.POST.lists())  # the form as the checks read it
    return PAGE.ask(request, "marriage", {
        "cards": values(post, "cards"), "suit": value(post, "suit"), "declared": values(post, "declared"),
        "took_trick": ticked(post, "took_trick"), "marriage_values": checks.table(post)})


urlpatterns = PAGE.urls(bid=thousand_bid, marriage=thousand_marriage, points=thousand_points)
