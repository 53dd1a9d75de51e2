"""State snapshots and result shapes, for every game, over random matches of legal entries.

Every state a match passes through is written by ``dump_state`` and read back by ``load_state`` —
also through JSON, as a stored snapshot is — into the same state, and the next entry scores the
same on the state read back. Every row's result has the keys of one of the shapes its game declares
for that kind of entry (``RESULTS``), and is JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from referee import results
from referee.cards import Card, Suit
from referee.games import GAMES, khrap, terz, thirteens, thousand, tongits
from referee.games.terz import FalseDeclaration, Forfeit, WrongRecording
from referee.penalty import Penalty
from tests.referee import test_khrap, test_terz, test_thirteens, test_thousand_properties, test_tongits

# ---------------------------------------------------------------- a legal entry where the match stands, per game


def thousand_entry(draw: st.DrawFn, state: Any) -> Any:
    return draw(test_thousand_properties.an_entry(state))


def terz_entry(draw: st.DrawFn, state: Any) -> Any:
    kind = draw(st.sampled_from(["play"] * 6 + ["false_declaration", "wrong_recording", "penalty", "forfeit"]))
    player = draw(st.integers(0, 1))
    if kind == "false_declaration":
        return FalseDeclaration(player, draw(st.sampled_from(terz.DECLARATION_VALUES)))
    if kind == "wrong_recording":
        return WrongRecording(player, draw(st.integers(1, 6)) * 10)
    if kind == "penalty":
        return Penalty(player, draw(st.integers(-20, 20)) * 5, draw(st.sampled_from(["", "revoke"])))
    if kind == "forfeit":  # it ends the match
        return Forfeit(player, draw(st.sampled_from(terz.FORFEIT_REASONS)))
    trump, declarations = draw(test_terz.declared())
    first = draw(st.integers(0, 150))
    last_trick = draw(st.sampled_from([None, 0, 1]))
    return terz.Play(trump, (first, 150 - first), tuple(declarations), last_trick)


def tongits_entry(draw: st.DrawFn, state: Any) -> Any:
    kind = draw(st.sampled_from(["play", "play", "result", "penalty"]))
    if kind == "penalty":
        return Penalty(draw(st.integers(0, 2)), draw(st.integers(-5, 3)), "")  # +3 from a pot of less: refused
    if kind == "result":  # the quick entry: a stock-out told in counts
        counts = tuple(draw(st.integers(0, 60)) for _ in range(3))
        burned = tuple(draw(st.sets(st.integers(0, 2), max_size=2)))
        return tongits.Result("stock_out", counts, burned, last_draw=draw(st.integers(0, 2)))
    return draw(test_tongits.plays(state.options.runs))


def khrap_entry(draw: st.DrawFn, state: Any) -> Any:
    return draw(test_khrap.an_entry(state))


def thirteens_entry(draw: st.DrawFn, state: Any) -> Any:
    if draw(st.integers(0, 4)) == 0:
        return Penalty(draw(st.integers(0, state.seats - 1)), draw(st.integers(-10, 10)), "")
    if state.options.cards_each is None and draw(st.booleans()):
        # seed 004's deal: ⌊53 / players⌋ cards each, the next card turned for trumps (a joker: none)
        seats = state.seats
        deck = draw(st.permutations(test_thirteens.DECK))
        each = 53 // seats
        turned = deck[seats * each]
        taken: list[list[list[Any]]] = [[] for _ in range(seats)]
        for number in range(each):
            taken[draw(st.integers(0, seats - 1))].append(list(deck[number * seats:(number + 1) * seats]))
        return thirteens.Play(turned.suit if isinstance(turned, Card) else None, test_thirteens.tricks_of(taken))
    trump = draw(st.sampled_from([None, *Suit]))
    return thirteens.Play(trump, None, tuple(draw(st.integers(-5, 30)) for _ in range(state.seats)))


ENTRIES: dict[str, Callable[[st.DrawFn, Any], Any]] = {
    "thousand": thousand_entry, "terz": terz_entry, "tongits": tongits_entry, "khrap": khrap_entry,
    "thirteens": thirteens_entry,
}
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "thousand": [*test_thousand_properties.OPTION_SETS, {"stake_per_point": "0.5"}, {"write_off_limit": 1}],
    "terz": [{}, {"rounding": "floor_10"}, {"rounding": "none", "target": 300}],
    "tongits": [{}, {"pot_streak": 1, "ante": 0}, {"chip_value": "0.25"}, {"runs": False, "pay_fold": 2},
                {"chip_value": 2}],
    "khrap": [{}, {"pot_mode": "khraper_takes_all"}, {"stake": 10, "pot_at_close": "stays", "dark_fail": 2}],
    "thirteens": [{}, {"pip_values": "pagat", "trick_point_rule": "every_trick"}, {"cards_each": 4, "target": 20}],
}
assert set(ENTRIES) == set(OPTIONS) == set(GAMES)


@st.composite
def walks(draw: st.DrawFn) -> tuple[Any, list[tuple[Any, Any]]]:
    """A game and the states of a match with the entry applied to each: legal entries only (a drawn
    entry the referee refuses where the match stands is skipped)."""
    game = GAMES[draw(st.sampled_from(list(GAMES)), label="game")]
    options = game.parse_options(draw(st.sampled_from(OPTIONS[game.NAME])) or None)
    seats = draw(st.sampled_from([n for n in game.SEATS if n != 4 or game is not thousand]), label="seats")
    state = game.initial_state(options, seats, draw(st.integers(0, seats - 1), label="first dealer"))
    steps: list[tuple[Any, Any]] = []
    for _n in range(draw(st.integers(1, 12), label="entries")):
        entry = ENTRIES[game.NAME](draw, state)
        if any(v.is_error for v in game.validate(state, entry)):
            continue
        steps.append((state, entry))
        state, _outcome = game.apply(state, entry)
        if state.finished:
            break
    steps.append((state, None))
    return game, steps


@given(walks())
def test_every_state_reads_back_from_its_snapshot(walk: tuple[Any, list[tuple[Any, Any]]]) -> None:
    game, steps = walk
    for state, _entry in steps:
        snapshot = game.dump_state(state)
        assert game.load_state(snapshot) == state
        assert game.load_state(json.loads(json.dumps(snapshot))) == state  # stored as JSON


@given(walks())
def test_the_next_entry_scores_alike_on_the_state_read_back(walk: tuple[Any, list[tuple[Any, Any]]]) -> None:
    game, steps = walk
    for state, entry in steps:
        if entry is not None:
            read_back = game.load_state(json.loads(json.dumps(game.dump_state(state))))
            assert game.validate(read_back, entry) == game.validate(state, entry)
            assert game.apply(read_back, entry) == game.apply(state, entry)


@given(walks())
def test_every_result_has_a_declared_shape_and_is_json(walk: tuple[Any, list[tuple[Any, Any]]]) -> None:
    game, steps = walk
    for state, entry in steps:
        if entry is not None:
            _after, outcome = game.apply(state, entry)
            shapes = [results.keys(shape) for shape in game.RESULTS[entry.kind]]
            assert set(outcome.result) in shapes, (entry.kind, sorted(outcome.result))
            assert json.loads(json.dumps(outcome.result)) == outcome.result


def test_every_game_declares_a_shape_for_each_entry_type_and_keeps_the_contract() -> None:
    for game in GAMES.values():
        assert set(game.RESULTS) == set(game.ENTRY_TYPES), game.NAME
        assert isinstance(game.RULES_VERSION, int) and game.RULES_VERSION >= 1
        assert set(game.PRESET_NOTES) <= set(game.PRESETS)
        assert callable(game.load_state)


def test_a_snapshot_holds_what_a_state_needs_beyond_the_api_fields() -> None:
    # 1000 with the golden round, after one golden deal: the circle, the deals played in it, made.
    options = thousand.parse_options({"golden_round": True})
    state = thousand.initial_state(options, 3, 0)
    golden = thousand.Play(1, 120, 120, (30, 80, 10), (frozenset(),) * 3)
    assert thousand.validate(state, golden) == []
    after, _outcome = thousand.apply(state, golden)
    snapshot = thousand.dump_state(after)
    # Seat 1 took 80 < 120: failed, −120 × 2 = −240; the defenders doubled: 30 × 2 = 60, 10 × 2 = 20.
    # The golden circle 1 has 1 deal of 3 played, nobody made his.
    assert (snapshot["golden_circle"], snapshot["golden_played"], snapshot["golden_made"]) == (1, 1, False)
    assert snapshot["totals"] == [60, -240, 20] and snapshot["winner"] is None
    assert thousand.load_state(snapshot) == after
    # Храп closed: the settlement is derived, the closed flag is read back.
    closed, _outcome = khrap.apply(khrap.initial_state(khrap.parse_options(None), 3, 0), khrap.Close())
    assert khrap.load_state(khrap.dump_state(closed)) == closed and closed.finished
    # Tong Its' streak.
    streak = tongits.State(tongits.parse_options(None), (5, -3, -4), 1, 2, streak_player=1, streak_wins=1)
    assert tongits.dump_state(streak)["streak"] == {"player": 1, "wins": 1}
    assert tongits.load_state(tongits.dump_state(streak)) == streak

