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
    winner: int | None = None  # Khrap has no end of match: the table stops when it likes

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return False


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, dealer=first_dealer)


def dump_state(state: State) -> dict[str, Any]:
    return {"pot": state.pot, "circle": state.circle, "dealer": state.dealer}
