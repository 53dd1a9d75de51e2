"""1000's settlement in money: the referee's (each loser pays the winner the target minus his
total, times ``stake_per_point``), seat by seat."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from referee.games import thousand
from scorebook.games.registry import MONEY, Money


def money(sheet: Mapping[str, Any]) -> Money | None:
    """None until somebody has won, and for a match played without a stake per point."""
    state = thousand.load_state(sheet["state"])
    rows = thousand.settlement(state)
    if rows is None or state.options.stake_per_point is None:
        return None
    seats = [Decimal(0)] * state.seats
    for row in rows:
        amount = Decimal(row["money"])
        seats[row["from"]] -= amount
        seats[row["to"]] += amount
    return Money(MONEY, tuple(seats))
