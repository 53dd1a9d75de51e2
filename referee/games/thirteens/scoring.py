"""По тринадцати: scoring an accepted entry (``apply``): every trick on its own (the best
partition of its cards into thirteens, pairs and runs; the trick point; jokers), then the seat
that took no trick, then the winner (first to ``target``; several → the highest; a tie plays on).
The dealer passes to the next seat after each play."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from referee.cards import Rank
from referee.deal import Deal
from referee.games.thirteens.checks import TrickScore, cards_text, score_trick
from referee.games.thirteens.entries import Entry, Play
from referee.games.thirteens.results import CountedResult, PenaltyResult, PlayResult
from referee.games.thirteens.rules import PIP_VALUES
from referee.games.thirteens.state import State
from referee.ledger import Line, Outcome, Seat, _, line
from referee.results import dump

_Deal = Deal[State]
# What _listing joins: the lines of a trick's score, or the seats of a tie.
_Part = TypeVar("_Part", Line, Seat)


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    deal = _Deal.start(state)
    dealer = state.dealer
    result: PlayResult | CountedResult | PenaltyResult
    if isinstance(entry, Play):
        result = _score_play(deal, entry)
        # Seed 004: "в следующих играх игроки сдают карты по очереди по часовой стрелке" — seats
        # are listed in playing order, so the next seat deals.
        dealer = (state.dealer + 1) % state.seats
    else:
        deal.penalty(entry)
        deal.totals[entry.player] += entry.points
        result = PenaltyResult(entry.player, entry.points, entry.reason)
    winner = _winner(deal)
    new = dataclasses.replace(state, totals=tuple(deal.totals), dealer=dealer, winner=winner)
    return new, deal.outcome(new.totals, dump(result))


def _score_play(deal: _Deal, entry: Play) -> PlayResult | CountedResult:
    opts = deal.state.options
    if entry.trump is not None:
        deal.say(_("Trumps: %(trump)s"), trump=entry.trump)
    elif entry.tricks is not None:
        deal.say(_("A joker was turned: no trumps"))
    trump = entry.trump.value if entry.trump is not None else None
    if entry.points is not None:
        for seat, points in enumerate(entry.points):
            deal.say(_("%(player)s: %(points)s, counted at the table"), player=Seat(seat), points=points)
            deal.totals[seat] += points
        return CountedResult(trump, entry.points)
    scores: list[int] = []
    tricks_json: list[tuple[dict[str, Any], ...]] = []
    for seat, tricks in enumerate(entry.tricks or ()):
        scored = [score_trick(trick, opts) for trick in tricks]
        tricks_json.append(tuple(s.json() for s in scored))
        for item in scored:
            deal.say(_("%(player)s: trick %(cards)s — %(scored)s"), player=Seat(seat),
                     cards=cards_text(item.cards), scored=_trick_text(item, PIP_VALUES[opts.pip_values]))
            if item.jokers:
                deal.mark(seat, "joker")
        gained = sum(item.points for item in scored)
        if not tricks:
            # Seed 004: "Игрок, который не возьмет ни одной взятки, получает минус 3 очка"
            # (``no_trick_points``).
            gained = opts.no_trick_points
            deal.mark(seat, "no_trick")
            deal.say(_("%(player)s took no trick: %(points)s"), player=Seat(seat), points=gained)
        deal.say(_("%(player)s: %(before)s %(sign)s %(points)s = %(total)s"), player=Seat(seat),
                 before=deal.totals[seat], sign="−" if gained < 0 else "+", points=abs(gained),
                 total=deal.totals[seat] + gained)
        deal.totals[seat] += gained
        scores.append(gained)
    return PlayResult(trump, tuple(scores), tuple(tricks_json),
                      tuple(seat for seat, tricks in enumerate(entry.tricks or ()) if not tricks))


MELD_TEXT = {"pair": _("pair %(cards)s %(points)s"), "run": _("run %(cards)s %(points)s")}


def _trick_text(item: TrickScore, values: Mapping[Rank, int]) -> Line:
    """What one trick scored, part by part: "thirteen (4+3+6) 3", "pair 5♠ 5♥ 1", "joker -4"."""
    parts: list[Line] = []
    for meld in item.melds:
        if meld.kind == "thirteen":
            parts.append(line(_("thirteen (%(values)s) %(points)s"),
                              values="+".join(str(values[c.rank]) for c in meld.cards), points=meld.points))
        else:
            parts.append(line(MELD_TEXT[meld.kind], cards=cards_text(meld.cards), points=meld.points))
    if item.trick_point:
        parts.append(line(_("trick %(points)s"), points=item.trick_point))
    if item.jokers:
        parts.append(line(_("joker %(points)s") if item.jokers == 1 else _("%(count)s jokers %(points)s"),
                          count=item.jokers, points=item.joker_points))
    if not parts:
        return line(_("nothing: 0"))
    return _listing(parts)


def _listing(parts: Sequence[_Part]) -> _Part | Line:
    """Parts joined with commas, each still a translatable line (a lone part stays itself)."""
    if len(parts) == 1:
        return parts[0]
    return line(_("%(first)s, %(rest)s"), first=parts[0], rest=_listing(parts[1:]))


def _winner(deal: _Deal) -> int | None:
    """Seed 004: "Игрок, который первым наберет 50 или более очков, становится победителем"
    (``target``); RULES.md: several at once → the highest; still equal → play on."""
    target = deal.state.options.target
    candidates = [seat for seat, total in enumerate(deal.totals) if total >= target]
    if not candidates:
        return None
    best = max(deal.totals[seat] for seat in candidates)
    top = [seat for seat in candidates if deal.totals[seat] == best]
    if len(top) > 1:
        deal.say(_("%(players)s reach %(target)s with %(total)s each: play on"),
                 players=_listing([Seat(s) for s in top]), target=target, total=best)
        return None
    deal.mark(top[0], "winner")
    deal.say(_("%(player)s wins the match with %(total)s"), player=Seat(top[0]), total=best)
    return top[0]
