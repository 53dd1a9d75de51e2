"""The referee's checks for Terz (see ``scorebook.checks``): no match behind them, nothing stored.

- page ``/referee/terz/``: "compare these declarations" (trumps and each declaration on the card
  grid → what each is, who scores what and why) and "what is this combination?"; the match page's
  "Check declarations" button posts its entry form to the same compare view (htmx);
- API ``POST /api/referee/terz/compare/`` and ``POST /api/referee/terz/classify/``.

The judging is ``referee.games.terz``'s (``compare``, ``classify``); these views only read the
input and render. Refused input raises ``Rejected``, answered as API.md's 400.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from django.views.decorators.http import require_POST
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.cards import CardParseError, card_code, parse_card, parse_suit
from referee.games import terz
from referee.ledger import Rejected, Violation, error
from scorebook import labels, selectors
from scorebook.api.common import UNAUTHENTICATED, VIOLATIONS, NamesSeats, StrictSerializer, read_input
from scorebook.forms.terz import RANKS, SLOTS, SUITS, slot_declarations, slot_rows
from scorebook.sheets import render_lines, violation_json

TITLE = gettext_lazy("Terz")
CHECKS = (gettext_lazy("Whose declarations count?"), gettext_lazy("What is this combination?"))
PAGE = "scorebook/checks/terz.html"
# Any deal's points will do: ``terz.parse_entry`` reads the trumps and declarations of a play, and
# the checks have no deal points to give it.
_ANY_POINTS = [terz.CARD_POINTS // 2, terz.CARD_POINTS - terz.CARD_POINTS // 2]


def seat_names(names: list[str] | None = None) -> list[str]:
    """The players' names, or "Player 1" and "Player 2" when the check has no match behind it."""
    names = [n for n in (names or []) if isinstance(n, str) and n.strip()]
    if len(names) == 2:
        return names
    return [_("Player %(n)s") % {"n": seat + 1} for seat in range(2)]


def read_declarations(trump: Any, declarations: list[dict[str, Any]]) -> tuple[Any, tuple[terz.Declaration, ...]]:
    """Trumps and declarations read as the engine reads a play's. :raises Rejected: field by field."""
    play = terz.parse_entry({"type": "play", "trump": trump, "points": _ANY_POINTS,
                             "declarations": declarations}, 2)
    assert isinstance(play, terz.Play)
    return play.trump, play.declarations


def comparison(trump: Any, declarations: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """``terz.compare`` as JSON, its explanation in the request's language. :raises Rejected:"""
    suit, read = read_declarations(trump, declarations)
    judged = terz.compare(suit, read)
    return {
        "trump": suit.value,
        "declarations": [d.json() for d in judged.declarations],
        "scores": list(judged.scores),
        "best_player": judged.scorer,
        "decided_by": judged.step,
        "explanation": render_lines(judged.lines, names),
    }


def classification(cards: Any, trump: Any) -> dict[str, Any]:
    """``terz.classify`` as JSON. :raises Rejected: a bad suit, a bad card, not a combination."""
    try:
        suit = parse_suit(trump) if isinstance(trump, str) else None
    except CardParseError:
        suit = None
    if suit is None:
        raise Rejected([error("bad_card", gettext_noop("“%(value)s” is not a suit (S, H, D or C)."), "trump",
                              value=str(trump)[:40])])
    found = terz.classify(cards, suit)
    if isinstance(found, Violation):
        raise Rejected([dataclasses.replace(found, field="cards")])
    kind, value = found
    return {"cards": [card_code(parse_card(card)) for card in cards], "trump": suit.value, "kind": kind,
            "value": value}


# ---------------------------------------------------------------- pages


def _kind_word(kind: str) -> str:
    return _(terz.KIND_TEXT[kind])


def _slot_message(violation: Violation, slots: list[int], names: list[str]) -> str:
    """A violation's message, with the declaration slot it is about."""
    message = violation_json(violation, names)["message"]
    found = re.match(r"declarations\[(\d+)\]", violation.field or "")
    if found and int(found.group(1)) < len(slots):
        return _("Declaration %(n)s: %(message)s") % {"n": slots[int(found.group(1))] + 1, "message": message}
    return message


def _names_for(request: HttpRequest) -> list[str]:
    """From the match page: its players' names (one of the caller's matches, else none)."""
    pk = request.POST.get("match", "")
    if pk.isdigit():
        players = selectors.matches_of(request.user).filter(pk=int(pk)).values_list("players", flat=True).first()
        if players:
            return seat_names(list(players))
    return seat_names()


def page_context(names: list[str] | None = None, **forms: Any) -> dict[str, Any]:
    names = names or seat_names()
    players = list(enumerate(names))
    context: dict[str, Any] = {
        "ranks": RANKS, "players": players,
        # Not "suits": the card grid reads that name for its rows.
        "trump_suits": [(s, labels.SUIT_SYMBOLS[s], labels.SUIT_NAMES[s]) for s in SUITS],
        "compare_form": {"trump": "", "slots": slot_rows({}, {}, players), "errors": [], "result": None},
        "classify_form": {"trump": "", "cards": [], "errors": [], "result": None},
    }
    context.update(forms)
    return context


def _answer(request: HttpRequest, partial: str, **context: Any) -> HttpResponse:
    """The verdict partial for htmx; the whole page, the form filled in, without JavaScript."""
    return render(request, f"{PAGE}#{partial}" if request.htmx else PAGE, page_context(**context))


@login_required
def page(request: HttpRequest) -> HttpResponse:
    return render(request, PAGE, page_context())


@login_required
@require_POST
def compare_view(request: HttpRequest) -> HttpResponse:
    """Compare the declarations of a form: this page's, or the match page's entry form."""
    post = request.POST
    names = _names_for(request)
    players = list(enumerate(names))
    declarations, slots = slot_declarations(post)
    values = {key: post.getlist(key) if re.fullmatch(r"decl_\d+", key) else post.get(key) for key in post}
    form: dict[str, Any] = {"trump": post.get("trump", ""), "errors": [], "result": None}
    if not form["trump"]:
        form["errors"] = [_("Pick the trumps first: a marriage and the tie-breaks depend on them.")]
    elif not declarations:
        form["errors"] = [_("Pick the cards of at least one declaration.")]
    else:
        try:
            result = comparison(form["trump"], declarations, names)
        except Rejected as rejected:
            form["errors"] = [_slot_message(v, slots, names) for v in rejected.violations]
        else:
            for item, slot in zip(result["declarations"], slots, strict=True):
                item |= {"slot": slot + 1, "name": names[item["player"]], "kind_text": _kind_word(item["kind"]),
                         "cards_text": [(code[:-1], code[-1]) for code in item["cards"]]}
            best = result["best_player"]
            # The engine's first line says why (who beats whom); one line a declaration follows,
            # which the page shows as the list of declarations instead.
            reasons = result["explanation"][:len(result["explanation"]) - len(result["declarations"])]
            result |= {"best_name": names[best] if best is not None else None, "reasons": reasons,
                       "scores_named": [(names[seat], score) for seat, score in enumerate(result["scores"])]}
            form["result"] = result
    form["slots"] = slot_rows(values, {}, players)
    return _answer(request, "compare_verdict", names=names, compare_form=form)


@login_required
@require_POST
def classify_view(request: HttpRequest) -> HttpResponse:
    post = request.POST
    form: dict[str, Any] = {"trump": post.get("trump", ""), "cards": post.getlist("cards"), "errors": [],
                            "result": None}
    if not form["trump"]:
        form["errors"] = [_("Pick the trumps first: a marriage and the tie-breaks depend on them.")]
    elif not form["cards"]:
        form["errors"] = [_("Pick the cards of the combination.")]
    else:
        try:
            result = classification(form["cards"], form["trump"])
        except Rejected as rejected:
            form["errors"] = [violation_json(v)["message"] for v in rejected.violations]
        else:
            form["result"] = result | {"kind_text": _kind_word(result["kind"])}
    return _answer(request, "classify_verdict", classify_form=form)


# ---------------------------------------------------------------- API


class CompareInput(StrictSerializer):
    trump = serializers.CharField(max_length=10)
    # Each item is read by the engine, as a play's declarations are: its violations then point at
    # "declarations[0].cards[1]" (API.md's paths), which a nested serializer would not.
    declarations = serializers.ListField(child=serializers.JSONField(), max_length=2 * SLOTS,
                                         help_text='in the order announced: {"player": 0, "cards": ["7H", "8H", "9H"]}')
    players = serializers.ListField(child=serializers.CharField(max_length=40), min_length=2, max_length=2,
                                    required=False, help_text="names for the explanation (optional)")


class ClassifyInput(StrictSerializer):
    cards = serializers.ListField(child=serializers.CharField(max_length=10), max_length=32)
    trump = serializers.CharField(max_length=10)



class TerzCompare(NamesSeats):
    @extend_schema(request=CompareInput, responses={200: OpenApiTypes.OBJECT, 400: VIOLATIONS,
                                                    401: UNAUTHENTICATED, 403: UNAUTHENTICATED},
                   summary="Terz: whose declarations count, what each scores and why")
    def post(self, request: Request) -> Response:
        data = read_input(CompareInput, request)
        names = seat_names(data.get("players"))
        # The exception handler names the seats in its messages after these names.
        self.players = names
        return Response(comparison(data["trump"], list(data["declarations"]), names))


class TerzClassify(APIView):
    @extend_schema(request=ClassifyInput, responses={200: OpenApiTypes.OBJECT, 400: VIOLATIONS,
                                                     401: UNAUTHENTICATED, 403: UNAUTHENTICATED},
                   summary="Terz: what combination a set of cards is")
    def post(self, request: Request) -> Response:
        data = read_input(ClassifyInput, request)
        return Response(classification(data["cards"], data["trump"]))


page_urlpatterns = [
    path("", page, name="referee-terz"),
    path("compare/", compare_view, name="referee-terz-compare"),
    path("classify/", classify_view, name="referee-terz-classify"),
]
api_urlpatterns = [
    path("compare/", TerzCompare.as_view(), name="referee-terz-compare"),
    path("classify/", TerzClassify.as_view(), name="referee-terz-classify"),
]
