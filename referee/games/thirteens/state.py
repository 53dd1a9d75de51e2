"""По тринадцати's state between deals: the totals, the dealer, the winner."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.games.thirteens.rules import Options


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]
    dealer: int
    winner: int | None = None

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return self.winner is not None


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, dealer=first_dealer)


def dump_state(state: State) -> dict[str, Any]:
    return {"dealer": state.dealer, "target": state.options.target}
