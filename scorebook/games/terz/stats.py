"""Terz in a player's statistics: declarations by kind and how often they counted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from referee.games import terz
from scorebook.games.registry import Played


def stats(items: Sequence[Played]) -> dict[str, Any]:
    """Declarations by kind and how often they counted (only the best combination's holder
    scores his; a marriage always counts — RULES.md, "terz")."""
    declared: Counter[str] = Counter()
    counted: Counter[str] = Counter()
    deals = 0
    for item in items:
        for row, _marks, result in item.rows():
            if row["type"] != "play":
                continue
            deals += 1
            for declaration in result.get("declarations") or ():
                if declaration.get("player") == item.seat:
                    declared[declaration["kind"]] += 1
                    counted[declaration["kind"]] += bool(declaration.get("counts"))
    kinds = [{"kind": k, "declared": declared[k], "counted": counted[k],
              "percent": round(counted[k] * 100 / declared[k]) if declared[k] else None}
             for k in terz.KIND_TEXT if declared[k]]
    return {"deals": deals, "declarations": kinds, "declared_total": sum(declared.values()),
            "counted_total": sum(counted.values())}


def stats_labels(block: dict[str, Any]) -> dict[str, Any]:
    """Each kind of declaration in words (the referee's own words, translated)."""
    return block | {"declarations": [row | {"label": _(terz.KIND_TEXT.get(row["kind"], row["kind"]))}
                                     for row in block["declarations"]]}
