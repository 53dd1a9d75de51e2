"""The in-app rules summaries: ``/rules/`` lists the games, ``/rules/<game>/`` sums one up.

The prose is a short reading of RULES.md, one template per game (its record's ``rules_template``);
the house-rule options and their defaults are read from the game's ``Options`` with the same
labels as the new-match page (``contexts.option_rows``), so the page can never disagree with the
form. Public pages: no login needed.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from referee.reading import option_fields
from scorebook.games import GAMES
from scorebook.games.registry import GameUI
from scorebook.web.contexts import option_rows, preset_label


def rules_index(request: HttpRequest) -> HttpResponse:
    games = [{"code": code, "name": game.display_name, "blurb": game.blurb,
              "url": reverse("web:rules-game", args=[code])} for code, game in GAMES.items()]
    return render(request, "scorebook/rules/index.html", {"games": games})


def _presets(game: GameUI, default: Any) -> list[dict[str, Any]]:
    """Each named preset with the options it changes from the defaults."""
    module = game.rules
    rows = {row["name"]: row for row in option_rows(game, default)}
    presets = []
    for name, options in module.PRESETS.items():
        if name == module.DEFAULT_PRESET:
            continue
        changed = [spec.name for spec in option_fields(module.Options)
                   if getattr(options, spec.name) != getattr(default, spec.name)]
        changes = [row for row in option_rows(game, options) if row["name"] in changed]
        presets.append({"code": name, "label": preset_label(game, name), "note": game.preset_notes.get(name, ""),
                        "changes": changes, "defaults": [rows[n] for n in changed]})
    return presets


def rules_game(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GAMES:
        raise Http404("no such game")
    record = GAMES[game]
    module = record.rules
    default = module.PRESETS[module.DEFAULT_PRESET]
    context = {"game": game, "name": record.display_name, "blurb": record.blurb,
               "summary_template": record.rules_template,
               "options": option_rows(record, default), "presets": _presets(record, default),
               "default_preset": preset_label(record, module.DEFAULT_PRESET),
               "others": [{"code": code, "name": other.display_name} for code, other in GAMES.items() if code != game]}
    return render(request, "scorebook/rules/game.html", context)
