"""The referee's Terz checks as a page, ``/referee/terz/``: "compare these declarations" (trumps and
each declaration on the card grid → what each is, who scores what and why) and "what is this
combination?"; the match page's "Check declarations" button posts its entry form to the same
compare view (htmx). No match behind them, nothing stored.
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.games import terz
from referee.ledger import Rejected, Violation
from scorebook import labels, selectors
from scorebook.games.terz import GAME
from scorebook.games.terz.checks import classification, comparison, seat_names
from scorebook.games.terz.form import RANKS, SUITS, slot_declarations, slot_rows
from scorebook.sheets import violation_json
from scorebook.web.common import verdict

PAGE = "scorebook/games/terz/checks.html"


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
        "game_name": GAME.display_name,
        "ranks": RANKS, "players": players,
        # Not "suits": the card grid reads that name for its rows.
        "trump_suits": [(s, labels.SUIT_SYMBOLS[s], labels.SUIT_NAMES[s]) for s in SUITS],
        "compare_form": {"trump": "", "slots": slot_rows({}, {}, players), "errors": [], "result": None},
        "classify_form": {"trump": "", "cards": [], "errors": [], "result": None},
    }
    context.update(forms)
    return context


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
    return verdict(request, PAGE, "compare_verdict", page_context(names=names, compare_form=form))


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
    return verdict(request, PAGE, "classify_verdict", page_context(classify_form=form))


urlpatterns = [
    path("", page, name="referee-terz"),
    path("compare/", compare_view, name="referee-terz-compare"),
    path("classify/", classify_view, name="referee-terz-classify"),
]
