"""The referee's Thirteens checks as a page, ``/referee/thirteens/``: "score this trick" (the best
melds, drawn as boxes) and "who takes this trick?" (cards in play order, trumps; a joker cancels
trumps). ``/referee/thirteens/preview/<match>/`` is the entry form's "Preview the scores" (htmx):
how each trick of the deal being entered scores, before anything is saved.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.games import thirteens
from referee.ledger import Rejected
from scorebook import labels, selectors
from scorebook.games.thirteens import form as entry_form
from scorebook.games.thirteens.checks import drawn, read_trump
from scorebook.sheets import render_lines, violation_json, violation_messages
from scorebook.web.common import verdict

PAGE = "scorebook/games/thirteens/checks.html"
PREVIEW = "scorebook/games/thirteens/preview.html"
TRUMP_CHOICES = [(suit, labels.SUIT_SYMBOLS[suit]) for suit in entry_form.TRUMPS]


def _house_rules(post: Any) -> dict[str, Any]:
    """The house rules ticked on the page (each as RULES.md names it; anything else: the default)."""
    default = thirteens.Options()
    pips, rule = post.get("pip_values"), post.get("trick_point_rule")
    return {"pip_values": pips if pips in thirteens.PIP_CHOICES else default.pip_values,
            "trick_point_rule": rule if rule in thirteens.TRICK_POINT_RULES else default.trick_point_rule}


def page_context(**forms: Any) -> dict[str, Any]:
    context: dict[str, Any] = {
        "ranks": entry_form.RANKS, "jokers": entry_form.JOKERS, "trump_choices": TRUMP_CHOICES,
        "trick_form": {"cards": [], "pip_values": "seed", "trick_point_rule": "no_meld"},
        "winner_form": {"cards": [], "order": "", "trump": ""},
    }
    context.update(forms)
    return context


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
        form["result"] = drawn(score) | {"lines": render_lines(thirteens.trick_lines(score, options))}
    return verdict(request, PAGE, "trick_verdict", page_context(trick_form=form))


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
        return verdict(request, PAGE, "winner_verdict", page_context(winner_form=form))
    try:
        trump = read_trump(form["trump"])
        trick = thirteens.read_trick(cards)
    except Rejected as rejected:
        form["errors"] = violation_messages(rejected.violations)
    else:
        won = thirteens.winner_check(trick, trump)
        form["result"] = {"index": won.index, "card": entry_form.card_face(won.card.code),
                          "played": [entry_form.card_face(card.code) for card in trick],
                          "reason": render_lines([won.reason])[0]}
    return verdict(request, PAGE, "winner_verdict", page_context(winner_form=form))


@login_required
@require_POST
def deal_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The entry form's preview: each trick's score and each player's deal, or what is wrong. Nothing
    is stored; the same referee judges when the deal is saved."""
    match = selectors.match_of(request.user, pk)
    seats = len(match.players)
    options = thirteens.parse_options(match.options, None)
    raw = entry_form.entry_from_post(request.POST, seats, {})
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
            "tricks": [drawn(thirteens.score_trick(trick, options)) for trick in taken]})
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


urlpatterns = [
    path("", thirteens_page, name="referee-thirteens"),
    path("trick/", thirteens_trick, name="referee-thirteens-trick"),
    path("winner/", thirteens_winner, name="referee-thirteens-winner"),
    path("preview/<int:pk>/", deal_preview, name="referee-thirteens-preview"),
]

