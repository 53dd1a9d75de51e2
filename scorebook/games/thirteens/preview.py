"""The Thirteens entry form's "Preview the scores": how each trick of the deal being entered scores
and each player's deal, before anything is saved; or what the referee refuses.

While the tricks are still being tapped the deal has fewer tricks than cards dealt, which the
referee refuses as ``trick_count``. The preview reads exactly that refusal (fewer tricks than dealt,
for the deal previewed) as "not finished yet": it shows what the tricks entered so far score and
"N of M tricks entered", and leaves the error to Save."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from referee.games import thirteens
from referee.ledger import Violation
from scorebook.games.thirteens import form as entry_form
from scorebook.games.thirteens.checks import drawn
from scorebook.sheets import WORDS, violation_json

if TYPE_CHECKING:
    from scorebook.games.registry import Preview
    from scorebook.models import Match


def preview(match: Match, preview: Preview) -> dict[str, Any]:
    players: list[str] = list(match.players)
    shown: dict[str, Any] = {"errors": [], "players": [], "incomplete": None}
    unfinished = _unfinished(preview)
    # Trumps not picked yet are no news while the tricks are being tapped.
    refused = [v for v in preview.errors if v.field != "trump" and v is not unfinished]
    if refused:
        shown["errors"] = [_where(v.field, players) + violation_json(v, players)["message"] for v in refused]
        return {"preview": shown}
    entry, row = preview.parsed, preview.row
    if not isinstance(entry, thirteens.Play) or entry.tricks is None or (row is None and unfinished is None):
        return {"preview": shown}  # points counted by hand, or nothing read yet: nothing to draw
    options = thirteens.parse_options(match.options, None)
    for seat, taken in enumerate(entry.tricks):
        tricks = [drawn(WORDS, thirteens.score_trick(trick, options)) for trick in taken]
        if row is not None:
            points: int | None = row.outcome.deltas[seat]
        else:
            # The score of what is entered so far: each trick as the referee scores it. A player
            # with no trick yet is not "no trick" (−3) until the deal is complete.
            points = sum(trick["points"] for trick in tricks) if tricks else None
        shown["players"].append({"name": players[seat], "points": points, "no_trick": not taken and row is not None,
                                 "tricks": tricks})
    if unfinished is not None:
        shown["incomplete"] = {"entered": unfinished.params["count"], "dealt": unfinished.params["dealt"]}
    return {"preview": shown}


def _unfinished(preview: Preview) -> Violation | None:
    """The deal previewed has fewer tricks than cards dealt (``trick_count``): not finished yet."""
    for violation in preview.errors:
        if (violation.code == "trick_count" and violation.deal == preview.number
                and violation.params.get("count", 0) < violation.params.get("dealt", 0)):
            return violation
    return None


def _where(field: str | None, players: list[str]) -> str:
    """ "tricks[1][0][2]" as "Борис, trick 1: " for a message shown away from its field."""
    name = entry_form.field_name(field)
    parts = name.split("_")
    if parts[0] == "trick" and len(parts) == 3 and int(parts[1]) < len(players):
        return _("%(player)s, trick %(number)s: ") % {"player": players[int(parts[1])], "number": int(parts[2]) + 1}
    if parts[0] == "tricks" and len(parts) == 2 and int(parts[1]) < len(players):
        return players[int(parts[1])] + ": "
    return ""
