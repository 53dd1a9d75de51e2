"""Khrap's settlement: the referee's net money per player and what stays in the pot, as it stands
(after the close of the evening, or so far)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from referee.games import khrap
from scorebook.games.registry import MONEY, Money


def money(sheet: Mapping[str, Any]) -> Money:
    settled = khrap.settlement(khrap.load_state(sheet["state"]))
    return Money(MONEY, tuple(Decimal(amount) for amount in settled["money"]), Decimal(settled["pot"]))
