"""Tong Its in a player's statistics: hands won by ending, burned hands, net chips."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from scorebook.games.registry import Played
from scorebook.games.tongits.form import ENDINGS as ENDING_LABELS

ENDINGS = ("tongit", "draw", "stock_out")  # the order the table talks about them
# A hand told card by card or in counts (the quick entry): RULES.md, the quick entry "pays exactly
# as for a full entry", and its result names the winner, the ending and the burned alike.
HANDS = ("play", "result")


def stats(items: Sequence[Played]) -> dict[str, Any]:
    """Hands won by ending (tongit, draw, the stock ran out), burned hands, net chips; a hand
    entered in counts is a hand like one entered card by card."""
    wins: Counter[str] = Counter()
    hands = burned = 0
    for item in items:
        for row, _marks, result in item.rows():
            if row["type"] not in HANDS:
                continue
            hands += 1
            if result.get("winner") == item.seat:
                wins[result.get("ending", "")] += 1
            burned += item.seat in (result.get("burned") or ())
    return {"hands": hands, "wins": [{"ending": e, "count": wins[e]} for e in ENDINGS],
            "hands_won": sum(wins.values()), "burned": burned, "net": sum(p.total for p in items)}


def stats_labels(block: dict[str, Any]) -> dict[str, Any]:
    """Each ending in the entry form's words."""
    return block | {"wins": [row | {"label": str(ENDING_LABELS.get(row["ending"], row["ending"]))}
                             for row in block["wins"]]}
