"""The games on the Django side: one record per game (``scorebook.games.registry.GameUI``), each declared
in its own package here, listed in the order of ``referee.games.GAMES``.

The pages and the API ask these records; only this listing and the games' own packages name a
game. A new game adds its package and one line here (no migration: ``Match.game`` takes its
choices from ``game_choices``).
"""

from __future__ import annotations

from referee.games import GAMES as RULES
from scorebook.games import khrap, terz, thirteens, thousand, tongits
from scorebook.games.registry import GameUI

GAMES: dict[str, GameUI] = {game.name: game for game in (thousand.GAME, terz.GAME, tongits.GAME, khrap.GAME,
                                                          thirteens.GAME)}


def game_ui(name: str) -> GameUI:
    """The record of *name*. :raises KeyError: for a game Scorebook does not keep."""
    return GAMES[name]


def game_choices() -> list[tuple[str, str]]:
    """``Match.game``'s choices as migration 0003 names them: the referee's games by their codes, as
    ``scorebook.models.game_choices`` gives them (the models read them from the referee, never from
    this registry, which is typed in terms of the models)."""
    return [(name, name) for name in RULES]
