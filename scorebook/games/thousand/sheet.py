"""1000 on the sheet and its chart: mounting and falling off the barrel, and a samosval.

A mount is the referee's own word (the row's ``result["mounted"]``). A fall and a samosval are read
from the marks the referee puts on the sheet (``barrel_fall``, ``samosval``) until it says them as
events of their own (docs/architecture.md, "Referee exports wanted").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorebook.charts import Marker


def chart_markers(rows: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[Marker]:
    """The barrel mounts and falls and the samosvals of the counted rows (the sheet context's)."""
    markers: list[Marker] = []
    for row in rows:
        if row.get("voided") or not row.get("cells"):
            continue
        number = row["number"]
        mounted = (row.get("result") or {}).get("mounted") or ()
        for seat, cell in enumerate(row["cells"]):
            marks = cell["marks"] or ()
            params = {"number": number, "player": names[seat]}
            if seat in mounted:
                markers.append(Marker("barrel", "circle", seat, number, cell["total"],
                                      _("Deal %(number)s: %(player)s mounts the barrel") % params,
                                      pgettext("chart", "mounted the barrel")))
            if "barrel_fall" in marks:
                markers.append(Marker("fall", "triangle", seat, number, cell["total"],
                                      _("Deal %(number)s: %(player)s falls off the barrel") % params,
                                      pgettext("chart", "fell off the barrel")))
            if "samosval" in marks:
                markers.append(Marker("samosval", "diamond", seat, number, cell["total"],
                                      _("Deal %(number)s: samosval, %(player)s back to 0") % params,
                                      pgettext("chart", "samosval")))
    return markers
