"""The Tong Its entry form's Preview: the hand scored on top of the stored hands (in place of the
one being edited), nothing written — the winner and why, who pays whom, the pot, or what the
referee refuses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorebook.games.tongits.form import REASONS, readable_places
from scorebook.sheets import on_deal, render_lines, violation_json

if TYPE_CHECKING:
    from scorebook.games.registry import Preview
    from scorebook.models import Match


def preview(match: Match, preview: Preview) -> dict[str, Any]:
    names = list(match.players)
    if preview.errors:
        messages = []
        for v in preview.errors:
            text = readable_places(violation_json(v, names)["message"])
            messages.append(on_deal(v.deal, text) if v.deal is not None and v.deal != preview.number else text)
        return {"preview": {"errors": messages}}
    row = preview.row
    assert row is not None  # a preview the referee accepts has its row
    result = dict(row.outcome.result)
    winner = result.get("winner")
    payments = [{"from_name": names[p["from"]], "to_name": names[p["to"]], "chips": p["chips"]}
                for p in result.get("payments", [])]
    players = [{"name": name, "delta": row.outcome.deltas[i], "total": row.totals[i],
                "marks": row.outcome.marks[i]} for i, name in enumerate(names)]
    return {"preview": {
        "errors": [], "kind": row.kind, "winner": names[winner] if winner is not None else None,
        "reason": REASONS.get(result.get("reason", ""), ""), "payments": payments, "players": players,
        "pot": result.get("pot"), "pot_taken": result.get("pot_taken", 0),
        "lines": render_lines(row.outcome.lines, names)}}
