"""The Tong Its entry form's Preview: the hand scored on top of the stored deals, nothing written."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from referee.games import tongits
from referee.ledger import Rejected, replay
from scorebook import selectors
from scorebook.games.tongits.form import REASONS, entry_from_post, readable_places
from scorebook.sheets import neutral_line, render_line, violation_json


def preview(match: Any, post: QueryDict, number: int | None = None) -> dict[str, Any]:
    """The hand the form describes, scored on top of the stored deals (in place of deal *number*
    when editing), with nothing written: the winner, who pays whom, the pot, or what is refused."""
    seats, names = len(match.players), list(match.players)
    neutral = selectors.current_sheet(match)
    deals = list(match.deals.order_by("number"))
    raw = entry_from_post(post, seats, neutral["state"])
    try:
        entry = tongits.parse_entry(raw, seats)
        counted = [(d.number, entry if d.number == number else tongits.parse_entry(d.entry, seats))
                   for d in deals if not d.voided or d.number == number]
    except Rejected as rejected:
        return {"errors": [readable_places(violation_json(v, names)["message"]) for v in rejected.violations]}
    target = number if number is not None else (deals[-1].number if deals else 0) + 1
    if number is None:
        counted.append((target, entry))
    options = tongits.parse_options(match.options, None)
    sheet = replay(tongits, options, seats, match.first_dealer, counted)
    if sheet.errors:
        messages = []
        for v in sheet.errors:
            text = readable_places(violation_json(v, names)["message"])
            if v.deal is not None and v.deal != target:
                text = _("Deal %(number)s: %(message)s") % {"number": v.deal, "message": text}
            messages.append(text)
        return {"errors": messages}
    row = next(r for r in sheet.rows if r.number == target)
    result = dict(row.outcome.result)
    winner = result.get("winner")
    payments = [{"from_name": names[p["from"]], "to_name": names[p["to"]], "chips": p["chips"]}
                for p in result.get("payments", [])]
    players = [{"name": names[i], "delta": row.outcome.deltas[i], "total": row.totals[i],
                "marks": row.outcome.marks[i]} for i in range(seats)]
    return {"errors": [], "kind": row.kind, "winner": names[winner] if winner is not None else None,
            "reason": REASONS.get(result.get("reason", ""), ""), "payments": payments, "players": players,
            "pot": result.get("pot"), "pot_taken": result.get("pot_taken", 0),
            "lines": [render_line(neutral_line(item), names) for item in row.outcome.lines]}
