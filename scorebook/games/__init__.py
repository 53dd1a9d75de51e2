"""The games on the Django side: one record per game (``scorebook.registry.GameUI``), each declared
in its own package here, listed in the order of ``referee.games.GAMES``.

The pages and the API ask these records; only this listing and the games' own packages name a
game. A new game adds its package and one line here (no migration: ``Match.game`` takes its
choices from ``game_choices``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorebook.games import khrap, terz, thirteens, thousand, tongits
from scorebook.registry import GameUI

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

GAMES: dict[str, GameUI] = {game.name: game for game in (thousand.GAME, terz.GAME, tongits.GAME, khrap.GAME,
                                                          thirteens.GAME)}


def game_ui(name: str) -> GameUI:
    """The record of *name*. :raises KeyError: for a game Scorebook does not keep."""
    return GAMES[name]


def game_choices() -> list[tuple[str, StrOrPromise]]:
    """``Match.game``'s choices: every game's code and name (a callable, so a new game needs no
    migration)."""
    return [(game.name, game.display_name) for game in GAMES.values()]
