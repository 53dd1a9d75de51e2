"""Thirteens in a player's statistics: points per deal and thirteens found in his tricks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorebook.games.registry import Played


def stats(items: Sequence[Played]) -> dict[str, Any]:
    """Points per deal (played deals only, penalties aside) and thirteens found in his tricks
    (deals counted by hand at the table carry no tricks, so no thirteens)."""
    deals = points = thirteens = 0
    for item in items:
        for row, _marks, result in item.rows():
            if row["type"] != "play":
                continue
            scores = result.get("scores") or ()
            if item.seat < len(scores):
                deals += 1
                points += scores[item.seat]
            tricks = result.get("tricks") or ()
            if item.seat < len(tricks):
                thirteens += sum(1 for trick in tricks[item.seat] for meld in trick.get("melds", ())
                                 if meld.get("kind") == "thirteen")
    return {"deals": deals, "points": points, "points_per_deal": round(points / deals, 2) if deals else None,
            "thirteens": thirteens}


def stats_labels(block: dict[str, Any]) -> dict[str, Any]:
    return block  # numbers only
