"""Храп: scoring an accepted entry (``apply``) in RULES.md's order: the antes when a deal finds
the pot empty → the payouts (fifths of the amount at stake, or the khraper takes all) → the fines
of those who failed, on the pot as it stood before the payouts → what stays carries over.

Whole money. The stake is a multiple of 5 (seed: "сумму денег, кратную пяти"), so a pot of antes
splits into whole fifths; but half a pot (circle 2), a pot left over after a failure and one a
penalty moved (any whole amount: RULES.md) need not. RULES.md rounds **down**: half the pot is
``pot // 2`` and one fifth is ``amount // 5``. The odd units of the fifths (at most 4) go to a
khraper who kept the promise, so five kept tricks take the whole amount ("забирает весь кон") and a
pot never sticks on them; when he failed they stay in the pot, as does the odd unit of a half.
Money is conserved and every payout is a whole number. What stays is a pot that is not empty: no
antes go in on top of it (RULES.md: "no new stakes while it is not empty").

The antes go in with whichever deal entry finds the pot empty — a play, a silent circle or a
revoke entered on its own — in that entry's row; a generic penalty and the close are not deals
and never ante. A revoke written in its play (``Play.renonce``) is settled with that deal.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from referee.deal import Deal
from referee.games.khrap.entries import Close, Entry, NoKhrap, Play, Renonce
from referee.games.khrap.results import CloseResult, NoKhrapResult, PenaltyResult, PlayResult, RenonceResult
from referee.games.khrap.rules import KHRAP_PROMISE, WHIST_PROMISE, Options
from referee.games.khrap.state import State
from referee.ledger import Outcome, Seat, _
from referee.penalty import Penalty
from referee.results import dump


@dataclass(frozen=True, slots=True)
class Settlement:
    """The money of one played deal, before it is written to the balances."""

    pot: int  # the pot before the payouts: the fines are multiples of it
    at_stake: int  # the whole pot (circle 1) or half of it, rounded down (circle 2)
    fifth: int  # at_stake // 5: what one trick is worth to a player who kept the promise
    odd: int  # at_stake % 5, paid to the khraper on top of his fifths when he kept the promise; else 0
    kept: tuple[bool, ...]  # False for a revoker, whatever he took
    taken: tuple[int, ...]  # paid out of the pot, per seat
    fines: tuple[int, ...]  # paid into the pot, per seat

    @property
    def pot_after(self) -> int:
        return self.pot - sum(self.taken) + sum(self.fines)


def promise(play: Play, seat: int) -> int:
    return KHRAP_PROMISE if seat == play.khrap else WHIST_PROMISE


def settle(options: Options, pot: int, play: Play) -> Settlement:
    """Seed 003, "Расчет": "одна взятка дает игроку право забрать себе пятую часть суммы из кона.
    После того, как все выполнившие обещание игроки забрали из кона деньги, очередь доходит до не
    выполнивших свое обещание" — and RULES.md: the fines are on the pot before the payouts."""
    seats = len(play.tricks)
    khraper = play.khrap
    # "на первом кругу, тогда он забирает весь кон; на втором кругу, тогда он забирает половину
    # кона" — half rounded down: the odd unit stays in the pot.
    at_stake = pot if play.circle == 1 else pot // 2
    fifth = at_stake // 5  # whole money
    # "За ренонс ... партнер, если даже он и взял взятку, ставит себе ремиз": RULES.md, a revoker
    # counts as failed in his deal — no fifths, whatever he took.
    kept = tuple(play.tricks[seat] >= promise(play, seat) and seat not in play.renonce for seat in range(seats))
    odd = 0
    if options.pot_mode == "khraper_takes_all" and kept[khraper]:
        # RULES.md, pot_mode "khraper_takes_all": the successful khraper alone takes the amount.
        taken = tuple(at_stake if seat == khraper else 0 for seat in range(seats))
    else:
        # RULES.md: the odd units of the fifths go to a khraper who kept the promise, so five kept
        # tricks take the whole amount ("он забирает весь кон") and a pot never sticks on them;
        # when he failed they stay in the pot.
        odd = at_stake - 5 * fifth if kept[khraper] else 0
        taken = tuple((play.tricks[seat] * fifth if kept[seat] else 0) + (odd if seat == khraper else 0)
                      for seat in range(seats))
    fines = []
    for seat in range(seats):
        if seat in play.renonce:
            # RULES.md: the revoke's fine (renonce_fail × the pot before the payouts) instead of any
            # other fine for that deal.
            fines.append(options.renonce_fail * pot)
        elif kept[seat]:
            fines.append(0)
        elif seat != play.khrap:
            # "вистующий ... не выполнившие своих обязательств взять одну взятку, доставляют кон в
            # одинарном размере" (whister_fail).
            fines.append(options.whister_fail * pot)
        elif play.dark:
            # "если храп был объявлен втемную, но не был сыгран, то храпующий наказывается ремизом в
            # пятикратном размере от суммы кона" (dark_fail) — instead of khraper_fail, not on top.
            fines.append(options.dark_fail * pot)
        else:
            # "объявивший храп, но не взявший трех обязательных взяток, должен удвоить сумму,
            # находящуюся на кону" (khraper_fail).
            fines.append(options.khraper_fail * pot)
    return Settlement(pot, at_stake, fifth, odd, kept, taken, tuple(fines))


_Deal = Deal[State]


def _antes(deal: _Deal) -> list[int]:
    """Everyone puts ``stake`` into the pot; returns what each seat put in."""
    stake = deal.state.options.stake
    for seat in range(deal.state.seats):
        deal.pay_in(seat, stake)
    return [stake] * deal.state.seats


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    seats = state.seats
    deal = _Deal.start(state)
    antes = [0] * seats
    if not isinstance(entry, (Penalty, Close)) and state.pot == 0:
        # Seed 003: "Также нужно положить деньги в кон — каждый вкладывает заранее обусловленную
        # сумму денег, кратную пяти"; RULES.md: whenever a deal starts with an empty pot, in that
        # entry's row. A penalty or the close is no part of a deal and puts in no antes.
        antes = _antes(deal)
        deal.say(_("The pot is empty: everyone puts in %(stake)s (%(seats)s × %(stake)s = %(total)s), "
                   "pot 0 → %(pot)s"), stake=state.options.stake, seats=seats, total=deal.pot, pot=deal.pot)
    dealer, circle, closed = state.dealer, state.circle, state.closed
    kind: type
    if isinstance(entry, Play):
        kind, part = PlayResult, _score_play(deal, entry)
        # Seed 003: "Следующие игроки идут в порядке очередности — «по солнышку»".
        dealer, circle = (state.dealer + 1) % seats, 1
    elif isinstance(entry, NoKhrap):
        kind, part = NoKhrapResult, _no_khrap(deal)
        circle = 2 if state.circle == 1 else 1
    elif isinstance(entry, Renonce):
        kind, part = RenonceResult, _renonce(deal, entry)
    elif isinstance(entry, Close):
        kind, part = CloseResult, _close(deal)
        closed = True
    else:
        kind, part = PenaltyResult, _penalty(deal, entry)
    deal.say(_("Pot %(before)s → %(after)s"), before=state.pot, after=deal.pot)
    result = kind(stakes=tuple(antes), pot_before=state.pot, pot_after=deal.pot, **part)
    new = dataclasses.replace(state, totals=tuple(deal.totals), pot=deal.pot, dealer=dealer, circle=circle,
                              closed=closed)
    return new, deal.outcome(new.totals, dump(result))


def _score_play(deal: _Deal, entry: Play) -> dict[str, Any]:
    opts = deal.state.options
    khraper = entry.khrap
    money = settle(opts, deal.pot, entry)
    deal.mark(khraper, "khrap")
    if entry.dark:
        deal.mark(khraper, "dark")
    deal.say(_("%(player)s khraps dark in circle %(circle)s: promises 3 tricks, takes %(tricks)s")
             if entry.dark else _("%(player)s khraps in circle %(circle)s: promises 3 tricks, takes %(tricks)s"),
             player=Seat(khraper), circle=entry.circle, tricks=entry.tricks[khraper])
    if entry.circle == 1:
        deal.say(_("Circle 1: the whole pot is at stake, %(amount)s"), amount=money.at_stake)
    elif money.pot % 2:
        deal.say(_("Circle 2: half the pot is at stake, %(pot)s ÷ 2 = %(amount)s rounded down (the odd 1 "
                   "stays in the pot)"), pot=money.pot, amount=money.at_stake)
    else:
        deal.say(_("Circle 2: half the pot is at stake, %(pot)s ÷ 2 = %(amount)s"), pot=money.pot,
                 amount=money.at_stake)
    takes_all = opts.pot_mode == "khraper_takes_all" and money.kept[khraper]
    if takes_all:
        deal.say(_("%(player)s made the khrap and takes all that is at stake: %(amount)s"),
                 player=Seat(khraper), amount=money.at_stake)
    elif money.odd:
        deal.say(_("One trick is worth a fifth: %(amount)s ÷ 5 = %(fifth)s rounded down (what is left over, "
                   "%(odd)s, goes to the khraper, who kept the promise)"), amount=money.at_stake, fifth=money.fifth,
                 odd=money.odd)
    elif money.at_stake % 5:
        deal.say(_("One trick is worth a fifth: %(amount)s ÷ 5 = %(fifth)s rounded down (the rest stays in the "
                   "pot)"), amount=money.at_stake, fifth=money.fifth)
    else:
        deal.say(_("One trick is worth a fifth: %(amount)s ÷ 5 = %(fifth)s"), amount=money.at_stake,
                 fifth=money.fifth)
    for seat in range(deal.state.seats):
        tricks = entry.tricks[seat]
        if money.kept[seat]:
            if seat == khraper:
                deal.mark(seat, "made")
            if takes_all and seat != khraper:
                deal.say(_("%(player)s took %(tricks)s, the promise kept, but the khraper takes all: nothing"),
                         player=Seat(seat), tricks=tricks)
            elif seat == khraper and money.odd:
                deal.say(_("%(player)s kept the promise: %(tricks)s × %(fifth)s + %(odd)s left over = %(taken)s "
                           "from the pot"), player=Seat(seat), tricks=tricks, fifth=money.fifth, odd=money.odd,
                         taken=money.taken[seat])
            elif not takes_all:
                deal.say(_("%(player)s kept the promise: %(tricks)s × %(fifth)s = %(taken)s from the pot"),
                         player=Seat(seat), tricks=tricks, fifth=money.fifth, taken=money.taken[seat])
            deal.take_out(seat, money.taken[seat])
    for seat in range(deal.state.seats):
        if money.kept[seat]:
            continue
        fine = money.fines[seat]
        if seat in entry.renonce:
            deal.mark(seat, "renonce")
            deal.say(_("%(player)s revoked: counts as failed and takes nothing, pays %(times)s × %(pot)s = "
                       "%(fine)s into the pot"), player=Seat(seat), times=opts.renonce_fail, pot=money.pot, fine=fine)
            deal.pay_in(seat, fine)
            continue
        deal.mark(seat, "failed")
        if seat != khraper:
            times = opts.whister_fail
            text = _("%(player)s whisted and took no trick: pays %(times)s × %(pot)s = %(fine)s into the pot")
        elif entry.dark:
            times = opts.dark_fail
            text = _("%(player)s failed the dark khrap with %(tricks)s: pays %(times)s × %(pot)s = %(fine)s "
                     "into the pot")
        else:
            times = opts.khraper_fail
            text = _("%(player)s failed the khrap with %(tricks)s: pays %(times)s × %(pot)s = %(fine)s into "
                     "the pot")
        deal.say(text, player=Seat(seat), tricks=entry.tricks[seat], times=times, pot=money.pot, fine=fine)
        deal.pay_in(seat, fine)
    return {"khrap": khraper, "dark": entry.dark, "circle": entry.circle, "tricks": list(entry.tricks),
            "pot": money.pot, "at_stake": money.at_stake, "fifth": None if takes_all else money.fifth,
            "kept": list(money.kept), "taken": list(money.taken), "fines": list(money.fines),
            "renonce": list(entry.renonce)}


def _no_khrap(deal: _Deal) -> dict[str, Any]:
    """Seed 003: "Если никто не отважился сделать заявку на «храп», тогда: все партнеры доставляют в
    кон ту сумму, которая первоначально была внесена ими ... козырем становится другая карта";
    "Если никто не захотел сказать "храп" в течение двух кругов, тогда карты собираются сдающим,
    тасуются и вновь раздаются. А кон после этого еще раз увеличивается на сумму первоначального
    взноса." One stake per silent circle: with the antes, two silent circles make three."""
    state = deal.state
    stake = state.options.stake
    before = deal.pot
    added = _antes(deal)
    if state.circle == 1:
        deal.say(_("Circle 1 passes with no khrap: everyone adds %(stake)s, pot %(before)s → %(after)s; a new "
                   "trump is turned for circle 2"), stake=stake, before=before, after=deal.pot)
    else:
        deal.mark(state.dealer, "redeal")
        deal.say(_("Circle 2 passes with no khrap too: everyone adds %(stake)s, pot %(before)s → %(after)s; "
                   "%(dealer)s gathers the cards and deals again"), stake=stake, before=before, after=deal.pot,
                 dealer=Seat(state.dealer))
    return {"circle": state.circle, "added": added, "redeal": state.circle == 2}


def _renonce(deal: _Deal, entry: Renonce) -> dict[str, Any]:
    """Seed 003, "Наказания": "За ренонс (снос не по правилам) партнер, если даже он и взял взятку,
    ставит себе ремиз, заключающийся в том, что ему приходится сделать взнос в общую кассу — кон:"
    (cut off there; RULES.md: ``renonce_fail`` × the pot — the pot as it stands, after the antes
    if the revoke is the first entry of a deal that found the pot empty)."""
    times = deal.state.options.renonce_fail
    pot = deal.pot
    fine = times * pot
    deal.mark(entry.player, "renonce")
    deal.say(_("%(player)s revoked: pays %(times)s × %(pot)s = %(fine)s into the pot"), player=Seat(entry.player),
             times=times, pot=pot, fine=fine)
    deal.pay_in(entry.player, fine)
    return {"player": entry.player, "fine": fine}


def _close(deal: _Deal) -> dict[str, Any]:
    """RULES.md, closing the evening (the seed only says the table agrees on "время окончания
    игры"): what is left in the pot goes back by ``pot_at_close`` — "split", equal shares with the
    odd units still written as the pot, or "stays", nobody's — and every player's money is shown."""
    state = deal.state
    seats, pot = state.seats, deal.pot
    shares = [0] * seats
    if state.options.pot_at_close == "stays":
        deal.say(_("The evening is closed: the %(pot)s in the pot stay there, nobody's"), pot=pot)
    elif pot == 0:
        deal.say(_("The evening is closed with an empty pot"))
    else:
        share = pot // seats
        shares = [share] * seats
        for seat in range(seats):
            deal.take_out(seat, share)
        if pot % seats:
            deal.say(_("The evening is closed: the pot of %(pot)s goes back in equal shares, %(pot)s ÷ %(seats)s = "
                       "%(share)s each rounded down (the odd %(rest)s stay written as the pot)"),
                     pot=pot, seats=seats, share=share, rest=pot % seats)
        else:
            deal.say(_("The evening is closed: the pot of %(pot)s goes back in equal shares, %(pot)s ÷ %(seats)s = "
                       "%(share)s each"), pot=pot, seats=seats, share=share)
    for seat in range(seats):
        deal.say(_("%(player)s ends the evening with %(money)s"), player=Seat(seat), money=deal.totals[seat])
    return {"pot_at_close": state.options.pot_at_close, "shares": shares}


def _penalty(deal: _Deal, entry: Penalty) -> dict[str, Any]:
    """RULES.md's generic penalty; in a money game it moves money between the player and the pot:
    −10, he puts 10 into the pot; +10, he takes 10 out of it (validate: never more than it holds)."""
    deal.penalty(entry)
    deal.take_out(entry.player, entry.points)
    return {"player": entry.player, "points": entry.points, "reason": entry.reason}
