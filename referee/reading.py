"""Reading raw JSON-like input (entries, options) into frozen values, refusing every bad field.

Shared by the game modules so that "missing", "wrong type", "unknown field" and "absurd number"
answer the same way, with the same stable codes, in every game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TypeVar

from referee.cards import Card, CardParseError, Joker, Suit, parse_card, parse_suit
from referee.ledger import Rejected, Violation, _, error

T = TypeVar("T")
MISSING = object()
BIG = 100_000  # no score, stake or bid on any table comes near this: larger is a typo


def option(default: Any, label: str, *, choices: tuple[Any, ...] | None = None,
           low: int | None = None, high: int | None = None, nullable: bool = False,
           kind: str | None = None) -> Any:
    """A house-rule option: a dataclass field carrying what the form and the parser need."""
    if kind is None:
        kind = "bool" if isinstance(default, bool) else "int" if isinstance(default, int) else "choice"
        if default is None:
            kind = "int"
    meta = {"label": label, "choices": choices, "low": low, "high": high, "nullable": nullable,
            "kind": kind}
    return dataclasses.field(default=default, metadata=meta)


def option_fields(options_cls: type) -> list[dataclasses.Field]:
    return list(dataclasses.fields(options_cls))


def parse_options(options_cls: type[T], presets: Mapping[str, T], default_preset: str,
                  raw: Mapping[str, Any] | None, preset: str | None) -> T:
    """Apply *raw* overrides to the named preset. :raises Rejected: unknown or bad options."""
    problems: list[Violation] = []
    name = default_preset if preset is None else preset
    if not isinstance(name, str) or name not in presets:
        raise Rejected([error("unknown_preset", _("There is no preset called “%(preset)s”."), "preset",
                              preset=str(name))])
    base = presets[name]
    if raw is None:
        return base
    if not isinstance(raw, Mapping):
        raise Rejected([error("bad_type", _("Options must be an object."), "options")])
    by_name = {f.name: f for f in option_fields(options_cls)}
    changes: dict[str, Any] = {}
    for key, value in raw.items():
        where = f"options.{key}"
        spec = by_name.get(key)
        if spec is None:
            problems.append(error("unknown_option", _("There is no option called “%(option)s”."), where,
                                  option=str(key)))
            continue
        try:
            changes[key] = read_option(spec, value)
        except ValueError as exc:
            problems.append(error("bad_option_value", _("“%(value)s” is not a valid value for %(option)s."),
                                  where, value=_short(value), option=key, detail=str(exc)))
    if problems:
        raise Rejected(problems)
    return dataclasses.replace(base, **changes)


def read_option(spec: dataclasses.Field, value: Any) -> Any:
    """One option value, checked against its field's metadata. :raises ValueError:"""
    meta = spec.metadata
    if value is None:
        if meta["nullable"]:
            return None
        raise ValueError("may not be null")
    kind = meta["kind"]
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError("expected true or false")
        return value
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("expected a whole number")
        if meta["choices"] and value not in meta["choices"]:
            raise ValueError("not one of the allowed values")
        low, high = meta["low"], meta["high"]
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError("out of range")
        return value
    if kind == "money":
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError("expected a number")
        try:
            number = float(value)
        except ValueError:
            raise ValueError("expected a number") from None
        if not (0 < number < 1_000_000):
            raise ValueError("out of range")
        return str(value) if isinstance(value, str) else value
    if kind == "choice":
        if value not in meta["choices"]:
            raise ValueError("not one of the allowed values")
        return value
    if kind == "suit_values":
        if not isinstance(value, Mapping):
            raise ValueError("expected an object of suit: points")
        read: dict[str, int] = {}
        for suit_text, points in value.items():
            try:
                suit = parse_suit(suit_text)
            except CardParseError:
                raise ValueError(f"not a suit: {suit_text}") from None
            if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 1000:
                raise ValueError("marriage values are whole numbers from 0 to 1000")
            read[suit.value] = points
        if sorted(read) != sorted(s.value for s in Suit):
            raise ValueError("give a value for each of the four suits")
        return tuple(sorted(read.items(), key=lambda kv: "HDCS".index(kv[0])))
    raise ValueError(f"unknown option kind {kind}")  # pragma: no cover - a programming error


def dump_options(options: Any) -> dict[str, Any]:
    """Every option, resolved, as JSON."""
    out: dict[str, Any] = {}
    for spec in option_fields(type(options)):
        value = getattr(options, spec.name)
        if spec.metadata["kind"] == "suit_values":
            value = dict(value)
        out[spec.name] = value
    return out


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


class EntryReader:
    """Reads one raw entry, collecting a violation per bad field instead of stopping at the first.

    Call ``done()`` at the end: it raises ``Rejected`` with everything found.
    """

    def __init__(self, raw: Any, seats: int, allowed: set[str]):
        self.seats = seats
        self.problems: list[Violation] = []
        if not isinstance(raw, Mapping):
            self.raw: Mapping[str, Any] = {}
            self.problems.append(error("bad_type", _("An entry must be an object."), "entry"))
            return
        self.raw = raw
        for key in raw:
            if key not in allowed:
                self.problems.append(error("unknown_field", _("Unknown field “%(name)s”."), str(key),
                                           name=str(key)))

    def has(self, name: str) -> bool:
        return name in self.raw and self.raw[name] is not None

    def _get(self, name: str, required: bool) -> Any:
        if name not in self.raw or (self.raw[name] is None and required):
            if required:
                self.problems.append(error("missing_field", _("This field is required."), name))
            return MISSING
        return self.raw[name]

    def bad(self, code: str, message: str, where: str, **params: Any) -> None:
        self.problems.append(error(code, message, where, **params))

    def integer(self, name: str, *, required: bool = True, default: Any = None,
                low: int = -BIG, high: int = BIG) -> Any:
        value = self._get(name, required)
        if value is MISSING or value is None:
            return default
        return self.check_int(value, name, low, high, default)

    def check_int(self, value: Any, where: str, low: int = -BIG, high: int = BIG, default: Any = None) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            self.bad("bad_type", _("Expected a whole number."), where)
            return default
        if not low <= value <= high:
            self.bad("out_of_range", _("%(value)s is out of range (%(low)s to %(high)s)."), where,
                     value=value, low=low, high=high)
            return default
        return value

    def boolean(self, name: str, default: bool = False) -> bool:
        value = self._get(name, False)
        if value is MISSING or value is None:
            return default
        if not isinstance(value, bool):
            self.bad("bad_type", _("Expected true or false."), name)
            return default
        return value

    def text(self, name: str, *, required: bool = False, default: str = "", max_length: int = 200) -> str:
        value = self._get(name, required)
        if value is MISSING or value is None:
            return default
        if not isinstance(value, str):
            self.bad("bad_type", _("Expected text."), name)
            return default
        if len(value) > max_length:
            self.bad("out_of_range", _("At most %(high)s characters."), name, high=max_length, low=0,
                     value=len(value))
            return default
        return value

    def choice(self, name: str, choices: tuple[str, ...], *, required: bool = True,
               default: Any = None) -> Any:
        value = self._get(name, required)
        if value is MISSING or value is None:
            return default
        if value not in choices:
            self.bad("bad_type", _("“%(value)s” is not one of: %(choices)s."), name,
                     value=_short(value), choices=", ".join(choices))
            return default
        return value

    def seat(self, name: str, *, required: bool = True) -> Any:
        value = self._get(name, required)
        if value is MISSING or value is None:
            return None
        return self.check_seat(value, name)

    def check_seat(self, value: Any, where: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            self.bad("bad_type", _("Expected a seat number."), where)
            return None
        if not 0 <= value < self.seats:
            self.bad("bad_seat", _("There is no seat %(seat)s at this table (seats 0 to %(last)s)."), where,
                     seat=value, last=self.seats - 1)
            return None
        return value

    def per_seat(self, name: str, item: Callable[[Any, str], Any], *, required: bool = True,
                 allow_null: bool = False) -> Any:
        """A list with one item per seat (``null`` allowed where *allow_null*)."""
        value = self._get(name, required)
        if value is MISSING or value is None:
            return None
        if not isinstance(value, list):
            self.bad("bad_type", _("Expected a list with one item per player."), name)
            return None
        if len(value) != self.seats:
            self.bad("bad_type", _("Expected %(seats)s items, one per player, not %(count)s."), name,
                     seats=self.seats, count=len(value))
            return None
        out = []
        for index, raw in enumerate(value):
            where = f"{name}[{index}]"
            if raw is None:
                if not allow_null:
                    self.bad("bad_type", _("A value is needed for every player."), where)
                out.append(None)
            else:
                out.append(item(raw, where))
        return tuple(out)

    def suit(self, value: Any, where: str) -> Suit | None:
        try:
            return parse_suit(value)
        except CardParseError:
            self.bad("bad_card", _("“%(value)s” is not a suit (S, H, D or C)."), where, value=_short(value))
            return None

    def card(self, value: Any, where: str) -> Card | Joker | None:
        try:
            return parse_card(value)
        except CardParseError:
            self.bad("bad_card", _("“%(value)s” is not a card."), where, value=_short(value))
            return None

    def done(self) -> None:
        if self.problems:
            raise Rejected(self.problems)


def read_penalty(raw: Mapping[str, Any], seats: int, *, low: int = -10_000,
                 high: int = 10_000) -> tuple[int, int, str]:
    """The generic penalty every game accepts (RULES.md): ``player``, ``points``, ``reason``.

    :raises Rejected: every field of the wrong shape.
    """
    reader = EntryReader(raw, seats, {"type", "player", "points", "reason"})
    player = reader.seat("player")
    points = reader.integer("points", low=low, high=high)
    reason = reader.text("reason")
    reader.done()
    return player, points, reason


def refuse_entry_type(raw: Any, seats: int, entry_types: tuple[str, ...]) -> NoReturn:
    """Refuse an entry whose ``type`` is missing or not one of the game's. :raises Rejected: always."""
    reader = EntryReader(raw, seats, set(raw) if isinstance(raw, Mapping) else set())
    if isinstance(raw, Mapping):
        if "type" not in raw:
            reader.bad("missing_field", _("This field is required."), "type")
        else:
            reader.bad("bad_type", _("“%(value)s” is not one of: %(choices)s."), "type",
                       value=_short(raw["type"]), choices=", ".join(entry_types))
    reader.done()
    raise Rejected(reader.problems)  # pragma: no cover - done() raised: an entry is never empty of problems
