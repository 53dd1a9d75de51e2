"""The referee's checks for По тринадцати (Thirteens), as a page and as JSON (see ``scorebook.checks``).

``/referee/thirteens/``: "score this trick" (the best melds, drawn as boxes) and "who takes this
trick?" (cards in play order, trumps; a joker cancels trumps). ``/referee/thirteens/preview/<match>/``
is the entry form's "Preview the scores" (htmx): how each trick of the deal being entered scores,
before anything is saved. ``POST /api/referee/thirteens/trick/`` and ``.../winner/`` answer the same
as JSON. The judging is ``referee.games.thirteens``'s; a trick it cannot read raises ``Rejected``,
which ``scorebook.api.errors.exception_handler`` answers as API.md's 400.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.cards import Card, CardParseError, Joker, Suit, parse_suit
from referee.games import thirteens
from referee.ledger import Rejected, error
from referee.ledger import (
    _ as english,  # an English template, translated when the violation is shown
)
from scorebook import labels, selectors
from scorebook.api.common import UNAUTHENTICATED, VIOLATIONS, StrictSerializer, read_input
from scorebook.forms import thirteens as entry_form
from scorebook.sheets import render_lines, violation_json, violation_messages

TITLE = labels.GAME_NAMES["thirteens"]
CHECKS = (gettext_lazy("Score this trick"), gettext_lazy("Who takes this trick?"))
PAGE = "scorebook/checks/thirteens.html"
PREVIEW = "scorebook/forms/thirteens_preview.html"
TRUMP_CHOICES = [(suit, labels.SUIT_SYMBOLS[suit]) for suit in entry_form.TRUMPS]


# ---------------------------------------------------------------- reading the forms


def _read_trump(text: Any, where: str = "trump") -> Suit | None:
    """A suit, or None for "no trumps" (null, "", "none"). :raises Rejected: ``bad_card``."""
    if text is None or text in ("", entry_form.NO_TRUMP):
        return None
    try:
        return parse_suit(text)
    except CardParseError:
        raise Rejected([error("bad_card", english("“%(value)s” is not a suit (S, H, D or C)."), where,
                              value=str(text)[:40])]) from None




def _drawn(score: thirteens.TrickScore) -> dict[str, Any]:
    """The trick grouped as the page draws it: a box per meld, the jokers, the cards in no meld."""
    in_melds = {card for meld in score.melds for card in meld.cards}
    return {
        "melds": [{"kind": meld.kind, "label": labels.MELD_KINDS.get(meld.kind, meld.kind), "points": meld.points,
                   "cards": [entry_form.card_face(card.code) for card in meld.cards]} for meld in score.melds],
        "jokers": [entry_form.card_face(card.code) for card in score.cards if isinstance(card, Joker)],
        "joker_points": score.joker_points,
        "loose": [entry_form.card_face(card.code) for card in score.cards
                  if isinstance(card, Card) and card not in in_melds],
        "trick_point": score.trick_point, "points": score.points,
    }


def _house_rules(post: Any) -> dict[str, Any]:
    return {"pip_values": "pagat" if post.get("pip_values") == "pagat" else "seed",
            "trick_point_rule": "every_trick" if post.get("trick_point_rule") == "every_trick" else "no_meld"}


def page_context(**forms: Any) -> dict[str, Any]:
    context: dict[str, Any] = {
        "ranks": entry_form.RANKS, "jokers": entry_form.JOKERS, "trump_choices": TRUMP_CHOICES,
        "trick_form": {"cards": [], "pip_values": "seed", "trick_point_rule": "no_meld"},
        "winner_form": {"cards": [], "order": "", "trump": ""},
    }
    context.update(forms)
    return context


def _answer(request: HttpRequest, partial: str, **forms: Any) -> HttpResponse:
    """The verdict partial for htmx; the whole page, the form filled in, without JavaScript."""
    return render(request, f"{PAGE}#{partial}" if request.htmx else PAGE, page_context(**forms))


# ---------------------------------------------------------------- pages


@login_required
def thirteens_page(request: HttpRequest) -> HttpResponse:
    return render(request, PAGE, page_context())


@login_required
@require_POST
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
        form["result"] = _drawn(score) | {"lines": render_lines(thirteens.trick_lines(score, options))}
    return _answer(request, "trick_verdict", trick_form=form)


def _played_order(checked: list[str], order: str) -> list[str]:
    """The cards ticked, in the order they were tapped (kept by static/js/thirteens.js); without
    JavaScript, the grid's order."""
    tapped = [code for code in order.split() if code in checked]
    return tapped + [code for code in checked if code not in tapped]


@login_required
@require_POST
def thirteens_winner(request: HttpRequest) -> HttpResponse:
    post = request.POST
    cards = _played_order(post.getlist("cards"), post.get("order", ""))
    form: dict[str, Any] = {"cards": cards, "order": " ".join(cards), "trump": post.get("trump", ""),
                            "faces": [entry_form.card_face(code) for code in cards], "errors": [], "result": None}
    if not form["trump"]:
        form["errors"] = [_("Pick the trumps (or no trumps).")]
        return _answer(request, "winner_verdict", winner_form=form)
    try:
        trump = _read_trump(form["trump"])
        trick = thirteens.read_trick(cards)
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        won = thirteens.winner_check(trick, trump)
        form["result"] = {"index": won.index, "card": entry_form.card_face(won.card.code),
                          "played": [entry_form.card_face(card.code) for card in trick],
                          "reason": render_lines([won.reason])[0]}
    return _answer(request, "winner_verdict", winner_form=form)


@login_required
@require_POST
def deal_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The entry form's preview: each trick's score and each player's deal, or what is wrong. Nothing
    is stored; the same referee judges when the deal is saved."""
    match = selectors.match_of(request.user, pk)
    seats = len(match.players)
    options = thirteens.parse_options(match.options, None)
    raw = entry_form.entry_from_post(request.POST, seats, 0)
    context: dict[str, Any] = {"errors": [], "players": []}
    try:
        entry = thirteens.parse_entry(raw, seats)
        problems = [v for v in thirteens.validate(thirteens.initial_state(options, seats, 0), entry) if v.is_error]
        if problems:
            raise Rejected(problems)
    except Rejected as rejected:
        context["errors"] = [_where(v.field, match.players) + violation_json(v, match.players)["message"]
                             for v in rejected.violations if v.field != "trump"]
        return render(request, PREVIEW, context)
    if not isinstance(entry, thirteens.Play) or entry.tricks is None:
        return render(request, PREVIEW, context)
    _state, outcome = thirteens.apply(thirteens.initial_state(options, seats, 0), entry)
    for seat, taken in enumerate(entry.tricks):
        context["players"].append({
            "name": match.players[seat], "points": outcome.deltas[seat], "no_trick": not taken,
            "tricks": [_drawn(thirteens.score_trick(trick, options)) for trick in taken]})
    return render(request, PREVIEW, context)


def _where(field: str | None, players: list[str]) -> str:
    """ "tricks[1][0][2]" as "Борис, trick 1: " for a message shown away from its field."""
    name = entry_form.field_name(field)
    parts = name.split("_")
    if parts[0] == "trick" and len(parts) == 3 and int(parts[1]) < len(players):
        return _("%(player)s, trick %(number)s: ") % {"player": players[int(parts[1])], "number": int(parts[2]) + 1}
    if parts[0] == "tricks" and len(parts) == 2 and int(parts[1]) < len(players):
        return players[int(parts[1])] + ": "
    return ""


# ---------------------------------------------------------------- API


def _card_list(**kwargs: Any) -> serializers.ListField:
    # The 54 cards at most; ``thirteens.read_trick`` refuses more than 6 as ``trick_size``.
    return serializers.ListField(child=serializers.CharField(max_length=10), max_length=thirteens.DECK_SIZE,
                                 **kwargs)


class TrickInput(StrictSerializer):
    cards = _card_list()
    options = serializers.DictField(required=False, allow_null=True)


class WinnerInput(StrictSerializer):
    cards = _card_list()
    trump = serializers.CharField(max_length=10, allow_null=True, allow_blank=True)



class ThirteensTrick(APIView):
    @extend_schema(request=TrickInput, responses={200: OpenApiTypes.OBJECT, 400: VIOLATIONS, 401: UNAUTHENTICATED,
                                                   403: UNAUTHENTICATED},
                   summary="Thirteens: the best score of one trick, with the melds chosen")
    def post(self, request: Request) -> Response:
        data = read_input(TrickInput, request)
        options = thirteens.parse_options(data.get("options"), None)
        score = thirteens.score_trick(thirteens.read_trick(data["cards"]), options)
        return Response({"cards": [card.code for card in score.cards], "points": score.points,
                         "melds": [meld.json() for meld in score.melds], "trick_point": score.trick_point,
                         "jokers": score.jokers, "joker_points": score.joker_points,
                         "explanation": render_lines(thirteens.trick_lines(score, options))})


class ThirteensWinner(APIView):
    @extend_schema(request=WinnerInput, responses={200: OpenApiTypes.OBJECT, 400: VIOLATIONS, 401: UNAUTHENTICATED,
                                                   403: UNAUTHENTICATED},
                   summary="Thirteens: which card takes a trick (cards in play order; a joker cancels trumps)")
    def post(self, request: Request) -> Response:
        data = read_input(WinnerInput, request)
        trump = _read_trump(data["trump"])
        won = thirteens.winner_check(thirteens.read_trick(data["cards"]), trump)
        return Response({"winner": won.index, "card": won.card.code,
                         "trump": trump.value if trump is not None else None,
                         "reason": render_lines([won.reason])[0]})


page_urlpatterns = [
    path("", thirteens_page, name="referee-thirteens"),
    path("trick/", thirteens_trick, name="referee-thirteens-trick"),
    path("winner/", thirteens_winner, name="referee-thirteens-winner"),
    path("preview/<int:pk>/", deal_preview, name="referee-thirteens-preview"),
]

api_urlpatterns = [
    path("trick/", ThirteensTrick.as_view(), name="referee-thirteens-trick"),
    path("winner/", ThirteensWinner.as_view(), name="referee-thirteens-winner"),
]
