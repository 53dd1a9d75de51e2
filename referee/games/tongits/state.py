"""Tong Its' state between hands: net chips, the pot, the streak, the dealer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from referee.games.tongits.rules import Options, dump_options, parse_options


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]  # net chips, start 0
    dealer: int
    pot: int = 0  # chips in the pot: sum(totals) + pot == 0
    streak_player: int | None = None  # who won the last hands in a row
    streak_wins: int = 0
    winner: int | None = None  # always None. Seed 002: "Грають без обмежень у кількості ігор" — no winner of the match

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return False


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, dealer=first_dealer)


def dump_state(state: State) -> dict[str, Any]:
    """The state as JSON; ``load_state`` reads it back."""
    out: dict[str, Any] = {
        "pot": state.pot,
        "streak": {"player": state.streak_player, "wins": state.streak_wins},
        "dealer": state.dealer,
        "totals": list(state.totals),
        "winner": state.winner,
        "options": dump_options(state.options),
    }
    money = settlement(state)
    if money is not None:
        out["settlement"] = money["players"]
        out["settlement_pot"] = money["pot"]
    return out


def load_state(data: Mapping[str, Any]) -> State:
    """The state ``dump_state`` wrote (the derived ``settlement`` is not read back)."""
    return State(options=parse_options(data["options"]), totals=tuple(data["totals"]), dealer=data["dealer"],
                 pot=data["pot"], streak_player=data["streak"]["player"], streak_wins=data["streak"]["wins"],
                 winner=data["winner"])


def settlement(state: State) -> dict[str, Any] | None:
    """With a ``chip_value`` (RULES.md: "money per chip, for the settlement table"): each player's
    net chips in money, and the chips left in the pot in money — they belong to nobody yet, and
    players and pot add up to 0. Decimal, not float. None without a chip value."""
    value = state.options.chip_value
    if value is None:
        return None
    money = Decimal(str(value))
    return {"players": [str(total * money) for total in state.totals], "pot": str(state.pot * money)}
