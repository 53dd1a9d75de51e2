"""The Thirteens entry form's "Preview the scores": how each trick of the deal being entered scores
and each player's deal, before anything is saved; or what the referee refuses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from referee.games import thirteens
from scorebook.games.thirteens import form as entry_form
from scorebook.games.thirteens.checks import drawn
from scorebook.sheets import violation_json

if TYPE_CHECKING:
    from scorebook.models import Match
    from scorebook.selectors import Preview


def preview(match: Match, preview: Preview) -> dict[str, Any]:
    players: list[str] = list(match.players)
    shown: dict[str, Any] = {"errors": [], "players": []}
    if preview.errors:
        # Trumps not picked yet are no news while the tricks are being tapped.
        shown["errors"] = [_where(v.field, players) + violation_json(v, players)["message"]
                           for v in preview.errors if v.field != "trump"]
        return {"preview": shown}
    entry, row = preview.parsed, preview.row
    if not isinstance(entry, thirteens.Play) or entry.tricks is None or row is None:
        return {"preview": shown}  # points counted by hand: nothing to draw
    options = thirteens.parse_options(match.options, None)
    for seat, taken in enumerate(entry.tricks):
        shown["players"].append({
            "name": players[seat], "points": row.outcome.deltas[seat], "no_trick": not taken,
            "tricks": [drawn(thirteens.score_trick(trick, options)) for trick in taken]})
    return {"preview": shown}


def _where(field: str | None, players: list[str]) -> str:
    """ "tricks[1][0][2]" as "Борис, trick 1: " for a message shown away from its field."""
    name = entry_form.field_name(field)
    parts = name.split("_")
    if parts[0] == "trick" and len(parts) == 3 and int(parts[1]) < len(players):
        return _("%(player)s, trick %(number)s: ") % {"player": players[int(parts[1])], "number": int(parts[2]) + 1}
    if parts[0] == "tricks" and len(parts) == 2 and int(parts[1]) < len(players):
        return players[int(parts[1])] + ": "
    return ""
