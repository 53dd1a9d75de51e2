"""The in-app rules summaries: ``/rules/`` lists the games, ``/rules/<game>/`` sums one up.

The prose is a short reading of RULES.md, one template per game (templates/scorebook/rules/);
the house-rule options and their defaults are read from the game's ``Options`` with the same
labels as the new-match page (``contexts.option_rows``), so the page can never disagree with the
form. Public pages: no login needed.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from referee.games import find_game
from referee.reading import option_fields
from scorebook import labels
from scorebook.forms import page_games
from scorebook.web.contexts import option_rows

# One line under each game's name on the index: players, deck, what the totals are.
BLURBS = {
    "thousand": _("3 players (2 or 4 possible), 24 cards, first to 1000 — through the barrel."),
    "terz": _("2 players, 32 cards, first to 501; declarations and the mountain."),
    "tongits": _("3 players, 52 cards; net chips, the pot goes to two wins in a row."),
    "khrap": _("3 to 6 players, 5 cards each; net money around a pot that carries over."),
    "thirteens": _("3 to 6 players, 52 cards and 2 jokers, first to 50; melds counted trick by trick."),
}


def _games() -> list[str]:
    """The games with a page of their own (the same list as the new-match form)."""
    return [game for game in page_games() if game in BLURBS]


def rules_index(request: HttpRequest) -> HttpResponse:
    games = [{"code": game, "name": labels.GAME_NAMES.get(game, game), "blurb": BLURBS[game],
              "url": reverse("web:rules-game", args=[game])} for game in _games()]
    return render(request, "scorebook/rules/index.html", {"games": games})


def _presets(module: Any, default: Any) -> list[dict[str, Any]]:
    """Each named preset with the options it changes from the defaults."""
    rows = {row["name"]: row for row in option_rows(module, default)}
    notes = getattr(module, "PRESET_NOTES", {})
    presets = []
    for name, options in module.PRESETS.items():
        if name == module.DEFAULT_PRESET:
            continue
        changed = [spec.name for spec in option_fields(module.Options)
                   if getattr(options, spec.name) != getattr(default, spec.name)]
        changes = [row for row in option_rows(module, options) if row["name"] in changed]
        presets.append({"code": name, "label": labels.PRESETS.get(name, name), "note": notes.get(name, ""),
                        "changes": changes, "defaults": [rows[n] for n in changed]})
    return presets


def rules_game(request: HttpRequest, game: str) -> HttpResponse:
    if game not in _games():
        raise Http404("no such game")
    module = find_game(game)
    default = module.PRESETS[module.DEFAULT_PRESET]
    context = {"game": game, "name": labels.GAME_NAMES.get(game, game), "blurb": BLURBS[game],
               "summary_template": f"scorebook/rules/{game}.html",
               "options": option_rows(module, default), "presets": _presets(module, default),
               "default_preset": labels.PRESETS.get(module.DEFAULT_PRESET, module.DEFAULT_PRESET),
               "others": [{"code": g, "name": labels.GAME_NAMES.get(g, g)} for g in _games() if g != game]}
    return render(request, "scorebook/rules/game.html", context)
