"""Khrap on the sheet: each player's tricks under his money, and the pot after every row in a
column of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import ngettext, pgettext_lazy

from scorebook.games.registry import RowExtras

# The column after the players: what lies in the pot after each row.
TAIL_LABEL = pgettext_lazy("khrap", "Pot")


def row_extras(row: Mapping[str, Any], seats: int) -> RowExtras:
    """Each player's tricks on a played deal; the pot after the row (RULES.md: it carries over)."""
    result = row.get("result") or {}
    cells: list[str | None] = [None] * seats
    if row.get("type") == "play" and isinstance(result.get("tricks"), list):
        cells = [ngettext("%(count)s trick", "%(count)s tricks", taken) % {"count": taken}
                 for taken in result["tricks"]]
    return {"cells": cells, "tail": result.get("pot_after")}
