"""The players pages: my recurring players, and one player's statistics per game with a chart.

A player's statistics are read from the cached sheets of his matches (``Match.sheet``): the seat he
sat in (``Seat.index``) picks his column in every row, and each game's row ``result`` says what
happened in it (RULES.md). Nothing here writes; the number of queries does not grow with the number
of matches: the seats with their matches in one query, and — only when some cached sheets were
made by older rules — the deals of those matches in one more, replayed in Python. Views start
from the caller's own players (another owner's player is a 404).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models.fields.json import KeyTransform
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from referee.games import GAMES
from referee.games.terz import KIND_TEXT
from referee.ledger import Rejected
from scorebook import charts, labels, selectors
from scorebook.forms.tongits import ENDINGS
from scorebook.models import Deal, Match, Player, Seat
from scorebook.sheets import engine_fingerprint

# 1000: contract levels as a table talks about them (RULES.md: bids from 100 in steps of 5; over
# 120 needs a marriage). (label, lowest, highest); None: no upper bound.
CONTRACT_LEVELS: tuple[tuple[str, int, int | None], ...] = (
    ("100–115", 100, 115), ("120", 120, 120), ("125–150", 125, 150), ("155–200", 155, 200), ("200+", 205, None))
SUITS = ("H", "D", "C", "S", "A")  # "A": four aces, when the table counts them as a marriage
TERZ_KINDS = ("terz", "fifty", "hundred", "four_queens", "four_kings", "four_aces", "four_jacks", "marriage")
TONGITS_ENDINGS = ("tongit", "draw", "stock_out")
RECENT = 12  # matches in a player's per-match chart


@dataclass(frozen=True)
class Played:
    """One match as one player sat it: his seat and the match's sheet (neutral JSON)."""

    match: Match
    seat: int
    sheet: dict[str, Any]

    @property
    def won(self) -> bool:
        return self.sheet.get("finished") and self.sheet.get("winner") == self.seat

    @property
    def total(self) -> int:
        totals = self.sheet.get("totals") or []
        return totals[self.seat] if self.seat < len(totals) else 0

    def rows(self) -> Iterable[tuple[dict[str, Any], list[str], dict[str, Any]]]:
        """(row, his marks, the row's result) for every counted deal."""
        for row in self.sheet.get("rows", []):
            marks = row["marks"][self.seat] if self.seat < len(row["marks"]) else []
            yield row, marks, row.get("result") or {}


def played_matches(player: Player) -> list[Played]:
    """The player's matches, newest first, each with a sheet made by the rules in force."""
    seats = list(Seat.objects.filter(player=player).select_related("match")
                 .order_by("-match__created_at", "-match__id"))
    fingerprint = engine_fingerprint()
    stale = [s.match_id for s in seats if not (s.match.sheet and s.match.sheet.get("engine") == fingerprint)]
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
    players = list(Player.objects.filter(owner=owner).order_by("name"))
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
    for game in GAMES:
        items = by_game.get(game)
        if not items:
            continue
        block = {"game": game, "played": len(items), "won": sum(1 for p in items if p.won),
                 "finished": sum(1 for p in items if p.sheet.get("finished")), "items": items}
        block |= GAME_STATS.get(game, lambda _items: {})(items)
        blocks.append(block)
    return blocks


def level_of(contract: int) -> str:
    for label, low, high in CONTRACT_LEVELS:
        if contract >= low and (high is None or contract <= high):
            return label
    return CONTRACT_LEVELS[0][0]


def thousand_stats(items: Sequence[Played]) -> dict[str, Any]:
    """Bids made/failed by contract level, write-offs, barrels mounted and fallen, bolts per 100
    deals, marriages declared by suit (RULES.md, "thousand")."""
    bids = {label: {"made": 0, "failed": 0} for label, _low, _high in CONTRACT_LEVELS}
    write_offs = deals = bolts = mounted = fallen = 0
    marriages: Counter[str] = Counter()
    for item in items:
        for row, marks, result in item.rows():
            seat = item.seat
            if row["type"] in ("play", "write_off") and "sits_out" not in marks:
                deals += 1
            if "bolt" in marks:  # RULES.md: "a bolt (two in a dark or golden deal)"
                bolts += 2 if result.get("doubled") else 1
            if result.get("declarer") == seat and "contract" in result:
                if row["type"] == "write_off":
                    write_offs += 1
                else:
                    bids[level_of(result["contract"])]["made" if result.get("made") else "failed"] += 1
            mounted += list(result.get("mounted") or ()).count(seat)
            fallen += "barrel_fall" in marks
            declared = result.get("marriages") or ()
            if seat < len(declared):
                marriages.update(declared[seat])
    levels = [{"label": label, **bids[label], "played": bids[label]["made"] + bids[label]["failed"]}
              for label, _low, _high in CONTRACT_LEVELS]
    return {"bids": levels, "bids_total": sum(level["played"] for level in levels),
            "bids_made": sum(level["made"] for level in levels), "write_offs": write_offs,
            "deals": deals, "bolts": bolts,
            "bolts_per_100": round(bolts * 100 / deals, 1) if deals else None,
            "barrels_mounted": mounted, "barrels_fallen": fallen,
            "marriages": [{"suit": s, "count": marriages[s]} for s in SUITS if s != "A" or marriages[s]]}


def terz_stats(items: Sequence[Played]) -> dict[str, Any]:
    """Declarations by kind and how often they counted (only the best combination's holder
    scores his; a marriage always counts — RULES.md, "terz")."""
    declared: Counter[str] = Counter()
    counted: Counter[str] = Counter()
    deals = 0
    for item in items:
        for row, _marks, result in item.rows():
            if row["type"] != "play":
                continue
            deals += 1
            for declaration in result.get("declarations") or ():
                if declaration.get("player") == item.seat:
                    declared[declaration["kind"]] += 1
                    counted[declaration["kind"]] += bool(declaration.get("counts"))
    kinds = [{"kind": k, "declared": declared[k], "counted": counted[k],
              "percent": round(counted[k] * 100 / declared[k]) if declared[k] else None}
             for k in TERZ_KINDS if declared[k]]
    return {"deals": deals, "declarations": kinds, "declared_total": sum(declared.values()),
            "counted_total": sum(counted.values())}


def tongits_stats(items: Sequence[Played]) -> dict[str, Any]:
    """Hands won by ending (tongit, draw, the stock ran out), burned hands, net chips."""
    wins: Counter[str] = Counter()
    hands = burned = 0
    for item in items:
        for row, _marks, result in item.rows():
            if row["type"] != "play":
                continue
            hands += 1
            if result.get("winner") == item.seat:
                wins[result.get("ending", "")] += 1
            burned += item.seat in (result.get("burned") or ())
    return {"hands": hands, "wins": [{"ending": e, "count": wins[e]} for e in TONGITS_ENDINGS],
            "hands_won": sum(wins.values()), "burned": burned, "net": sum(p.total for p in items)}


def khrap_stats(items: Sequence[Played]) -> dict[str, Any]:
    """Khraps made and failed (dark ones among them), net money."""
    made = failed = dark = 0
    for item in items:
        for row, _marks, result in item.rows():
            if row["type"] != "play" or result.get("khrap") != item.seat:
                continue
            kept = result.get("kept") or ()
            if item.seat < len(kept) and kept[item.seat]:
                made += 1
            else:
                failed += 1
            dark += bool(result.get("dark"))
    return {"khraps_made": made, "khraps_failed": failed, "khraps_dark": dark,
            "net": sum(p.total for p in items)}


def thirteens_stats(items: Sequence[Played]) -> dict[str, Any]:
    """Points per deal (played deals only, penalties aside) and thirteens found in his tricks
    (deals counted by hand at the table carry no tricks, so no thirteens)."""
    deals = points = thirteens = 0
    for item in items:
        for row, _marks, result in item.rows():
            if row["type"] != "play":
                continue
            scores = result.get("scores") or ()
            if item.seat < len(scores):
                deals += 1
                points += scores[item.seat]
            tricks = result.get("tricks") or ()
            if item.seat < len(tricks):
                thirteens += sum(1 for trick in tricks[item.seat] for meld in trick.get("melds", ())
                                 if meld.get("kind") == "thirteen")
    return {"deals": deals, "points": points, "points_per_deal": round(points / deals, 2) if deals else None,
            "thirteens": thirteens}


GAME_STATS = {"thousand": thousand_stats, "terz": terz_stats, "tongits": tongits_stats, "khrap": khrap_stats,
              "thirteens": thirteens_stats}


def terz_kind_label(kind: str) -> str:
    return _(KIND_TEXT.get(kind, kind))


def tongits_ending_label(ending: str) -> str:
    return str(ENDINGS.get(ending, ending))  # the entry form's words for the endings


# ---------------------------------------------------------------- the pages


@login_required
def player_list(request: HttpRequest) -> HttpResponse:
    return render(request, "scorebook/stats/players.html", {"players": players_summary(request.user)})


@login_required
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.filter(owner=request.user), pk=pk)
    blocks = player_stats(player)
    for block in blocks:
        block["chart"] = player_chart(player, block)
        block["name"] = labels.GAME_NAMES.get(block["game"], block["game"])
        if block["game"] == "terz":
            for row in block["declarations"]:
                row["label"] = terz_kind_label(row["kind"])
        if block["game"] == "tongits":
            for row in block["wins"]:
                row["label"] = tongits_ending_label(row["ending"])
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
    recent = list(reversed(block["items"][: RECENT]))
    value_label = {"tongits": _("chips"), "khrap": _("money")}.get(game, _("points"))
    count = len(recent)
    title = ngettext("%(player)s's result in his last match", "%(player)s's results in his last %(count)s matches",
                     count) % {"player": player.name, "count": count}
    desc = "; ".join(_("%(date)s: %(total)s") % {"date": item.match.created_at.date().isoformat(),
                                                 "total": item.total} for item in recent)
    return charts.bar_chart(chart_id=chart_id, categories=[str(i) for i in range(1, count + 1)],
                            series=[(value_label, [item.total for item in recent])], title=title, desc=desc,
                            value_label=value_label)
