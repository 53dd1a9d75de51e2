"""Храп's row results (``Outcome.result``), one frozen dataclass per kind, written as JSON by
``referee.results.dump``. Every row says what went into the pot as antes and the pot before and
after it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayResult:
    stakes: tuple[int, ...]  # the antes each seat put in with this row (the pot was empty), else 0s
    pot_before: int
    khrap: int  # the khraper's seat
    dark: bool
    circle: int
    tricks: tuple[int, ...]
    pot: int  # the pot the payouts and fines are counted on (after the antes)
    at_stake: int  # the whole pot (circle 1) or half of it (circle 2)
    fifth: int | None  # what one trick is worth; None when the khraper takes all
    kept: tuple[bool, ...]  # who kept the promise
    taken: tuple[int, ...]  # paid out of the pot, per seat
    fines: tuple[int, ...]  # paid into the pot, per seat
    renonce: tuple[int, ...]  # who revoked
    pot_after: int


@dataclass(frozen=True, slots=True)
class NoKhrapResult:
    stakes: tuple[int, ...]
    pot_before: int
    circle: int  # the circle that passed with no khrap
    added: tuple[int, ...]  # what each seat added to the pot for it
    redeal: bool  # the second silent circle: the cards are dealt again
    pot_after: int


@dataclass(frozen=True, slots=True)
class RenonceResult:
    stakes: tuple[int, ...]
    pot_before: int
    player: int
    fine: int
    pot_after: int


@dataclass(frozen=True, slots=True)
class PenaltyResult:
    stakes: tuple[int, ...]
    pot_before: int
    player: int
    points: int
    reason: str
    pot_after: int


@dataclass(frozen=True, slots=True)
class CloseResult:
    stakes: tuple[int, ...]
    pot_before: int
    pot_at_close: str  # the option in force: "split" or "stays"
    shares: tuple[int, ...]  # what each seat took back out of the pot
    pot_after: int


RESULTS: dict[str, tuple[type, ...]] = {
    "play": (PlayResult,), "no_khrap": (NoKhrapResult,), "renonce": (RenonceResult,),
    "penalty": (PenaltyResult,), "close": (CloseResult,),
}
