"""1000 in a player's statistics: bids made and failed by contract level, write-offs, barrels
mounted and fallen, bolts per 100 deals, marriages declared by suit (RULES.md, "thousand"); and
its chart, the contracts by level."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from referee.games import thousand
from scorebook import sheets
from scorebook.games import charts
from scorebook.games.registry import Played

if TYPE_CHECKING:
    from scorebook.models import Player

# Contract levels as a table talks about them (RULES.md: bids from 100 in steps of 5; over 120 needs
# a marriage). (label, lowest, highest); None: no upper bound.
CONTRACT_LEVELS: tuple[tuple[str, int, int | None], ...] = (
    ("100–115", 100, 115), ("120", 120, 120), ("125–150", 125, 150), ("155–200", 155, 200), ("200+", 205, None))
SUITS = (*thousand.MARRIAGE_SUITS, thousand.ACE)  # the ace "marriage": when the table counts four aces


def level_of(contract: int) -> str:
    for label, low, high in CONTRACT_LEVELS:
        if contract >= low and (high is None or contract <= high):
            return label
    return CONTRACT_LEVELS[0][0]


def stats(items: Sequence[Played]) -> dict[str, Any]:
    """His figures over the matches *items* (his seat picks his column in every row)."""
    bids = {label: {"made": 0, "failed": 0} for label, _low, _high in CONTRACT_LEVELS}
    write_offs = deals = bolts = mounted = fallen = 0
    marriages: Counter[str] = Counter()
    for item in items:
        for row, marks, result in item.rows():
            seat = item.seat
            if row["type"] in ("play", "write_off") and "sits_out" not in marks:
                deals += 1
            if "bolt" in marks:  # RULES.md: "a bolt (two in a dark or golden deal)"
                bolts += 2 if result.get("doubled") else 1
            if result.get("declarer") == seat and "contract" in result:
                if row["type"] == "write_off":
                    write_offs += 1
                else:
                    bids[level_of(result["contract"])]["made" if result.get("made") else "failed"] += 1
            for event in result.get("events") or ():
                mounted += event == {"kind": "barrel_mount", "seat": seat}
                fallen += event == {"kind": "barrel_fall", "seat": seat}
            declared = result.get("marriages") or ()
            if seat < len(declared):
                marriages.update(declared[seat])
    levels = [{"label": label, **bids[label], "played": bids[label]["made"] + bids[label]["failed"]}
              for label, _low, _high in CONTRACT_LEVELS]
    return {"bids": levels, "bids_total": sum(level["played"] for level in levels),
            "bids_made": sum(level["made"] for level in levels), "write_offs": write_offs,
            "deals": deals, "bolts": bolts,
            "bolts_per_100": round(bolts * 100 / deals, 1) if deals else None,
            "barrels_mounted": mounted, "barrels_fallen": fallen,
            "marriages": [{"suit": s, "count": marriages[s]} for s in SUITS if s != thousand.ACE or marriages[s]]}


def stats_labels(block: dict[str, Any]) -> dict[str, Any]:
    """The marriages with their suit's symbol and name."""
    marriages = [row | {"symbol": sheets.SUIT_SYMBOLS.get(row["suit"], row["suit"]),
                        "label": sheets.SUIT_NAMES.get(row["suit"], row["suit"])} for row in block["marriages"]]
    return block | {"marriages": marriages}


def stats_chart(player: Player, block: dict[str, Any]) -> SafeString:
    """His bids made and failed by contract level."""
    levels = block["bids"]
    made, failed = pgettext("bids", "made"), pgettext("bids", "failed")
    desc = "; ".join(_("%(level)s: %(made)s made, %(failed)s failed") % {
        "level": level["label"], "made": level["made"], "failed": level["failed"]} for level in levels)
    return charts.bar_chart(chart_id=f"player-{player.pk}-{block['game']}",
                            categories=[level["label"] for level in levels],
                            series=[(made, [level["made"] for level in levels]),
                                    (failed, [level["failed"] for level in levels])],
                            title=_("%(player)s's contracts by level") % {"player": player.name},
                            desc=desc, value_label=_("contracts"))
