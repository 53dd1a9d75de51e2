"""Тысяча's state between deals: totals, bolts, the barrel, redeals, the golden round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from referee.games.thousand.rules import Options, dump_options, parse_options


@dataclass(frozen=True, slots=True)
class PlayerState:
    bolts: int = 0
    on_barrel: bool = False
    barrel_deals_left: int | None = None
    barrels_used: int = 0
    write_offs: int = 0


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    totals: tuple[int, ...]
    players: tuple[PlayerState, ...]
    dealer: int
    redeals: int = 0  # redeals in a row by this dealer
    must_play: bool = False  # the redeal_limit-th redeal was cancelled: the deal is played as dealt
    golden_circle: int = 0  # 0: no golden round (any more); else the circle being played
    golden_played: int = 0  # golden deals played in this circle
    golden_made: bool = False  # somebody made his golden deal in this circle
    winner: int | None = None

    @property
    def seats(self) -> int:
        return len(self.totals)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def on_the_hundred(self) -> int:
        """The player left of the dealer: he is "on the 100" and the only one who may play dark."""
        return (self.dealer + 1) % self.seats

    def sits_out(self, seat: int) -> bool:
        # Seed 001: "При игре вчетвером сдающий всегда будет отдыхать."
        return seat == self.dealer and self.seats == 4  # the dealer first: asked of every seat of every deal

    @property
    def anyone_on_barrel(self) -> bool:
        return any(p.on_barrel for p in self.players)

    def obligatory_declarer(self) -> int | None:
        """Seed 001, "Обязаловка": on the last deal of his third barrel the talon goes to him."""
        opts = self.options
        if not (opts.barrel and opts.barrel_obligatory):
            return None
        for seat, player in enumerate(self.players):
            if (player.on_barrel and player.barrel_deals_left == 1
                    and player.barrels_used % opts.barrels_to_zero == opts.barrels_to_zero - 1
                    and not self.sits_out(seat)):
                return seat
        return None


def initial_state(options: Options, seats: int, first_dealer: int) -> State:
    return State(options=options, totals=(0,) * seats, players=(PlayerState(),) * seats,
                 dealer=first_dealer, golden_circle=1 if options.golden_round else 0)


def dump_state(state: State) -> dict[str, Any]:
    """The state as JSON; ``load_state`` reads it back."""
    return {
        "players": [{"bolts": p.bolts, "on_barrel": p.on_barrel, "barrel_deals_left": p.barrel_deals_left,
                     "barrels_used": p.barrels_used, "write_offs": p.write_offs} for p in state.players],
        "dealer": state.dealer,
        "on_the_hundred": state.on_the_hundred,
        "sitting_out": state.dealer if state.seats == 4 else None,
        "redeals": state.redeals,
        "must_play": state.must_play,
        "golden_circle": state.golden_circle or None,
        "obligatory_declarer": state.obligatory_declarer(),
        "settlement": settlement(state),
        "golden_played": state.golden_played,
        "golden_made": state.golden_made,
        "totals": list(state.totals),
        "winner": state.winner,
        "options": dump_options(state.options),
    }


def load_state(data: Mapping[str, Any]) -> State:
    """The state ``dump_state`` wrote (``on_the_hundred``, ``sitting_out``, ``obligatory_declarer``
    and ``settlement`` are derived, not read back)."""
    return State(options=parse_options(data["options"]), totals=tuple(data["totals"]),
                 players=tuple(PlayerState(**player) for player in data["players"]), dealer=data["dealer"],
                 redeals=data["redeals"], must_play=data["must_play"], golden_circle=data["golden_circle"] or 0,
                 golden_played=data["golden_played"], golden_made=data["golden_made"], winner=data["winner"])


def settlement(state: State) -> list[dict[str, Any]] | None:
    """Seed 001, "Конец": "оставшиеся участники выплачивают ему сумму, которую недобрали до тысячи"
    — each loser owes the winner the target minus his total, times ``stake_per_point``."""
    if state.winner is None:
        return None
    target = state.options.target
    stake = state.options.stake_per_point
    rows = []
    for seat, total in enumerate(state.totals):
        if seat == state.winner:
            continue
        points = target - total
        row: dict[str, Any] = {"from": seat, "to": state.winner, "points": points}
        if stake is not None:
            row["money"] = format((Decimal(str(stake)) * points).normalize(), "f")
        rows.append(row)
    return rows
