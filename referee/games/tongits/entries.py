"""Tong Its' entries — a played hand card by card, a hand's result in counts (the quick entry),
a penalty — read from JSON and back."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.cards import Card
from referee.games.tongits.rules import (
    COUNT_LIMIT,
    DECK,
    ENDINGS,
    ENTRY_TYPES,
    WINNER_ACES_LIMIT,
    WINNER_FOURS_LIMIT,
)
from referee.ledger import Violation, _
from referee.penalty import Penalty, dump_penalty, parse_penalty
from referee.reading import EntryReader, deck_card, refuse_entry_type


@dataclass(frozen=True, slots=True)
class LaidOff:
    """Cards a player laid off (sapaw) onto a meld another player laid down (RULES.md)."""

    onto: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Hand:
    """One seat at the end of a hand: melds laid face up (with whatever others laid off onto them),
    melds kept concealed, unmelded cards, and the cards he laid off onto the others' melds."""

    melds: tuple[tuple[Card, ...], ...] = ()
    hand: tuple[Card, ...] = ()
    secret: tuple[tuple[Card, ...], ...] = ()
    laid_off: tuple[LaidOff, ...] = ()

    @property
    def exposed(self) -> bool:
        """Has he laid a meld face up? Without one he is burned (RULES.md)."""
        return bool(self.melds)

    def all_melds(self) -> tuple[tuple[Card, ...], ...]:
        return self.melds + self.secret


@dataclass(frozen=True, slots=True)
class Play:
    kind: ClassVar[str] = "play"
    ending: str  # "stock_out" | "tongit" | "draw"
    hands: tuple[Hand, ...]
    caller: int | None = None  # who called tongit or draw
    challengers: tuple[int, ...] | None = None  # who fought a draw (a draw: possibly empty)
    last_draw: int | None = None  # a stock-out: who took the last card of the stock, when a tie needs him

    def laid_off_onto(self, seat: int) -> set[Card]:
        """The cards other players laid off onto *seat*'s melds."""
        return {card for giver, hand in enumerate(self.hands) if giver != seat
                for item in hand.laid_off if item.onto == seat for card in item.cards}

    def held(self, seat: int) -> list[Card]:
        """The seat's own cards: his laid melds without what others laid off onto them, his
        concealed melds, his unmelded cards and the cards he laid off. RULES.md: laid-off cards
        "count as the giver's cards (never against the receiver's 13)"."""
        hand = self.hands[seat]
        given = self.laid_off_onto(seat)
        return ([c for meld in hand.melds for c in meld if c not in given]
                + [c for meld in hand.secret for c in meld] + list(hand.hand)
                + [c for item in hand.laid_off if item.onto != seat for c in item.cards])


@dataclass(frozen=True, slots=True)
class Result:
    """The quick entry (RULES.md): a hand told in counts of unmelded cards instead of cards. The
    engine finds the winner by the same rules as for a ``Play`` and pays the same."""

    kind: ClassVar[str] = "result"
    ending: str
    # Each seat's count of unmelded cards; None for a tongit's loser (RULES.md: "On a `tongit` the
    # losers' counts may be `null` (they change no payment)").
    counts: tuple[int | None, ...]
    burned: tuple[int, ...] = ()  # seats without a meld laid down
    caller: int | None = None
    challengers: tuple[int, ...] | None = None
    last_draw: int | None = None
    winner_aces: int = 0  # aces the winner holds, in hand and melds
    winner_fours: int = 0  # fours of a kind the winner holds, laid or concealed


Entry = Play | Result | Penalty

_ENDING_FIELDS = {"type", "ending", "caller", "challengers", "last_draw"}
_PLAY_FIELDS = _ENDING_FIELDS | {"hands"}
_RESULT_FIELDS = _ENDING_FIELDS | {"counts", "burned", "winner_aces", "winner_fours"}
_HAND_FIELDS = {"melds", "secret", "hand", "laid_off"}
_LAID_OFF_FIELDS = {"onto", "cards"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        return _parse_play(raw, seats)
    if kind == "result":
        return _parse_result(raw, seats)
    if kind == "penalty":
        return parse_penalty(raw, seats)  # the change of his total; the pot takes the opposite
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    ending, caller, challengers, last_draw = _read_ending(reader, raw)
    hands = reader.per_seat("hands", lambda v, w: _parse_hand(reader, v, w))
    reader.done()
    return Play(ending, hands, caller, challengers, last_draw)


def _parse_result(raw: Mapping[str, Any], seats: int) -> Result:
    reader = EntryReader(raw, seats, _RESULT_FIELDS)
    ending, caller, challengers, last_draw = _read_ending(reader, raw)
    # RULES.md: "On a `tongit` the losers' counts may be `null`": a tongit pays no count, the
    # other endings are decided by every count (whose count the caller's is: validate).
    counts = reader.per_seat("counts", lambda v, w: reader.check_int(v, w, 0, COUNT_LIMIT),
                             allow_null=ending == "tongit")
    burned = _seat_list(reader, raw, "burned") or ()
    aces = reader.integer("winner_aces", required=False, default=0, low=0, high=WINNER_ACES_LIMIT)
    fours = reader.integer("winner_fours", required=False, default=0, low=0, high=WINNER_FOURS_LIMIT)
    reader.done()
    return Result(ending, counts, burned, caller, challengers, last_draw, aces, fours)


def _read_ending(reader: EntryReader, raw: Mapping[str, Any]) -> tuple[Any, Any, tuple[int, ...] | None, Any]:
    """``ending``, ``caller``, ``challengers``, ``last_draw``: shared by a play and a result."""
    ending = reader.choice("ending", ENDINGS)
    # Which of caller / challengers / last_draw an ending needs is a rule (validate: bad_ending).
    caller = reader.seat("caller", required=False)
    last_draw = reader.seat("last_draw", required=False)
    return ending, caller, _seat_list(reader, raw, "challengers"), last_draw


def _seat_list(reader: EntryReader, raw: Mapping[str, Any], name: str) -> tuple[int, ...] | None:
    value = raw.get(name)
    if value is None:
        return None
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of seats."), name)
        return None
    read = [reader.check_seat(item, f"{name}[{index}]") for index, item in enumerate(value)]
    return tuple(seat for seat in read if seat is not None)


def _parse_hand(reader: EntryReader, raw: Any, where: str) -> Hand | None:
    if not isinstance(raw, Mapping):
        reader.bad("bad_type", _("A hand is an object with its melds and its unmelded cards."), where)
        return None
    for key in raw:
        if key not in _HAND_FIELDS:
            reader.bad("unknown_field", _("Unknown field “%(name)s”."), f"{where}.{key}", name=str(key))
    melds = _meld_list(reader, raw.get("melds"), f"{where}.melds")
    secret = _meld_list(reader, raw.get("secret"), f"{where}.secret")
    hand = _card_list(reader, raw.get("hand"), f"{where}.hand")
    laid_off = _laid_off_list(reader, raw.get("laid_off"), f"{where}.laid_off")
    return Hand(melds, hand, secret, laid_off)


def _laid_off_list(reader: EntryReader, value: Any, where: str) -> tuple[LaidOff, ...]:
    """``[{"onto": seat, "cards": ["8H"]}, …]``; whether those cards are in that seat's melds is a
    rule (validate)."""
    if value is None:
        return ()
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of the cards laid off, each with “onto” (the seat whose meld "
                                 "took them) and “cards”."), where)
        return ()
    read: list[LaidOff] = []
    for index, item in enumerate(value):
        spot = f"{where}[{index}]"
        if not isinstance(item, Mapping):
            reader.bad("bad_type", _("Cards laid off are an object with “onto” (the seat whose meld took them) "
                                     "and “cards”."), spot)
            continue
        for key in item:
            if key not in _LAID_OFF_FIELDS:
                reader.bad("unknown_field", _("Unknown field “%(name)s”."), f"{spot}.{key}", name=str(key))
        onto = item.get("onto")
        if onto is None:
            reader.bad("missing_field", _("This field is required."), f"{spot}.onto")
        else:
            onto = reader.check_seat(onto, f"{spot}.onto")
        cards = _card_list(reader, item.get("cards"), f"{spot}.cards")
        if not item.get("cards"):
            reader.bad("missing_field", _("List the cards laid off onto that seat's melds (at least one)."),
                       f"{spot}.cards")
        if onto is not None and cards:
            read.append(LaidOff(onto, cards))
    return tuple(read)


def _meld_list(reader: EntryReader, value: Any, where: str) -> tuple[tuple[Card, ...], ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of melds, each a list of cards."), where)
        return ()
    return tuple(_card_list(reader, meld, f"{where}[{index}]") for index, meld in enumerate(value))


def _card_list(reader: EntryReader, value: Any, where: str) -> tuple[Card, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of cards."), where)
        return ()
    read: list[Card] = []
    for index, text in enumerate(value):
        card = deck_card(text, DECK)
        if isinstance(card, Violation):
            reader.problems.append(dataclasses.replace(card, field=f"{where}[{index}]"))
        else:
            assert isinstance(card, Card)  # the deck holds no jokers
            read.append(card)
    return tuple(read)


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Penalty):
        return dump_penalty(entry)
    out: dict[str, Any] = {"type": entry.kind, "ending": entry.ending}
    if entry.caller is not None:
        out["caller"] = entry.caller
    if entry.challengers is not None and (entry.ending == "draw" or entry.challengers):
        out["challengers"] = list(entry.challengers)
    if entry.last_draw is not None:
        out["last_draw"] = entry.last_draw
    if isinstance(entry, Result):
        return out | {"counts": list(entry.counts), "burned": list(entry.burned), "winner_aces": entry.winner_aces,
                      "winner_fours": entry.winner_fours}
    hands = []
    for hand in entry.hands:
        item: dict[str, Any] = {"melds": [_codes(meld) for meld in hand.melds]}
        if hand.secret:
            item["secret"] = [_codes(meld) for meld in hand.secret]
        item["hand"] = _codes(hand.hand)
        if hand.laid_off:
            item["laid_off"] = [{"onto": given.onto, "cards": _codes(given.cards)} for given in hand.laid_off]
        hands.append(item)
    out["hands"] = hands
    return out
