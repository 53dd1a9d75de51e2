"""The working copy of one entry being scored: every game's ``apply`` fills one and freezes it.

A ``Deal`` holds the totals as they change, the marks on each seat's cell and the explanation's
lines, and in a pot game the pot; a game with more to carry (1000's barrel, Терц's mountain)
extends it with its own fields. ``outcome`` turns it into the row's ``Outcome``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from referee.ledger import Line, Outcome
from referee.penalty import Penalty, penalty_line


class _HasTotals(Protocol):
    """What a working copy reads of a game's state: the totals the entry starts from."""

    @property
    def totals(self) -> Sequence[int]: ...


S = TypeVar("S", bound=_HasTotals)


@dataclass
class Deal(Generic[S]):
    """A working copy while one entry is scored; frozen again into the game's state at the end."""

    state: S  # the state the entry is scored in: the game's ``State``
    totals: list[int]
    marks: list[list[str]]
    lines: list[Line]
    pot: int = 0  # what lies in the pot (Tong Its, Храп); 0 in the other games

    @classmethod
    def start(cls, state: Any, **more: Any) -> Any:
        """The working copy of *state*: its totals and its pot, no marks, no lines yet."""
        seats = len(state.totals)
        return cls(state, list(state.totals), [[] for _ in range(seats)], [], getattr(state, "pot", 0), **more)

    def say(self, text: str, **params: Any) -> None:
        self.lines.append(Line(text, params))  # what line() makes, its params not packed twice

    def mark(self, seat: int, what: str) -> None:
        if what not in self.marks[seat]:
            self.marks[seat].append(what)

    def penalty(self, entry: Penalty) -> None:
        """The generic penalty's mark and line; moving its points is the game's own rule."""
        self.mark(entry.player, "penalty")
        self.lines.append(penalty_line(entry))

    def pay_in(self, seat: int, amount: int) -> None:
        """*seat* puts *amount* into the pot."""
        self.totals[seat] -= amount
        self.pot += amount

    def take_out(self, seat: int, amount: int) -> None:
        """*seat* takes *amount* out of the pot."""
        self.totals[seat] += amount
        self.pot -= amount

    def outcome(self, totals: tuple[int, ...], result: dict[str, Any]) -> Outcome:
        """The row: the change from the state's totals to *totals*, the marks, the lines, *result*."""
        before = self.state.totals
        deltas = tuple(after - old for after, old in zip(totals, before, strict=True))
        return Outcome(deltas, tuple(tuple(m) for m in self.marks), tuple(self.lines), result)
