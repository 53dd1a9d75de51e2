"""Тысяча's row results (``Outcome.result``), one frozen dataclass per kind, written as JSON by
``referee.results.dump``. Every row says what each seat scored in the deal, who mounted the
barrel, and the deal's events on the barrel and the sheet, in the order they happened."""

from __future__ import annotations

from dataclasses import dataclass

# What happens to a seat on the sheet, as the referee decides it (scoring.py):
# "barrel_mount" — he reaches the barrel and sits on it (seed 001: "условно бочка равна 880 очков");
# "barrel_fall" — he falls off it: a failed contract, his deals used, a bolt, a write-off, another
#   player mounting (the barrel counts as used);
# "samosval" — his total is 555 (or −555, ``samosval_negative``) and drops to 0.
EVENT_KINDS = ("barrel_mount", "barrel_fall", "samosval")


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # one of EVENT_KINDS
    seat: int


@dataclass(frozen=True, slots=True)
class PlayResult:
    scores: tuple[int | None, ...]  # each seat's score for the deal (None: not scored)
    declarer: int
    bid: int
    contract: int
    doubled: bool  # a dark or golden deal
    marriages: tuple[tuple[str, ...], ...]  # the marriages each seat declared ("A": the four aces)
    made: bool  # the declarer made his contract
    mounted: tuple[int, ...]  # who mounted the barrel in this deal (the same as the mount events)
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class WriteOffResult:
    scores: tuple[int | None, ...]
    declarer: int
    bid: int
    contract: int
    mounted: tuple[int, ...]
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class RowResult:
    """A redeal or a penalty: no contract, but the barrel and the samosval still apply."""

    scores: tuple[int | None, ...]
    mounted: tuple[int, ...]
    events: tuple[Event, ...]


RESULTS: dict[str, tuple[type, ...]] = {
    "play": (PlayResult,), "write_off": (WriteOffResult,), "redeal": (RowResult,), "penalty": (RowResult,),
}
