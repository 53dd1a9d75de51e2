"""Терц's entries — a played deal and the seed's penalties — read from JSON and back."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.cards import Card, CardParseError, Suit, parse_card
from referee.games.terz.rules import CARD_POINTS, DECK_RANKS, ENTRY_TYPES, FORFEIT_REASONS
from referee.ledger import Violation, _, error
from referee.reading import EntryReader, read_penalty, refuse_entry_type


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


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: ClassVar[str] = "penalty"
    player: int
    points: int
    reason: str = ""


Entry = Play | FalseDeclaration | WrongRecording | Forfeit | Penalty

_COMMON = {"type"}
_PLAY_FIELDS = _COMMON | {"trump", "points", "declarations", "last_trick"}
_DECLARATION_FIELDS = {"player", "cards"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        return _parse_play(raw, seats)
    if kind in ("false_declaration", "wrong_recording"):
        reader = EntryReader(raw, seats, _COMMON | {"player", "points"})
        player = reader.seat("player")
        points = reader.integer("points", low=1, high=10_000)
        reader.done()
        return (FalseDeclaration if kind == "false_declaration" else WrongRecording)(player, points)
    if kind == "forfeit":
        reader = EntryReader(raw, seats, _COMMON | {"player", "reason"})
        player = reader.seat("player")
        reason = reader.choice("reason", FORFEIT_REASONS)
        reader.done()
        return Forfeit(player, reason)
    if kind == "penalty":
        return Penalty(*read_penalty(raw, seats))
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    trump = None
    if reader.has("trump"):
        trump = reader.suit(raw["trump"], "trump")
    else:
        reader.bad("missing_field", _("This field is required."), "trump")
    points = reader.per_seat("points", lambda v, w: reader.check_int(v, w, 0, CARD_POINTS))
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
    return Play(trump, points, tuple(declarations), last_trick)


def _parse_declaration(reader: EntryReader, raw: Any, where: str) -> Declaration | None:
    if not isinstance(raw, Mapping):
        reader.bad("bad_type", _("A declaration is an object with a player and his cards."), where)
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
    if not isinstance(cards, list):
        reader.bad("bad_type", _("Expected a list of cards."), f"{where}.cards")
        return None
    read: list[Card] = []
    for index, text in enumerate(cards):
        spot = f"{where}.cards[{index}]"
        card = deck_card(text)
        if isinstance(card, Violation):
            reader.problems.append(dataclasses.replace(card, field=spot))
        elif card in read:
            reader.bad("card_twice", _("%(card)s is listed twice."), spot, card=card.code)
        else:
            read.append(card)
    if player is None or len(read) != len(cards):
        return None
    return Declaration(player, tuple(read))


def deck_card(text: Any) -> Card | Violation:
    """A card of the 32-card deck (7 to ace), or a ``bad_card`` violation."""
    if isinstance(text, Card):
        card: Any = text
    else:
        try:
            card = parse_card(text)
        except CardParseError:
            return error("bad_card", _("“%(value)s” is not a card."), None, value=str(text)[:40])
    if not isinstance(card, Card) or card.rank not in DECK_RANKS:
        # Seed 000: "Кількість карт в колоді: 32" — no sixes, no twos, no jokers.
        return error("bad_card", _("%(card)s is not in the 32-card deck (7 to ace)."), None, card=card.code)
    return card


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
        return {"type": "penalty", "player": entry.player, "points": entry.points, "reason": entry.reason}
    return {"type": entry.kind, "player": entry.player, "points": entry.points}
