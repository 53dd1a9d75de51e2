"""Терц's entries — a played deal and the seed's penalties — read from JSON and back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.cards import Card, Suit
from referee.games.terz.rules import CARD_POINTS, DECK, ENTRY_TYPES, FORFEIT_REASONS
from referee.ledger import _
from referee.penalty import Penalty, dump_penalty, parse_penalty
from referee.reading import EntryReader, collect_cards, refuse_entry_type


@dataclass(frozen=True, slots=True)
class Declaration:
    """One announcement: who showed which cards (the engine names it; the entry does not)."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    kind: ClassVar[str] = "play"
    trump: Suit
    points: tuple[int, int]  # card points including the last trick; they add up to 150
    declarations: tuple[Declaration, ...] = ()  # in the order announced
    last_trick: int | None = None  # who took it: he deals next


@dataclass(frozen=True, slots=True)
class FalseDeclaration:
    kind: ClassVar[str] = "false_declaration"
    player: int
    points: int


@dataclass(frozen=True, slots=True)
class WrongRecording:
    kind: ClassVar[str] = "wrong_recording"
    player: int
    points: int


@dataclass(frozen=True, slots=True)
class Forfeit:
    kind: ClassVar[str] = "forfeit"
    player: int
    reason: str


Entry = Play | FalseDeclaration | WrongRecording | Forfeit | Penalty

_COMMON = {"type"}
_PLAY_FIELDS = _COMMON | {"trump", "points", "declarations", "last_trick"}
_DECLARATION_FIELDS = {"player", "cards"}
# RULES.md: "a sum other than 150, or one seat above 150, is `points_total`" (as 1000 answers).
_POINTS_OVER = _("%(value)s card points: a player takes from 0 to %(high)s.")


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        return _parse_play(raw, seats)
    if kind in ("false_declaration", "wrong_recording"):
        reader = EntryReader(raw, seats, _COMMON | {"player", "points"})
        player = reader.seat("player")
        # A false declaration's 0 or less is read, so that validation names the rule it breaks
        # (RULES.md: `bad_amount`, "0 included"); only an absurd number is out_of_range here.
        low = -10_000 if kind == "false_declaration" else 1
        points = reader.integer("points", low=low, high=10_000)
        reader.done()
        return (FalseDeclaration if kind == "false_declaration" else WrongRecording)(player, points)
    if kind == "forfeit":
        reader = EntryReader(raw, seats, _COMMON | {"player", "reason"})
        player = reader.seat("player")
        reason = reader.choice("reason", FORFEIT_REASONS)
        reader.done()
        return Forfeit(player, reason)
    if kind == "penalty":
        return parse_penalty(raw, seats)
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    trump = None
    if reader.has("trump"):
        trump = reader.suit(raw["trump"], "trump")
    else:
        reader.bad("missing_field", _("This field is required."), "trump")
    points = reader.per_seat("points", lambda v, w: reader.check_share(v, w, CARD_POINTS, "points_total", _POINTS_OVER))
    last_trick = reader.seat("last_trick", required=False)
    declarations: list[Declaration] = []
    value = raw.get("declarations")
    if value is not None and not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of declarations."), "declarations")
    elif value:
        for index, item in enumerate(value):
            found = _parse_declaration(reader, item, f"declarations[{index}]")
            if found is not None:
                declarations.append(found)
    reader.done()
    assert trump is not None  # done() refused a missing or unreadable trump
    return Play(trump, points, tuple(declarations), last_trick)


def _parse_declaration(reader: EntryReader, raw: Any, where: str) -> Declaration | None:
    if not isinstance(raw, Mapping):
        reader.bad("bad_type", _("A declaration is an object with a player and their cards."), where)
        return None
    for key in raw:
        if key not in _DECLARATION_FIELDS:
            reader.bad("unknown_field", _("Unknown field “%(name)s”."), f"{where}.{key}", name=str(key))
    player = None
    if raw.get("player") is None:
        reader.bad("missing_field", _("This field is required."), f"{where}.player")
    else:
        player = reader.check_seat(raw["player"], f"{where}.player")
    cards = raw.get("cards")
    if cards is None:
        reader.bad("missing_field", _("This field is required."), f"{where}.cards")
        return None
    read = collect_cards(cards, DECK, f"{where}.cards", reader.problems)
    if player is None or read is None:
        return None
    return Declaration(player, read)


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Play):
        out: dict[str, Any] = {
            "type": "play", "trump": entry.trump.value, "points": list(entry.points),
            "declarations": [{"player": d.player, "cards": [c.code for c in d.cards]}
                             for d in entry.declarations]}
        if entry.last_trick is not None:
            out["last_trick"] = entry.last_trick
        return out
    if isinstance(entry, Forfeit):
        return {"type": "forfeit", "player": entry.player, "reason": entry.reason}
    if isinstance(entry, Penalty):
        return dump_penalty(entry)
    return {"type": entry.kind, "player": entry.player, "points": entry.points}
