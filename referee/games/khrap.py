"""Храп (Khrap) for 3–6 players, a pot game, as read in seed 003 and RULES.md ("khrap").

Totals are **net money** (everyone starts at 0) and ``State.pot`` is what lies in the pot, so
``sum(totals) + pot == 0`` after every row: money only ever moves between a player and the pot.

A row is one of four entries: a played deal (``Play``: who khrapped, dark or not, in which
circle, the tricks), a circle with no khrap (``NoKhrap``), a revoke (``Renonce``) and the
generic ``Penalty``. ``apply`` works in RULES.md's order: the antes when a deal finds the pot
empty → the payouts (fifths of the amount at stake, or the khraper takes all) → the fines of
those who failed, on the pot as it stood before the payouts → what stays carries over.

Whole money. The stake is a multiple of 5 (seed: "сумму денег, кратную пяти"), so a pot of
antes splits into whole fifths; but half a pot (circle 2) and a pot left over after a failure
need not. Scorebook rounds **down**: half the pot is ``pot // 2`` and one fifth is
``amount // 5``; whatever the rounding leaves (at most 1 of the half, at most 4 of the fifths)
stays in the pot and carries over, so money is conserved and every payout is a whole number.
Such a remainder is a pot that is not empty: no antes go in on top of it (RULES.md: "no new
stakes while it is not empty"); a pot under 5 pays nothing per trick until a silent circle or a
fine fills it.

The antes go in with whichever deal entry finds the pot empty — a play, a silent circle or a
revoke — in that entry's row; a generic penalty is not a deal and never antes.

Referee checks: ``trick_winner`` (who takes a trick) and ``legal_play`` (may this card be
played), with the 36-card deck (6 to ace; the seed names no deck).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from referee import reading
from referee.cards import Card, CardParseError, Rank, Suit, parse_card, parse_suit
from referee.ledger import Line, Outcome, Rejected, Seat, Violation, _, error, line
from referee.reading import BIG, EntryReader, option, read_penalty, refuse_entry_type

NAME = "khrap"
SEATS = range(3, 7)
# Seed 003: "Сдают по одной карте каждому участнику, пока у каждого на руках не будет 5 карт" —
# five cards each, so five tricks.
HAND = 5
TRICKS = 5
# "дает обязательство взять не менее трех взяток"; "Вистующий обязан взять хотя бы одну взятку".
KHRAP_PROMISE = 3
WHIST_PROMISE = 1
# "каждый вкладывает заранее обусловленную сумму денег, кратную пяти" — and a trick is worth
# "пятую часть суммы из кона": money goes into the pot in fives.
STAKE_STEP = 5
# The seed names no deck. Scorebook takes the usual 36 cards, 6 to ace, aces high: 6 players ×
# 5 cards + the turned trump leave 5 cards to draw from, which is why the seed has to say what
# happens "если карт в колоде осталось недостаточно".
ORDER = (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
         Rank.ACE)
DECK_RANKS = frozenset(ORDER)
POT_MODES = ("fifths", "khraper_takes_all")
ENTRY_TYPES = ("play", "no_khrap", "renonce", "penalty")
CIRCLES = (1, 2)


@dataclass(frozen=True, slots=True)
class Options:
    """House rules; names and defaults are RULES.md's. The four fines are multiples of the pot."""

    stake: int = option(5, _("Stake (a multiple of 5)"), low=STAKE_STEP, high=BIG)
    pot_mode: str = option("fifths", _("Who takes the pot"), choices=POT_MODES)
    whister_fail: int = option(1, _("A whister without a trick pays (× the pot)"), low=0, high=100)
    khraper_fail: int = option(1, _("A failed khraper pays (× the pot)"), low=0, high=100)
    dark_fail: int = option(5, _("A failed dark khraper pays (× the pot)"), low=0, high=100)
    renonce_fail: int = option(1, _("A revoke costs (× the pot)"), low=0, high=100)


PRESETS: dict[str, Options] = {
    "classic": Options(),
    # The seed's own sentence, word for word: "Если же храпующий сыграл свою игру: на первом
    # кругу, тогда он забирает весь кон; на втором кругу, тогда он забирает половину кона."
    # Its failed khraper "должен удвоить сумму, находящуюся на кону": he pays 1 × the pot, the
    # pot doubles — the default khraper_fail; the seed gives no ground for 2.
    "literal": Options(pot_mode="khraper_takes_all"),
}
DEFAULT_PRESET = "classic"


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values, a stake
    that is not a multiple of 5 (``bad_option_value``)."""
    problems: list[Violation] = []
    options: Options | None = None
    try:
        options = reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)
    except Rejected as rejected:
        problems = list(rejected.violations)
    stake = raw.get("stake") if isinstance(raw, Mapping) else None
    if (isinstance(stake, int) and not isinstance(stake, bool) and STAKE_STEP <= stake <= BIG
            and stake % STAKE_STEP):
        # Seed 003: "каждый вкладывает заранее обусловленную сумму денег, кратную пяти".
        problems.append(error("bad_option_value", _("“%(value)s” is not a valid value for %(option)s."),
                              "options.stake", value=str(stake), option="stake",
                              detail="a multiple of 5"))
    if problems:
        raise Rejected(problems)
    assert options is not None
    return options


def dump_options(options: Options) -> dict[str, Any]:
    return reading.dump_options(options)


# ---------------------------------------------------------------- entries


@dataclass(frozen=True, slots=True)
class Play:
    """A played deal. Whoever did not khrap whisted (seed: "другие автоматически становятся
    вистующими"); a circle where nobody khrapped is a ``NoKhrap``, never a play."""

    kind: ClassVar[str] = "play"
    khrap: int  # the khraper's seat
    circle: int  # the circle the khrap was called in, 1 or 2
    tricks: tuple[int, ...]  # per seat, adding up to 5
    dark: bool = False  # "храп втемную": he took the turned trump


@dataclass(frozen=True, slots=True)
class NoKhrap:
    """A circle passed with nobody saying "храп"."""

    kind: ClassVar[str] = "no_khrap"


@dataclass(frozen=True, slots=True)
class Renonce:
    """A revoke ("ренонс (снос не по правилам)"): the offender pays ``renonce_fail`` × the pot."""

    kind: ClassVar[str] = "renonce"
    player: int


@dataclass(frozen=True, slots=True)
class Penalty:
    """A table's own fine. ``points`` is the change of the player's balance, as in every game
    (−10: he puts 10 into the pot); the pot moves the other way, so no money appears from nowhere."""

    kind: ClassVar[str] = "penalty"
    player: int
    points: int
    reason: str = ""


Entry = Play | NoKhrap | Renonce | Penalty

_COMMON = {"type"}
_PLAY_FIELDS = _COMMON | {"khrap", "dark", "circle", "tricks"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        reader = EntryReader(raw, seats, _PLAY_FIELDS)
        khraper = reader.seat("khrap")
        dark = reader.boolean("dark")
        circle = reader.integer("circle", low=1, high=2)
        tricks = reader.per_seat("tricks", lambda v, w: reader.check_int(v, w, 0, TRICKS))
        reader.done()
        return Play(khraper, circle, tricks, dark)
    if kind == "no_khrap":
        EntryReader(raw, seats, _COMMON).done()
        return NoKhrap()
    if kind == "renonce":
        reader = EntryReader(raw, seats, _COMMON | {"player"})
        player = reader.seat("player")
        reader.done()
        return Renonce(player)
    if kind == "penalty":
        return Penalty(*read_penalty(raw, seats, low=-BIG, high=BIG))
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Play):
        return {"type": "play", "khrap": entry.khrap, "dark": entry.dark, "circle": entry.circle,
                "tricks": list(entry.tricks)}
    if isinstance(entry, NoKhrap):
        return {"type": "no_khrap"}
    if isinstance(entry, Renonce):
        return {"type": "renonce", "player": entry.player}
    return {"type": "penalty", "player": entry.player, "points": entry.points, "reason": entry.reason}


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]  # net money per seat
    dealer: int
    pot: int = 0
    circle: int = 1  # the circle the next khrap would be called in
    winner: int | None = None  # Khrap has no end of match: the table stops when it likes

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return False


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, dealer=first_dealer)


def dump_state(state: State) -> dict[str, Any]:
    return {"pot": state.pot, "circle": state.circle, "dealer": state.dealer}


# ---------------------------------------------------------------- validation


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    found: list[Violation] = []
    if isinstance(entry, Play):
        _check_seat(state, entry.khrap, "khrap", found)
        if len(entry.tricks) != state.seats:
            found.append(error("bad_type", _("Expected %(seats)s items, one per player, not %(count)s."),
                               "tricks", seats=state.seats, count=len(entry.tricks)))
        elif (taken := sum(entry.tricks)) != TRICKS:
            # Seed 003: five cards each, "Делают ход всегда с одной карты" — five tricks.
            found.append(error("tricks_total", _("Tricks add up to %(taken)s, not 5."), "tricks", taken=taken))
        if entry.circle == 2 and state.circle == 1:
            # Seed 003: a new trump and a second chance to khrap come only "Если никто не отважился
            # сделать заявку на «храп»" — a silent first circle, recorded as no_khrap.
            found.append(error("no_silent_first_circle", _("A khrap in the second circle needs a first circle "
                                                           "with no khrap: record it first."), "circle"))
        elif entry.circle == 1 and state.circle == 2:
            found.append(error("wrong_circle", _("The first circle was recorded with no khrap: this khrap was "
                                                 "called in the second circle."), "circle"))
    elif isinstance(entry, Renonce):
        _check_seat(state, entry.player, "player", found)
    elif isinstance(entry, Penalty):
        _check_seat(state, entry.player, "player", found)
        if entry.points % STAKE_STEP:
            # Seed 003: money goes into the pot "кратную пяти", so that a pot splits into fifths.
            found.append(error("stake_step", _("Money goes into the pot in multiples of 5, not %(points)s."),
                               "points", points=entry.points))
        if entry.points > state.pot:
            found.append(error("pot_too_small", _("Only %(pot)s lies in the pot: nobody can take %(points)s "
                                                  "out of it."), "points", pot=state.pot, points=entry.points))
    return found


def _check_seat(state: State, seat: int, where: str, found: list[Violation]) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats:
        found.append(error("bad_seat", _("There is no seat %(seat)s at this table (seats 0 to %(last)s)."),
                           where, seat=seat, last=state.seats - 1))


# ---------------------------------------------------------------- scoring


@dataclass(frozen=True, slots=True)
class Settlement:
    """The money of one played deal, before it is written to the balances."""

    pot: int  # the pot before the payouts: the fines are multiples of it
    at_stake: int  # the whole pot (circle 1) or half of it, rounded down (circle 2)
    fifth: int  # at_stake // 5: what one trick is worth to a player who kept his promise
    kept: tuple[bool, ...]
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
    # "на первом кругу, тогда он забирает весь кон; на втором кругу, тогда он забирает половину
    # кона" — half rounded down: the odd unit stays in the pot.
    at_stake = pot if play.circle == 1 else pot // 2
    fifth = at_stake // 5  # whole money: the remainder stays in the pot
    kept = tuple(play.tricks[seat] >= promise(play, seat) for seat in range(seats))
    if options.pot_mode == "khraper_takes_all" and kept[play.khrap]:
        # RULES.md, pot_mode "khraper_takes_all": the successful khraper alone takes the amount.
        taken = tuple(at_stake if seat == play.khrap else 0 for seat in range(seats))
    else:
        taken = tuple(play.tricks[seat] * fifth if kept[seat] else 0 for seat in range(seats))
    fines = []
    for seat in range(seats):
        if kept[seat]:
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
    return Settlement(pot, at_stake, fifth, kept, taken, tuple(fines))


@dataclass
class _Deal:
    """A working copy while one entry is scored; frozen again into ``State`` at the end."""

    state: State
    totals: list[int]
    pot: int
    marks: list[list[str]]
    lines: list[Line]

    def say(self, text: str, **params: Any) -> None:
        self.lines.append(line(text, **params))

    def mark(self, seat: int, what: str) -> None:
        if what not in self.marks[seat]:
            self.marks[seat].append(what)

    def pay_in(self, seat: int, amount: int) -> None:
        self.totals[seat] -= amount
        self.pot += amount

    def take_out(self, seat: int, amount: int) -> None:
        self.totals[seat] += amount
        self.pot -= amount

    def stakes(self) -> list[int]:
        """Everyone puts ``stake`` into the pot; returns what each seat put in."""
        stake = self.state.options.stake
        for seat in range(self.state.seats):
            self.pay_in(seat, stake)
        return [stake] * self.state.seats


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    seats = state.seats
    deal = _Deal(state, list(state.totals), state.pot, [[] for _ in range(seats)], [])
    antes = [0] * seats
    if not isinstance(entry, Penalty) and state.pot == 0:
        # Seed 003: "Также нужно положить деньги в кон — каждый вкладывает заранее обусловленную
        # сумму денег, кратную пяти"; RULES.md: whenever a deal starts with an empty pot, in that
        # entry's row. A penalty is no part of a deal and puts in no antes.
        antes = deal.stakes()
        deal.say(_("The pot is empty: everyone puts in %(stake)s (%(seats)s × %(stake)s = %(total)s), "
                   "pot 0 → %(pot)s"), stake=state.options.stake, seats=seats, total=deal.pot, pot=deal.pot)
    dealer, circle = state.dealer, state.circle
    if isinstance(entry, Play):
        result = _score_play(deal, entry)
        # Seed 003: "Следующие игроки идут в порядке очередности — «по солнышку»".
        dealer, circle = (state.dealer + 1) % seats, 1
    elif isinstance(entry, NoKhrap):
        result = _no_khrap(deal)
        circle = 2 if state.circle == 1 else 1
    elif isinstance(entry, Renonce):
        result = _renonce(deal, entry)
    else:
        result = _penalty(deal, entry)
    deal.say(_("Pot %(before)s → %(after)s"), before=state.pot, after=deal.pot)
    result = {"stakes": antes, "pot_before": state.pot, **result, "pot_after": deal.pot}
    new = dataclasses.replace(state, totals=tuple(deal.totals), pot=deal.pot, dealer=dealer, circle=circle)
    deltas = tuple(after - before for after, before in zip(new.totals, state.totals, strict=True))
    return new, Outcome(deltas, tuple(tuple(m) for m in deal.marks), tuple(deal.lines), result)


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
        deal.say(_("%(player)s made his khrap and takes all that is at stake: %(amount)s"),
                 player=Seat(khraper), amount=money.at_stake)
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
                deal.say(_("%(player)s took %(tricks)s, his promise kept, but the khraper takes all: nothing"),
                         player=Seat(seat), tricks=tricks)
            elif not takes_all:
                deal.say(_("%(player)s kept his promise: %(tricks)s × %(fifth)s = %(taken)s from the pot"),
                         player=Seat(seat), tricks=tricks, fifth=money.fifth, taken=money.taken[seat])
            deal.take_out(seat, money.taken[seat])
    for seat in range(deal.state.seats):
        if money.kept[seat]:
            continue
        deal.mark(seat, "failed")
        fine = money.fines[seat]
        if seat != khraper:
            times = opts.whister_fail
            text = _("%(player)s whisted and took no trick: pays %(times)s × %(pot)s = %(fine)s into the pot")
        elif entry.dark:
            times = opts.dark_fail
            text = _("%(player)s failed his dark khrap with %(tricks)s: pays %(times)s × %(pot)s = %(fine)s "
                     "into the pot")
        else:
            times = opts.khraper_fail
            text = _("%(player)s failed his khrap with %(tricks)s: pays %(times)s × %(pot)s = %(fine)s into "
                     "the pot")
        deal.say(text, player=Seat(seat), tricks=entry.tricks[seat], times=times, pot=money.pot, fine=fine)
        deal.pay_in(seat, fine)
    return {"khrap": khraper, "dark": entry.dark, "circle": entry.circle, "tricks": list(entry.tricks),
            "pot": money.pot, "at_stake": money.at_stake, "fifth": None if takes_all else money.fifth,
            "kept": list(money.kept), "taken": list(money.taken), "fines": list(money.fines)}


def _no_khrap(deal: _Deal) -> dict[str, Any]:
    """Seed 003: "Если никто не отважился сделать заявку на «храп», тогда: все партнеры доставляют в
    кон ту сумму, которая первоначально была внесена ими ... козырем становится другая карта";
    "Если никто не захотел сказать "храп" в течение двух кругов, тогда карты собираются сдающим,
    тасуются и вновь раздаются. А кон после этого еще раз увеличивается на сумму первоначального
    взноса." One stake per silent circle: with the antes, two silent circles make three."""
    state = deal.state
    stake = state.options.stake
    before = deal.pot
    added = deal.stakes()
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


def _penalty(deal: _Deal, entry: Penalty) -> dict[str, Any]:
    """RULES.md's generic penalty; in a money game it moves money between the player and the pot."""
    seat = entry.player
    deal.mark(seat, "penalty")
    if entry.points <= 0:
        text = _("%(player)s: penalty (%(reason)s), pays %(amount)s into the pot") if entry.reason else \
            _("%(player)s: penalty, pays %(amount)s into the pot")
        deal.say(text, player=Seat(seat), amount=-entry.points, reason=entry.reason)
        deal.pay_in(seat, -entry.points)
    else:
        text = _("%(player)s: adjustment (%(reason)s), takes %(amount)s from the pot") if entry.reason else \
            _("%(player)s: adjustment, takes %(amount)s from the pot")
        deal.say(text, player=Seat(seat), amount=entry.points, reason=entry.reason)
        deal.take_out(seat, entry.points)
    return {"player": seat, "points": entry.points, "reason": entry.reason}


# ---------------------------------------------------------------- referee checks


def _strength(card: Card) -> int:
    if not isinstance(card, Card) or card.rank not in DECK_RANKS:
        raise ValueError(f"{card!r} is not in the 36-card deck (6 to ace)")
    return ORDER.index(card.rank)


def trick_winner(led: Card, trump: Suit, played: Sequence[Card]) -> int:
    """Who takes the trick: 0 for the led card, *k* for ``played[k - 1]`` (the answers in order).

    Seed 003: "Карта, побившая другие вышедшие под нее карты или не побитая другими картами,
    берет взятку" — the highest trump if any was played, else the highest card of the led suit;
    a card of another suit never takes it. Ranks 6 < 7 < … < 10 < J < Q < K < A.
    :raises ValueError: a card outside the 36-card deck, or the same card twice.
    """
    trick = [led, *played]
    for card in trick:
        _strength(card)
    if len(set(trick)) != len(trick):
        raise ValueError("the same card twice in one trick")

    def key(index: int) -> tuple[int, int]:
        card = trick[index]
        suit_rank = 2 if card.suit is trump else 1 if card.suit is led.suit else 0
        return suit_rank, _strength(card) if suit_rank else -1

    return max(range(len(trick)), key=key)


def legal_play(card: Card, hand: Sequence[Card], led: Card | None, trump: Suit) -> tuple[bool, Line]:
    """May *card* be played from *hand* to a trick led by *led* (``None``: he leads)? The answer
    and why. Seed 003: "Делают ход всегда с одной карты. На ход ... вистующие должны ответить:
    картой этой же масти; если такой масти нет, то козырем; если козыря нет, то сбрасывается любая
    другая карта." Scorebook applies it to every answer, the khraper's too; nobody must overtake.
    :raises ValueError: a card outside the 36-card deck.
    """
    _strength(card)
    if card not in hand:
        return False, line(_("%(card)s is not in the hand"), card=card.code)
    if led is None:
        return True, line(_("any card may be led"))
    _strength(led)
    if card.suit is led.suit:
        return True, line(_("follows suit"))
    if any(other.suit is led.suit for other in hand):
        return False, line(_("must follow suit: %(suit)s was led"), suit=led.suit)
    if card.suit is trump:
        return True, line(_("no %(suit)s in the hand: trumps"), suit=led.suit)
    if any(other.suit is trump for other in hand):
        return False, line(_("no %(suit)s in the hand: must trump with %(trump)s"), suit=led.suit, trump=trump)
    return True, line(_("neither %(suit)s nor trumps in the hand: any card"), suit=led.suit)


def trick_check(led: Card, trump: Suit, played: Sequence[Card]) -> tuple[int, Line]:
    """``trick_winner`` and why, in words. :raises ValueError: as ``trick_winner``."""
    winner = trick_winner(led, trump, played)
    card = [led, *played][winner]
    shown = card.rank.value + card.suit.symbol  # "10♥": the explanation is read at the table
    if card.suit is trump and led.suit is trump:
        return winner, line(_("%(card)s takes it: trumps (%(trump)s) were led and it is the highest trump"),
                            card=shown, trump=trump)
    if card.suit is trump:
        return winner, line(_("%(card)s takes it: the highest trump (%(trump)s) beats the suit led (%(suit)s)"),
                            card=shown, trump=trump, suit=led.suit)
    return winner, line(_("%(card)s takes it: no trump (%(trump)s) was played, and it is the highest "
                          "%(suit)s, the suit led"), card=shown, trump=trump, suit=led.suit)


# ---------------------------------------------------------------- reading the checks' cards


def _read_card(text: Any, where: str, seen: list[Card], found: list[Violation]) -> Card | None:
    """One card of the 36-card deck not *seen* yet (then added to *seen*); else a violation."""
    try:
        card = text if isinstance(text, Card) else parse_card(text)
    except CardParseError:
        found.append(error("bad_card", _("“%(value)s” is not a card."), where, value=str(text)[:40]))
        return None
    if not isinstance(card, Card) or card.rank not in DECK_RANKS:
        found.append(error("bad_card", _("%(card)s is not in the 36-card deck (6 to ace)."), where, card=card.code))
        return None
    if card in seen:
        found.append(error("card_twice", _("%(card)s is listed twice."), where, card=card.code))
        return None
    seen.append(card)
    return card


def _read_suit(text: Any, where: str, found: list[Violation]) -> Suit | None:
    try:
        return parse_suit(text)
    except CardParseError:
        found.append(error("bad_card", _("“%(value)s” is not a suit (S, H, D or C)."), where, value=str(text)[:40]))
        return None


def read_trick(led: Any, trump: Any, played: Sequence[Any]) -> tuple[Card, Suit, tuple[Card, ...]]:
    """A trick as typed (every spelling API.md accepts), canonical out.

    :raises Rejected: ``bad_card`` (not in the 36-card deck, not a card, not a suit), ``card_twice``.
    """
    found: list[Violation] = []
    seen: list[Card] = []
    led_card = _read_card(led, "led", seen, found)
    trump_suit = _read_suit(trump, "trump", found)
    cards = [_read_card(text, f"played[{index}]", seen, found) for index, text in enumerate(played)]
    if found:
        raise Rejected(found)
    assert led_card is not None and trump_suit is not None
    return led_card, trump_suit, tuple(card for card in cards if card is not None)


def read_play(card: Any, hand: Sequence[Any], led: Any, trump: Any) -> tuple[Card, tuple[Card, ...], Card | None, Suit]:
    """A question "may I play this card?" as typed. The hand is the player's cards; the card is
    counted in it whether listed or not. *led* ``None``: he leads.

    :raises Rejected: ``bad_card``, ``card_twice`` (twice in the hand, or the led card in it),
        ``too_many_cards`` (more than 5 cards with the one played: seed 003 deals 5).
    """
    found: list[Violation] = []
    seen: list[Card] = []
    for index, text in enumerate(hand):
        _read_card(text, f"hand[{index}]", seen, found)  # each card read is added to *seen*
    played = _read_card(card, "card", [], found)
    if played is not None and played not in seen:
        seen.append(played)
    led_card = None if led is None else _read_card(led, "led", list(seen), found)
    trump_suit = _read_suit(trump, "trump", found)
    if len(seen) > HAND:
        found.append(error("too_many_cards", _("A hand holds at most 5 cards, not %(count)s."), "hand",
                           count=len(seen)))
    if found:
        raise Rejected(found)
    assert played is not None and trump_suit is not None
    return played, tuple(seen), led_card, trump_suit
