"""My matches (filtered, searched, paginated) and a new match.

Views only read forms and render; a match is created by ``scorebook.services.match_create``.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from typing import Any, cast

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods

from referee.ledger import Rejected
from referee.reading import option_fields
from scorebook import selectors, services
from scorebook.games import GAMES
from scorebook.games.forms import number as typed_number
from scorebook.models import Match
from scorebook.sheets import violation_json
from scorebook.web.contexts import option_rows, preset_label

PAGE_SIZE = 20


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "scorebook/landing.html")
    return render(request, "scorebook/home.html", home_context(request))


# ---------------------------------------------------------------- my matches, filtered


class MatchFilter(forms.Form):
    """The filters above "My matches". Every field is optional; an invalid one is ignored."""

    q = forms.CharField(label=_("Search"), required=False, max_length=100,
                        widget=forms.TextInput(attrs={"type": "search", "placeholder": _("Match or player name")}))
    game = forms.ChoiceField(label=_("Game"), required=False)
    player = forms.TypedChoiceField(label=_("Player"), required=False, coerce=int, empty_value=None)
    date_from = forms.DateField(label=pgettext_lazy("date range", "From"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label=pgettext_lazy("date range", "To"), required=False,
                              widget=forms.DateInput(attrs={"type": "date"}))
    finished = forms.ChoiceField(label=_("State"), required=False,
                                 choices=[("", _("Any")), ("no", _("In play")), ("yes", _("Finished"))])
    archived = forms.ChoiceField(label=_("Archive"), required=False,
                                 choices=[("", _("Not archived")), ("yes", _("Archived"))])

    def __init__(self, data: Any, players: list[tuple[int, str]]):
        super().__init__(data)
        # self.fields holds copies of the fields declared above, typed as plain Fields.
        cast(forms.ChoiceField, self.fields["game"]).choices = (
            [("", _("Any game"))] + [(g.name, g.display_name) for g in GAMES.values()])
        cast(forms.ChoiceField, self.fields["player"]).choices = [("", _("Anyone")), *players]


def _search(matches: QuerySet[Match], text: str) -> QuerySet[Match]:
    """Matches whose name or a player's name contains *text*, in any case.

    Done in Python over one query of names: SQLite's LIKE folds the case of ASCII letters only,
    so "аня" would not find "Аня" there; casefold() does, on every database.
    """
    needle = text.casefold()
    found = [pk for pk, name, players in matches.values_list("pk", "name", "players")
             if needle in name.casefold() or any(needle in str(p).casefold() for p in players or ())]
    return matches.filter(pk__in=found)


def home_context(request: HttpRequest) -> dict[str, Any]:
    """The caller's matches, filtered and paginated, for ``scorebook/home.html``.

    Queries: the owner's players (the filter's choices), the count and the page; one more for a
    search. The same for 3 matches as for 300.
    """
    players = list(selectors.players_of(request.user).order_by("name").values_list("pk", "name"))
    form = MatchFilter(request.GET, players)
    form.is_valid()  # fills cleaned_data with the valid fields; the invalid ones show their error
    given = form.cleaned_data
    matches = selectors.matches_of(request.user)
    if given.get("game"):
        matches = matches.filter(game=given["game"])
    if given.get("player") is not None:
        matches = matches.filter(seats__player_id=given["player"])
    if given.get("date_from"):
        matches = matches.filter(created_at__date__gte=given["date_from"])
    if given.get("date_to"):
        matches = matches.filter(created_at__date__lte=given["date_to"])
    if given.get("finished"):
        matches = matches.filter(finished=given["finished"] == "yes")
    matches = matches.filter(archived=given.get("archived") == "yes")
    if given.get("q", "").strip():
        matches = _search(matches, given["q"].strip())
    page = Paginator(matches.order_by("-updated_at", "-id"), PAGE_SIZE).get_page(request.GET.get("page"))
    for match in page.object_list:
        match.standings = standings(match)
    filtered = any(given.get(name) not in (None, "") for name in form.fields)
    return {"form": form, "page": page, "matches": page.object_list, "filtered": filtered,
            "has_players": bool(players)}


def standings(match: Match) -> dict[str, Any]:
    """Each player's total in seat order and the winner, read from the match's cached sheet (no
    replay per match in the list; ``rebuild_sheets`` refreshes sheets cached under older rules)."""
    sheet = match.sheet or {}
    totals = sheet.get("totals") or [0] * len(match.players)
    winner = sheet.get("winner") if match.finished else None
    return {"rows": [{"name": name, "total": total, "winner": seat == winner}
                     for seat, (name, total) in enumerate(zip(match.players, totals, strict=False))],
            "winner": match.players[winner] if isinstance(winner, int) and 0 <= winner < len(match.players) else None}


# ---------------------------------------------------------------- a new match


def _read_options(module: Any, post: Any, base: Any) -> dict[str, Any]:
    """The options typed in the form that differ from the preset, as API overrides."""
    overrides: dict[str, Any] = {}
    for spec in option_fields(module.Options):
        meta, name = spec.metadata, spec.name
        key = f"opt_{name}"
        current = getattr(base, name)
        if meta["kind"] == "bool":
            value: Any = post.get(key) == "on"
        elif meta["kind"] == "suit_values":
            value = {}
            for suit, points in current:
                typed = typed_number(post.get(f"{key}_{suit}"))
                value[suit] = points if typed is None else typed
            if tuple((suit, value[suit]) for suit, _points in current) == current:
                continue
        elif meta["kind"] == "money":
            text = (post.get(key) or "").strip().replace(",", ".")
            value = text or None
        else:
            if key not in post:
                continue
            text = post.get(key, "").strip()
            if text == "":
                value = None
            elif meta["kind"] == "int":
                value = typed_number(text)
            else:
                value = text
        if value != current:
            overrides[name] = value
    return overrides


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    name = request.POST.get("game") or request.GET.get("game")
    game = GAMES.get(name or "") or next(iter(GAMES.values()))  # an unknown game: the first one
    module = game.rules
    preset = request.POST.get("preset") or request.GET.get("preset") or module.DEFAULT_PRESET
    if preset not in module.PRESETS:
        preset = module.DEFAULT_PRESET
    base = module.PRESETS[preset]
    seats = module.SEATS
    context: dict[str, Any] = {
        "games": [(code, other.display_name) for code, other in GAMES.items()], "game": game.name,
        "presets": [(code, preset_label(game, code)) for code in module.PRESETS], "preset": preset,
        "preset_note": game.preset_notes.get(preset, ""),
        "seat_range": range(seats.stop - 1), "min_players": seats.start, "max_players": seats.stop - 1,
        "names": [""] * (seats.stop - 1), "first_dealer": 0, "name": "", "errors": {}, "general_errors": [],
        "confirmation": request.POST.get("confirmation") == "on",
        "correction_window": request.POST.get("correction_window", ""),
    }
    if request.method == "POST" and request.POST.get("refresh") != "1":
        names = [request.POST.get(f"player_{i}", "").strip() for i in range(seats.stop - 1)]
        players = [n for n in names if n]
        first_dealer = typed_number(request.POST.get("first_dealer")) or 0
        overrides = _read_options(module, request.POST, base)
        try:
            match = services.match_create(owner=request.user, game=game.name, players=players,
                                          first_dealer=first_dealer if isinstance(first_dealer, int) else -1,
                                          preset=preset, options=overrides, name=request.POST.get("name", ""),
                                          confirmation=context["confirmation"],
                                          correction_window=typed_number(context["correction_window"]))
        except Rejected as rejected:
            errors: dict[str, list[str]] = defaultdict(list)
            for v in rejected.violations:
                errors[v.field or "__all__"].append(violation_json(v, players)["message"])
            context |= {"names": names, "first_dealer": first_dealer, "name": request.POST.get("name", ""),
                        "errors": dict(errors), "general_errors": errors.get("__all__", []) + errors.get("players", [])}
            context["options"] = option_rows(game, _shown_options(module, base, overrides), errors)
            return render(request, "scorebook/match_new.html", context, status=200)
        return redirect("web:match", pk=match.pk)
    if request.method == "POST":  # the game or the preset changed: the form again, names kept
        context["names"] = [request.POST.get(f"player_{i}", "") for i in range(seats.stop - 1)]
        context["name"] = request.POST.get("name", "")
    context["options"] = option_rows(game, base)
    return render(request, "scorebook/match_new.html", context)


def _shown_options(module: Any, base: Any, overrides: dict[str, Any]) -> Any:
    """The preset with whatever overrides are valid, to show the form again after a refusal."""
    good = {}
    for name, value in overrides.items():
        try:
            good[name] = getattr(module.parse_options({name: value}, None), name)
        except Rejected:
            continue
    return dataclasses.replace(base, **good)
