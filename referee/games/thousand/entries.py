"""Тысяча's entries — a played deal, a write-off, a redeal, a penalty — read from JSON and back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.games.thousand.rules import ACE, CARD_POINTS, ENTRY_TYPES, REDEAL_REASONS, TALON_MAX, TRICKS
from referee.ledger import _
from referee.penalty import Penalty, dump_penalty, parse_penalty
from referee.reading import EntryReader, refuse_entry_type


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
        return parse_penalty(raw, seats)
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
    # Below 0 is read, so that validation names the rule broken (bid_too_low, contract_below_bid);
    # only an absurd number is out_of_range here.
    bid = reader.integer("bid", low=-1000, high=1000)
    contract = reader.integer("contract", required=False, low=-1000, high=1000)
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


# RULES.md: "`points` out of 0–120 or `tricks` over the deal's tricks answer `points_total` /
# `tricks_total` (not a generic code)".
_POINTS_OVER = _("%(value)s card points: a player takes from 0 to %(high)s.")
_TRICKS_OVER = _("%(value)s tricks: a player takes from 0 to %(high)s.")


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    declarer = reader.seat("declarer")
    bid, contract = _bids(reader)
    points = reader.per_seat(
        "points", lambda v, w: reader.check_share(v, w, CARD_POINTS, "points_total", _POINTS_OVER),
        allow_null=seats == 4)
    marriages = reader.per_seat("marriages", lambda v, w: _marriage_list(reader, v, w),
                                required=False, allow_null=True)
    tricks = reader.per_seat(
        "tricks", lambda v, w: reader.check_share(v, w, TRICKS[seats], "tricks_total", _TRICKS_OVER),
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
    return Play(declarer, bid, contract, points,
                tuple(m or frozenset() for m in marriages) if marriages else (frozenset(),) * seats,
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
    return dump_penalty(entry)
