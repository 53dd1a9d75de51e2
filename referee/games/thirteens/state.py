"""По тринадцати's state between deals: the totals, the dealer, the winner."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.games.thirteens.rules import Options, dump_options, parse_options


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
    """The state as JSON; ``load_state`` reads it back."""
    return {"dealer": state.dealer, "target": state.options.target, "totals": list(state.totals),
            "winner": state.winner, "options": dump_options(state.options)}


def load_state(data: Mapping[str, Any]) -> State:
    """The state ``dump_state`` wrote (the derived ``target`` is not read back)."""
    return State(options=parse_options(data["options"]), totals=tuple(data["totals"]), dealer=data["dealer"],
                 winner=data["winner"])
