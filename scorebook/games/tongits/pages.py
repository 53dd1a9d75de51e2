"""The referee's Tong Its checks as a page, ``/referee/tongits/``: "is this a meld? a tongit?",
"count this hand", "who wins this draw fight?" — each a form answering its verdict partial (htmx)
or the whole page (no JavaScript).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from referee.games import tongits
from referee.ledger import Rejected
from scorebook.forms import number as typed_number
from scorebook.games.tongits import GAME
from scorebook.games.tongits import form as entry_form
from scorebook.games.tongits.checks import MAX_COUNT, SEATS, draw_answer, meld_answer, seat_label, tongit_answer
from scorebook.sheets import violation_messages
from scorebook.web.common import verdict

PAGE = "scorebook/games/tongits/checks.html"


def page_context(**forms: Any) -> dict[str, Any]:
    context: dict[str, Any] = {
        "game_name": GAME.display_name,
        "ranks": entry_form.RANKS, "seats": [(seat, seat_label(seat)) for seat in range(SEATS)],
        "meld_form": {"cards": [], "runs": True},
        "count_form": {"cards": []},
        "draw_form": {"caller": "", "challengers": [], "counts": ["", "", ""], "burned": []},
    }
    context.update(forms)
    return context


@login_required
@require_GET
def tongits_page(request: HttpRequest) -> HttpResponse:
    return render(request, PAGE, page_context())


@login_required
@require_POST
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
    return verdict(request, PAGE, "meld_verdict", page_context(meld_form=form))


@login_required
@require_POST
def count_check(request: HttpRequest) -> HttpResponse:
    form: dict[str, Any] = {"cards": request.POST.getlist("cards"), "errors": [], "result": None}
    try:
        cards = tongits.read_cards(form["cards"])
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        form |= {"cards": [card.code for card in cards], "result": {"count": tongits.count(cards), "size": len(cards)}}
    return verdict(request, PAGE, "count_verdict", page_context(count_form=form))


@login_required
@require_POST
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
    return verdict(request, PAGE, "draw_verdict", page_context(draw_form=form))


urlpatterns = [
    path("", tongits_page, name="referee-tongits"),
    path("meld/", meld_check, name="referee-tongits-meld"),
    path("count/", count_check, name="referee-tongits-count"),
    path("draw/", draw_check, name="referee-tongits-draw"),
]
