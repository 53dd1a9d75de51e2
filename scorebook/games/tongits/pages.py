"""The referee's Tong Its checks as a page, ``/referee/tongits/``: "is this a meld? a tongit?",
"count this hand", "who wins this draw fight?" — each a form answering its verdict partial (htmx)
or the whole page (no JavaScript).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.games import tongits
from referee.ledger import Rejected
from scorebook.games.forms import number as typed_number
from scorebook.games.tongits import GAME
from scorebook.games.tongits import form as entry_form
from scorebook.games.tongits.checks import MAX_COUNT, SEATS, draw_answer, meld_answer, seat_label, tongit_answer
from scorebook.sheets import violation_messages
from scorebook.web.common import Check, CheckPage


def blank_page() -> dict[str, Any]:
    return {
        "ranks": entry_form.RANKS, "seats": [(seat, seat_label(seat)) for seat in range(SEATS)],
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
), blank=blank_page)


def meld_check(request: HttpRequest) -> HttpResponse:
    runs = request.POST.get("runs") == "on"
    form: dict[str, Any] = {"cards": request.POST.getlist("cards"), "runs": runs, "errors": [], "result": None}
    try:
        cards = tongits.read_cards(form["cards"])
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        form["cards"] = [card.code for card in cards]
        if not cards:
            form["errors"] = [_("Tap the cards to check.")]
        else:
            form["result"] = {"meld": meld_answer(cards, runs), "tongit": tongit_answer(cards, runs)}
    return PAGE.answer(request, "meld", form)


def count_check(request: HttpRequest) -> HttpResponse:
    form: dict[str, Any] = {"cards": request.POST.getlist("cards"), "errors": [], "result": None}
    try:
        cards = tongits.read_cards(form["cards"])
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        form |= {"cards": [card.code for card in cards], "result": {"count": tongits.count(cards), "size": len(cards)}}
    return PAGE.answer(request, "count", form)


def draw_check(request: HttpRequest) -> HttpResponse:
    post = request.POST
    form: dict[str, Any] = {"caller": post.get("caller", ""), "challengers": post.getlist("challengers"),
                            "counts": [post.get(f"count_{seat}", "").strip() for seat in range(SEATS)],
                            "burned": post.getlist("burned"), "errors": [], "result": None}
    seats = {str(seat): seat for seat in range(SEATS)}
    counts = [typed_number(text) for text in form["counts"]]
    if form["caller"] not in seats:
        form["errors"].append(_("Who called the draw?"))
    if not all(isinstance(n, int) and 0 <= n <= MAX_COUNT for n in counts):
        form["errors"].append(_("Type each player's count as a whole number, like 12."))
    if not form["errors"]:
        challengers = [seats[s] for s in form["challengers"] if s in seats]
        try:
            form["result"] = draw_answer(seats[form["caller"]], challengers, counts,
                                         [seats[s] for s in form["burned"] if s in seats])
        except Rejected as rejected:
            form["errors"] = violation_messages(rejected.violations)
    return PAGE.answer(request, "draw", form)


urlpatterns = PAGE.urls(meld=meld_check, count=count_check, draw=draw_check)
