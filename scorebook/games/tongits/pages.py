"""The referee's Tong Its checks as a page, ``/referee/tongits/``: "is this a meld? a tongit?",
"count this hand", "who wins this draw fight?" — each a form answering its verdict partial (htmx)
or the whole page (no JavaScript). The answers are ``scorebook.games.tongits.checks``'s, which the
phone's engine gives too when there is no connection.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from scorebook.games.tongits import GAME, checks
from scorebook.games.tongits import form as entry_form
from scorebook.sheets import WORDS
from scorebook.web.common import Check, CheckPage


def blank_page() -> dict[str, Any]:
    return {
        "ranks": entry_form.RANKS, "seats": [(seat, checks.seat_label(WORDS, seat)) for seat in range(checks.SEATS)],
        "meld_form": {"cards": [], "runs": True},
        "count_form": {"cards": []},
        "draw_form": {"caller": "", "challengers": [], "counts": ["", "", ""], "burned": []},
    }


PAGE = CheckPage(GAME, "scorebook/games/tongits/checks.html", (
    Check("meld", gettext_lazy("Is this a meld? A tongit?"), jump=gettext_lazy("Meld or tongit"),
          submit=gettext_lazy("Check")),
    Check("count", gettext_lazy("How much is this hand?"), jump=gettext_lazy("Count"), submit=gettext_lazy("Count")),
    Check("draw", gettext_lazy("Who wins this draw fight?"), jump=gettext_lazy("Draw fight"),
          submit=gettext_lazy("Who wins?")),
), blank=blank_page, answers=checks.ANSWERS)


def meld_check(request: HttpRequest) -> HttpResponse:
    post = request.POST
    return PAGE.ask(request, "meld", {"cards": post.getlist("cards"), "runs": post.get("runs") == "on"})


def count_check(request: HttpRequest) -> HttpResponse:
    return PAGE.ask(request, "count", {"cards": request.POST.getlist("cards")})


def draw_check(request: HttpRequest) -> HttpResponse:
    post = request.POST
    return PAGE.ask(request, "draw", {
        "caller": post.get("caller", ""), "challengers": post.getlist("challengers"),
        "counts": [post.get(f"count_{seat}", "").strip() for seat in range(checks.SEATS)],
        "burned": post.getlist("burned")})


urlpatterns = PAGE.urls(meld=meld_check, count=count_check, draw=draw_check)
