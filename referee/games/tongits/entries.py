"""Tong Its' entries — a played hand, a penalty — read from JSON and back."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.cards import Card
from referee.games.tongits.rules import ENDINGS, ENTRY_TYPES, deck_card
from referee.ledger import Violation, _
from referee.reading import EntryReader, read_penalty, refuse_entry_type


@dataclass(frozen=True, slots=True)
class Hand:
    """One seat at the end of a hand: melds laid face up, melds kept concealed, unmelded cards."""

    melds: tuple[tuple[Card, ...], ...] = ()
    hand: tuple[Card, ...] = ()
    secret: tuple[tuple[Card, ...], ...] = ()

    @property
    def exposed(self) -> bool:
        """Has he laid a meld face up? Without one he is burned (RULES.md)."""
        return bool(self.melds)

    def cards(self) -> list[Card]:
        """Every card of the seat: laid melds, concealed melds, then the unmelded cards."""
        return [c for meld in self.melds for c in meld] + [c for meld in self.secret for c in meld] + list(self.hand)

    def all_melds(self) -> tuple[tuple[Card, ...], ...]:
        return self.melds + self.secret


@dataclass(frozen=True, slots=True)
class Play:
    kind: ClassVar[str] = "play"
    ending: str  # "stock_out" | "tongit" | "draw"
    hands: tuple[Hand, ...]
    caller: int | None = None  # who called tongit or draw
    challengers: tuple[int, ...] | None = None  # who fought a draw (a draw: possibly empty)
    last_draw: int | None = None  # a stock-out: who took the last card of the stock


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: ClassVar[str] = "penalty"
    player: int
    points: int  # the change of his total; the pot takes the opposite
    reason: str = ""


Entry = Play | Penalty

_COMMON = {"type"}
_PLAY_FIELDS = _COMMON | {"ending", "caller", "challengers", "last_draw", "hands"}
_HAND_FIELDS = {"melds", "secret", "hand"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        return _parse_play(raw, seats)
    if kind == "penalty":
        return Penalty(*read_penalty(raw, seats, low=-10_000, high=10_000))
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    ending = reader.choice("ending", ENDINGS)
    # Which of caller / challengers / last_draw an ending needs is a rule (validate: bad_ending).
    caller = reader.seat("caller", required=False)
    last_draw = reader.seat("last_draw", required=False)
    challengers: tuple[int, ...] | None = None
    value = raw.get("challengers")
    if value is not None:
        if not isinstance(value, list):
            reader.bad("bad_type", _("Expected a list of seats."), "challengers")
        else:
            read = [reader.check_seat(item, f"challengers[{index}]") for index, item in enumerate(value)]
            challengers = tuple(seat for seat in read if seat is not None)
    hands = reader.per_seat("hands", lambda v, w: _parse_hand(reader, v, w))
    reader.done()
    return Play(ending, hands, caller, challengers, last_draw)


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
    return Hand(melds, hand, secret)


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
        card = deck_card(text)
        if isinstance(card, Violation):
            reader.problems.append(dataclasses.replace(card, field=f"{where}[{index}]"))
        else:
            read.append(card)
    return tuple(read)


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Penalty):
        return {"type": "penalty", "player": entry.player, "points": entry.points, "reason": entry.reason}
    out: dict[str, Any] = {"type": "play", "ending": entry.ending}
    if entry.caller is not None:
        out["caller"] = entry.caller
    if entry.challengers is not None and (entry.ending == "draw" or entry.challengers):
        out["challengers"] = list(entry.challengers)
    if entry.last_draw is not None:
        out["last_draw"] = entry.last_draw
    hands = []
    for hand in entry.hands:
        item: dict[str, Any] = {"melds": [_codes(meld) for meld in hand.melds]}
        if hand.secret:
            item["secret"] = [_codes(meld) for meld in hand.secret]
        item["hand"] = _codes(hand.hand)
        hands.append(item)
    out["hands"] = hands
    return out
