"""Tong Its on the sheet: the pot after each hand, in a column of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import pgettext_lazy

from scorebook.games.registry import RowExtras

TAIL_LABEL = pgettext_lazy("tongits", "Pot")


def row_extras(row: Mapping[str, Any], seats: int) -> RowExtras:
    """The pot after each hand (and after a penalty, whose counterpart is the pot)."""
    return {"cells": None, "tail": (row.get("result") or {}).get("pot")}
