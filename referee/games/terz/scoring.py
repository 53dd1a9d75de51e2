"""Терц's ``apply``: a play scored in RULES.md's order — card points → declarations (only the
holder of the best combination scores his; the marriage always scores) → the running total,
rounded (``rounding``) → the winner (total − mountain ≥ ``target``); and the seed's penalties."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from referee.deal import Deal
from referee.games.terz.checks import compare
from referee.games.terz.entries import Entry, FalseDeclaration, Forfeit, Play, WrongRecording
from referee.games.terz.results import (
    FalseDeclarationResult,
    ForfeitResult,
    PenaltyResult,
    PlayResult,
    WrongRecordingResult,
)
from referee.games.terz.rules import FORFEIT_TEXT
from referee.games.terz.state import State
from referee.ledger import Outcome, Seat, _, line
from referee.penalty import Penalty
from referee.results import dump


def round_total(total: int, rule: str) -> int:
    """Seed 000: "Сума очок округляється в меншу сторону на 5 одиниць. Наприклад, якщо сума очок
    закінчується на 135, то округлюють до 130" (``rounding``: a final 5 goes down, 6–9 go up)."""
    rest = total % 10  # 0..9 for negative totals too: −135 → −140, 5 down
    if rule == "nearest_10_five_down":
        return total - rest if rest <= 5 else total + 10 - rest
    if rule == "floor_10":
        return total - rest
    return total


@dataclass
class _Deal(Deal[State]):
    """The working copy, with the mountain as it changes."""

    mountain: list[int] = dataclasses.field(default_factory=list)

    def add(self, seat: int, points: int) -> None:
        """Add *points* to a running total and round it (``rounding``): RULES.md's "previous total
        + deal points + counted declarations + penalties, then rounded"."""
        before = self.totals[seat]
        raw = before + points
        total = round_total(raw, self.state.options.rounding)
        self.totals[seat] = total
        if total != raw:
            self.say(_("%(player)s: %(before)s %(sign)s %(points)s = %(raw)s, rounded to %(total)s"),
                     player=Seat(seat), before=before, sign="−" if points < 0 else "+", points=abs(points),
                     raw=raw, total=total)
        else:
            self.say(_("%(player)s: %(before)s %(sign)s %(points)s = %(total)s"), player=Seat(seat),
                     before=before, sign="−" if points < 0 else "+", points=abs(points), total=total)


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    seats = state.seats
    deal = _Deal.start(state, mountain=list(state.mountain))
    dealer = state.dealer
    kind: type
    part: dict[str, Any]
    winner: int | None
    if isinstance(entry, Play):
        kind, part = PlayResult, _score_play(deal, entry)
        # Seed 000: "далі здає той гравець, який візьме останній хабар" (``last_trick``; without
        # it the deal passes to the other player).
        dealer = entry.last_trick if entry.last_trick is not None else (state.dealer + 1) % seats
        winner = _winner(deal)
    elif isinstance(entry, Forfeit):
        # Seed 000: "За "чужий підйом" тобто взяту не в чергу карту гравець карається програшем.
        # Якщо у гравця виявилася зайва карта, то гравець той же вважається таким, що програв."
        winner = 1 - entry.player
        deal.mark(entry.player, "forfeit")
        deal.mark(winner, "winner")
        deal.say(_("%(player)s %(reason)s and loses the match: %(winner)s wins"), player=Seat(entry.player),
                 reason=line(FORFEIT_TEXT[entry.reason]), winner=Seat(winner))
        kind, part = ForfeitResult, {"player": entry.player, "reason": entry.reason}
    else:
        kind, part = _score_penalty(deal, entry)
        winner = _winner(deal)
    # Every row carries the mountain after it, so that the sheet can show it beside each total.
    result = kind(**part, mountain=tuple(deal.mountain))
    new = dataclasses.replace(state, totals=tuple(deal.totals), mountain=tuple(deal.mountain), dealer=dealer,
                              winner=winner)
    return new, deal.outcome(new.totals, dump(result))


def _score_play(deal: _Deal, entry: Play) -> dict[str, Any]:
    seats = deal.state.seats
    deal.say(_("Trumps: %(trump)s"), trump=entry.trump)
    if entry.last_trick is not None:
        deal.mark(entry.last_trick, "last_trick")
    judged = compare(entry.trump, entry.declarations, seats)
    deal.lines.extend(judged.lines)
    for item in judged.declarations:
        if item.counts:
            deal.mark(item.player, "marriage" if item.kind == "marriage" else "declaration")
    for seat in range(seats):
        gained = entry.points[seat] + judged.scores[seat]
        if judged.scores[seat]:
            deal.say(_("%(player)s: %(points)s card points + %(declared)s declared = %(gained)s"),
                     player=Seat(seat), points=entry.points[seat], declared=judged.scores[seat], gained=gained)
        else:
            deal.say(_("%(player)s: %(points)s card points"), player=Seat(seat), points=entry.points[seat])
        deal.add(seat, gained)
    return {"points": entry.points, "declarations": tuple(d.json() for d in judged.declarations),
            "declared": judged.scores, "best_player": judged.scorer, "decided_by": judged.step}


def _score_penalty(deal: _Deal, entry: FalseDeclaration | WrongRecording | Penalty) -> tuple[type, dict[str, Any]]:
    seat = entry.player
    if isinstance(entry, FalseDeclaration):
        # Seed 000: "За неправдиве оголошення гравцеві записується стільки очок, скільки було в
        # хибному оголошенні ... "сто в гору" і до закінчення партії йому потрібно набрати на 100
        # очок більше" — the total stands; the target rises.
        deal.mountain[seat] += entry.points
        deal.mark(seat, "mountain")
        deal.say(_("%(player)s: false declaration, %(points)s up the mountain: they now need %(needs)s"),
                 player=Seat(seat), points=entry.points, needs=deal.state.options.target + deal.mountain[seat])
        return FalseDeclarationResult, {"player": seat, "points": entry.points}
    if isinstance(entry, WrongRecording):
        # Seed 000: "За неправильний підрахунок або запис очок, сума приписаних очок списується, а
        # суперник приплюсовує її до своєї сумі очок."
        other = 1 - seat
        deal.mark(seat, "wrong_recording")
        deal.say(_("%(player)s wrote down %(points)s too many: struck off them and added to %(other)s"),
                 player=Seat(seat), points=entry.points, other=Seat(other))
        deal.add(seat, -entry.points)
        deal.add(other, entry.points)
        return WrongRecordingResult, {"player": seat, "points": entry.points}
    deal.penalty(entry)
    deal.add(seat, entry.points)
    return PenaltyResult, {"player": seat, "points": entry.points, "reason": entry.reason}


def _winner(deal: _Deal) -> int | None:
    """Seed 000: "Гра вважається закінченою, якщо один з гравців набере 501 очко або більше"; with
    the mountain, total − mountain ≥ ``target``; both at once → the higher; equal → play on."""
    target = deal.state.options.target
    net = [total - mountain for total, mountain in zip(deal.totals, deal.mountain, strict=True)]
    candidates = [seat for seat, value in enumerate(net) if value >= target]
    if not candidates:
        return None
    best = max(net[seat] for seat in candidates)
    top = [seat for seat in candidates if net[seat] == best]
    if len(top) > 1:
        deal.say(_("Both reach %(target)s with %(net)s: play on"), target=target, net=best)
        return None
    deal.mark(top[0], "winner")
    deal.say(_("%(player)s wins the match: %(total)s − %(mountain)s on the mountain = %(net)s")
             if deal.mountain[top[0]] else _("%(player)s wins the match with %(net)s"),
             player=Seat(top[0]), total=deal.totals[top[0]], mountain=deal.mountain[top[0]], net=best)
    return top[0]
