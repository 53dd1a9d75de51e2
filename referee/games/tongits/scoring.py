"""Tong Its: scoring an accepted entry (``apply``) in RULES.md's order: the ante → who is burned →
who wins (by the ending's rule) → each loser pays the winner → the streak and the pot → the dealer."""

from __future__ import annotations

import dataclasses
from typing import Any

from referee.cards import Rank
from referee.deal import Deal
from referee.games.tongits.checks import (
    counts_and_burned,
    draw_fight,
    every_count,
    folded_seats,
    stock_out_winner,
)
from referee.games.tongits.entries import Entry, Hand, Play, Result
from referee.games.tongits.results import HandResult, Payment, PenaltyResult, Streak
from referee.games.tongits.state import State
from referee.ledger import Line, Outcome, Seat, _, line
from referee.penalty import Penalty, penalty_line
from referee.results import dump


def fours(hand: Hand) -> int:
    """Four-of-a-kind melds, laid or concealed (RULES.md: "each four-of-a-kind the winner holds"); a
    four completed by a card another player laid off is this meld owner's four (RULES.md)."""
    return sum(1 for meld in hand.all_melds() if len(meld) == 4 and len({c.rank for c in meld}) == 1)


def aces(entry: Play, seat: int) -> int:
    """Aces in the seat's hand and melds, concealed ones included (seed 002: "за кожного туза, який
    залишився у переможця в руці або мається на наборі"); an ace laid off onto another player's
    meld is the giver's (RULES.md: laid-off cards "count as the giver's cards")."""
    return sum(1 for card in entry.held(seat) if card.rank is Rank.ACE)


def winner_holds(entry: Play | Result, winner: int) -> tuple[int, int]:
    """The winner's aces and fours of a kind: from his cards, or as a quick entry tells them."""
    if isinstance(entry, Result):
        return entry.winner_aces, entry.winner_fours
    return aces(entry, winner), fours(entry.hands[winner])


_Deal = Deal[State]


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    deal = _Deal.start(state)
    if isinstance(entry, Penalty):
        # Settled here: the pot is the other side of a penalty (chips stay conserved).
        deal.mark(entry.player, "penalty")
        deal.take_out(entry.player, entry.points)
        deal.say(_("%(penalty)s, the pot now holds %(pot)s"), penalty=penalty_line(entry), pot=deal.pot)
        new = dataclasses.replace(state, totals=tuple(deal.totals), pot=deal.pot)
        return new, deal.outcome(new.totals, dump(PenaltyResult(entry.player, entry.points, entry.reason, deal.pot)))
    return _score_hand(deal, entry)


def _score_hand(deal: _Deal, entry: Play | Result) -> tuple[State, Outcome]:
    """A hand told card by card (``Play``) or in counts (``Result``): scored alike (RULES.md: the
    quick entry "pays exactly as for a full entry")."""
    state, opts = deal.state, deal.state.options
    seats = state.seats
    # Seed 002: "Перед грою кожен гравець вносить по дві фішки в банк" (``ante``, every hand).
    for seat in range(seats):
        deal.pay_in(seat, opts.ante)
    deal.say(_("Each player puts the ante of %(ante)s into the pot: it holds %(pot)s"), ante=opts.ante, pot=deal.pot)
    counts, burned = counts_and_burned(entry)
    if isinstance(entry, Play) and entry.ending == "draw":
        for seat in entry.challengers or ():
            if entry.hands[seat].secret:
                # Seed 002: the challenger "повинен відкрити свою руку, скинути набір карт".
                deal.say(_("%(player)s fights the draw and lays their concealed melds down"), player=Seat(seat))
    for seat in burned:
        deal.mark(seat, "burned")
        deal.say(_("%(player)s has no meld laid down: burned"), player=Seat(seat))
    winner, reason = _winner(deal, entry, counts, burned)
    folded = folded_seats(entry.ending, entry.caller, entry.challengers, seats)
    payments: list[Payment] = []
    if winner is not None:
        payments = _pay(deal, entry, winner, burned, folded)
    pot_taken, streak = _streak(deal, winner)
    # Seed 002 (RULES.md): the winner deals the next hand; with no winner the deal passes on
    # ("гравці здають карти ... проти годинникової стрілки": the next seat in playing order).
    dealer = winner if winner is not None else (state.dealer + 1) % seats
    new = dataclasses.replace(state, totals=tuple(deal.totals), pot=deal.pot, dealer=dealer,
                              streak_player=streak.player, streak_wins=streak.wins)
    result = HandResult(entry.ending, winner, reason, tuple(burned), tuple(counts), tuple(folded), tuple(payments),
                        pot_taken, deal.pot, streak)
    return new, deal.outcome(new.totals, dump(result))


def _winner(deal: _Deal, entry: Play | Result, told: list[int | None], burned: list[int]) -> tuple[int | None, str]:
    if entry.ending == "tongit":
        caller = entry.caller
        assert caller is not None  # validate: bad_ending
        deal.say(_("%(player)s calls tongit: every card melded"), player=Seat(caller))
        deal.mark(caller, "tongit")
        deal.mark(caller, "winner")
        return caller, "tongit"
    counts = every_count(told)
    assert counts is not None  # validate: only a tongit's losers go without a count
    for seat in range(len(counts)):
        if entry.ending == "stock_out" or seat == entry.caller or seat in (entry.challengers or ()):
            deal.say(_("%(player)s: %(count)s in unmelded cards"), player=Seat(seat), count=counts[seat])
    if entry.ending == "stock_out":
        # validate: last_draw is given when a tie needs it (last_draw_needed); without a tie it is ignored.
        winner, reason = stock_out_winner(counts, burned, entry.last_draw)
        texts = {
            "all_burned": _("The stock ran out and every player is burned: nobody wins, the antes stay in the pot"),
            "lowest": _("The stock ran out: %(player)s wins with the lowest count, %(count)s"),
            "tie_last_draw": _("The stock ran out: %(player)s wins the tie at %(count)s, they took the last card"),
            "tie_next_to_draw": _("The stock ran out: %(player)s wins the tie at %(count)s, they were next to draw"),
        }
    else:
        caller = entry.caller
        assert caller is not None  # validate: bad_ending
        deal.mark(caller, "draw")
        for seat in entry.challengers or ():
            deal.mark(seat, "challenger")
        winner, reason = draw_fight(caller, entry.challengers or (), counts, burned)
        texts = {
            "unchallenged": _("%(caller)s called a draw and nobody fought it: %(player)s wins"),
            "challengers_burned": _("%(caller)s called a draw; only burned players fought it: %(player)s wins"),
            "lowest": _("%(caller)s called a draw: %(player)s wins with the lowest count, %(count)s"),
            "tie_to_challenger": _("%(caller)s called a draw: a tie at %(count)s goes to the challenger, "
                                   "%(player)s"),
            "tie_first_after_caller": _("%(caller)s called a draw: %(player)s wins the tie at %(count)s, first "
                                        "in turn after the caller"),
        }
    params: dict[str, Any] = {"caller": Seat(entry.caller) if entry.caller is not None else ""}
    if winner is not None:
        params |= {"player": Seat(winner), "count": counts[winner]}
        deal.mark(winner, "winner")
    deal.say(texts[reason], **params)
    return winner, reason


def _pay(deal: _Deal, entry: Play | Result, winner: int, burned: list[int], folded: list[int]) -> list[Payment]:
    """Seed 002, "Підрахунок очок": each loser pays the winner ``pay_win`` (``pay_tongit``,
    ``pay_draw``) + ``pay_per_ace`` per ace + ``pay_per_four`` per four of a kind (RULES.md reads
    the seed's "3 фішки за кожен набір" as four-of-a-kind) + ``pay_burned`` if he is burned; after
    a draw, + ``pay_fold`` if he folded a fought draw (seed 002: "Гравець, який не відчинив карти
    для заперечування нічиї повинен заплатити виграв гравцеві додатковий штраф")."""
    opts = deal.state.options
    held_aces, held_fours = winner_holds(entry, winner)
    base_name, base = {"tongit": ("tongit", opts.pay_tongit), "draw": ("draw", opts.pay_draw)}.get(
        entry.ending, ("win", opts.pay_win))
    shared = {base_name: base, "aces": opts.pay_per_ace * held_aces, "fours": opts.pay_per_four * held_fours}
    payments = []
    seats = deal.state.seats
    for step in range(1, seats):
        loser = (winner + step) % seats
        items = dict(shared)
        items["burned"] = opts.pay_burned if loser in burned else 0
        if entry.ending == "draw":  # only a draw is folded
            items["fold"] = opts.pay_fold if loser in folded else 0
        total = sum(items.values())
        deal.totals[loser] -= total
        deal.totals[winner] += total
        deal.say(_("%(loser)s pays %(winner)s %(total)s: %(items)s"), loser=Seat(loser), winner=Seat(winner),
                 total=total, items=_items_line(items, base_name))
        payments.append(Payment(loser, winner, total, items))
    return payments


ITEM_TEXT = {"win": _("%(chips)s (win)"), "tongit": _("%(chips)s (tongit)"), "draw": _("%(chips)s (draw)"),
             "aces": _("%(chips)s (aces)"), "fours": _("%(chips)s (fours)"), "burned": _("%(chips)s (burned)"),
             "fold": _("%(chips)s (folded)")}


def _items_line(items: dict[str, int], base_name: str) -> Line:
    """"1 (win) + 2 (aces) + 1 (burned)": the base always, the other items when they cost a chip."""
    parts = [line(ITEM_TEXT[name], chips=chips) for name, chips in items.items() if chips or name == base_name]
    joined = parts[-1]
    for part in reversed(parts[:-1]):
        joined = line(_("%(first)s + %(rest)s"), first=part, rest=joined)
    return joined


def _streak(deal: _Deal, winner: int | None) -> tuple[int, Streak]:
    """What the winner takes out of the pot, and the streak after the hand. Seed 002: "Фішки в банку
    дістаються гравцеві, який виграє дві гри поспіль" (``pot_streak``); RULES.md: then the streak
    restarts. A hand with no winner breaks every streak."""
    state, opts = deal.state, deal.state.options
    if winner is None:
        deal.say(_("The pot holds %(pot)s; no streak"), pot=deal.pot)
        return 0, Streak(None, 0)
    wins = state.streak_wins + 1 if state.streak_player == winner else 1
    if wins >= opts.pot_streak:
        taken = deal.pot
        deal.take_out(winner, taken)
        deal.mark(winner, "pot")
        deal.say(_("%(player)s has won %(wins)s in a row and takes the pot of %(pot)s; the streak restarts"),
                 player=Seat(winner), wins=wins, pot=taken)
        return taken, Streak(None, 0)
    deal.say(_("The pot holds %(pot)s; %(player)s has won %(wins)s in a row (%(needed)s take the pot)"),
             pot=deal.pot, player=Seat(winner), wins=wins, needed=opts.pot_streak)
    return 0, Streak(winner, wins)
