"""Tong Its' settlement: the referee's in money with a ``chip_value``, else the net chips as they
stand (a match with no end: the hands played so far). The pot's chips are nobody's yet."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from referee.games import tongits
from scorebook.games.registry import CHIPS, MONEY, Money


def money(sheet: Mapping[str, Any]) -> Money:
    state = tongits.load_state(sheet["state"])
    settled = tongits.settlement(state)
    if settled is None:
        return Money(CHIPS, tuple(Decimal(total) for total in state.totals), Decimal(state.pot))
    return Money(MONEY, tuple(Decimal(amount) for amount in settled["players"]), Decimal(settled["pot"]))
