"""The players pages: my recurring players, and one player's statistics per game with a chart.

A player's statistics are read from the cached sheets of his matches (``Match.sheet`` and its
rows): the seat he sat in (``Seat.index``) picks his column in every row, and each game's row
``result`` says what happened in it (RULES.md). Nothing here writes; the number of queries does not
grow with the number of matches: the seats with their matches in one query, the rows of their
cached sheets in one more, and — only when some cached sheets were made by older rules — the deals
of those matches in one more, replayed in Python. Views start from the caller's own players
(another owner's player is a 404).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models.fields.json import KeyTransform
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.ledger import Rejected
from scorebook import selectors
from scorebook.games import GAMES, charts, game_ui
from scorebook.games.registry import Played
from scorebook.models import Deal, Player, Seat
from scorebook.sheets import is_fresh

RECENT = 12  # matches in a player's per-match chart


def played_matches(player: Player) -> list[Played]:
    """The player's matches, newest first, each with a sheet made by the rules in force."""
    seats = list(Seat.objects.filter(player=player).select_related("match")
                 .order_by("-match__created_at", "-match__id"))
    stale = [s.match_id for s in seats if not is_fresh(s.match.game, s.match.sheet)]
    selectors.with_rows([s.match for s in seats])
    deals: dict[int, list[Deal]] = defaultdict(list)
    if stale:
        for deal in Deal.objects.filter(match_id__in=stale).order_by("match_id", "number"):
            deals[deal.match_id].append(deal)
    out = []
    for seat in seats:
        match = seat.match
        try:
            sheet = selectors.current_sheet(match, deals[match.pk])
        except Rejected:  # deals the rules now refuse: the last cached sheet is the best we have
            sheet = match.sheet or {}
        out.append(Played(match, seat.index, sheet))
    return out


# ---------------------------------------------------------------- the players list


def players_summary(owner: Any) -> list[dict[str, Any]]:
    """The owner's players with matches played and won per game: two queries in all."""
    players = list(selectors.players_of(owner).order_by("name"))
    per_player: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    seats = (Seat.objects.filter(player__owner=owner)
             .annotate(winner=KeyTransform("winner", "match__sheet"))
             .values_list("player_id", "index", "match__game", "match__finished", "winner"))
    for player_id, index, game, finished, winner in seats:
        counts = per_player[player_id][game]
        counts[0] += 1
        counts[1] += int(bool(finished) and winner == index)
    return [{"player": p, "played": sum(c[0] for c in per_player[p.pk].values()),
             "games": [{"game": g, "played": per_player[p.pk][g][0], "won": per_player[p.pk][g][1]}
                       for g in GAMES if g in per_player[p.pk]]} for p in players]


# ---------------------------------------------------------------- one player's page


def player_stats(player: Player) -> list[dict[str, Any]]:
    """One block per game he played, in the registry's order: counts, the game's own figures."""
    by_game: dict[str, list[Played]] = defaultdict(list)
    for item in played_matches(player):
        by_game[item.match.game].append(item)
    blocks = []
    for name, game in GAMES.items():
        items = by_game.get(name)
        if not items:
            continue
        block = {"game": name, "played": len(items), "won": sum(1 for p in items if p.won),
                 "finished": sum(1 for p in items if p.sheet.get("finished")), "items": items}
        blocks.append(block | game.stats(items))
    return blocks


# ---------------------------------------------------------------- the pages


@login_required
def player_list(request: HttpRequest) -> HttpResponse:
    return render(request, "scorebook/stats/players.html", {"players": players_summary(request.user)})


@login_required
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(selectors.players_of(request.user), pk=pk)
    blocks = []
    for block in player_stats(player):
        game = game_ui(block["game"])
        chart = game.stats_chart(player, block) if game.stats_chart else recent_results_chart(player, block)
        blocks.append(game.stats_labels(block) | {
            "name": game.display_name, "chart": chart,
            "figures": f"{game.stats_template}#figures", "tables": f"{game.stats_template}#tables"})
    others = selectors.players_of(request.user).exclude(pk=player.pk).order_by("name")
    return render(request, "scorebook/stats/player.html", {"player": player, "blocks": blocks, "others": others})


def recent_results_chart(player: Player, block: dict[str, Any]) -> SafeString:
    """His result in each of his last matches of a game (the final or current total: points, chips
    or money), oldest first."""
    recent = list(reversed(block["items"][: RECENT]))
    value_label = str(game_ui(block["game"]).unit)
    count = len(recent)
    title = ngettext("%(player)s's result in their last match", "%(player)s's results in their last %(count)s matches",
                     count) % {"player": player.name, "count": count}
    desc = "; ".join(_("%(date)s: %(total)s") % {"date": item.match.created_at.date().isoformat(),
                                                 "total": item.total} for item in recent)
    return charts.bar_chart(chart_id=f"player-{player.pk}-{block['game']}",
                            categories=[str(i) for i in range(1, count + 1)],
                            series=[(value_label, [item.total for item in recent])], title=title, desc=desc,
                            value_label=value_label)
