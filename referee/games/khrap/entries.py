"""Храп's entries — a played deal, a silent circle, a revoke, a penalty — read from JSON and back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.games.khrap.rules import ENTRY_TYPES, TRICKS
from referee.reading import BIG, EntryReader, read_penalty, refuse_entry_type


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
