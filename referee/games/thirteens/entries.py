"""По тринадцати's entries — a played deal (card by card, or points counted by hand), a penalty —
read from JSON and back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.cards import Card, Joker, Suit
from referee.games.thirteens.rules import ENTRY_TYPES, POINTS_LIMIT
from referee.ledger import _
from referee.penalty import Penalty, dump_penalty, parse_penalty
from referee.reading import EntryReader, refuse_entry_type

AnyCard = Card | Joker
Trick = tuple[AnyCard, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """One deal: each seat's tricks (``tricks``) or, counted by hand, each seat's ``points``."""

    kind: ClassVar[str] = "play"
    trump: Suit | None  # None: a joker was turned (no trumps), or not given with hand-counted points
    tricks: tuple[tuple[Trick, ...], ...] | None = None  # per seat, each trick its cards
    points: tuple[int, ...] | None = None  # per seat, when the table counted by hand


Entry = Play | Penalty

_COMMON = {"type"}
_PLAY_FIELDS = _COMMON | {"trump", "tricks", "points"}


def parse_entry(raw: Any, seats: int) -> Entry:
    """A raw JSON entry as a frozen value. :raises Rejected: every field of the wrong shape."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind == "play":
        return _parse_play(raw, seats)
    if kind == "penalty":
        return parse_penalty(raw, seats, low=-POINTS_LIMIT, high=POINTS_LIMIT)
    refuse_entry_type(raw, seats, ENTRY_TYPES)


def _parse_play(raw: Mapping[str, Any], seats: int) -> Play:
    reader = EntryReader(raw, seats, _PLAY_FIELDS)
    counted = raw.get("points") is not None
    listed = raw.get("tricks") is not None
    trump = None
    if raw.get("trump") is not None:
        trump = reader.suit(raw["trump"], "trump")
    elif "trump" not in raw and not counted:
        # Seed 004: "одна из этих карт открывается и масть этой карты обозначает козырь, если эта
        # карта окажется Джокером, то игра проходит без козырей" — null says a joker was turned;
        # only a hand-counted entry may leave it out (RULES.md: "trump optional then").
        reader.bad("missing_field", _("This field is required (null when a joker was turned)."), "trump")
    tricks = points = None
    if counted and listed:
        reader.bad("bad_type", _("Give either each player's tricks or each player's points, not both."),
                   "points")
    elif counted:
        points = reader.per_seat("points", lambda v, w: reader.check_int(v, w, -POINTS_LIMIT, POINTS_LIMIT))
    elif listed:
        tricks = reader.per_seat("tricks", lambda v, w: _parse_tricks(reader, v, w))
    else:
        reader.bad("missing_field", _("Give each player's tricks (or each player's points)."), "tricks")
    reader.done()
    return Play(trump, tricks, points)


def _parse_tricks(reader: EntryReader, value: Any, where: str) -> tuple[Trick, ...] | None:
    if not isinstance(value, list):
        reader.bad("bad_type", _("Expected a list of tricks, each a list of cards."), where)
        return None
    tricks: list[Trick] = []
    for index, trick in enumerate(value):
        spot = f"{where}[{index}]"
        if not isinstance(trick, list):
            reader.bad("bad_type", _("Expected a trick: a list of cards."), spot)
            continue
        # reader.card records bad_card (with the field) and answers None; done() then refuses.
        tricks.append(tuple(reader.card(text, f"{spot}[{k}]") for k, text in enumerate(trick)))  # type: ignore[misc]
    return tuple(tricks)


def dump_entry(entry: Entry) -> dict[str, Any]:
    """The canonical JSON of an entry: what the database stores and the API writes."""
    if isinstance(entry, Penalty):
        return dump_penalty(entry)
    trump = entry.trump.value if entry.trump is not None else None
    if entry.points is not None:
        out: dict[str, Any] = {"type": "play", "points": list(entry.points)}
        if trump is not None:
            out["trump"] = trump
        return out
    return {"type": "play", "trump": trump,
            "tricks": [[[card.code for card in trick] for trick in seat] for seat in entry.tricks or ()]}
