"""The generic penalty every game accepts (RULES.md): ``{"type": "penalty", "player", "points",
"reason"}`` — read, written back, and said on the sheet the same way in every game.

``points`` is the change of the player's total, as in every game (API.md's ``"points": -120``).
What else a penalty does is the game's own rule and stays in its scoring: 1000 keeps a barrel
sitter at the barrel or drops him off it, Терц rounds the running total, and in the pot games
(Tong Its, Храп) the pot moves the other way, so that no chip or coin appears from nowhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.ledger import Line, Seat, _, line
from referee.reading import EntryReader

FIELDS = {"type", "player", "points", "reason"}
LIMIT = 10_000  # the usual bound of ``points``; a game may read a wider one (Храп: money)


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: ClassVar[str] = "penalty"
    player: int
    points: int  # the change of his total
    reason: str = ""  # free text, checked by ``referee.reading.text_problem``


def parse_penalty(raw: Mapping[str, Any], seats: int, *, low: int = -LIMIT, high: int = LIMIT) -> Penalty:
    """A raw penalty as a frozen value. :raises Rejected: every field of the wrong shape
    (``bad_text`` for a reason ``text_problem`` refuses)."""
    reader = EntryReader(raw, seats, FIELDS)
    player = reader.seat("player")
    points = reader.integer("points", low=low, high=high)
    reason = reader.text("reason")
    reader.done()
    return Penalty(player, points, reason)


def dump_penalty(entry: Penalty) -> dict[str, Any]:
    """The canonical JSON of a penalty: what the database stores and the API writes."""
    return {"type": "penalty", "player": entry.player, "points": entry.points, "reason": entry.reason}


def penalty_line(entry: Penalty) -> Line:
    """The penalty on the sheet: "Аня: penalty -120 (late)", "Борис: penalty +50"."""
    if entry.reason:
        return line(_("%(player)s: penalty %(points)+d (%(reason)s)"), player=Seat(entry.player),
                    points=entry.points, reason=entry.reason)
    return line(_("%(player)s: penalty %(points)+d"), player=Seat(entry.player), points=entry.points)
