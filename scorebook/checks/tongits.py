"""The referee's Tong Its checks (see ``scorebook.checks``): a page and its JSON twins.

``/referee/tongits/``: "is this a meld? a tongit?", "count this hand", "who wins this draw
fight?" — each a form answering its verdict partial (htmx) or the whole page (no JavaScript).
``/referee/tongits/preview/<match>/``: the entry form's Preview, the hand scored on top of the
match's deals with nothing stored (``scorebook.forms.tongits.preview``).
``POST /api/referee/tongits/meld/``, ``tongit/``, ``count/``, ``draw/``: input serializers check
shape only; ``referee.games.tongits`` reads the cards (``Rejected`` → API.md's 400) and judges.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.cards import Card
from referee.games import tongits
from referee.ledger import Rejected, error
from scorebook import selectors
from scorebook.api.common import UNAUTHENTICATED, VIOLATIONS, StrictSerializer, read_input
from scorebook.forms import number as typed_number
from scorebook.forms import tongits as entry_form
from scorebook.sheets import violation_messages

TITLE = gettext_lazy("Tong Its: melds, tongits, counts, draw fights")
CHECKS = (gettext_lazy("Is this a meld? A tongit?"), gettext_lazy("How much is this hand?"),
          gettext_lazy("Who wins this draw fight?"))
PAGE = "scorebook/checks/tongits.html"
SEATS = 3  # seed 002: "Грають в гру 3 гравця"
DRAW_REASONS = {  # referee.games.tongits.draw_fight's reasons, for people
    "unchallenged": gettext_lazy("Nobody fought the draw: the caller, %(winner)s, wins."),
    "challengers_burned": gettext_lazy("Only burned players fought, and a burned player cannot win: the caller, "
                                       "%(winner)s, wins."),
    "lowest": gettext_lazy("%(winner)s has the lowest count, %(count)s, and wins."),
    "tie_to_challenger": gettext_lazy("A tie at %(count)s between the caller and a challenger goes to the "
                                      "challenger: %(winner)s wins."),
    "tie_first_after_caller": gettext_lazy("Two challengers tie at %(count)s: the first in turn after the caller, "
                                           "%(winner)s, wins."),
}


def _text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card.rank.value + card.suit.symbol for card in cards) or "—"


def meld_answer(cards: tuple[Card, ...], runs: bool) -> dict[str, Any]:
    kind, reason = tongits.meld_kind(cards, runs)
    explanation = _(tongits.MELD_REASONS[reason]) % {"cards": _text(cards), "size": len(cards)}
    return {"meld": kind is not None, "kind": kind, "reason": reason, "explanation": explanation}


def tongit_answer(cards: tuple[Card, ...], runs: bool) -> dict[str, Any]:
    melds = tongits.tongit_melds(cards, runs) if cards else None
    return {"tongit": melds is not None, "melds": [[c.code for c in meld] for meld in melds or []],
            "shown": [_text(meld) for meld in melds or []]}


def seat_label(seat: int) -> str:
    return _("Player %(n)s") % {"n": seat + 1}


def draw_answer(caller: int, challengers: list[int], counts: list[int], burned: list[int]) -> dict[str, Any]:
    """:raises Rejected: the caller among the challengers, a challenger twice (``bad_ending``)."""
    problems = []
    for index, seat in enumerate(challengers):
        if seat == caller:
            problems.append(error("bad_ending", _("The caller cannot challenge his own draw."),
                                  f"challengers[{index}]"))
        elif seat in challengers[:index]:
            problems.append(error("bad_ending", _("A challenger is listed twice."), f"challengers[{index}]"))
    if problems:
        raise Rejected(problems)
    winner, reason = tongits.draw_fight(caller, challengers, counts, burned)
    explanation = str(DRAW_REASONS[reason]) % {"winner": seat_label(winner), "count": counts[winner]}
    return {"winner": winner, "reason": reason, "explanation": explanation}


# ---------------------------------------------------------------- the page


def page_context(**forms: Any) -> dict[str, Any]:
    context: dict[str, Any] = {
        "ranks": entry_form.RANKS, "seats": [(seat, seat_label(seat)) for seat in range(SEATS)],
        "meld_form": {"cards": [], "runs": True},
        "count_form": {"cards": []},
        "draw_form": {"caller": "", "challengers": [], "counts": ["", "", ""], "burned": []},
    }
    context.update(forms)
    return context


def _answer(request: HttpRequest, partial: str, **forms: Any) -> HttpResponse:
    """The verdict partial for htmx; the whole page, the form filled in, without JavaScript."""
    return render(request, f"{PAGE}#{partial}" if request.htmx else PAGE, page_context(**forms))


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
    return _answer(request, "meld_verdict", meld_form=form)


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
    return _answer(request, "count_verdict", count_form=form)


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
    if not all(isinstance(n, int) and 0 <= n <= 130 for n in counts):
        form["errors"].append(_("Type each player's count as a whole number, like 12."))
    if not form["errors"]:
        challengers = [seats[s] for s in form["challengers"] if s in seats]
        try:
            form["result"] = draw_answer(seats[form["caller"]], challengers, counts,
                                         [seats[s] for s in form["burned"] if s in seats])
        except Rejected as rejected:
            form["errors"] = violation_messages(rejected.violations)
    return _answer(request, "draw_verdict", draw_form=form)


@login_required
@require_POST
def entry_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The entry form's Preview: scored, never stored (another player's match is a 404)."""
    match = selectors.match_of(request.user, pk)
    number = typed_number(request.POST.get("number"))
    preview = entry_form.preview(match, request.POST, number if isinstance(number, int) else None)
    template = entry_form.PREVIEW_TEMPLATE if request.htmx else "scorebook/forms/tongits_preview_page.html"
    return render(request, template, {"preview": preview, "match": match})


page_urlpatterns = [
    path("", tongits_page, name="referee-tongits"),
    path("meld/", meld_check, name="referee-tongits-meld"),
    path("count/", count_check, name="referee-tongits-count"),
    path("draw/", draw_check, name="referee-tongits-draw"),
    path("preview/<int:pk>/", entry_preview, name="referee-tongits-preview"),
]


# ---------------------------------------------------------------- the API

ERRORS = {400: VIOLATIONS, 401: UNAUTHENTICATED, 403: UNAUTHENTICATED}


def card_list(**kwargs: Any) -> serializers.ListField:
    """Card texts; ``tongits.read_cards`` reads them (every spelling API.md accepts)."""
    return serializers.ListField(child=serializers.CharField(max_length=10), max_length=52, **kwargs)


class MeldInput(StrictSerializer):
    cards = card_list()
    runs = serializers.BooleanField(default=True)  # RULES.md `runs`: false, sets only


class TongitInput(StrictSerializer):
    cards = card_list()
    runs = serializers.BooleanField(default=True)


class CountInput(StrictSerializer):
    cards = card_list()


def _seat(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=SEATS - 1, **kwargs)


class DrawInput(StrictSerializer):
    caller = _seat()
    challengers = serializers.ListField(child=_seat(), max_length=SEATS - 1)
    counts = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=130),
                                   min_length=SEATS, max_length=SEATS)
    burned = serializers.ListField(child=_seat(), max_length=SEATS, default=list)



class MeldCheck(APIView):
    @extend_schema(request=MeldInput, responses={200: OpenApiTypes.OBJECT, **ERRORS},
                   summary="Tong Its: is this a meld (a set or a run), and why")
    def post(self, request: Request) -> Response:
        data = read_input(MeldInput, request)
        return Response(meld_answer(tongits.read_cards(data["cards"]), data["runs"]))


class TongitCheck(APIView):
    @extend_schema(request=TongitInput, responses={200: OpenApiTypes.OBJECT, **ERRORS},
                   summary="Tong Its: can every one of these cards be melded, and how")
    def post(self, request: Request) -> Response:
        data = read_input(TongitInput, request)
        answer = tongit_answer(tongits.read_cards(data["cards"]), data["runs"])
        return Response({"tongit": answer["tongit"], "melds": answer["melds"]})


class CountCheck(APIView):
    @extend_schema(request=CountInput, responses={200: OpenApiTypes.OBJECT, **ERRORS},
                   summary="Tong Its: the count of unmelded cards (A 1, 2-10 face value, J Q K 10)")
    def post(self, request: Request) -> Response:
        return Response({"count": tongits.count(tongits.read_cards(read_input(CountInput, request)["cards"]))})


class DrawCheck(APIView):
    @extend_schema(request=DrawInput, responses={200: OpenApiTypes.OBJECT, **ERRORS},
                   summary="Tong Its: who wins a draw call, and why")
    def post(self, request: Request) -> Response:
        data = read_input(DrawInput, request)
        return Response(draw_answer(data["caller"], data["challengers"], data["counts"], data["burned"]))


api_urlpatterns = [
    path("meld/", MeldCheck.as_view(), name="referee-tongits-meld"),
    path("tongit/", TongitCheck.as_view(), name="referee-tongits-tongit"),
    path("count/", CountCheck.as_view(), name="referee-tongits-count"),
    path("draw/", DrawCheck.as_view(), name="referee-tongits-draw"),
]
