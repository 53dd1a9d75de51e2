"""What the match pages show, built from the sheet: the rows with each game's extras, the seats, the
entry form with its values and errors, the rules of a match. Used by the match page, the edit
page, the printable sheet, the watch page and the table display; nothing here writes."""

from __future__ import annotations

import functools
import uuid
from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from referee import roles
from referee.reading import option_fields
from scorebook import caches, selectors, sheets
from scorebook.games import game_ui
from scorebook.games.registry import GameUI
from scorebook.models import Match
from scorebook.sheets import Rows, render_line, render_violation, rules_stamp
from scorebook.web.confirming import waiting_context
from scorebook.web.table import people_context, role_name


def _choice_label(game: GameUI, value: Any) -> str:
    """An option value in words: the game's own words, else the shared ones, else as it is."""
    if not isinstance(value, str):
        return str(value)
    return str(game.choices.get(value) or sheets.CHOICES.get(value, value))


def option_rows(game: GameUI, options: Any, errors: dict[str, list[str]] | None = None) -> list[dict[str, Any]]:
    """One row per option of the game, for the form and for "Rules of this match"."""
    rows = []
    for spec in option_fields(game.rules.Options):
        meta = spec.metadata
        value = getattr(options, spec.name)
        row = {"name": spec.name, "label": meta["label"], "kind": meta["kind"], "value": value,
               "value_label": _choice_label(game, value),
               "nullable": meta["nullable"], "low": meta["low"], "high": meta["high"],
               "unset_label": game.unset_labels.get(spec.name, ""),
               "choices": [(c, _choice_label(game, c) if isinstance(c, str) else c) for c in meta["choices"] or ()],
               "errors": (errors or {}).get(f"options.{spec.name}", [])}
        if meta["kind"] == "suit_values":
            row["suits"] = [(suit, sheets.SUIT_SYMBOLS[suit], points) for suit, points in value]
        rows.append(row)
    return rows


def preset_label(game: GameUI, preset: str) -> str:
    return str(game.presets.get(preset) or sheets.PRESETS.get(preset, preset))


def seat_rows(match: Match, state: dict[str, Any]) -> list[dict[str, Any]]:
    """The players in seat order, and who deals in *state*."""
    dealer = state.get("dealer")
    return [{"index": i, "name": name, "dealer": i == dealer} for i, name in enumerate(match.players)]


def sheet_context(match: Match) -> dict[str, Any]:
    """Everything the sheet partial shows: rows (voided deals too), totals, who deals, and what
    the game adds (its figures in a row, its column after the players, its status above). When
    the rules refuse a stored deal now, the sheet stops there: that deal carries why
    (``stopped``) and it and the deals after it are shown as not counted."""
    game = game_ui(match.game)
    # What waits for confirmation is overlaid now: the sheet cached on the match never holds it.
    # Its cached rows are read only if a part of the page is rendered anew (``selectors.lazy_sheet``).
    neutral = selectors.sheet_waiting(match, selectors.lazy_sheet(match))
    stopped_at = neutral.get("stopped_at")
    # Only these need their stored text: the voided deals, the rejected ones, and those the replay
    # did not reach.
    not_counted = set(stopped_at["not_counted"]) if stopped_at else set()
    rejected = {item["deal"]: item["reason"] for item in neutral["rejected"]}
    proposed = {item["deal"] for item in neutral["proposals"]}
    shown = set(neutral["voided"]) | not_counted | set(rejected)
    stored = {d.number: d for d in match.deals.filter(number__in=shown)} if shown else {}
    seats = len(match.players)
    stopped = None
    if stopped_at:
        stopped = {"number": stopped_at["deal"], "later": len(not_counted) - 1,
                   "messages": [render_violation(v, match.players)["message"] for v in stopped_at["violations"]]}

    def build() -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []
        for row in neutral["rows"]:
            extras = game.row_extras(row, seats)
            extra_cells = extras["cells"] or [None] * seats
            cells = [{"delta": row["deltas"][i], "total": row["totals"][i], "marks": row["marks"][i],
                      "extra": extra_cells[i]} for i in range(seats)]
            rows.append({"number": row["number"], "dealer": row["dealer"], "type": row["type"], "cells": cells,
                         "tail": extras["tail"], "result": row["result"],
                         # In words only when the row is rendered: a kept row is not (the sheet_rows tag).
                         "explanation": Rows(functools.partial(_explained, row, match.players)), "voided": False,
                         "pending": row["status"] == "pending", "provisional": row["provisional"],
                         "proposed": row["number"] in proposed,
                         # a sheet cached before rows kept their warnings has none
                         "warnings": Rows(functools.partial(_warned, row, match.players)),
                         # What the row shows is made of this (the key it is kept under: the sheet_rows tag).
                         "source": [row, row["number"] in proposed, match.players]})
        for number in neutral["voided"]:
            deal = stored.get(number)
            rows.append({"number": number, "type": deal.entry.get("type") if deal else "", "voided": True,
                         "cells": [], "explanation": []})
        for number, reason in rejected.items():
            deal = stored.get(number)
            rows.append({"number": number, "type": deal.entry.get("type") if deal else "", "voided": False,
                         "rejected": True, "reason": reason, "cells": [], "explanation": []})
        if stopped_at:
            for number in sorted(not_counted):
                deal = stored.get(number)
                rows.append({"number": number, "type": deal.entry.get("type") if deal else "", "voided": False,
                             "not_counted": True, "stopped": stopped if number == stopped_at["deal"] else None,
                             "cells": [], "explanation": []})
        rows.sort(key=lambda r: r["number"])
        return rows

    @functools.cache
    def last_deal() -> int | None:
        # The cached sheet names it (a sheet cached before it did is asked of the deals).
        return neutral["last_row"] if "last_row" in neutral else selectors.last_counted_deal(match)

    state = neutral["state"]
    winner = neutral["winner"]
    return {"match": match, "game": game, "rows": Rows(build), "totals": neutral["totals"],
            "finished": neutral["finished"],
            "winner": match.players[winner] if winner is not None else None, "state": state,
            "seats": seat_rows(match, state), "next_dealer": neutral["next_dealer"],
            "tail_label": game.tail_label, "status_template": game.status_template,
            # How long a rendered part of the page is kept, and the rules it is rendered under: what
            # its key names besides the match, its version, the language and the reader's role
            # ({% cache kept_for "part" match.pk match.version rules_stamp … using="rendered" %}).
            "kept_for": caches.RENDERED_TTL, "rules_stamp": rules_stamp(game.rules),
            "seat_template": game.seat_template, "stopped": stopped,
            "pending": neutral["pending"], "settled_totals": neutral["settled_totals"],
            # The last deal "undo" voids: the last one counted or waiting (not voided, not rejected). A
            # callable (the template calls it): read only where undo is shown.
            "last_deal": last_deal}


def _explained(row: dict[str, Any], players: list[str]) -> list[str]:
    return [render_line(item, players) for item in row["lines"]]


def _warned(row: dict[str, Any], players: list[str]) -> list[str]:
    return [render_violation(v, players)["message"] for v in row.get("warnings", [])]


def form_context(match: Match, sheet: dict[str, Any], values: dict[str, Any] | None = None,
                 errors: dict[str, list[str]] | None = None, warnings: list[str] | None = None,
                 number: int | None = None, stale: dict[str, Any] | None = None) -> dict[str, Any]:
    """The entry form: what is typed, the errors by field, and the game's own extras. Editing deal
    *number*, the form stands in the state that deal was entered in (who dealt, who sat out).
    *stale*: the save was drawn at an older version and refused; what changed meanwhile and the
    save to send again (``web.deals``), shown as a choice above the form."""
    form = game_ui(match.game).form
    state = sheet["state"] if number is None else selectors.state_before(match, number)
    # Fresh: as the page first shows it (nothing typed, no error, no deal being edited): the same for
    # everyone at this version, so its fields are kept rendered (scorebook/_entry_fields.html).
    fresh = values is None and not errors and number is None
    if values is None:
        values = form.initial_values(state)
    errors = errors or {}
    seats = seat_rows(match, state)
    post_url = (reverse("web:deal-create", args=[match.pk]) if number is None
                else reverse("web:deal-edit", args=[match.pk, number]))
    context: dict[str, Any] = {
               "template": form.TEMPLATE, "fields_template": form.FIELDS, "fresh": fresh,
               "values": values, "errors": errors, "warnings": warnings or [],
               "client_id": uuid.uuid4().hex, "editing": number, "seats": seats, "post_url": post_url,
               "stale": stale,
               "general_errors": errors.get("__all__", [])} | form.form_context(match, state, values, errors, seats)
    # The game's form may word its errors its own way (its "errors"): the summary says them so too.
    return context | {"error_summary": error_summary(context["errors"], context["general_errors"])}


def error_summary(errors: dict[str, list[str]], general: list[str]) -> list[dict[str, str]]:
    """Every refusal of a save, for the summary on top of the form: each message once, with the form
    field it belongs to (a link to it) unless it is one of the form's general errors."""
    items = [{"field": "", "message": str(message)} for message in dict.fromkeys(general)]
    seen = {item["message"] for item in items}
    for field, messages in errors.items():
        for message in messages:
            if field != "__all__" and str(message) not in seen:
                seen.add(str(message))
                items.append({"field": field, "message": str(message)})
    return items


def match_context(request: HttpRequest, match: Match, **form: Any) -> dict[str, Any]:
    """The match page's context: the sheet (its parts kept rendered per version, language and role:
    ``{% cache %}`` in the templates, caches.RENDERED), the entry form and the owner's panels (never
    kept: a form carries its reader's CSRF token), and what waits for this person."""
    sheet = sheet_context(match)
    game = game_ui(match.game)
    # Shown only in the page's kept "Rules of this match": read when that part is rendered anew.
    rules = Rows(lambda: option_rows(game, selectors.match_options(match)))
    role = selectors.role_of(match, getattr(request, "person", request.user))
    entry = form_context(match, sheet, **form)
    return (sheet | {"form": entry, "rules": rules} | role_context(match, role)
            | people_context(request, match, role) | waiting_context(request, match, role))


def role_context(match: Match, role: str | None) -> dict[str, Any]:
    """What the reader's role lets him do here (``can.<operation>``, and ``can.correct``: amend or
    void some deal, the sheet's edit links), and the role in his language. The sheet's kept part is
    kept per role, so its controls are his role's."""
    can = {operation: roles.may(role, operation) for operation in roles.OPERATIONS}
    can["correct"] = roles.may_correct(role, match.confirmation)
    return {"role": role, "can": can, "role_name": role_name(role) if role else ""}
