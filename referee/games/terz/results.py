"""Терц's row results (``Outcome.result``), one frozen dataclass per kind, written as JSON by
``referee.results.dump``. Every row carries the mountain after it, so that the sheet can show it
beside each total."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PlayResult:
    points: tuple[int, ...]  # card points, the last trick included
    declarations: tuple[dict[str, Any], ...]  # in the order announced, each as ``Declared.json()``
    declared: tuple[int, ...]  # what each seat's declarations scored
    best_player: int | None  # who holds the best combination (None: only marriages, or none)
    decided_by: str | None  # the comparison step that decided ("value" … "first"), None: uncontested
    mountain: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ForfeitResult:
    player: int  # who loses the match
    reason: str  # "out_of_turn" | "extra_card"
    mountain: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FalseDeclarationResult:
    player: int
    points: int  # up his mountain
    mountain: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WrongRecordingResult:
    player: int
    points: int  # struck off him and added to the other player
    mountain: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PenaltyResult:
    player: int
    points: int
    reason: str
    mountain: tuple[int, ...]


RESULTS: dict[str, tuple[type, ...]] = {
    "play": (PlayResult,), "false_declaration": (FalseDeclarationResult,),
    "wrong_recording": (WrongRecordingResult,), "forfeit": (ForfeitResult,), "penalty": (PenaltyResult,),
}
