"""Tong Its' row results (``Outcome.result``), one frozen dataclass per kind, written as JSON by
``referee.results.dump``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from referee.results import renamed


@dataclass(frozen=True, slots=True)
class Streak:
    """Who won the last hands in a row, and how many (``{"player": null, "wins": 0}``: nobody)."""

    player: int | None
    wins: int


@dataclass(frozen=True, slots=True)
class Payment:
    """What one loser pays the winner, item by item ("win" or "tongit" or "draw", "aces", "fours",
    "burned", and "fold" after a draw)."""

    payer: int = field(metadata=renamed("from"))
    payee: int = field(metadata=renamed("to"))
    chips: int
    items: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class HandResult:
    """A hand, told card by card (``play``) or in counts (``result``): scored alike."""

    ending: str  # "stock_out" | "tongit" | "draw"
    winner: int | None  # None: a stock-out where every player is burned
    reason: str  # why he wins: "tongit", or draw_fight's or stock_out_winner's reason
    burned: tuple[int, ...]
    counts: tuple[int | None, ...]  # each seat's count of unmelded cards (None: a quick tongit's loser untold)
    folded: tuple[int, ...]  # who folded a fought draw
    payments: tuple[Payment, ...]
    pot_taken: int  # what the winner took out of the pot (his streak), else 0
    pot: int  # what lies in the pot after the hand
    streak: Streak  # after the hand


@dataclass(frozen=True, slots=True)
class PenaltyResult:
    player: int
    points: int
    reason: str
    pot: int  # what lies in the pot after it


RESULTS: dict[str, tuple[type, ...]] = {"play": (HandResult,), "result": (HandResult,), "penalty": (PenaltyResult,)}
