"""Храп's state between deals: the balances, the pot, the circle, the dealer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.games.khrap.rules import Options


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]  # net money per seat
    dealer: int
    pot: int = 0
    circle: int = 1  # the circle the next khrap would be called in
    winner: int | None = None  # nobody wins Khrap: the table stops when it likes
    closed: bool = False  # the evening was closed (a ``close`` entry): no deal follows

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return self.closed


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, dealer=first_dealer)


def dump_state(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {"pot": state.pot, "circle": state.circle, "dealer": state.dealer}
    if state.closed:
        out["settlement"] = settlement(state)
    return out


def settlement(state: State) -> dict[str, Any]:
    """RULES.md, closing the evening: "The settlement shows every player's money and the pot" —
    each player's net money (won if above 0, lost if below) and what stays written as the pot."""
    return {"money": list(state.totals), "pot": state.pot}
