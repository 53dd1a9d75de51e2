"""Терц's running state between entries: totals, the mountain, the dealer, the winner."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.games.terz.rules import Options, dump_options, parse_options


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]
    mountain: tuple[int, ...]  # Seed 000: "сто в гору" — points added to each player's target
    dealer: int
    winner: int | None = None

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def needs(self, seat: int) -> int:
        """What *seat* must reach: the target plus his mountain."""
        return self.options.target + self.mountain[seat]


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, mountain=(0,) * seats, dealer=first_dealer)


def dump_state(state: State) -> dict[str, Any]:
    """The state as JSON; ``load_state`` reads it back."""
    return {
        "mountain": list(state.mountain),
        "needs": [state.needs(seat) for seat in range(state.seats)],
        "dealer": state.dealer,
        "target": state.options.target,
        "totals": list(state.totals),
        "winner": state.winner,
        "options": dump_options(state.options),
    }


def load_state(data: Mapping[str, Any]) -> State:
    """The state ``dump_state`` wrote (the derived ``needs`` and ``target`` are not read back)."""
    return State(options=parse_options(data["options"]), totals=tuple(data["totals"]),
                 mountain=tuple(data["mountain"]), dealer=data["dealer"], winner=data["winner"])
