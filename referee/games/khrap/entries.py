"""Храп's entries — a played deal, a silent circle, a revoke, a penalty — read from JSON and back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.games.khrap.rules import ENTRY_TYPES, TRICKS
from referee.ledger import _
from referee.penalty import Penalty, dump_penalty, parse_penalty
from referee.reading import BIG, EntryReader, refuse_entry_type


@dataclass(frozen=True, slots=True)
class Play:
    """A played deal. Whoever did not khrap whisted (seed: "другие автоматически становятся
    вистующими"); a circle where nobody khrapped is a ``NoKhrap``, never a play."""

    kind: ClassVar[str] = "play"
    khrap: int  # the khraper's seat
    circle: int  # the circle the khrap was called in, 1 or 2
    tricks: tuple[int, ...]  # per seat, adding up to 5
    dark: bool = False  # "храп втемную": he took the turned trump
    renonce: tuple[int, ...] = ()  # who revoked in this deal (RULES.md: a revoke belongs to its deal)


@dataclass(frozen=True, slots=True)
class NoKhrap:
    """A circle passed with nobody saying "храп"."""

    kind: ClassVar[str] = "no_khrap"


@dataclass(frozen=True, slots=True)
class Renonce:
    """A revoke ("ренонс (снос не по правилам)") entered on its own: the offender pays
    ``renonce_fail`` × the pot as it stands. Kept for matches stored before a play carried its
    revokes (``Play.renonce``)."""

    kind: ClassVar[str] = "renonce"
    player: int


@dataclass(frozen=True, slots=True)
class Close:
    """The evening ends (seed: the table agrees on "время окончания игры"): what is left in the
    pot goes back by ``pot_at_close``, and no deal follows."""

    kind: ClassVar[str] = "close"


Entry = Play | NoKhrap | Renonce | Penalty | Close

_COMMON = {"type"}
# RULES.md: "a count above 5 or a sum other than 5 is `tricks_total` (as in 1000, not a generic code)".
_TRICKS_OVER = _("%(value)s tricks: a player takes from 0 to %(high)s.")
_PLAY_FIELDS = _COMMON | {"khrap", "dark", "circle", "tricks", "renonce"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        reader = EntryReader(raw, seats, _PLAY_FIELDS)
        khraper = reader.seat("khrap")
        dark = reader.boolean("dark")
        circle = reader.integer("circle", low=1, high=2)
        tricks = reader.per_seat("tricks", lambda v, w: reader.check_share(v, w, TRICKS, "tricks_total", _TRICKS_OVER))
        renonce = _seats(reader, "renonce")
        reader.done()
        return Play(khraper, circle, tricks, dark, renonce)
    if kind == "no_khrap":
        EntryReader(raw, seats, _COMMON).done()
        return NoKhrap()
    if kind == "renonce":
        reader = EntryReader(raw, seats, _COMMON | {"player"})
        player = reader.seat("player")
        reader.done()
        return Renonce(player)
    if kind == "penalty":
        # A table's own fine: −10, he puts 10 into the pot; +10, he takes 10 out of it (money).
        return parse_penalty(raw, seats, low=-BIG, high=BIG)
    if kind == "close":
        EntryReader(raw, seats, _COMMON).done()
        return Close()
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _seats(reader: EntryReader, name: str) -> tuple[int, ...]:
    """An optional list of seats (absent or null: nobody)."""
    value = reader.raw.get(name)
    if value is None:
        return ()
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of seats."), name)
        return ()
    read = [reader.check_seat(item, f"{name}[{index}]") for index, item in enumerate(value)]
    return tuple(seat for seat in read if seat is not None)


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Play):
        out: dict[str, Any] = {"type": "play", "khrap": entry.khrap, "dark": entry.dark, "circle": entry.circle,
                               "tricks": list(entry.tricks)}
        if entry.renonce:  # a deal without a revoke stays as it was always stored
            out["renonce"] = list(entry.renonce)
        return out
    if isinstance(entry, NoKhrap):
        return {"type": "no_khrap"}
    if isinstance(entry, Renonce):
        return {"type": "renonce", "player": entry.player}
    if isinstance(entry, Close):
        return {"type": "close"}
    return dump_penalty(entry)
