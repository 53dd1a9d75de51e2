"""The players pages: my recurring players, and one player's statistics per game with a chart.

Views start from the caller's own players (another owner's player is a 404) and only read:
the figures come from ``scorebook.stats``, the SVG from ``scorebook.charts``.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scorebook import charts, labels, stats
from scorebook.models import Player


@login_required
def player_list(request: HttpRequest) -> HttpResponse:
    return render(request, "scorebook/stats/players.html", {"players": stats.players_summary(request.user)})


@login_required
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.filter(owner=request.user), pk=pk)
    blocks = stats.player_stats(player)
    for block in blocks:
        block["chart"] = player_chart(player, block)
        block["name"] = labels.GAME_NAMES.get(block["game"], block["game"])
        if block["game"] == "terz":
            for row in block["declarations"]:
                row["label"] = stats.terz_kind_label(row["kind"])
        if block["game"] == "tongits":
            for row in block["wins"]:
                row["label"] = stats.tongits_ending_label(row["ending"])
        if block["game"] == "thousand":
            for row in block["marriages"]:
                row["symbol"] = labels.SUIT_SYMBOLS.get(row["suit"], row["suit"])
                row["label"] = labels.SUIT_NAMES.get(row["suit"], row["suit"])
    return render(request, "scorebook/stats/player.html", {"player": player, "blocks": blocks})


def player_chart(player: Player, block: dict[str, Any]) -> SafeString:
    """1000: bids made and failed by contract level; the other games: his result in each of his
    last matches (the final or current total: points, chips or money), oldest first."""
    game = block["game"]
    chart_id = f"player-{player.pk}-{game}"
    if game == "thousand":
        levels = block["bids"]
        made, failed = pgettext("bids", "made"), pgettext("bids", "failed")
        desc = "; ".join(_("%(level)s: %(made)s made, %(failed)s failed") % {
            "level": level["label"], "made": level["made"], "failed": level["failed"]} for level in levels)
        return charts.bar_chart(chart_id=chart_id, categories=[level["label"] for level in levels],
                                series=[(made, [level["made"] for level in levels]),
                                        (failed, [level["failed"] for level in levels])],
                                title=_("%(player)s's contracts by level") % {"player": player.name},
                                desc=desc, value_label=_("contracts"))
    recent = list(reversed(block["items"][: stats.RECENT]))
    value_label = {"tongits": _("chips"), "khrap": _("money")}.get(game, _("points"))
    count = len(recent)
    title = ngettext("%(player)s's result in his last match", "%(player)s's results in his last %(count)s matches",
                     count) % {"player": player.name, "count": count}
    desc = "; ".join(_("%(date)s: %(total)s") % {"date": item.match.created_at.date().isoformat(),
                                                 "total": item.total} for item in recent)
    return charts.bar_chart(chart_id=chart_id, categories=[str(i) for i in range(1, count + 1)],
                            series=[(value_label, [item.total for item in recent])], title=title, desc=desc,
                            value_label=value_label)
