"""Reading raw JSON-like input (entries, options) into frozen values, refusing every bad field.

Shared by the game modules so that "missing", "wrong type", "unknown field" and "absurd number"
answer the same way, with the same stable codes, in every game.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from referee.cards import Card, CardParseError, Deck, Joker, Suit, parse_card, parse_suit
from referee.ledger import Rejected, Violation, _, error

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")  # a game's frozen Options
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


def option_fields(options_cls: type) -> list[dataclasses.Field[Any]]:
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


def read_option(spec: dataclasses.Field[Any], value: Any) -> Any:
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


def no_option_conflicts(options: Any, seats: int) -> list[Violation]:
    """``check_options`` of a game none of whose options can contradict another or the table."""
    return []


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
    text = printable(str(value))
    return text if len(text) <= 40 else text[:37] + "..."


def printable(text: str) -> str:
    """*text* safe to quote in a message: a lone surrogate (JSON's ``"\\ud83d"`` read alone) cannot
    be written as UTF-8, so it is shown as U+FFFD instead of breaking the answer."""
    return "".join("\ufffd" if 0xD800 <= ord(char) <= 0xDFFF else char for char in text)


# ---------------------------------------------------------------- free text

TEXT_MAX = 200  # a penalty's reason: one line of the sheet's explanation
# RULES.md: "a text field holding a lone surrogate, a NUL or a control/bidi character is `bad_text`".
# Bidi: the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and the marks
# U+200E, U+200F and U+061C — each can make a name or a reason read otherwise than it was typed.
BIDI = frozenset([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C])
# Zero-width: space, non-joiner, joiner, word joiner, and U+FEFF (a byte order mark inside text).
ZERO_WIDTH = frozenset([0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF])
ZWJ = 0x200D
# Where emoji live, for the one zero-width character allowed: the joiner inside an emoji sequence
# (👨‍👩‍👧, 🏳️‍🌈, 🏃‍♀️). Misc technical, symbols and dingbats (♀ ❤), arrows and stars (⭐), and the
# emoji planes; U+FE0F, the emoji presentation selector, stands on the left of many joiners.
PICTOGRAPHS = ((0x2300, 0x23FF), (0x2600, 0x27BF), (0x2B00, 0x2BFF), (0x1F000, 0x1FAFF))
TEXT_PROBLEMS = {
    "too_long": _("At most %(high)s characters."),
    "surrogate": _("This text holds half of a character (a lone surrogate): type it again."),
    "control": _("This text holds a control character (a tab, a line break, NUL…): one line of plain text."),
    "bidi": _("This text holds a hidden direction mark, which can make it read otherwise than it was typed."),
    "invisible": _("This text holds an invisible zero-width character."),
}


def text_problem(text: str, max_length: int = TEXT_MAX) -> str | None:
    """Why *text* may not stand in a free-text field — ``"too_long"`` (over *max_length*
    characters), ``"surrogate"`` (U+D800–U+DFFF: a lone half of a pair), ``"control"`` (Unicode
    category Cc: NUL, tab, line breaks, DEL, C1), ``"bidi"`` (``BIDI``), ``"invisible"``
    (``ZERO_WIDTH``, but for a joiner between two emoji) — or None when it may. The first problem
    from the left is named. Names and client ids on the Django side follow the same rule."""
    if len(text) > max_length:
        return "too_long"
    for index, char in enumerate(text):
        point = ord(char)
        if 0xD800 <= point <= 0xDFFF:
            return "surrogate"
        if unicodedata.category(char) == "Cc":
            return "control"
        if point in BIDI:
            return "bidi"
        if point in ZERO_WIDTH and not (point == ZWJ and _joins_emoji(text, index)):
            return "invisible"
    return None


def text_violation(problem: str, where: str | None, max_length: int = TEXT_MAX) -> Violation:
    """``bad_text`` for a *problem* that ``text_problem`` named."""
    return error("bad_text", TEXT_PROBLEMS[problem], where, high=max_length, problem=problem)


def _joins_emoji(text: str, index: int) -> bool:
    """Is the joiner at *index* inside an emoji sequence: an emoji (or U+FE0F) on its left, an
    emoji on its right?"""
    if not 0 < index < len(text) - 1:
        return False
    left, right = ord(text[index - 1]), ord(text[index + 1])
    return (left == 0xFE0F or _pictograph(left)) and _pictograph(right)


def _pictograph(point: int) -> bool:
    return any(low <= point <= high for low, high in PICTOGRAPHS)


# ---------------------------------------------------------------- cards of a game's deck

TWICE = _("%(card)s is listed twice.")


def deck_card(text: Any, deck: Deck) -> Card | Joker | Violation:
    """A card of *deck*, in any spelling API.md accepts (or already read), or a ``bad_card``
    violation without a field."""
    if isinstance(text, (Card, Joker)):
        card = text
    else:
        try:
            card = parse_card(text)
        except CardParseError:
            return error("bad_card", _("“%(value)s” is not a card."), None, value=printable(str(text)[:40]))
    if not deck.holds(card):
        return error("bad_card", deck.outside, None, card=card.code)
    return card


def read_card(text: Any, deck: Deck, where: str, seen: dict[Card | Joker, str],
              found: list[Violation]) -> Card | Joker | None:
    """One card of *deck* not *seen* yet (then added to *seen*, with *where*), else None and its
    violation, at *where*, added to *found* (``bad_card``, ``card_twice``)."""
    card = deck_card(text, deck)
    if isinstance(card, Violation):
        found.append(dataclasses.replace(card, field=where))
        return None
    if card in seen:
        found.append(error("card_twice", deck.twice or TWICE, where, card=card.code, other=seen[card]))
        return None
    seen[card] = where
    return card


def collect_cards(cards: Any, deck: Deck, where: str, found: list[Violation]) -> tuple[Any, ...] | None:
    """A list of cards of *deck*, each once, at ``where[index]``: the cards, or None with every
    problem added to *found* (``bad_type`` for no list, ``bad_card``, ``card_twice``)."""
    if not isinstance(cards, (list, tuple)):
        found.append(error("bad_type", _("Expected a list of cards."), where))
        return None
    seen: dict[Card | Joker, str] = {}
    before = len(found)
    for index, text in enumerate(cards):
        read_card(text, deck, f"{where}[{index}]", seen, found)
    return tuple(seen) if len(found) == before else None


def read_cards(cards: Any, deck: Deck, where: str = "cards") -> tuple[Any, ...]:
    """``collect_cards``, refusing. :raises Rejected: every problem."""
    found: list[Violation] = []
    read = collect_cards(cards, deck, where, found)
    if read is None:
        raise Rejected(found)
    return read


def read_suit(text: Any, where: str, found: list[Violation]) -> Suit | None:
    """A suit in any spelling (or already read), else None and ``bad_card`` added to *found*."""
    if isinstance(text, Suit):
        return text
    try:
        return parse_suit(text)
    except CardParseError:
        found.append(error("bad_card", _("“%(value)s” is not a suit (S, H, D or C)."), where,
                           value=printable(str(text)[:40])))
        return None


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

    def check_share(self, value: Any, where: str, high: int, code: str, message: str) -> Any:
        """One seat's share of a deal's fixed whole (card points, tricks): 0 to *high*. A whole
        number outside it answers the game's own *code* (``points_total``, ``tricks_total``), with
        *message* filled from ``value`` and ``high``: RULES.md, "not a generic code" — the client
        hears the rule the sum breaks, as for a sum that is off. Not a whole number: ``bad_type``."""
        if type(value) is int and 0 <= value <= high:  # as nearly always: read once, not checked twice
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            self.bad(code, message, where, value=value, high=high)
            return None
        return self.check_int(value, where, 0, high)

    def boolean(self, name: str, default: bool = False) -> bool:
        value = self._get(name, False)
        if value is MISSING or value is None:
            return default
        if not isinstance(value, bool):
            self.bad("bad_type", _("Expected true or false."), name)
            return default
        return value

    def text(self, name: str, *, required: bool = False, default: str = "", max_length: int = TEXT_MAX) -> str:
        """Free text, refused as ``bad_text`` where ``text_problem`` finds one."""
        value = self._get(name, required)
        if value is MISSING or value is None:
            return default
        if not isinstance(value, str):
            self.bad("bad_type", _("Expected text."), name)
            return default
        problem = text_problem(value, max_length)
        if problem is not None:
            self.problems.append(text_violation(problem, name, max_length))
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
        out: list[Any] = []
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
