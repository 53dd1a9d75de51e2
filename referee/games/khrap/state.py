"""Храп's state between deals: the balances, the pot, the circle, the dealer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.games.khrap.rules import Options, dump_options, parse_options


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
    """The state as JSON; ``load_state`` reads it back. ``antes``: what each player puts into the
    pot with the next deal — the stake when the pot is empty (seed 003: "каждый вкладывает заранее
    обусловленную сумму денег"), else nothing."""
    out: dict[str, Any] = {"pot": state.pot, "circle": state.circle, "dealer": state.dealer,
                           "antes": state.options.stake if state.pot == 0 else 0,
                           "totals": list(state.totals), "closed": state.closed, "winner": state.winner,
                           "options": dump_options(state.options)}
    if state.closed:
        out["settlement"] = settlement(state)
    return out


def load_state(data: Mapping[str, Any]) -> State:
    """The state ``dump_state`` wrote (the derived ``antes`` and ``settlement`` are not read back)."""
    return State(options=parse_options(data["options"]), totals=tuple(data["totals"]), dealer=data["dealer"],
                 pot=data["pot"], circle=data["circle"], winner=data["winner"], closed=data["closed"])


def settlement(state: State) -> dict[str, Any]:
    """RULES.md, closing the evening: "The settlement shows every player's money and the pot" —
    each player's net money (won if above 0, lost if below) and what stays written as the pot."""
    return {"money": list(state.totals), "pot": state.pot}
