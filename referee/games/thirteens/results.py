"""По тринадцати's row results (``Outcome.result``), one frozen dataclass per kind, written as
JSON by ``referee.results.dump``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PlayResult:
    """A deal told trick by trick."""

    trump: str | None  # "S" "H" "D" "C"; None: a joker was turned, no trumps
    scores: tuple[int, ...]  # what each seat scored in the deal
    tricks: tuple[tuple[dict[str, Any], ...], ...]  # per seat, each trick as ``TrickScore.json()``
    no_trick: tuple[int, ...]  # the seats that took no trick


@dataclass(frozen=True, slots=True)
class CountedResult:
    """A deal counted by hand at the table: each seat's points, no cards."""

    trump: str | None  # as given, or None
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PenaltyResult:
    player: int
    points: int
    reason: str


RESULTS: dict[str, tuple[type, ...]] = {"play": (PlayResult, CountedResult), "penalty": (PenaltyResult,)}
