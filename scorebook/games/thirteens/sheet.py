"""Thirteens on the sheet: how many tricks each player took in a played deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import ngettext

from scorebook.games.registry import RowExtras


def row_extras(neutral_row: Mapping[str, Any], seats: int) -> RowExtras:
    """A played row: how many tricks each player took (when listed). The trumps are in the row's
    explanation ("Trumps: ♥"); no tail column: its Σ cell would show the last deal's trumps as if
    they were a total."""
    result = neutral_row.get("result") or {}
    if neutral_row.get("type") != "play":
        return {"cells": [None] * seats, "tail": None}
    listed = result.get("tricks")
    cells: list[str | None] = [None] * seats
    if listed is not None:
        # no count for a player with none: the "no trick" mark says it
        cells = [ngettext("%(count)s trick", "%(count)s tricks", len(taken)) % {"count": len(taken)}
                 if taken else None for taken in listed]
    return {"cells": cells, "tail": None}

