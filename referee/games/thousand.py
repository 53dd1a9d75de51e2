"""Тысяча (1000) for 2–4 players, as read in seed 001 and RULES.md ("thousand").

A deal is one of four entries: a played deal (``Play``), a write-off (``WriteOff``, расписать),
a redeal and a generic penalty. ``validate`` finds every problem with an entry at a point of the
match; ``apply`` scores it in the order RULES.md fixes: deal scores → bolt penalty → barrel
(mount, cap, attempts, falls, conflicts, reset to 0) → samosval → winner.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from referee import reading
from referee.cards import Card, CardParseError, Joker, Rank, Suit, parse_card, parse_suit
from referee.ledger import Line, Outcome, Rejected, Seat, Violation, _, error, line, warning
from referee.reading import EntryReader, option, read_penalty, refuse_entry_type

NAME = "thousand"
SEATS = range(2, 5)
CARD_POINTS = 120  # 24 cards: A 11, 10 10, K 4, Q 3, J 2, 9 0 in each suit
CARD_VALUES = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
TRICKS = {2: 12, 3: 8, 4: 8}  # 2 players: at most 12, the second talon is not played out
TALON_MAX = 33  # three aces: the most the 4-player talon (3 cards) can hold
ACE = "A"  # the ace "marriage" (four aces) where ace_marriage is on
MARRIAGE_SUITS = ("H", "D", "C", "S")
WRITE_OFF_MODES = ("minus_contract_half_each", "no_loss_60_each", "minus_contract_60_each",
                   "no_loss_half_each", "off")
REDEAL_REASONS = ("four_aces", "three_nines", "weak_hand", "weak_talon", "exposed_card", "other")
ENTRY_TYPES = ("play", "write_off", "redeal", "penalty")


@dataclass(frozen=True, slots=True)
class Options:
    """House rules; names and defaults are RULES.md's."""

    target: int = option(1000, _("Points to win"), low=100, high=10_000)
    bid_step: int = option(5, _("Bidding step"), choices=(5, 10))
    marriage_values: tuple[tuple[str, int], ...] = option(
        (("H", 100), ("D", 80), ("C", 60), ("S", 40)), _("Marriage values"), kind="suit_values")
    ace_marriage: bool = option(False, _("Four aces count as a marriage worth 200"))
    defender_rounding: str = option("nearest_5", _("Defenders' rounding"),
                                    choices=("nearest_5", "nearest_10", "none"))
    bolt_when: str = option("zero_score", _("A bolt is drawn for"), choices=("zero_score", "no_tricks"))
    bolt_limit: int = option(3, _("Bolts that cost a penalty"), low=1, high=100)
    bolt_penalty: int = option(120, _("Penalty for the bolts"), low=0, high=10_000)
    bolts_consecutive: bool = option(False, _("Only bolts in a row count"))
    barrel: bool = option(True, _("Barrel"))
    barrel_mode: str = option("contract", _("On the barrel"), choices=("contract", "accumulate"))
    barrel_threshold: int = option(880, _("Barrel at"), low=100, high=10_000)
    barrel_deals: int = option(3, _("Deals on the barrel"), low=1, high=100)
    barrel_fall_penalty: int = option(120, _("Falling off the barrel costs"), low=0, high=10_000)
    barrel_finish_min_contract: int = option(125, _("Smallest contract that finishes from the barrel"),
                                             low=100, high=1000)
    barrel_jump: bool = option(False, _("A player may win without sitting on the barrel"))
    barrel_conflict: str = option("first_falls", _("When a second player mounts the barrel"),
                                  choices=("first_falls", "two_may_sit", "none_fall"))
    barrels_to_zero: int = option(3, _("Barrels used before the total drops to 0"), low=1, high=100)
    barrel_obligatory: bool = option(True, _("Last deal of the third barrel is obligatory"))
    samosval: bool = option(True, _("Samosval: 555 drops to 0"))
    samosval_negative: bool = option(False, _("−555 rises to 0"))
    write_off: str = option("minus_contract_half_each", _("Write-off"), choices=WRITE_OFF_MODES)
    write_off_limit: int | None = option(None, _("Write-offs per player"), low=0, high=1000,
                                         nullable=True)
    write_off_on_barrel: bool = option(False, _("Write-off allowed while someone is on the barrel"))
    dark: bool = option(True, _("Dark game (тёмная)"))
    dark_min_score: int = option(240, _("Dark allowed from"), low=-10_000, high=10_000)
    dark_raise: bool = option(False, _("Dark contract may be raised above 120"))
    golden_round: bool = option(False, _("Golden round"))
    golden_round_max_circles: int = option(3, _("Golden circles at most"), low=1, high=10)
    redeal_limit: int = option(3, _("Redeals in a row that cost the dealer"), low=1, high=100)
    redeal_penalty: int = option(120, _("Penalty for the redeals"), low=0, high=10_000)
    bid_ban_below: int | None = option(-120, _("No bidding over 100 below"), low=-10_000, high=10_000,
                                       nullable=True)
    stake_per_point: Any = option(None, _("Money per point"), nullable=True, kind="money")

    def marriage_value(self, suit: str) -> int:
        if suit == ACE:
            return 200
        return dict(self.marriage_values)[suit]


PRESETS: dict[str, Options] = {
    "classic": Options(),
    "strict": Options(bolts_consecutive=True, write_off_limit=1, golden_round=True),
    "simple": Options(barrel=False, samosval=False, dark=False, bolt_penalty=0),
    # Seed 001, first section ("Бочка и ряд других дополнений"): the golden round is "еще одно
    # почти обязательное правило"; everything else as classic.
    "golden_round": Options(golden_round=True),
    # Seed 001, the sections that write off "один раз за игру": "Ему списывают 120 очков, а
    # соперники также получают по 60 очков"; "Три болта подряд приводят к списыванию 120 очков".
    "write_off_once_60": Options(write_off="minus_contract_60_each", write_off_limit=1, bolts_consecutive=True),
    # Seed 001, "Ну вот мы и на бочке": card points counted exactly on the barrel, "993 округляется
    # до 990 и вычитается 120"; "набрал 555 очков в плюсе или в минусе, то его запись обнуляется".
    "barrel_accumulate": Options(barrel_mode="accumulate", samosval_negative=True),
    # Seed 001: "По некоторым данным разведки правилам садятся на бочку при наборе 900 очков".
    "barrel_900": Options(barrel_threshold=900),
    # Seed 001: "альтернативную систему, при которой максимальным является трефовый марьяж, а самый
    # нижний – бубовый" (the two middle values are the usual ones swapped).
    "clubs_high": Options(marriage_values=(("H", 60), ("D", 40), ("C", 100), ("S", 80))),
}
DEFAULT_PRESET = "classic"
PRESET_NOTES = {
    "classic": _("RULES.md's defaults: barrel at 880, three deals, bolts over the whole match, dark from 240."),
    "strict": _("Only bolts in a row count, one write-off per player, the golden round is played."),
    "simple": _("No barrel, no samosval, no dark, bolts cost nothing."),
    "golden_round": _("Classic with the golden round: the first circle is played for 120 blind, doubled."),
    "write_off_once_60": _("A write-off costs the contract and gives each opponent 60, once per player; "
                           "only bolts in a row count."),
    "barrel_accumulate": _("On the barrel card points are added exactly; falling floors to tens and costs "
                           "120 (993 → 870); −555 also drops to 0."),
    "barrel_900": _("The barrel is at 900."),
    "clubs_high": _("Marriages: ♣ 100, ♠ 80, ♥ 60, ♦ 40."),
}


def check_options(options: Options, seats: int) -> list[Violation]:
    """House rules that contradict each other, refused when the match is created."""
    found: list[Violation] = []

    def conflict(message: str, where: str, **params: Any) -> None:
        found.append(error("options_conflict", message, f"options.{where}", **params))

    if options.barrel and options.barrel_threshold >= options.target:
        conflict(_("The barrel (%(threshold)s) must be below the target (%(target)s)."), "barrel_threshold",
                 threshold=options.barrel_threshold, target=options.target)
    if options.samosval_negative and not options.samosval:
        conflict(_("−555 to 0 is part of the samosval rule, which is off."), "samosval_negative")
    if options.dark_raise and not options.dark:
        conflict(_("A raised dark contract needs the dark game, which is off."), "dark_raise")
    if options.write_off == "off" and (options.write_off_limit is not None or options.write_off_on_barrel):
        conflict(_("Write-offs are off: their limit and barrel rule mean nothing."), "write_off")
    if options.barrel and options.barrel_fall_penalty > options.barrel_threshold:
        conflict(_("Falling off the barrel cannot cost more than the barrel itself."), "barrel_fall_penalty")
    return found


def parse_options(raw: Mapping[str, Any] | None, preset: str | None = None) -> Options:
    """The preset with *raw* overrides. :raises Rejected: unknown names, bad values."""
    return reading.parse_options(Options, PRESETS, DEFAULT_PRESET, raw, preset)


def dump_options(options: Options) -> dict[str, Any]:
    return reading.dump_options(options)


# ---------------------------------------------------------------- entries


@dataclass(frozen=True, slots=True)
class Play:
    kind: ClassVar[str] = "play"
    declarer: int
    bid: int
    contract: int
    points: tuple[int | None, ...]  # card points per seat; None for the seat that sits out
    marriages: tuple[frozenset[str], ...]  # suits each seat declared ("A": the ace marriage)
    tricks: tuple[int | None, ...] | None = None
    dark: bool = False
    marriages_held: tuple[frozenset[str], ...] | None = None
    talon_points: int | None = None  # 4 players: credited to the dealer who sits out
    talon_marriage: str | None = None


@dataclass(frozen=True, slots=True)
class WriteOff:
    kind: ClassVar[str] = "write_off"
    declarer: int
    bid: int
    contract: int
    marriages_held: tuple[frozenset[str], ...] | None = None


@dataclass(frozen=True, slots=True)
class Redeal:
    kind: ClassVar[str] = "redeal"
    reason: str = "other"


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: ClassVar[str] = "penalty"
    player: int
    points: int
    reason: str = ""


Entry = Play | WriteOff | Redeal | Penalty

_COMMON = {"type"}
_PLAY_FIELDS = _COMMON | {"declarer", "bid", "contract", "points", "marriages", "tricks", "dark",
                          "marriages_held", "talon_points", "talon_marriage"}
_WRITE_OFF_FIELDS = _COMMON | {"declarer", "bid", "contract", "marriages_held"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        return _parse_play(raw, seats)
    if kind == "write_off":
        return _parse_write_off(raw, seats)
    if kind == "redeal":
        reader = EntryReader(raw, seats, _COMMON | {"reason"})
        reason = reader.choice("reason", REDEAL_REASONS, required=False, default="other")
        reader.done()
        return Redeal(reason)
    if kind == "penalty":
        return Penalty(*read_penalty(raw, seats))
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _marriage_list(reader: EntryReader, value: Any, where: str) -> frozenset[str] | None:
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of suits."), where)
        return None
    found: list[str] = []
    for index, item in enumerate(value):
        if item == ACE or item == "a" or item == "Т" or item == "т":
            found.append(ACE)
            continue
        suit = reader.suit(item, f"{where}[{index}]")
        if suit is not None:
            if suit.value in found:
                reader.bad("marriage_twice", _("The marriage in %(suit)s is declared twice."),
                           f"{where}[{index}]", suit=suit)
            found.append(suit.value)
    return frozenset(found)


def _bids(reader: EntryReader) -> tuple[Any, Any]:
    bid = reader.integer("bid", low=0, high=1000)
    contract = reader.integer("contract", required=False, low=0, high=1000)
    return bid, (bid if contract is None else contract)


def _held(reader: EntryReader, seats: int) -> Any:
    """``marriages_held``: one list per seat, or (a write-off) just the declarer's list."""
    raw = reader.raw.get("marriages_held")
    if raw is None:
        return None
    if isinstance(raw, list) and (not raw or all(isinstance(x, str) for x in raw)):
        return ("flat", _marriage_list(reader, raw, "marriages_held"))
    return reader.per_seat("marriages_held", lambda v, w: _marriage_list(reader, v, w),
                           required=False, allow_null=True)


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    declarer = reader.seat("declarer")
    bid, contract = _bids(reader)
    points = reader.per_seat("points", lambda v, w: reader.check_int(v, w, 0, CARD_POINTS),
                             allow_null=seats == 4)
    marriages = reader.per_seat("marriages", lambda v, w: _marriage_list(reader, v, w),
                                required=False, allow_null=True)
    tricks = reader.per_seat("tricks", lambda v, w: reader.check_int(v, w, 0, TRICKS[seats]),
                             required=False, allow_null=True)
    dark = reader.boolean("dark")
    held = _held(reader, seats)
    if isinstance(held, tuple) and held and held[0] == "flat":
        held = tuple(held[1] if s == declarer else frozenset() for s in range(seats))
    talon_points = talon_marriage = None
    if seats == 4:
        talon_points = reader.integer("talon_points", required=False, low=0, high=TALON_MAX)
        if reader.has("talon_marriage"):
            suit = reader.suit(reader.raw["talon_marriage"], "talon_marriage")
            talon_marriage = suit.value if suit else None
    else:
        for name in ("talon_points", "talon_marriage"):
            if name in raw:
                reader.bad("unknown_field", _("Only a 4-player game has a dealer who sits out with the talon."),
                           name, name=name)
    reader.done()
    empty = tuple(frozenset() for _ in range(seats))
    return Play(declarer, bid, contract, points,
                tuple(m or frozenset() for m in marriages) if marriages else empty,
                tricks, dark,
                tuple(m or frozenset() for m in held) if held else None,
                talon_points, talon_marriage)


def _parse_write_off(raw: Mapping[str, Any], seats: int) -> WriteOff:
    reader = EntryReader(raw, seats, _WRITE_OFF_FIELDS)
    declarer = reader.seat("declarer")
    bid, contract = _bids(reader)
    held = _held(reader, seats)
    if isinstance(held, tuple) and held and held[0] == "flat":
        held = tuple(held[1] if s == declarer else frozenset() for s in range(seats))
    reader.done()
    return WriteOff(declarer, bid, contract, tuple(m or frozenset() for m in held) if held else None)


def _suits_json(suits: frozenset[str]) -> list[str]:
    return sorted(suits, key=lambda s: "HDCSA".index(s))


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Play):
        out: dict[str, Any] = {
            "type": "play", "declarer": entry.declarer, "bid": entry.bid, "contract": entry.contract,
            "points": list(entry.points), "marriages": [_suits_json(m) for m in entry.marriages],
            "dark": entry.dark}
        if entry.tricks is not None:
            out["tricks"] = list(entry.tricks)
        if entry.marriages_held is not None:
            out["marriages_held"] = [_suits_json(m) for m in entry.marriages_held]
        if entry.talon_points is not None:
            out["talon_points"] = entry.talon_points
        if entry.talon_marriage is not None:
            out["talon_marriage"] = entry.talon_marriage
        return out
    if isinstance(entry, WriteOff):
        out = {"type": "write_off", "declarer": entry.declarer, "bid": entry.bid,
               "contract": entry.contract}
        if entry.marriages_held is not None:
            out["marriages_held"] = [_suits_json(m) for m in entry.marriages_held]
        return out
    if isinstance(entry, Redeal):
        return {"type": "redeal", "reason": entry.reason}
    return {"type": "penalty", "player": entry.player, "points": entry.points, "reason": entry.reason}


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class PlayerState:
    bolts: int = 0
    on_barrel: bool = False
    barrel_deals_left: int | None = None
    barrels_used: int = 0
    write_offs: int = 0


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]
    players: tuple[PlayerState, ...]
    dealer: int
    redeals: int = 0  # redeals in a row by this dealer
    must_play: bool = False  # the redeal_limit-th redeal was cancelled: the deal is played as dealt
    golden_circle: int = 0  # 0: no golden round (any more); else the circle being played
    golden_played: int = 0  # golden deals played in this circle
    golden_made: bool = False  # somebody made his golden deal in this circle
    winner: int | None = None

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def on_the_hundred(self) -> int:
        """The player left of the dealer: he is "on the 100" and the only one who may play dark."""
        return (self.dealer + 1) % self.seats

    def sits_out(self, seat: int) -> bool:
        # Seed 001: "При игре вчетвером сдающий всегда будет отдыхать."
        return self.seats == 4 and seat == self.dealer

    @property
    def anyone_on_barrel(self) -> bool:
        return any(p.on_barrel for p in self.players)

    def obligatory_declarer(self) -> int | None:
        """Seed 001, "Обязаловка": on the last deal of his third barrel the talon goes to him."""
        opts = self.options
        if not (opts.barrel and opts.barrel_obligatory):
            return None
        for seat, player in enumerate(self.players):
            if (player.on_barrel and player.barrel_deals_left == 1
                    and player.barrels_used % opts.barrels_to_zero == opts.barrels_to_zero - 1
                    and not self.sits_out(seat)):
                return seat
        return None


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, players=(PlayerState(),) * seats,
                 dealer=first_dealer, golden_circle=1 if options.golden_round else 0)


def dump_state(state: State) -> dict[str, Any]:
    return {
        "players": [{"bolts": p.bolts, "on_barrel": p.on_barrel, "barrel_deals_left": p.barrel_deals_left,
                     "barrels_used": p.barrels_used, "write_offs": p.write_offs} for p in state.players],
        "dealer": state.dealer,
        "on_the_hundred": state.on_the_hundred,
        "sitting_out": state.dealer if state.seats == 4 else None,
        "redeals": state.redeals,
        "must_play": state.must_play,
        "golden_circle": state.golden_circle or None,
        "obligatory_declarer": state.obligatory_declarer(),
        "settlement": settlement(state),
    }


def settlement(state: State) -> list[dict[str, Any]] | None:
    """Seed 001, "Конец": "оставшиеся участники выплачивают ему сумму, которую недобрали до тысячи"
    — each loser owes the winner the target minus his total, times ``stake_per_point``."""
    if state.winner is None:
        return None
    target = state.options.target
    stake = state.options.stake_per_point
    rows = []
    for seat, total in enumerate(state.totals):
        if seat == state.winner:
            continue
        points = target - total
        row: dict[str, Any] = {"from": seat, "to": state.winner, "points": points}
        if stake is not None:
            row["money"] = format((Decimal(str(stake)) * points).normalize(), "f")
        rows.append(row)
    return rows


# ---------------------------------------------------------------- validation


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    if isinstance(entry, Play):
        return _validate_play(state, entry)
    if isinstance(entry, WriteOff):
        return _validate_write_off(state, entry)
    if isinstance(entry, Redeal):
        if state.must_play:
            # Seed 001: "пишется минус 120, и перераздача аннулируется, игра играется уже как есть".
            return [error("redeal_refused", _("Third redeal in a row: the redeal was cancelled and this "
                                              "deal must be played as dealt."), "reason")]
        return []
    return []


def _validate_bidding(state: State, entry: Play | WriteOff, found: list[Violation]) -> None:
    opts = state.options
    # Seed 001: "Игрок, находящийся по левую руку от сдающего автоматически говорит «100»" and
    # "Торги проходят по часовой стрелке с шагом в пять очков".
    if entry.bid < 100:
        found.append(error("bid_too_low", _("The lowest bid is 100."), "bid"))
    if entry.bid % opts.bid_step:
        found.append(error("bid_step", _("Bids go up in steps of %(step)s."), "bid", step=opts.bid_step))
    if entry.contract < entry.bid:
        found.append(error("contract_below_bid", _("The contract (%(contract)s) cannot be below the bid "
                                                   "(%(bid)s)."), "contract",
                           contract=entry.contract, bid=entry.bid))
    if entry.contract % opts.bid_step:
        found.append(error("contract_step", _("A contract goes in steps of %(step)s."), "contract",
                           step=opts.bid_step))
    most = CARD_POINTS + sum(v for _s, v in opts.marriage_values) + (200 if opts.ace_marriage else 0)
    if entry.contract > most:
        found.append(error("bid_too_high", _("No hand can make %(contract)s: at most %(most)s."), "contract",
                           contract=entry.contract, most=most))
    if state.sits_out(entry.declarer):
        found.append(error("bad_seat", _("%(player)s deals and sits out this deal."), "declarer",
                           player=Seat(entry.declarer)))
    # Seed 001: "запрет торгов для человека, на счету которого больше минус 120 очков".
    ban = opts.bid_ban_below
    if ban is not None and state.totals[entry.declarer] < ban and entry.bid > 100:
        found.append(error("bid_banned", _("%(player)s has %(total)s, below %(ban)s: he may not bid over 100."),
                           "bid", player=Seat(entry.declarer), total=state.totals[entry.declarer], ban=ban))
    obliged = state.obligatory_declarer()
    if obliged is not None and entry.declarer != obliged:
        found.append(error("barrel_declarer", _("%(player)s plays the obligatory deal of his third barrel: "
                                                "the talon goes to him."), "declarer", player=Seat(obliged)))


def _marriage_warning(state: State, entry: Play | WriteOff, declared: frozenset[str],
                      found: list[Violation]) -> None:
    """Seed 001: "без марьяжей торгующийся не может идти больше 120 очков" — a warning, since the
    marriage may have been held and never declared (``marriages_held`` says so)."""
    held = set(declared)
    if entry.marriages_held is not None:
        held |= entry.marriages_held[entry.declarer]
    if isinstance(entry, Play) and entry.talon_marriage:
        held.add(entry.talon_marriage)
    highest = max(entry.bid, entry.contract)
    if highest > CARD_POINTS and not held:
        found.append(warning("no_marriage_for_bid", _("A bid over 120 without a marriage."), "bid"))
    elif highest > CARD_POINTS + sum(state.options.marriage_value(s) for s in held):
        found.append(warning("no_marriage_for_bid",
                             _("%(bid)s is more than 120 and the marriages held allow."), "bid", bid=highest))


def _validate_play(state: State, entry: Play) -> list[Violation]:
    opts = state.options
    found: list[Violation] = []
    seats = state.seats
    _validate_bidding(state, entry, found)
    active = [s for s in range(seats) if not state.sits_out(s)]
    for seat in range(seats):
        if state.sits_out(seat):
            if entry.points[seat] or entry.marriages[seat] or (entry.tricks and entry.tricks[seat]):
                found.append(error("bad_seat", _("%(player)s deals and sits out: nothing is entered for him."),
                                   f"points[{seat}]", player=Seat(seat)))
        elif entry.points[seat] is None:
            found.append(error("missing_field", _("Card points are needed for %(player)s."),
                               f"points[{seat}]", player=Seat(seat)))
    taken = sum(entry.points[s] or 0 for s in active)
    if taken != CARD_POINTS:
        found.append(error("points_total", _("Card points add up to %(taken)s, not 120."), "points",
                           taken=taken))
    if entry.tricks is not None:
        tricks = [entry.tricks[s] or 0 for s in active]
        expected = TRICKS[seats]
        if (sum(tricks) != expected) if seats != 2 else (sum(tricks) > expected):
            found.append(error("tricks_total", _("Tricks add up to %(count)s, not %(expected)s."), "tricks",
                               count=sum(tricks), expected=expected))
        for seat in active:
            if (entry.tricks[seat] or 0) == 0:
                if entry.points[seat]:
                    found.append(error("points_without_tricks", _("%(player)s took no trick but has %(points)s "
                                                                  "card points."), f"points[{seat}]",
                                       player=Seat(seat), points=entry.points[seat]))
                if entry.marriages[seat]:
                    # Seed 001: "Объявление марьяжа проходит в любой момент игроком, имеющим хотя бы одну взятку".
                    found.append(error("marriage_without_trick", _("%(player)s declared a marriage without "
                                                                   "taking a trick."), f"marriages[{seat}]",
                                       player=Seat(seat)))
    seen: dict[str, int] = {}
    for seat in range(seats):
        for suit in entry.marriages[seat]:
            if suit == ACE and not opts.ace_marriage:
                found.append(error("ace_marriage_off", _("The ace marriage is not played in this match."),
                                   f"marriages[{seat}]"))
            if suit in seen:
                found.append(error("marriage_twice", _("The marriage in %(suit)s is declared twice."),
                                   f"marriages[{seat}]", suit=_suit_param(suit)))
            seen[suit] = seat
    if entry.talon_marriage is not None and entry.talon_points is not None and entry.talon_points < 7:
        found.append(error("talon_points", _("A talon with a marriage holds at least 7 points (K 4 + Q 3)."),
                           "talon_points"))
    _validate_dark_and_golden(state, entry, found)
    _marriage_warning(state, entry, entry.marriages[entry.declarer], found)
    return found


def _validate_dark_and_golden(state: State, entry: Play, found: list[Violation]) -> None:
    opts = state.options
    hundred = state.on_the_hundred
    if state.golden_circle:
        # Seed 001, "Золотой кон": "игрок слева от него берет прикуп в темную, он должен набрать 120".
        if entry.declarer != hundred:
            found.append(error("golden_declarer", _("A golden deal is played by %(player)s, left of the dealer."),
                               "declarer", player=Seat(hundred)))
        if entry.bid != 120 or entry.contract != 120:
            found.append(error("golden_contract", _("A golden deal is played for 120."), "contract"))
        if entry.dark:
            found.append(error("dark_not_allowed", _("A golden deal is already blind and doubled."), "dark"))
        return
    if not entry.dark:
        return
    # Seed 001, "Темные": "Темнить может только игрок на первой руке, на сотне"; "только в том
    # случае, если у него в таблице очков 240 или больше"; "Если кто-то на бочке, то темнить нельзя".
    if not opts.dark:
        found.append(error("dark_not_allowed", _("Dark is not played in this match."), "dark"))
        return
    if entry.declarer != hundred:
        found.append(error("dark_not_allowed", _("Only %(player)s, on the 100, may play dark."), "declarer",
                           player=Seat(hundred)))
    if state.totals[entry.declarer] < opts.dark_min_score:
        found.append(error("dark_not_allowed", _("Dark needs at least %(min)s on the sheet."), "dark",
                           min=opts.dark_min_score))
    if state.anyone_on_barrel:
        found.append(error("dark_not_allowed", _("No dark while someone is on the barrel."), "dark"))
    if entry.bid != 120:
        found.append(error("dark_not_allowed", _("Dark is bid at 120."), "bid"))
    if entry.contract != 120 and not opts.dark_raise:
        found.append(error("dark_not_allowed", _("A dark contract stays at 120 in this match."), "contract"))


def _validate_write_off(state: State, entry: WriteOff) -> list[Violation]:
    opts = state.options
    found: list[Violation] = []
    _validate_bidding(state, entry, found)
    if opts.write_off == "off":
        found.append(error("write_off_not_allowed", _("Write-offs are not played in this match."), "type"))
    elif state.anyone_on_barrel and not opts.write_off_on_barrel:
        # Seed 001: "Если кто-нибудь из игроков находится на бочке, никто не имеет права расписывать".
        found.append(error("write_off_not_allowed", _("No write-off while someone is on the barrel."), "type"))
    elif state.golden_circle:
        found.append(error("write_off_not_allowed", _("A golden deal cannot be written off."), "type"))
    limit = opts.write_off_limit
    if limit is not None and state.players[entry.declarer].write_offs >= limit:
        found.append(error("write_off_limit", _("%(player)s has used his write-offs (%(limit)s)."),
                           "declarer", player=Seat(entry.declarer), limit=limit))
    _marriage_warning(state, entry, frozenset(), found)
    return found


def _suit_param(suit: str) -> Any:
    return Suit(suit) if suit != ACE else "A"


# ---------------------------------------------------------------- scoring


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
class _Deal:
    """A working copy while one entry is scored; frozen again into ``State`` at the end."""

    state: State
    totals: list[int]
    players: list[PlayerState]
    marks: list[list[str]]
    lines: list[Line]
    won: set[int]
    scores: list[int | None]
    golden: tuple[int, int, bool] | None = None  # (circle, played, made) when this deal moved it

    @classmethod
    def start(cls, state: State) -> _Deal:
        seats = state.seats
        return cls(state, list(state.totals), list(state.players), [[] for _ in range(seats)], [],
                   set(), [None] * seats)

    def say(self, text: str, **params: Any) -> None:
        self.lines.append(line(text, **params))

    def mark(self, seat: int, what: str) -> None:
        if what not in self.marks[seat]:
            self.marks[seat].append(what)

    def player(self, seat: int, **changes: Any) -> None:
        self.players[seat] = dataclasses.replace(self.players[seat], **changes)


def apply(state: State, entry: Entry) -> tuple[State, Outcome]:
    """Score one entry that ``validate`` accepted. Pure: no I/O, no clock, no second check."""
    deal = _Deal.start(state)
    if isinstance(entry, Play):
        _score_play(deal, entry)
    elif isinstance(entry, WriteOff):
        _score_write_off(deal, entry)
    elif isinstance(entry, Redeal):
        return _redeal(deal, entry)
    else:
        deal.say(_("%(player)s: penalty %(points)+d%(reason)s"), player=Seat(entry.player),
                 points=entry.points, reason=f" ({entry.reason})" if entry.reason else "")
        deal.mark(entry.player, "penalty")
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
        marriages = sum(opts.marriage_value(s) for s in entry.marriages[seat])
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
            deal.say(_("%(player)s on the barrel adds his card points exactly: %(points)s → %(total)s"),
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
        deal.say(_("%(player)s on the barrel adds his card points exactly: %(points)s → %(total)s"),
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
    if used % opts.barrels_to_zero == 0:
        # Seed 001: "Если игрок слетает с третей бочки ... то он получает ноль очков в таблицу".
        deal.totals[seat] = 0
        deal.say(_("%(player)s falls off the barrel (%(reason)s), his barrel number %(used)s: back to 0"),
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
                deal.say(_("Samosval: %(player)s has %(total)s, back to 0"), player=Seat(seat), total=total)
    _winner(deal)


def _barrel_conflict(deal: _Deal, new: list[int]) -> None:
    """Seed 001: "когда на бочку встает второй игрок, то первый слетает" (first_falls);
    "двое могут играть на бочке, но когда заходит третий, то он скидывает обоих" (two_may_sit);
    "если кто-то заходит на бочку, то другие не слетают" (none_fall)."""
    opts = deal.state.options
    sitting = [s for s in range(deal.state.seats) if deal.players[s].on_barrel and s not in new]
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
        deal.say(_("Nobody made his golden deal: everything back to 0, the golden circle is played again"))
    else:
        deal.golden = (0, 0, False)
        deal.say(_("Nobody made his golden deal in %(circles)s circles: the totals stand"),
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
    new = dataclasses.replace(
        state, totals=tuple(deal.totals), players=tuple(deal.players), dealer=dealer,
        redeals=0 if played else (state.redeals if redeals is None else redeals),
        must_play=False if played else (state.must_play if must_play is None else must_play),
        golden_circle=golden[0], golden_played=golden[1], golden_made=golden[2],
        winner=next(iter(deal.won)) if len(deal.won) == 1 else None)
    deltas = tuple(after - before for after, before in zip(new.totals, state.totals, strict=True))
    result = {"scores": deal.scores}
    return new, Outcome(deltas, tuple(tuple(m) for m in deal.marks), tuple(deal.lines), result)


# ---------------------------------------------------------------- referee checks


def card_points(cards: list[Card]) -> int:
    """The card points of a set of cards (A 11, 10 10, K 4, Q 3, J 2, 9 0)."""
    return sum(CARD_VALUES.get(card.rank, 0) for card in cards)


def marriages_in(cards: list[Card]) -> list[Suit]:
    """The suits in which *cards* hold both the king and the queen."""
    held = {(card.rank, card.suit) for card in cards}
    return [suit for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
            if (Rank.KING, suit) in held and (Rank.QUEEN, suit) in held]


def highest_bid(cards: list[Card], options: Options) -> int:
    """Seed 001: "игрок не имеет права повышать больше, чем составляет сумма всех очков с марьяжем
    у него на руках": 120 plus every marriage held, rounded down to the bidding step."""
    most = CARD_POINTS + sum(options.marriage_value(s.value) for s in marriages_in(cards))
    return most - most % options.bid_step


# The checks a player asks at the table, with no match behind them: "may I bid 135?", "may I
# declare ♦ now?". Imported here, not at the top, so that this section stays one appendable piece.



@dataclass(frozen=True, slots=True)
class BidCheck:
    """What a hand holds and how high it may bid; ``legal`` is None when no bid was asked about."""

    cards: tuple[Card, ...]
    card_points: int
    marriages: tuple[str, ...]  # "H" "D" "C" "S" held, in that order, then "A" (four aces)
    highest: int
    bid: int | None
    legal: bool | None
    reasons: tuple[str, ...]  # stable codes of what makes the bid illegal
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class MarriageCheck:
    """Whether one marriage may be declared now; ``reasons`` are the codes of what forbids it."""

    marriage: str  # "H" "D" "C" "S", or "A" for the four aces
    value: int
    legal: bool
    reasons: tuple[str, ...]
    lines: tuple[Line, ...]


def read_cards(cards: Any, where: str = "cards") -> tuple[Card, ...]:
    """Cards of the 24-card deck, each once, in any spelling API.md accepts; canonical out.

    :raises Rejected: ``bad_card`` for text that is no card, a 7 or a joker; ``card_twice``.
    """
    if not isinstance(cards, (list, tuple)):
        raise Rejected([error("bad_type", _("Expected a list of cards."), where)])
    found: list[Violation] = []
    read: list[Card] = []
    for index, text in enumerate(cards):
        spot = f"{where}[{index}]"
        card: Card | Joker
        if isinstance(text, Card):
            card = text
        else:
            try:
                card = parse_card(text)
            except CardParseError:
                found.append(error("bad_card", _("“%(value)s” is not a card."), spot, value=str(text)[:40]))
                continue
        if not isinstance(card, Card) or card.rank not in CARD_VALUES:
            # Seed 001: "В игре участвует сокращенная колода из 24 карт, от девятки до туза."
            found.append(error("bad_card", _("%(card)s is not in the 24-card deck (9 to ace)."), spot,
                               card=card.code))
        elif card in read:
            found.append(error("card_twice", _("%(card)s is listed twice."), spot, card=card.code))
        else:
            read.append(card)
    if found:
        raise Rejected(found)
    return tuple(read)


def _four_aces(cards: Sequence[Card]) -> bool:
    return sum(1 for card in cards if card.rank is Rank.ACE) == 4


def bid_check(cards: Any, bid: int | None = None, options: Options | None = None) -> BidCheck:
    """The highest bid a hand allows and whether *bid* is one, with the why.

    Seed 001: "без марьяжей торгующийся не может идти больше 120 очков" and "игрок не имеет права
    повышать больше, чем составляет сумма всех очков с марьяжем у него на руках": 120 plus every
    marriage held (four aces too, where ``ace_marriage`` is on), rounded down to ``bid_step``.

    :raises Rejected: a hand that is not cards of the 24-card deck, each once (``read_cards``).
    """
    opts = options or PRESETS[DEFAULT_PRESET]
    hand = read_cards(cards)
    points = card_points(list(hand))
    held = [suit.value for suit in marriages_in(list(hand))]
    if opts.ace_marriage and _four_aces(hand):
        # Seed 001: "Если у одного из играющих на руках четыре туза, то он может открыть их ... и
        # получить 200 очков" (RULES.md: `ace_marriage`).
        held.append(ACE)
    lines = [line(_("Card points in the hand: %(points)s."), points=points)]
    for suit in held:
        if suit == ACE:
            lines.append(line(_("Four aces: %(value)s."), value=opts.marriage_value(ACE)))
        else:
            lines.append(line(_("Marriage %(suit)s (king and queen): %(value)s."), suit=Suit(suit),
                              value=opts.marriage_value(suit)))
    bonus = sum(opts.marriage_value(suit) for suit in held)
    total = CARD_POINTS + bonus
    highest = total - total % opts.bid_step
    if not held:
        lines.append(line(_("No marriage in the hand: the highest bid is 120.")))
    elif highest == total:
        lines.append(line(_("Highest bid: 120 + %(marriages)s = %(highest)s."), marriages=bonus, highest=highest))
    else:
        lines.append(line(_("Highest bid: 120 + %(marriages)s = %(total)s, down to a step of %(step)s: "
                            "%(highest)s."), marriages=bonus, total=total, step=opts.bid_step, highest=highest))
    if bid is None:
        return BidCheck(hand, points, tuple(held), highest, None, None, (), tuple(lines))
    reasons: list[str] = []
    # Seed 001: "Игрок, находящийся по левую руку от сдающего автоматически говорит «100»" and
    # "Торги проходят по часовой стрелке с шагом в пять очков" (RULES.md: `bid_step`).
    if bid < 100:
        reasons.append("bid_too_low")
        lines.append(line(_("%(bid)s is below 100, the lowest bid."), bid=bid))
    if bid % opts.bid_step:
        reasons.append("bid_step")
        lines.append(line(_("%(bid)s is not in steps of %(step)s."), bid=bid, step=opts.bid_step))
    if bid > highest:
        if not held:
            reasons.append("no_marriage_for_bid")
            lines.append(line(_("%(bid)s is over 120 without a marriage in the hand."), bid=bid))
        else:
            reasons.append("bid_over_hand")
            lines.append(line(_("%(bid)s is over %(highest)s, all that this hand's marriages allow."),
                              bid=bid, highest=highest))
    if not reasons:
        lines.append(line(_("%(bid)s may be bid: it is at most %(highest)s."), bid=bid, highest=highest))
    return BidCheck(hand, points, tuple(held), highest, bid, not reasons, tuple(reasons), tuple(lines))


def _read_marriage(value: Any, where: str, found: list[Violation], *, ace: bool = True) -> str | None:
    """A marriage's suit in any spelling ("H", "h", "♥", "♥️"), or "A" for the four aces."""
    if ace and value in (ACE, "a", "Т", "т"):
        return ACE
    try:
        return parse_suit(value).value
    except CardParseError:
        found.append(error("bad_card", _("“%(value)s” is not a suit (S, H, D or C)."), where,
                           value=str(value)[:40]))
        return None


def marriage_check(suit: Any, cards: Any, took_trick: bool, declared: Any = (), trump: Any = None,
                   options: Options | None = None) -> MarriageCheck:
    """Whether the marriage in *suit* may be declared now, with every reason it may not.

    *cards*, when given (None: not checked), is the declaring player's hand; *declared* the
    marriages already declared in this deal by anyone; *trump* the trump now, if any.

    :raises Rejected: a suit, a declared list or a hand that cannot be read.
    """
    opts = options or PRESETS[DEFAULT_PRESET]
    found: list[Violation] = []
    marriage = _read_marriage(suit, "suit", found)
    if not isinstance(declared, (list, tuple)):
        found.append(error("bad_type", _("Expected a list of suits."), "declared"))
        declared = ()
    earlier: list[str] = []
    for index, item in enumerate(declared):
        read = _read_marriage(item, f"declared[{index}]", found)
        if read is not None and read in earlier:
            found.append(error("marriage_twice", _("The marriage in %(suit)s is declared twice."),
                               f"declared[{index}]", suit=_suit_param(read)))
        elif read is not None:
            earlier.append(read)
    now = None if trump is None else _read_marriage(trump, "trump", found, ace=False)
    hand = None
    if cards is not None:
        try:
            hand = read_cards(cards)
        except Rejected as rejected:
            found += rejected.violations
    if found or marriage is None:
        raise Rejected(found)
    if now is not None and now not in earlier:
        earlier.append(now)  # the trump is a marriage declared earlier in this deal
    reasons: list[str] = []
    lines: list[Line] = []
    value = opts.marriage_value(marriage)
    if marriage == ACE and not opts.ace_marriage:
        reasons.append("ace_marriage_off")
        lines.append(line(_("The ace marriage is not played under these house rules.")))
    if not took_trick:
        # Seed 001: "Объявление марьяжа проходит в любой момент игроком, имеющим хотя бы одну взятку";
        # "Для того, что бы объявить свой марьяж необходимо забрать взятку"; for the aces:
        # "Открывание тузов возможно только при наличии одной взятки".
        reasons.append("marriage_without_trick")
        lines.append(line(_("No trick taken yet: a marriage is declared only by a player who has taken one.")))
    if marriage in earlier:
        # RULES.md: "each marriage suit declared at most once per deal".
        reasons.append("marriage_twice")
        if marriage == ACE:
            lines.append(line(_("The four aces were already declared in this deal.")))
        else:
            lines.append(line(_("The marriage in %(suit)s was already declared in this deal."),
                              suit=Suit(marriage)))
    if hand is not None and marriage == ACE and not _four_aces(hand):
        # Seed 001: "В момент «хваления» все 4 туза должны быть у игрока на руках."
        reasons.append("aces_not_in_hand")
        lines.append(line(_("The ace marriage needs all four aces in the hand; it holds %(count)s."),
                          count=sum(1 for card in hand if card.rank is Rank.ACE)))
    elif hand is not None and marriage != ACE and Suit(marriage) not in marriages_in(list(hand)):
        # Seed 001: "марьяжей (король и дама одной масти)".
        reasons.append("marriage_not_in_hand")
        lines.append(line(_("The hand does not hold both the king and the queen of %(suit)s."),
                          suit=Suit(marriage)))
    if not reasons:
        if marriage == ACE:
            lines.append(line(_("The four aces may be declared: +%(value)s."), value=value))
        else:
            lines.append(line(_("The marriage in %(suit)s may be declared: +%(value)s."), suit=Suit(marriage),
                              value=value))
            # Seed 001: "Объявившему плюсуются очки марьяжа, а эта масть становится козырной."
            if now is not None and now != marriage:
                lines.append(line(_("%(suit)s becomes trump instead of %(trump)s."), suit=Suit(marriage),
                                  trump=Suit(now)))
            else:
                lines.append(line(_("%(suit)s becomes trump."), suit=Suit(marriage)))
    if hand is None:
        lines.append(line(_("No hand given: the cards were not checked.")))
    return MarriageCheck(marriage, value, not reasons, tuple(reasons), tuple(lines))
