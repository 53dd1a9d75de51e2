"""Тысяча: scoring an accepted entry (``apply``) in the order RULES.md fixes: deal scores →
bolt penalty → barrel (mount, cap, attempts, falls, conflicts, reset to 0) → samosval → winner."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from referee.deal import Deal
from referee.games.thousand.entries import Entry, Play, Redeal, WriteOff
from referee.games.thousand.results import Event, PlayResult, RowResult, WriteOffResult
from referee.games.thousand.rules import Options
from referee.games.thousand.state import PlayerState, State
from referee.ledger import Line, Outcome, Seat, _, line
from referee.results import dump


def round_defender(points: int, rule: str) -> int:
    """Seed 001: "для остальных сумма очков округляется к пяти или к нулю. На пример 67 даст 65
    очков, а при набранных 68 округляется до 70" (``defender_rounding``)."""
    if rule == "nearest_5":
        rest = points % 5
        return points - rest if rest <= 2 else points + 5 - rest
    if rule == "nearest_10":
        rest = points % 10
        return points - rest if rest < 5 else points + 10 - rest
    return points


def half_of(contract: int) -> int:
    """Half a contract for a write-off; an odd half (62.5) goes up to the next multiple of 5."""
    return -(-contract // 10) * 5


@dataclass
class _Deal(Deal[State]):
    """The working copy, with the players' bolts and barrels, what each seat scored, and who won."""

    players: list[PlayerState] = dataclasses.field(default_factory=list)
    won: set[int] = dataclasses.field(default_factory=set)
    scores: list[int | None] = dataclasses.field(default_factory=list)
    golden: tuple[int, int, bool] | None = None  # (circle, played, made) when this deal moved it
    # What statistics read from a row (Outcome.result): the contract and its fate, the marriages
    # declared, who mounted the barrel, what happened on the barrel. The sheet's marks cannot tell a
    # mount from a deal on it.
    kind: type = RowResult
    result: dict[str, Any] = dataclasses.field(default_factory=dict)
    mounted: list[int] = dataclasses.field(default_factory=list)
    events: list[Event] = dataclasses.field(default_factory=list)

    def player(self, seat: int, **changes: Any) -> None:
        self.players[seat] = dataclasses.replace(self.players[seat], **changes)

    def event(self, kind: str, seat: int) -> None:
        self.events.append(Event(kind, seat))


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    deal = _Deal.start(state, players=list(state.players), scores=[None] * state.seats)
    if isinstance(entry, Play):
        _score_play(deal, entry)
    elif isinstance(entry, WriteOff):
        _score_write_off(deal, entry)
    elif isinstance(entry, Redeal):
        return _redeal(deal, entry)
    else:
        deal.penalty(entry)
        _adjust(deal, entry.player, entry.points)
        _after_deal(deal)
        return _finish(deal, dealer=state.dealer)
    _after_deal(deal, played=True)
    _golden_circle(deal, entry)
    return _finish(deal, dealer=(state.dealer + 1) % state.seats, played=True)


def _score_play(deal: _Deal, entry: Play) -> None:
    state, opts = deal.state, deal.state.options
    doubled = entry.dark or bool(state.golden_circle)
    factor = 2 if doubled else 1
    deal.kind = PlayResult
    deal.result |= {"declarer": entry.declarer, "bid": entry.bid, "contract": entry.contract,
                    "doubled": doubled, "marriages": tuple(tuple(sorted(m)) for m in entry.marriages)}
    if entry.dark:
        deal.say(_("Dark deal: %(player)s plays 120 blind, doubled"), player=Seat(entry.declarer))
        deal.mark(entry.declarer, "dark")
    elif state.golden_circle:
        deal.say(_("Golden deal (circle %(circle)s): %(player)s plays 120 blind, doubled"),
                 circle=state.golden_circle, player=Seat(entry.declarer))
        deal.mark(entry.declarer, "golden")
    bolts = [0] * state.seats
    for seat in range(state.seats):
        if state.sits_out(seat):
            _credit_talon(deal, entry, seat)
            continue
        declared = entry.marriages[seat]
        marriages = sum(opts.marriage_value(s) for s in declared) if declared else 0  # mostly none declared
        points = entry.points[seat] or 0
        if seat == entry.declarer:
            _score_declarer(deal, entry, seat, points, marriages, factor)
            continue
        if doubled:
            score = factor * round_defender(points, opts.defender_rounding) + marriages
        else:
            score = round_defender(points + marriages, opts.defender_rounding)
        deal.scores[seat] = score
        if _is_bolt(entry, seat, score, opts):
            bolts[seat] = factor  # Seed 001: "Если кто-то получил болт, то ему пишут два болта".
        if state.players[seat].on_barrel:
            _barrel_defence(deal, seat, points, score)
        else:
            _say_defence(deal, seat, points, marriages, score, doubled)
            deal.totals[seat] += score
    _bolts(deal, bolts, [s for s in range(state.seats) if not state.sits_out(s)])


def _is_bolt(entry: Play, seat: int, score: int, opts: Options) -> bool:
    """Seed 001: "Прочерк так же ставится тому, кто за игру не набрал минимального количества
    очков. На пример: две девятки и валет это два очка" (``bolt_when: zero_score``); "если один из
    играющих не взял ни одной взятки, то ему «рисуется болт»" (``no_tricks``)."""
    if opts.bolt_when == "zero_score":
        return score == 0
    if entry.tricks is not None:
        return (entry.tricks[seat] or 0) == 0
    return not entry.points[seat] and not entry.marriages[seat]


def _say_defence(deal: _Deal, seat: int, points: int, marriages: int, score: int, doubled: bool) -> None:
    if doubled:
        deal.say(_("%(player)s: %(points)s on defence, doubled%(marriages)s → %(score)s"), player=Seat(seat),
                 points=points, marriages=f" + {marriages}" if marriages else "", score=score)
    elif marriages:
        deal.say(_("%(player)s: %(points)s + marriages %(marriages)s on defence → %(score)s"),
                 player=Seat(seat), points=points, marriages=marriages, score=score)
    elif score != points:
        deal.say(_("%(player)s: %(points)s on defence, rounded to %(score)s"), player=Seat(seat),
                 points=points, score=score)
    else:
        deal.say(_("%(player)s: %(points)s on defence"), player=Seat(seat), points=points)


def _credit_talon(deal: _Deal, entry: Play, seat: int) -> None:
    """Seed 001: "При игре вчетвером сдающий всегда будет отдыхать. Ему записывается сумма очков
    прикупа. В том случае, если в нем лежит целый марьяж, то игрок получает его стоимость"."""
    opts = deal.state.options
    deal.mark(seat, "sits_out")
    talon = entry.talon_points or 0
    marriage = opts.marriage_value(entry.talon_marriage) if entry.talon_marriage else 0
    score = round_defender(talon, opts.defender_rounding) + marriage
    deal.scores[seat] = score
    if deal.state.players[seat].on_barrel:
        deal.say(_("%(player)s sits out on the barrel: the talon is not added"), player=Seat(seat))
        return
    if marriage:
        deal.say(_("%(player)s sits out and is credited the talon: %(points)s + marriage %(marriage)s → "
                   "%(score)s"), player=Seat(seat), points=talon, marriage=marriage, score=score)
    else:
        deal.say(_("%(player)s sits out and is credited the talon: %(points)s → %(score)s"),
                 player=Seat(seat), points=talon, score=score)
    deal.totals[seat] += score


def _score_declarer(deal: _Deal, entry: Play, seat: int, points: int, marriages: int, factor: int) -> None:
    state, opts = deal.state, deal.state.options
    on_barrel = state.players[seat].on_barrel
    accumulate = on_barrel and opts.barrel_mode == "accumulate"
    # Seed 001, "Ну вот мы и на бочке": "больше не учитываются марьяжные очки".
    taken = points if accumulate else points + marriages
    made = taken >= entry.contract
    deal.result["made"] = made
    score = (entry.contract if made else -entry.contract) * factor
    deal.scores[seat] = score
    deal.mark(seat, "made" if made else "failed")
    how = _("taken %(points)s + marriages %(marriages)s") if marriages and not accumulate else _("taken %(points)s")
    details = line(how, points=points, marriages=marriages)
    if made:
        deal.say(_("%(player)s made %(contract)s (%(details)s): %(score)+d"), player=Seat(seat),
                 contract=entry.contract, details=details, score=score)
    else:
        # Seed 001: "В случае не добора объявленной ставки (даже на одно очко) все заявленные очки
        # вычитаются из записи."
        deal.say(_("%(player)s failed %(contract)s (%(details)s): %(score)+d"), player=Seat(seat),
                 contract=entry.contract, details=details, score=score)
    if not on_barrel:
        deal.totals[seat] += score
        return
    threshold = opts.barrel_threshold
    if accumulate:
        if made:
            deal.totals[seat] += points
            deal.say(_("%(player)s on the barrel adds their card points exactly: %(points)s → %(total)s"),
                     player=Seat(seat), points=points, total=deal.totals[seat])
        else:
            deal.totals[seat] -= entry.contract
            _fall(deal, seat, _("failed contract on the barrel"), exact=deal.totals[seat])
        return
    if made and entry.contract >= opts.barrel_finish_min_contract:
        # Seed 001: "Для того, чтобы закончить партию, ему необходимо заказать больше 120 и выполнить".
        deal.totals[seat] = threshold + entry.contract
        deal.won.add(seat)
        deal.say(_("%(player)s finishes from the barrel: %(threshold)s + %(contract)s = %(total)s"),
                 player=Seat(seat), threshold=threshold, contract=entry.contract, total=deal.totals[seat])
    elif made:
        # Seed 001: "Если заказал 120 и выполнил, то этого мало – игрок продолжает сидеть на бочке."
        deal.say(_("%(player)s made %(contract)s on the barrel, not enough to finish (%(min)s needed)"),
                 player=Seat(seat), contract=entry.contract, min=opts.barrel_finish_min_contract)
    else:
        # Seed 001: "Если игрок на бочке сделал заказ и не выполнил его, то ему списывают эту сумму
        # заказа ... заказал 125, не выполнил, теперь у него 755". Бочка считается использованной.
        _fall(deal, seat, _("failed contract on the barrel"), exact=threshold - entry.contract)


def _barrel_defence(deal: _Deal, seat: int, points: int, score: int) -> None:
    opts = deal.state.options
    if opts.barrel_mode == "accumulate":
        # Seed 001: "Очки считаются вплоть до единицы. Набрал картами 34, так и записывают 34."
        deal.totals[seat] += points
        deal.say(_("%(player)s on the barrel adds their card points exactly: %(points)s → %(total)s"),
                 player=Seat(seat), points=points, total=deal.totals[seat])
        return
    deal.say(_("%(player)s on the barrel: %(score)s on defence not added"), player=Seat(seat), score=score)


def _bolts(deal: _Deal, bolts: list[int], active: list[int]) -> None:
    """Seed 001: "Три прочерка (подряд или за всю игру, по договоренности) штрафуются на сто
    двадцать очков. После вычитания штрафа игрок может снова начать набирать прочерки"."""
    opts = deal.state.options
    for seat in active:
        count = deal.players[seat].bolts
        if not bolts[seat]:
            if opts.bolts_consecutive and count:
                deal.player(seat, bolts=0)
            continue
        deal.mark(seat, "bolt")
        for _n in range(bolts[seat]):
            count += 1
            if count >= opts.bolt_limit:
                count = 0
                _bolt_penalty(deal, seat)
        deal.player(seat, bolts=count)
        if count:
            deal.say(_("%(player)s: bolt (%(count)s of %(limit)s)"), player=Seat(seat), count=count,
                     limit=opts.bolt_limit)


def _bolt_penalty(deal: _Deal, seat: int) -> None:
    opts = deal.state.options
    deal.mark(seat, "bolt_penalty")
    if deal.players[seat].on_barrel and seat not in deal.won:
        # Seed 001: "Бывает, что игрок на бочке получает третий болт. В этом случае он слетает
        # (минус 120), бочка считается использованной."
        _fall(deal, seat, _("bolt on the barrel"))
        return
    deal.totals[seat] -= opts.bolt_penalty
    deal.say(_("%(player)s: bolt number %(limit)s costs %(penalty)s"), player=Seat(seat),
             limit=opts.bolt_limit, penalty=opts.bolt_penalty)


def _fall(deal: _Deal, seat: int, reason: str | Line, exact: int | None = None) -> None:
    """Off the barrel: threshold − fall penalty (or *exact*, the failed-contract total); the
    barrel is used; the ``barrels_to_zero``-th used barrel sets the total to 0."""
    opts = deal.state.options
    reason = reason if isinstance(reason, Line) else line(reason)
    before = deal.totals[seat]
    if exact is not None:
        total = exact
    elif opts.barrel_mode == "accumulate":
        # Seed 001: "набранные очки округляются до десятых (всегда в меньшую сторону), на пример:
        # 993 округляется до 990 и вычитается 120 штрафных, получаем 870".
        total = before // 10 * 10 - opts.barrel_fall_penalty
    else:
        total = opts.barrel_threshold - opts.barrel_fall_penalty
    used = deal.players[seat].barrels_used + 1
    deal.player(seat, on_barrel=False, barrel_deals_left=None, barrels_used=used)
    deal.mark(seat, "barrel_fall")
    deal.event("barrel_fall", seat)
    if used % opts.barrels_to_zero == 0:
        # Seed 001: "Если игрок слетает с третей бочки ... то он получает ноль очков в таблицу".
        deal.totals[seat] = 0
        deal.say(_("%(player)s falls off the barrel (%(reason)s), their barrel number %(used)s: back to 0"),
                 player=Seat(seat), reason=reason, used=used)
        return
    deal.totals[seat] = total
    if exact is None:
        deal.say(_("%(player)s falls off the barrel (%(reason)s): %(before)s − %(penalty)s = %(total)s"),
                 player=Seat(seat), reason=reason, before=before // 10 * 10 if opts.barrel_mode == "accumulate"
                 else opts.barrel_threshold, penalty=opts.barrel_fall_penalty, total=total)
    else:
        deal.say(_("%(player)s falls off the barrel (%(reason)s): %(total)s"), player=Seat(seat),
                 reason=reason, total=total)


def _score_write_off(deal: _Deal, entry: WriteOff) -> None:
    """Seed 001: "С его записи, вычитается объявленная сумма ставки, а соперникам прибавляется
    ... по половине этой суммы, каждому" (``write_off``, default); the other sections' variants:
    "Он не потеряет очков, а его соперникам будет начислено по 60 очков" and so on."""
    state, opts = deal.state, deal.state.options
    mode = opts.write_off
    loss = entry.contract if mode.startswith("minus_contract") else 0
    gain = 60 if mode.endswith("60_each") else half_of(entry.contract)
    seat = entry.declarer
    deal.kind = WriteOffResult
    deal.result |= {"declarer": seat, "bid": entry.bid, "contract": entry.contract}
    deal.mark(seat, "write_off")
    deal.player(seat, write_offs=deal.players[seat].write_offs + 1)
    deal.scores[seat] = -loss
    deal.say(_("%(player)s writes off %(contract)s: %(loss)s, each opponent +%(gain)s"), player=Seat(seat),
             contract=entry.contract, loss=-loss, gain=gain)
    if state.players[seat].on_barrel:
        if loss:
            _fall(deal, seat, _("write-off on the barrel"), exact=opts.barrel_threshold - loss)
    else:
        deal.totals[seat] -= loss
    active = [s for s in range(state.seats) if not state.sits_out(s)]
    for other in active:
        if other == seat:
            continue
        deal.scores[other] = gain
        if state.players[other].on_barrel:
            deal.say(_("%(player)s on the barrel: %(score)s not added"), player=Seat(other), score=gain)
        else:
            deal.totals[other] += gain
    _bolts(deal, [0] * state.seats, active)


def _adjust(deal: _Deal, seat: int, points: int) -> None:
    """A penalty or the dealer's fine: a barrel sitter pushed below the barrel leaves it (not used)."""
    opts = deal.state.options
    deal.totals[seat] += points
    player = deal.players[seat]
    if player.on_barrel and deal.totals[seat] < opts.barrel_threshold:
        deal.player(seat, on_barrel=False, barrel_deals_left=None)
        deal.say(_("%(player)s leaves the barrel"), player=Seat(seat))
    elif player.on_barrel and opts.barrel_mode == "contract" and deal.totals[seat] > opts.barrel_threshold:
        # On the barrel his total is the barrel itself: only a finished contract takes him past it.
        deal.totals[seat] = opts.barrel_threshold
        deal.say(_("%(player)s stays on the barrel at %(threshold)s"), player=Seat(seat),
                 threshold=opts.barrel_threshold)


def _after_deal(deal: _Deal, played: bool = False) -> None:
    """The barrel (attempts, mount, cap, conflicts), then samosval, then the winner."""
    state, opts = deal.state, deal.state.options
    seats = range(state.seats)
    if opts.barrel:
        # Seed 001: "С этих пор ему дается три игры ... (три сдачи не считая перераздач)".
        for seat in seats:
            player = deal.players[seat]
            if not (played and state.players[seat].on_barrel and player.on_barrel) or seat in deal.won:
                continue
            if opts.barrel_mode == "accumulate" and deal.totals[seat] >= opts.target:
                deal.won.add(seat)
                continue
            left = (player.barrel_deals_left or 1) - 1
            deal.player(seat, barrel_deals_left=left)
            deal.mark(seat, "barrel")
            if left <= 0:
                _fall(deal, seat, line(_("%(deals)s deals used"), deals=opts.barrel_deals))
        mounted = [s for s in seats if not deal.players[s].on_barrel and s not in deal.won
                   and not state.players[s].on_barrel and deal.totals[s] >= opts.barrel_threshold]
        for seat in mounted:
            if opts.barrel_jump and deal.totals[seat] >= opts.target:
                deal.won.add(seat)
                continue
            # Seed 001: "Бочку перепрыгнуть нельзя"; "условно бочка равна 880 очков".
            deal.totals[seat] = opts.barrel_threshold
            deal.player(seat, on_barrel=True, barrel_deals_left=opts.barrel_deals)
            deal.mark(seat, "barrel")
            deal.mounted.append(seat)
            deal.event("barrel_mount", seat)
            deal.say(_("%(player)s mounts the barrel at %(threshold)s: %(deals)s deals to finish"),
                     player=Seat(seat), threshold=opts.barrel_threshold, deals=opts.barrel_deals)
        new = [s for s in mounted if deal.players[s].on_barrel]
        if new:
            _barrel_conflict(deal, new)
    if opts.samosval:
        for seat in seats:
            total = deal.totals[seat]
            # Seed 001: "Самосвалом является число 555. Если игрок набрал 555 очков, то его
            # скидывают на ноль"; "Обратный самосвал – это число (-555)" (samosval_negative).
            if total == 555 or (total == -555 and opts.samosval_negative):
                deal.totals[seat] = 0
                deal.mark(seat, "samosval")
                deal.event("samosval", seat)
                deal.say(_("Samosval: %(player)s has %(total)s, back to 0"), player=Seat(seat), total=total)
    _winner(deal)


def _barrel_conflict(deal: _Deal, new: list[int]) -> None:
    """Seed 001: "когда на бочку встает второй игрок, то первый слетает" (first_falls);
    "двое могут играть на бочке, но когда заходит третий, то он скидывает обоих" (two_may_sit);
    "если кто-то заходит на бочку, то другие не слетают" (none_fall).

    RULES.md: a player who finished from the barrel in this very deal has left it — the mount does
    not knock him off, nor count him among those sitting there."""
    opts = deal.state.options
    sitting = [s for s in range(deal.state.seats)
               if deal.players[s].on_barrel and s not in new and s not in deal.won]
    if not sitting or opts.barrel_conflict == "none_fall":
        return
    if opts.barrel_conflict == "two_may_sit" and len(sitting) + len(new) <= 2:
        return
    for seat in sitting:
        _fall(deal, seat, line(_("%(player)s mounted the barrel"), player=Seat(new[0])))


def _winner(deal: _Deal) -> None:
    opts = deal.state.options
    if opts.barrel:
        candidates = sorted(deal.won)
    else:
        candidates = [s for s in range(deal.state.seats) if deal.totals[s] >= opts.target]
    if not candidates:
        return
    best = max(deal.totals[s] for s in candidates)
    top = [s for s in candidates if deal.totals[s] == best]
    if len(top) == 1:
        deal.mark(top[0], "winner")
        if deal.players[top[0]].on_barrel:
            deal.player(top[0], on_barrel=False, barrel_deals_left=None)
        deal.say(_("%(player)s wins the match with %(total)s"), player=Seat(top[0]), total=best)
        deal.won = {top[0]}
    else:
        deal.won = set()
        deal.say(_("Tie at %(total)s: play on"), total=best)


def _golden_circle(deal: _Deal, entry: Entry) -> None:
    """Seed 001, "Золотой кон": "Такого рода золотые играет каждый по разу. Если никто не взял
    золотую ... то результаты обнуляются и играется заново круг золотых. Если за три круга никто
    так и не взял золотую, то придется играть с теми очками, что есть"."""
    state = deal.state
    if not state.golden_circle or not isinstance(entry, Play):
        return
    made = state.golden_made or "made" in deal.marks[entry.declarer]
    played = state.golden_played + 1
    deal.golden = (state.golden_circle, played, made)
    if played < state.seats:
        return
    if made:
        deal.golden = (0, 0, False)
        deal.say(_("The golden round is over"))
    elif state.golden_circle < state.options.golden_round_max_circles:
        deal.totals = [0] * state.seats
        deal.players = [PlayerState() for _ in range(state.seats)]
        deal.golden = (state.golden_circle + 1, 0, False)
        deal.say(_("Nobody made the golden deal: everything back to 0, the golden circle is played again"))
    else:
        deal.golden = (0, 0, False)
        deal.say(_("Nobody made the golden deal in %(circles)s circles: the totals stand"),
                 circles=state.golden_circle)


def _redeal(deal: _Deal, entry: Redeal) -> tuple[State, Outcome]:
    """Seed 001: "Если в ходе раздачи хоть одна карта оказалась вскрытой ... раздающему
    записывается штраф в размере 120 очков и карты переходят к следующему игроку" (exposed_card);
    "Если и в третий раз кто-то потребует перераздачу карт, то этому сдатчику пишется минус 120, и
    перераздача аннулируется, игра играется уже как есть" (redeal_limit, redeal_penalty)."""
    state, opts = deal.state, deal.state.options
    dealer = state.dealer
    deal.mark(dealer, "redeal")
    if entry.reason == "exposed_card":
        deal.say(_("%(player)s exposed a card while dealing: %(penalty)s, the deal passes on"),
                 player=Seat(dealer), penalty=-opts.redeal_penalty)
        deal.mark(dealer, "penalty")
        _adjust(deal, dealer, -opts.redeal_penalty)
        _after_deal(deal)
        return _finish(deal, dealer=(dealer + 1) % state.seats, redeals=0)
    count = state.redeals + 1
    if count >= opts.redeal_limit:
        deal.say(_("Redeal number %(count)s in a row by %(player)s: %(penalty)s, the redeal is cancelled and "
                   "the deal is played as dealt"), count=count, player=Seat(dealer), penalty=-opts.redeal_penalty)
        deal.mark(dealer, "penalty")
        _adjust(deal, dealer, -opts.redeal_penalty)
        _after_deal(deal)
        return _finish(deal, dealer=dealer, redeals=0, must_play=True)
    deal.say(_("Redeal (%(reason)s): %(player)s deals again, redeal %(count)s of %(limit)s"),
             reason=line(REDEAL_TEXT[entry.reason]), player=Seat(dealer), count=count, limit=opts.redeal_limit)
    return _finish(deal, dealer=dealer, redeals=count)


REDEAL_TEXT = {
    "four_aces": _("four aces"),
    "three_nines": _("three nines"),
    "weak_hand": _("a weak hand"),
    "weak_talon": _("a weak talon"),
    "exposed_card": _("an exposed card"),
    "other": _("other"),
}


def _finish(deal: _Deal, *, dealer: int, played: bool = False, redeals: int | None = None,
            must_play: bool | None = None) -> tuple[State, Outcome]:
    state = deal.state
    golden = deal.golden or (state.golden_circle, state.golden_played, state.golden_made)
    # Every field of State given, not dataclasses.replace: it reads the fields anew at each call,
    # twice this construction, once per deal of every replay. A field added to State is set here.
    new = State(
        options=state.options, totals=tuple(deal.totals), players=tuple(deal.players), dealer=dealer,
        redeals=0 if played else (state.redeals if redeals is None else redeals),
        must_play=False if played else (state.must_play if must_play is None else must_play),
        golden_circle=golden[0], golden_played=golden[1], golden_made=golden[2],
        winner=next(iter(deal.won)) if len(deal.won) == 1 else None)
    result = deal.kind(scores=tuple(deal.scores), **deal.result, mounted=tuple(deal.mounted),
                       events=tuple(deal.events))
    return new, deal.outcome(new.totals, dump(result))
