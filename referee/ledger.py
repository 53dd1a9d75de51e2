"""The contract every game module keeps, and the replay that folds entries into a scoresheet.

A game is a module of functions over frozen values (see ``Game``). ``validate`` finds every
problem with an entry at a point of the match; ``apply`` scores an entry it accepted, purely.
The scoresheet is never stored as the truth: it is ``replay`` of the counted entries.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from referee.cards import Suit


def _(text: str) -> str:
    """Mark an English template for translation. The translating happens at the edge (Django)."""
    return text


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat index inside message or explanation params: the edge writes the player's name."""

    index: int


@dataclass(frozen=True, slots=True)
class Violation:
    """One problem with an entry or an option: API.md's fields, plus the deal it belongs to."""

    code: str
    message: str  # English template marked with _(), filled from params at the edge
    field: str | None = None
    severity: Severity = Severity.ERROR
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    deal: int | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


def warning(code: str, message: str, field_name: str | None = None, **params: Any) -> Violation:
    return Violation(code, message, field_name, Severity.WARNING, params)


def error(code: str, message: str, field_name: str | None = None, **params: Any) -> Violation:
    return Violation(code, message, field_name, Severity.ERROR, params)


class Rejected(Exception):
    """An entry, an option set or a write refused; carries every violation found."""

    def __init__(self, violations: Sequence[Violation]):
        super().__init__("; ".join(f"{v.code} ({v.field})" for v in violations))
        self.violations = list(violations)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a deal's explanation: an English template and its params (Seat, Suit, int, str)."""

    text: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def english(self, names: Sequence[str] | None = None) -> str:
        """The line in English, seats as names (or "seat N"): for logs, tests and reprs."""
        return self.text % {k: plain(v, names) for k, v in self.params.items()}


def line(text: str, **params: Any) -> Line:
    return Line(text, params)


def plain(value: Any, names: Sequence[str] | None = None) -> Any:
    """A param as plain text: a seat as its name, a suit as its symbol."""
    if isinstance(value, Seat):
        return names[value.index] if names else f"seat {value.index}"
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Line):
        return value.english(names)
    return value


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one entry did: the change of every total, the marks on the sheet, and why."""

    deltas: tuple[int, ...]
    marks: tuple[tuple[str, ...], ...]
    lines: tuple[Line, ...]
    result: Mapping[str, Any] = dataclasses.field(default_factory=dict)  # game-specific, JSON-ready


@dataclass(frozen=True, slots=True)
class Row:
    number: int
    dealer: int
    kind: str  # the entry's type: "play", "redeal", "penalty", ...
    outcome: Outcome
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    rows: tuple[Row, ...]
    state: Any
    violations: tuple[Violation, ...]

    @property
    def errors(self) -> list[Violation]:
        return [v for v in self.violations if v.is_error]


class GameState(Protocol):
    totals: tuple[int, ...]
    dealer: int
    winner: int | None

    @property
    def finished(self) -> bool: ...


class Game(Protocol):
    """What a game module exports (a module satisfies it; no classes to inherit)."""

    # Read-only (properties), so a module's own narrower constants satisfy them: a dict of its
    # Options, a tuple of so many names.
    @property
    def NAME(self) -> str: ...
    @property
    def Options(self) -> type: ...  # its frozen options: a dataclass of ``referee.reading.option`` fields
    @property
    def SEATS(self) -> range: ...
    @property
    def PRESETS(self) -> Mapping[str, Any]: ...
    @property
    def DEFAULT_PRESET(self) -> str: ...
    @property
    def PRESET_NOTES(self) -> Mapping[str, str]: ...  # a line under a preset, English marked with _(); empty where none
    @property
    def ENTRY_TYPES(self) -> tuple[str, ...]: ...
    # Bumped by hand whenever a stored deal would score otherwise (a cached sheet made under another
    # version is replayed); a comment or a refactoring leaves it alone.
    @property
    def RULES_VERSION(self) -> int: ...
    # The shapes of ``Outcome.result``: for each entry type, the frozen dataclasses (``referee.results``)
    # a row of that type may hold, written as JSON by ``referee.results.dump``.
    @property
    def RESULTS(self) -> Mapping[str, tuple[type, ...]]: ...

    def parse_options(self, raw: Mapping[str, Any] | None, preset: str | None = None) -> Any: ...
    def dump_options(self, options: Any) -> dict[str, Any]: ...
    def check_options(self, options: Any, seats: int) -> list[Violation]: ...
    def parse_entry(self, raw: Any, seats: int) -> Any: ...
    def dump_entry(self, entry: Any) -> dict[str, Any]: ...
    def initial_state(self, options: Any, seats: int, first_dealer: int) -> Any: ...
    def validate(self, state: Any, entry: Any) -> list[Violation]: ...
    def apply(self, state: Any, entry: Any) -> tuple[Any, Outcome]: ...
    def dump_state(self, state: Any) -> dict[str, Any]: ...
    def load_state(self, data: Mapping[str, Any]) -> Any: ...  # load_state(dump_state(s)) == s


def finished_violation() -> Violation:
    return error("match_finished", _("The match is over: no more deals can be entered."), None)


def replay(game: Game, options: Any, seats: int, first_dealer: int,
           deals: Sequence[tuple[int, Any]]) -> Sheet:
    """Fold the counted deals, ``(number, entry)`` in order, into a scoresheet.

    Same deals, same sheet. Stops at the first deal with an error: later deals were scored on
    top of it. Warnings are kept, each with its deal number.
    """
    return fold(game, game.initial_state(options, seats, first_dealer), deals)


def fold(game: Game, state: Any, deals: Sequence[tuple[int, Any]]) -> Sheet:
    """Fold *deals* onto *state*, the state after the deals before them, as ``replay`` does: a deal
    appended to a match scored on the state stored after its last deal gives the row and the state
    the replay of the whole match gives (``load_state(dump_state(s)) == s``)."""
    rows: list[Row] = []
    found: list[Violation] = []
    for number, entry in deals:
        if state.finished:
            found.append(dataclasses.replace(finished_violation(), deal=number))
            break
        problems = game.validate(state, entry)
        if problems:
            problems = [dataclasses.replace(v, deal=number) for v in problems]
            found += problems
            if any(v.is_error for v in problems):
                break
        dealer = state.dealer
        state, outcome = game.apply(state, entry)
        rows.append(Row(number, dealer, entry.kind, outcome, state.totals))
    return Sheet(tuple(rows), state, tuple(found))
