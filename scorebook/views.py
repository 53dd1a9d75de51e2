"""The pages: my matches, a new match, the match page (sheet + entry form), editing a deal.

Views only read forms and render; every write is a call to ``scorebook.services``.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from functools import cache
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from referee.games import find_game
from referee.ledger import Rejected
from referee.reading import option_fields
from scorebook import labels, selectors, services
from scorebook.forms import form_for, page_games
from scorebook.forms import number as typed_number
from scorebook.models import Deal, Match
from scorebook.sheets import render_line, violation_json


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "scorebook/landing.html")
    from scorebook.history_views import home_context  # imports this module: imported here, not at the top

    return render(request, "scorebook/home.html", home_context(request))


# ---------------------------------------------------------------- a new match


def option_rows(module: Any, options: Any, errors: dict[str, list[str]] | None = None) -> list[dict[str, Any]]:
    """One row per option of the game, for the form and for "Rules of this match"."""
    rows = []
    for spec in option_fields(module.Options):
        meta = spec.metadata
        value = getattr(options, spec.name)
        row = {"name": spec.name, "label": meta["label"], "kind": meta["kind"], "value": value,
               "nullable": meta["nullable"], "low": meta["low"], "high": meta["high"],
               "choices": [(c, labels.CHOICES.get(c, c) if isinstance(c, str) else c) for c in meta["choices"] or ()],
               "errors": (errors or {}).get(f"options.{spec.name}", [])}
        if meta["kind"] == "suit_values":
            row["suits"] = [(suit, labels.SUIT_SYMBOLS[suit], points) for suit, points in value]
        rows.append(row)
    return rows


def _read_options(module: Any, post: Any, base: Any) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The options typed in the form that differ from the preset, as API overrides."""
    overrides: dict[str, Any] = {}
    errors: dict[str, list[str]] = defaultdict(list)
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
            if tuple(sorted(value.items(), key=lambda kv: "HDCS".index(kv[0]))) == current:
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
    return overrides, errors


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game") or request.GET.get("game") or "thousand"
    if game not in page_games():
        game = "thousand"
    module = find_game(game)
    preset = request.POST.get("preset") or request.GET.get("preset") or module.DEFAULT_PRESET
    if preset not in module.PRESETS:
        preset = module.DEFAULT_PRESET
    base = module.PRESETS[preset]
    seats = module.SEATS
    context: dict[str, Any] = {
        "games": [(name, labels.GAME_NAMES.get(name, name)) for name in page_games()], "game": game,
        "presets": [(name, labels.PRESETS.get(name, name)) for name in module.PRESETS], "preset": preset,
        "preset_note": getattr(module, "PRESET_NOTES", {}).get(preset, ""),
        "seat_range": range(seats.stop - 1), "min_players": seats.start, "max_players": seats.stop - 1,
        "names": [""] * (seats.stop - 1), "first_dealer": 0, "name": "", "errors": {}, "general_errors": [],
    }
    if request.method == "POST" and request.POST.get("refresh") != "1":
        names = [request.POST.get(f"player_{i}", "").strip() for i in range(seats.stop - 1)]
        players = [n for n in names if n]
        first_dealer = typed_number(request.POST.get("first_dealer")) or 0
        overrides, _errors = _read_options(module, request.POST, base)
        try:
            match = services.match_create(owner=request.user, game=game, players=players,
                                          first_dealer=first_dealer if isinstance(first_dealer, int) else -1,
                                          preset=preset, options=overrides, name=request.POST.get("name", ""))
        except Rejected as rejected:
            errors: dict[str, list[str]] = defaultdict(list)
            for v in rejected.violations:
                errors[v.field or "__all__"].append(violation_json(v, players)["message"])
            context |= {"names": names, "first_dealer": first_dealer, "name": request.POST.get("name", ""),
                        "errors": dict(errors), "general_errors": errors.get("__all__", []) + errors.get("players", [])}
            shown = _shown_options(module, base, overrides)
            context["options"] = option_rows(module, shown, errors)
            return render(request, "scorebook/match_new.html", context, status=200)
        return redirect("match", pk=match.pk)
    if request.method == "POST":  # the game or the preset changed: the form again, names kept
        context["names"] = [request.POST.get(f"player_{i}", "") for i in range(seats.stop - 1)]
        context["name"] = request.POST.get("name", "")
    context["options"] = option_rows(module, base)
    return render(request, "scorebook/match_new.html", context)


def _shown_options(module: Any, base: Any, overrides: dict[str, Any]) -> Any:
    """The preset with whatever overrides are valid, to show the form again after a refusal."""
    import dataclasses

    good = {}
    for name, value in overrides.items():
        try:
            module.parse_options({name: value}, None)
            good[name] = module.parse_options({name: value}, None).__getattribute__(name)
        except Rejected:
            continue
    return dataclasses.replace(base, **good)


# ---------------------------------------------------------------- the match page


def _seat_rows(match: Match, state: dict[str, Any]) -> list[dict[str, Any]]:
    players = state.get("players") or [{}] * len(match.players)
    dealer = state.get("dealer")
    return [{"index": i, "name": name, "dealer": i == dealer, "on_hundred": i == state.get("on_the_hundred"),
             "sits_out": i == state.get("sitting_out"), **players[i]} for i, name in enumerate(match.players)]


def sheet_context(match: Match) -> dict[str, Any]:
    """Everything the sheet partial shows: rows (voided deals too), totals, who deals."""
    neutral = selectors.current_sheet(match)
    voided = {d.number: d for d in match.deals.filter(voided=True)}  # only these need their stored text
    form = form_for(match.game)
    row_extras = getattr(form, "row_extras", None)  # a game's own figures: the pot, the mountain…
    seats = len(match.players)
    rows: list[dict[str, Any]] = []
    for row in neutral["rows"]:
        extras = row_extras(row, seats) if row_extras else {}
        extra_cells = extras.get("cells") or [None] * seats
        cells = [{"delta": row["deltas"][i], "total": row["totals"][i], "marks": row["marks"][i],
                  "extra": extra_cells[i]} for i in range(seats)]
        rows.append({"number": row["number"], "dealer": row["dealer"], "type": row["type"], "cells": cells,
                     "tail": extras.get("tail"),
                     "explanation": [render_line(item, match.players) for item in row["lines"]], "voided": False})
    for number in neutral["voided"]:
        deal = voided.get(number)
        rows.append({"number": number, "type": deal.entry.get("type") if deal else "", "voided": True,
                     "cells": [], "explanation": []})
    rows.sort(key=lambda r: r["number"])
    state = neutral["state"]
    winner = neutral["winner"]
    names = match.players
    # "Who pays whom" (1000's settlement rows); chip games give a money figure per seat instead,
    # which their own status partial shows.
    settlement = [row | {"from_name": names[row["from"]], "to_name": names[row["to"]]}
                  for row in (neutral["state"].get("settlement") or []) if isinstance(row, dict) and "from" in row]
    return {"match": match, "rows": rows, "totals": neutral["totals"], "finished": neutral["finished"],
            "settlement": settlement,
            "winner": match.players[winner] if winner is not None else None, "state": state,
            "seats": _seat_rows(match, state), "next_dealer": neutral["next_dealer"],
            "tail_label": getattr(form, "SHEET_TAIL_LABEL", None), "status_template": _status_template(match.game)}


@cache
def _status_template(game: str) -> str | None:
    """``templates/scorebook/status/<game>.html``, when the game has one: the pot, the mountain…"""
    name = f"scorebook/status/{game}.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return None
    return name


def _form_context(match: Match, sheet: dict[str, Any], values: dict[str, Any] | None = None,
                  errors: dict[str, list[str]] | None = None, warnings: list[str] | None = None,
                  number: int | None = None) -> dict[str, Any]:
    """The entry form: what is typed, the errors by field, and the game's own extras."""
    form = form_for(match.game)
    if form is None:
        return {}
    state = sheet["state"]
    if values is None:
        values = form.initial_values(state)
    errors = errors or {}
    seat_rows = sheet["seats"]
    if number is not None:  # editing: the dealer of that deal (who sits out with 4), not today's
        row = next((r for r in selectors.current_sheet(match)["rows"] if r["number"] == number), None)
        if row is not None:
            seat_rows = _seat_rows(match, state | {"dealer": row["dealer"], "sitting_out": row["dealer"]
                                                   if state.get("sitting_out") is not None else None})
    return {"template": form.TEMPLATE, "values": values, "errors": errors, "warnings": warnings or [],
            "client_id": uuid.uuid4().hex, "editing": number, "seats": seat_rows,
            "general_errors": errors.get("__all__", [])} | form.form_context(match, sheet, values, errors, seat_rows)


def _match_context(request: HttpRequest, match: Match, **form: Any) -> dict[str, Any]:
    sheet = sheet_context(match)
    module = find_game(match.game)
    rules = option_rows(module, module.parse_options(match.options, None))
    return sheet | {"form": _form_context(match, sheet, **form), "rules": rules,
                    "has_form": form_for(match.game) is not None}


@login_required
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.user, pk)
    return render(request, "scorebook/match.html", _match_context(request, match))


@login_required
def match_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The poll: 204 (htmx keeps what it shows) until the match's version moves."""
    if request.GET.get("since") == str(selectors.version_of(selectors.matches_of(request.user), pk)):
        return HttpResponse(status=204)
    match = selectors.match_of(request.user, pk)
    context = sheet_context(match)
    response = render(request, "scorebook/match.html#sheet", context)
    # Another phone wrote: the entry forms' expected_version (else this phone's next save is
    # refused as a conflict) and the chart move on with the sheet, as out-of-band swaps.
    response.write(render_to_string("scorebook/live/_poll_oob.html", context, request))
    return response


def _errors_from(rejected: Rejected, form: Any, players: list[str], action: str) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = defaultdict(list)
    for v in rejected.violations:
        name = form.field_name(v.field, action)
        message = violation_json(v, players)["message"]
        if v.deal is not None and name == "__all__":
            message = _("Deal %(number)s: %(message)s") % {"number": v.deal, "message": message}
        errors[name].append(message)
    return dict(errors)


def _write(request: HttpRequest, match: Match, number: int | None) -> tuple[Any, dict[str, Any]]:
    """Run the write the form asks for; return (written or None, form context overrides)."""
    form = form_for(match.game)
    if form is None:
        raise Http404("this game's deals are entered through the API")
    seats = len(match.players)
    neutral = selectors.current_sheet(match)
    action = request.POST.get("action", "play")
    expected = typed_number(request.POST.get("expected_version"))
    client_id = request.POST.get("client_id") or None
    common = {"match": match, "author": request.user, "client_id": client_id,
              "expected_version": expected if isinstance(expected, int) else None}
    try:
        if action == "void" and number is not None:
            written = services.deal_void(number=number, **common)
        else:
            dealer = neutral["state"].get("dealer", 0)
            if number is not None:
                dealer = next((r["dealer"] for r in neutral["rows"] if r["number"] == number), dealer)
            entry = form.entry_from_post(request.POST, seats, dealer)
            written = (services.deal_record(entry=entry, **common) if number is None
                       else services.deal_replace(number=number, entry=entry, **common))
    except Rejected as rejected:
        errors = _errors_from(rejected, form, match.players, action)
        if hasattr(form, "clean_errors"):
            errors = form.clean_errors(errors, request.POST)
        return None, {"values": form.post_values(request.POST, seats), "errors": errors}
    except services.VersionConflict:
        return None, {"values": form.post_values(request.POST, seats),
                      "errors": {"__all__": [_("Someone else changed this match meanwhile: the sheet is up to "
                                               "date now, check your entry and save again.")]}}
    except services.DealNotFound:
        raise Http404 from None
    warnings = [violation_json(w, match.players)["message"] for w in written.warnings]
    return written, {"warnings": warnings}


@login_required
@require_POST
def deal_create(request: HttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.user, pk)
    written, form = _write(request, match, None)
    match.refresh_from_db()
    context = _match_context(request, match, **form)
    if request.htmx:
        response = render(request, "scorebook/match.html#main", context)
        if written is None:  # refused: bring the form and its errors into view
            response["HX-Reswap"] = "outerHTML show:#entry-title:top"
        return response
    if written is not None and not form.get("warnings"):
        return redirect("match", pk=match.pk)
    return render(request, "scorebook/match.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def deal_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    match = selectors.match_of(request.user, pk)
    deal = get_object_or_404(Deal.objects.filter(match=match), number=number)
    if request.method == "POST":
        written, form = _write(request, match, number)
        if written is not None:
            return redirect(reverse("match", args=[match.pk]) + f"#deal-{number}")
        match.refresh_from_db()
    else:
        game_form = form_for(match.game)
        if game_form is None:
            raise Http404("this game's deals are entered through the API")
        form = {"values": game_form.values_from_entry(deal.entry, len(match.players))}
    sheet = sheet_context(match)
    row = next((r for r in selectors.current_sheet(match)["rows"] if r["number"] == number), None)
    dealer = row["dealer"] if row else sheet["state"].get("dealer")
    sits_out = dealer if sheet["state"].get("sitting_out") is not None else None
    seats = _seat_rows(match, sheet["state"] | {"dealer": dealer, "sitting_out": sits_out})
    context = sheet | {"seats": seats, "form": _form_context(match, sheet, number=number, **form), "deal": deal,
                       "history": deal.revisions.select_related("author").all()}
    return render(request, "scorebook/deal_edit.html", context)
