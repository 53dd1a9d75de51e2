"""Small builders for 1000 entries and replays, shared by the thousand test modules.

Entries go through ``thousand.parse_entry`` (the API's JSON shape, API.md "Entries, thousand"),
so the tests exercise the parser too. Marriages are given as ``{seat: "HS"}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.games import thousand
from referee.ledger import Sheet, replay


def play(declarer: int = 0, bid: int = 100, contract: int | None = None,
         points: Sequence[int | None] = (100, 12, 8), marriages: Mapping[int, str] | None = None, *,
         tricks: Sequence[int | None] | None = None, dark: bool = False,
         held: Mapping[int, str] | None = None, talon_points: int | None = None,
         talon_marriage: str | None = None) -> thousand.Entry:
    seats = len(points)
    raw: dict[str, Any] = {"type": "play", "declarer": declarer, "bid": bid, "points": list(points)}
    if contract is not None:
        raw["contract"] = contract
    if marriages:
        raw["marriages"] = [list(marriages.get(s, "")) for s in range(seats)]
    if tricks is not None:
        raw["tricks"] = list(tricks)
    if dark:
        raw["dark"] = True
    if held:
        raw["marriages_held"] = [list(held.get(s, "")) for s in range(seats)]
    if talon_points is not None:
        raw["talon_points"] = talon_points
    if talon_marriage is not None:
        raw["talon_marriage"] = talon_marriage
    return thousand.parse_entry(raw, seats)


def write_off(declarer: int = 0, bid: int = 100, contract: int | None = None, *, held: str = "",
              seats: int = 3) -> thousand.Entry:
    raw: dict[str, Any] = {"type": "write_off", "declarer": declarer, "bid": bid}
    if contract is not None:
        raw["contract"] = contract
    if held:
        raw["marriages_held"] = list(held)
    return thousand.parse_entry(raw, seats)


def redeal(reason: str = "other", seats: int = 3) -> thousand.Entry:
    return thousand.parse_entry({"type": "redeal", "reason": reason}, seats)


def penalty(player: int, points: int, reason: str = "", seats: int = 3) -> thousand.Entry:
    return thousand.parse_entry({"type": "penalty", "player": player, "points": points, "reason": reason},
                                seats)


def options(**overrides: Any) -> thousand.Options:
    return thousand.parse_options(overrides or None)


def sheet(entries: Sequence[thousand.Entry], *, seats: int = 3, first_dealer: int = 0,
          **overrides: Any) -> Sheet:
    """The replay of *entries* numbered 1, 2, … with the default options and *overrides*."""
    return replay(thousand, options(**overrides), seats, first_dealer, list(enumerate(entries, 1)))


def run(entries: Sequence[thousand.Entry], **kwargs: Any) -> Sheet:
    """Like ``sheet`` but every entry must be accepted (warnings allowed)."""
    result = sheet(entries, **kwargs)
    assert [(v.deal, v.code) for v in result.errors] == []
    assert len(result.rows) == len(entries)
    return result


def state_after(entries: Sequence[thousand.Entry], **kwargs: Any) -> thousand.State:
    return run(entries, **kwargs).state


def players(result: Sheet) -> list[dict[str, Any]]:
    return thousand.dump_state(result.state)["players"]


def codes(entry: thousand.Entry, before: Sequence[thousand.Entry] = (), *, seats: int = 3,
          first_dealer: int = 0, **overrides: Any) -> list[str]:
    """The violation codes ``validate`` finds for *entry* after the accepted entries *before*."""
    state = state_after(before, seats=seats, first_dealer=first_dealer, **overrides)
    return [v.code for v in thousand.validate(state, entry)]
