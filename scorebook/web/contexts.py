"""What the match pages show, built from the sheet: the rows with each game's extras, the seats, the
entry form with its values and errors, the rules of a match. Used by the match page, the edit
page, the printable sheet, the watch page and the table display; nothing here writes."""

from __future__ import annotations

import uuid
from functools import cache
from typing import Any

from django.http import HttpRequest
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from referee.games import find_game
from referee.reading import option_fields
from scorebook import labels, selectors
from scorebook.forms import form_for
from scorebook.models import Match
from scorebook.sheets import render_line


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


def seat_rows(match: Match, state: dict[str, Any]) -> list[dict[str, Any]]:
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
            "seats": seat_rows(match, state), "next_dealer": neutral["next_dealer"],
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


def form_context(match: Match, sheet: dict[str, Any], values: dict[str, Any] | None = None,
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
    seats = sheet["seats"]
    if number is not None:  # editing: the dealer of that deal (who sits out with 4), not today's
        row = next((r for r in selectors.current_sheet(match)["rows"] if r["number"] == number), None)
        if row is not None:
            seats = seat_rows(match, state | {"dealer": row["dealer"], "sitting_out": row["dealer"]
                                                   if state.get("sitting_out") is not None else None})
    return {"template": form.TEMPLATE, "values": values, "errors": errors, "warnings": warnings or [],
            "client_id": uuid.uuid4().hex, "editing": number, "seats": seats,
            "general_errors": errors.get("__all__", [])} | form.form_context(match, sheet, values, errors, seats)


def match_context(request: HttpRequest, match: Match, **form: Any) -> dict[str, Any]:
    sheet = sheet_context(match)
    module = find_game(match.game)
    rules = option_rows(module, module.parse_options(match.options, None))
    return sheet | {"form": form_context(match, sheet, **form), "rules": rules,
                    "has_form": form_for(match.game) is not None}


