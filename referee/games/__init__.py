"""The registry of games: one module per game, each satisfying ``referee.ledger.Game``."""

from __future__ import annotations

from referee.games import khrap, terz, thirteens, thousand, tongits
from referee.ledger import Game

# The registry and the game modules; ``Game`` stays ``referee.ledger``'s.
__all__ = ["GAMES", "find_game", "khrap", "terz", "thirteens", "thousand", "tongits"]

GAMES: dict[str, Game] = {
    thousand.NAME: thousand,
    terz.NAME: terz,
    tongits.NAME: tongits,
    khrap.NAME: khrap,
    thirteens.NAME: thirteens,
}


def find_game(name: str) -> Game:
    """The module for *name*. :raises KeyError: for a game Scorebook does not keep."""
    return GAMES[name]
