"""The Khrap entry form's preview, "what will this deal settle?": the deal scored on the match as it
stands, nothing written — each player's money, the pot before and after, and why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorebook.sheets import render_lines, violation_messages

if TYPE_CHECKING:
    from scorebook.games.registry import Preview
    from scorebook.models import Match


def preview(match: Match, preview: Preview) -> dict[str, Any]:
    entry = preview.entry
    if entry.get("type") == "play" and (entry.get("khrap") is None or None in entry.get("tricks", ())):
        return {"preview": None}  # not filled in yet: nothing to say
    if preview.errors:
        # The same refusal for several players' tricks is said once.
        return {"preview": {"errors": list(dict.fromkeys(violation_messages(preview.errors, match.players)))}}
    row = preview.row
    assert row is not None  # a preview the referee accepts has its row
    result = row.outcome.result
    players = [{"name": name, "delta": row.outcome.deltas[i], "total": row.totals[i]}
               for i, name in enumerate(match.players)]
    return {"preview": {"players": players, "pot_before": result["pot_before"], "pot_after": result["pot_after"],
                        "lines": render_lines(row.outcome.lines, match.players), "errors": []}}
