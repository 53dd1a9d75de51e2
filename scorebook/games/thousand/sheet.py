"""1000 on the sheet and its chart: mounting and falling off the barrel, and a samosval.

Each is the referee's own word: the row's ``result["events"]`` (``referee.games.thousand.Event``:
``barrel_mount``, ``barrel_fall``, ``samosval``, each with its seat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorebook.games.charts import Marker


def chart_markers(rows: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[Marker]:
    """The barrel mounts and falls and the samosvals of the counted rows (the sheet context's)."""
    markers: list[Marker] = []
    for row in rows:
        if row.get("voided") or not row.get("cells"):
            continue
        number = row["number"]
        events = (row.get("result") or {}).get("events") or ()
        for seat, cell in enumerate(row["cells"]):
            happened = {event["kind"] for event in events if event["seat"] == seat}
            params = {"number": number, "player": names[seat]}
            if "barrel_mount" in happened:
                markers.append(Marker("barrel", "circle", seat, number, cell["total"],
                                      _("Deal %(number)s: %(player)s mounts the barrel") % params,
                                      pgettext("chart", "mounted the barrel")))
            if "barrel_fall" in happened:
                markers.append(Marker("fall", "triangle", seat, number, cell["total"],
                                      _("Deal %(number)s: %(player)s falls off the barrel") % params,
                                      pgettext("chart", "fell off the barrel")))
            if "samosval" in happened:
                markers.append(Marker("samosval", "diamond", seat, number, cell["total"],
                                      _("Deal %(number)s: samosval, %(player)s back to 0") % params,
                                      pgettext("chart", "samosval")))
    return markers


def print_note(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """The bid and the contract of a played or written-off deal, for the printable sheet."""
    declarer = result.get("declarer")
    if not isinstance(declarer, int) or not 0 <= declarer < len(names) or result.get("bid") is None:
        return ""
    bid, contract = result["bid"], result.get("contract", result["bid"])
    if contract == bid:
        return _("%(player)s: bid %(bid)s") % {"player": names[declarer], "bid": bid}
    return _("%(player)s: bid %(bid)s, contract %(contract)s") % {"player": names[declarer], "bid": bid,
                                                                  "contract": contract}
