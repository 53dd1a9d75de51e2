"""Khrap in a player's statistics: khraps made and failed (dark ones among them), net money."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorebook.games.registry import Played


def stats(items: Sequence[Played]) -> dict[str, Any]:
    """Khraps made and failed (dark ones among them), net money."""
    made = failed = dark = 0
    for item in items:
        for row, _marks, result in item.rows():
            if row["type"] != "play" or result.get("khrap") != item.seat:
                continue
            kept = result.get("kept") or ()
            if item.seat < len(kept) and kept[item.seat]:
                made += 1
            else:
                failed += 1
            dark += bool(result.get("dark"))
    return {"khraps_made": made, "khraps_failed": failed, "khraps_dark": dark,
            "net": sum(p.total for p in items)}


def stats_labels(block: dict[str, Any]) -> dict[str, Any]:
    return block  # numbers only
