"""Terz on the sheet: the mountain beside each total."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.games.registry import RowExtras


def row_extras(row: Mapping[str, Any], seats: int) -> RowExtras:
    """The mountain beside each total after the row (seed 000: "сто в гору"), when it is above 0.

    "▲", not "⛰": every font has it (a browser without an emoji font shows ⛰ as an empty box)."""
    mountain = (row.get("result") or {}).get("mountain") or [0] * seats
    return {"cells": [f"▲ {m}" if m else None for m in mountain], "tail": None}
