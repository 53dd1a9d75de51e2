"""Tong Its: the quick entry (RULES.md "tongits", ``{"type": "result", …}``) — worked cases, the
refusals, and the property that it pays exactly as the full entry it stands for.

RULES.md: "the counts of unmelded cards; the engine finds the winner by the same rules (ties and
all), checks that what is given is consistent (a burned player cannot be the tongit caller or the
winner, a tongit caller's count is 0), and pays exactly as for a full entry". Classic options:
ante 2, pay_win 1, pay_tongit 3, pay_draw 3, pay_per_ace 1, pay_per_four 3, pay_burned 1; a fresh
state, so the pot holds 6 after the antes.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Rank
from referee.games import tongits
from referee.games.tongits import Options, Play, Result, State, count
from referee.ledger import Rejected
from tests.referee.test_tongits import OPTION_SETS, plays

CLASSIC = Options()


def result(ending: str = "stock_out", **fields: Any) -> dict[str, Any]:
    return {"type": "result", "ending": ending, "counts": [14, 3, 22]} | fields


# RULES.md's example: counts 14, 3, 22; 2 burned; the winner holds an ace.
EXAMPLE = result(burned=[2], winner_aces=1, winner_fours=0)


def score(raw: dict[str, Any], options: Options = CLASSIC) -> tuple[tuple[int, ...], Any]:
    entry = tongits.parse_entry(raw, 3)
    state = tongits.initial_state(options, 3, 0)
    assert tongits.validate(state, entry) == []
    after, outcome = tongits.apply(state, entry)
    assert sum(after.totals) + after.pot == 0
    return outcome.deltas, outcome.result


@pytest.mark.parametrize(("raw", "options", "deltas", "winner", "reason"), [
    # 1 has the lowest count, 3. Each pays 1 + 1 (ace); 2 also 1 (burned): 2 and 3.
    # 1: −2 + 5 = 3; 0: −4; 2: −5.
    pytest.param(EXAMPLE, CLASSIC, (-4, 3, -5), 1, "lowest", id="rules-md-example"),
    # Burned 0 counts 1, lowest, but cannot win: 1 (5) does. 0 pays 1 + 1, 2 pays 1.
    # 1: −2 + 3 = 1; 0: −4; 2: −3.
    pytest.param(result(counts=[1, 5, 9], burned=[0]), CLASSIC, (-4, 1, -3), 1, "lowest", id="burned-cannot-win"),
    # 0 and 1 tie at 5, 1 took the last card: 1 wins. 1: −2 + 2 = 0; 0, 2: −3.
    pytest.param(result(counts=[5, 5, 12], last_draw=1), CLASSIC, (-3, 0, -3), 1, "tie_last_draw", id="tie-last-draw"),
    # The same tie, 2 took the last card: the next to draw after 2 is 0.
    pytest.param(result(counts=[5, 5, 12], last_draw=2), CLASSIC, (0, -3, -3), 0, "tie_next_to_draw",
                 id="tie-next-to-draw"),
    # Everyone burned: nobody wins, nobody pays; the antes stay in the pot.
    pytest.param(result(counts=[9, 9, 9], burned=[0, 1, 2]), CLASSIC, (-2, -2, -2), None, "all_burned",
                 id="everyone-burned"),
    # Tongit by 1 with a four: each pays 3 + 3 = 6. 1: −2 + 12 = 10; 0, 2: −8.
    pytest.param(result("tongit", caller=1, counts=[9, 0, 10], winner_fours=1), CLASSIC, (-8, 10, -8), 1, "tongit",
                 id="tongit-with-a-four"),
    # RULES.md: "On a tongit the losers' counts may be null (they change no payment)": the same
    # tongit by 1, no four: each pays 3. 1: −2 + 6 = 4; 0, 2: −2 − 3 = −5.
    pytest.param(result("tongit", caller=1, counts=[None, 0, None]), CLASSIC, (-5, 4, -5), 1, "tongit",
                 id="tongit-losers-counts-null"),
    # Told for one loser, not the other; 2 burned pays 3 + 1. 0: −2 + 3 + 4 = 5; 1: −5; 2: −6.
    pytest.param(result("tongit", caller=0, counts=[0, 12, None], burned=[2]), CLASSIC, (5, -5, -6), 0, "tongit",
                 id="tongit-one-loser-count-null-burned"),
    # A draw nobody fought: 0 wins whatever the counts; 3 each. 0: −2 + 6 = 4.
    pytest.param(result("draw", caller=0, challengers=[], counts=[30, 10, 10]), CLASSIC, (4, -5, -5), 0,
                 "unchallenged", id="draw-unchallenged"),
    # Caller 9, challenger 1 at 9: the tie goes to the challenger.
    pytest.param(result("draw", caller=0, challengers=[1], counts=[9, 9, 10]), CLASSIC, (-5, 4, -5), 1,
                 "tie_to_challenger", id="draw-tie-to-challenger"),
    # A burned challenger (1) cannot win: 0 does; 1 pays 3 + 1, 2 pays 3. 0: −2 + 7 = 5.
    pytest.param(result("draw", caller=0, challengers=[1], counts=[9, 1, 10], burned=[1]), CLASSIC, (5, -6, -5), 0,
                 "challengers_burned", id="draw-burned-challenger"),
    # pay_fold 2: 1 fought and lost (10 > 9), 2 folded: 3 + 2. 0: −2 + 8 = 6; 1: −5; 2: −7.
    pytest.param(result("draw", caller=0, challengers=[1], counts=[9, 10, 10]), Options(pay_fold=2), (6, -5, -7), 0,
                 "lowest", id="draw-pay-fold"),
    # two_four_four, a stock-out won by 2 holding two aces and a four: each pays 1 + 2 + 2 = 5.
    # 2: −2 + 10 = 8; 0, 1: −7.
    pytest.param(result(counts=[9, 10, 4], winner_aces=2, winner_fours=1), tongits.PRESETS["two_four_four"],
                 (-7, -7, 8), 2, "lowest", id="two-four-four"),
])
def test_a_result_scores(raw: dict[str, Any], options: Options, deltas: tuple[int, ...], winner: int | None,
                         reason: str) -> None:
    got, outcome = score(raw, options)
    assert got == deltas
    assert (outcome["winner"], outcome["reason"]) == (winner, reason)
    assert outcome["counts"] == raw["counts"]


def test_a_result_is_explained_like_a_hand() -> None:
    _state, outcome = tongits.apply(tongits.initial_state(CLASSIC, 3, 0), tongits.parse_entry(EXAMPLE, 3))
    text = [item.english(["Ana", "Ben", "Cleo"]) for item in outcome.lines]
    assert text == [
        "Each player puts the ante of 2 into the pot: it holds 6",
        "Cleo has no meld laid down: burned",
        "Ana: 14 in unmelded cards", "Ben: 3 in unmelded cards", "Cleo: 22 in unmelded cards",
        "The stock ran out: Ben wins with the lowest count, 3",
        "Cleo pays Ben 3: 1 (win) + 1 (aces) + 1 (burned)",
        "Ana pays Ben 2: 1 (win) + 1 (aces)",
        "The pot holds 6; Ben has won 1 in a row (2 take the pot)",
    ]
    assert outcome.marks == ((), ("winner",), ("burned",))


@pytest.mark.parametrize(("raw", "expected"), [
    pytest.param(EXAMPLE, [], id="valid"),
    pytest.param({"type": "result", "ending": "stock_out", "counts": [9, 10, 10]}, [], id="minimal"),
    # consistency
    pytest.param(result("tongit", caller=1, counts=[9, 4, 10]), [("tongit_with_cards_left", "counts[1]")],
                 id="tongit-caller-with-a-count"),
    pytest.param(result("tongit", caller=1, counts=[9, 0, 10], burned=[1]), [("bad_burned", "burned[0]")],
                 id="tongit-caller-burned"),
    pytest.param(result("draw", caller=0, challengers=[], burned=[0]), [("draw_without_meld", "burned[0]")],
                 id="draw-caller-burned"),
    pytest.param(result(burned=[2, 2]), [("bad_burned", "burned[1]")], id="burned-twice"),
    pytest.param(result(counts=[9, 9, 9], burned=[0, 1, 2], winner_aces=1), [("no_winner", "winner_aces")],
                 id="aces-without-a-winner"),
    pytest.param(result(counts=[9, 9, 9], burned=[2, 1, 0], winner_fours=1), [("no_winner", "winner_fours")],
                 id="fours-without-a-winner"),
    # RULES.md: last_draw only when the lowest count is tied, refused as last_draw_needed.
    pytest.param(result(counts=[5, 5, 12]), [("last_draw_needed", "last_draw")], id="tie-without-last-draw"),
    # The example: 2 (3) is burned, so 0 and 1 tie at 4 among the players standing.
    pytest.param({"type": "result", "ending": "stock_out", "counts": [4, 4, 3], "burned": [2], "winner_aces": 0,
                  "winner_fours": 0}, [("last_draw_needed", "last_draw")], id="tie-at-4-beside-a-burned-3"),
    pytest.param(result(caller=0), [("bad_ending", "caller")], id="stock-out-with-caller"),
    pytest.param(result("draw", caller=0), [("bad_ending", "challengers")], id="draw-without-challengers"),
    pytest.param(result("tongit", counts=[9, 0, 10]), [("bad_ending", "caller")], id="tongit-without-caller"),
    # RULES.md: on a tongit the losers' counts may be null; "a tongit caller's count is 0".
    pytest.param(result("tongit", caller=1, counts=[None, 0, None]), [], id="tongit-losers-null"),
    pytest.param(result("tongit", caller=1, counts=[9, None, 10]), [("bad_type", "counts[1]")],
                 id="tongit-caller-null"),
    pytest.param(result("tongit", caller=1, counts=[None, None, None]), [("bad_type", "counts[1]")],
                 id="tongit-every-count-null"),
    # A stock-out and a draw are decided by the counts: none may be left out.
    pytest.param(result(counts=[9, None, 10]), [("bad_type", "counts[1]")], id="stock-out-count-null"),
    pytest.param(result("draw", caller=0, challengers=[], counts=[None, 9, 10]), [("bad_type", "counts[0]")],
                 id="draw-count-null"),
    # shape
    pytest.param({"type": "result", "ending": "stock_out"}, [("missing_field", "counts")], id="no-counts"),
    pytest.param(result(counts=[9, 10]), [("bad_type", "counts")], id="two-counts"),
    # 13 cards, each at most 10: 130 at most.
    pytest.param(result(counts=[131, 0, 0]), [("out_of_range", "counts[0]")], id="count-over-130"),
    pytest.param(result(counts=[-1, 0, 0]), [("out_of_range", "counts[0]")], id="negative-count"),
    pytest.param(result(counts=[9, "3", 0]), [("bad_type", "counts[1]")], id="count-as-text"),
    pytest.param(result(winner_aces=5), [("out_of_range", "winner_aces")], id="five-aces"),
    pytest.param(result(winner_fours=5), [("out_of_range", "winner_fours")], id="five-fours"),
    pytest.param(result(burned=[3]), [("bad_seat", "burned[0]")], id="burned-seat-3"),
    pytest.param(result(burned=2), [("bad_type", "burned")], id="burned-not-a-list"),
    pytest.param(result(hands=[]), [("unknown_field", "hands")], id="hands-in-a-result"),
    pytest.param({"type": "play", "ending": "stock_out", "counts": [9, 10, 10]},
                 [("unknown_field", "counts"), ("missing_field", "hands")], id="counts-in-a-play"),
])
def test_result_refusals(raw: dict[str, Any], expected: list[tuple[str, str | None]]) -> None:
    try:
        entry = tongits.parse_entry(raw, 3)
    except Rejected as rejected:
        found = [(v.code, v.field) for v in rejected.violations]
    else:
        found = [(v.code, v.field) for v in tongits.validate(tongits.initial_state(CLASSIC, 3, 0), entry)]
    assert found == expected


@pytest.mark.parametrize(("entry", "expected"), [
    pytest.param(Result("stock_out", (9, None, 10), last_draw=0), [("bad_type", "counts[1]")], id="stock-out"),
    pytest.param(Result("draw", (None, 9, 10), caller=0, challengers=()), [("bad_type", "counts[0]")], id="draw"),
    pytest.param(Result("tongit", (None, 0, None), caller=1), [], id="tongit-losers"),
    pytest.param(Result("tongit", (0, None, 5), caller=1), [("bad_type", "counts[1]")], id="tongit-caller"),
])
def test_validate_checks_the_counts_of_a_constructed_result_too(entry: Result,
                                                                 expected: list[tuple[str, str | None]]) -> None:
    found = tongits.validate(tongits.initial_state(CLASSIC, 3, 0), entry)
    assert [(v.code, v.field) for v in found] == expected


@pytest.mark.parametrize(("raw", "dumped"), [
    pytest.param(EXAMPLE, {"type": "result", "ending": "stock_out", "counts": [14, 3, 22], "burned": [2],
                           "winner_aces": 1, "winner_fours": 0}, id="rules-md-example"),
    # What is left out is written out: nobody burned, no aces, no fours.
    pytest.param({"type": "result", "ending": "draw", "caller": 2, "challengers": [0], "counts": [4, 8, 6]},
                 {"type": "result", "ending": "draw", "caller": 2, "challengers": [0], "counts": [4, 8, 6],
                  "burned": [], "winner_aces": 0, "winner_fours": 0}, id="defaults-written"),
    pytest.param(result(counts=[5, 5, 12], last_draw=1),
                 {"type": "result", "ending": "stock_out", "last_draw": 1, "counts": [5, 5, 12], "burned": [],
                  "winner_aces": 0, "winner_fours": 0}, id="last-draw"),
    # The losers' counts left out of a tongit stay null: nothing is made up for them.
    pytest.param(result("tongit", caller=1, counts=[None, 0, None]),
                 {"type": "result", "ending": "tongit", "caller": 1, "counts": [None, 0, None], "burned": [],
                  "winner_aces": 0, "winner_fours": 0}, id="tongit-losers-null"),
])
def test_a_result_is_written_canonically(raw: dict[str, Any], dumped: dict[str, Any]) -> None:
    assert tongits.dump_entry(tongits.parse_entry(raw, 3)) == dumped
    assert tongits.dump_entry(tongits.parse_entry(dumped, 3)) == dumped


# ---------------------------------------------------------------- properties


def told_in_counts(play: Play, winner: int | None) -> Result:
    """The quick entry a table would write for *play*, worked out here from the cards, not by the
    engine: counts of the unmelded cards; burned — no meld laid down, except the tongit caller and
    a challenger with concealed melds (he lays them down); the winner's aces (his own cards: an ace
    he laid off is his, one laid off onto his meld is not) and fours (laid or concealed)."""
    def is_burned(seat: int) -> bool:
        hand = play.hands[seat]
        if play.ending == "tongit" and seat == play.caller:
            return False
        fights = play.ending == "draw" and seat in (play.challengers or ())
        return not hand.melds and not (fights and hand.secret)

    aces = fours = 0
    if winner is not None:
        hand = play.hands[winner]
        others = {card for giver, other in enumerate(play.hands) if giver != winner
                  for item in other.laid_off for card in item.cards}
        own = ([card for meld in hand.melds for card in meld if card not in others]
               + [card for meld in hand.secret for card in meld] + list(hand.hand)
               + [card for item in hand.laid_off for card in item.cards])
        aces = sum(card.rank is Rank.ACE for card in own)
        fours = sum(len(meld) == 4 and len({c.rank for c in meld}) == 1 for meld in hand.melds + hand.secret)
    return Result(play.ending, tuple(count(hand.hand) for hand in play.hands),
                  tuple(seat for seat in range(3) if is_burned(seat)), play.caller, play.challengers, play.last_draw,
                  aces, fours)


@given(st.data(), st.sampled_from(OPTION_SETS), st.integers(0, 2), st.integers(0, 2))
def test_a_result_pays_as_the_full_entry(data: st.DataObject, options: Options, streak_wins: int,
                                         dealer: int) -> None:
    """Same deltas, same pot, same streak, same dealer next, whatever the streak it lands on."""
    play = data.draw(plays(options.runs))
    wins = min(streak_wins, options.pot_streak - 1)  # seat 0 has won the last *wins* hands
    pot = 3 * options.ante * wins
    state = State(options, (-pot, 0, 0), dealer, pot=pot, streak_player=0 if wins else None, streak_wins=wins)
    assert tongits.validate(state, play) == []
    after_play, by_cards = tongits.apply(state, play)
    quick = told_in_counts(play, by_cards.result["winner"])
    assert tongits.validate(state, quick) == []
    after_result, by_counts = tongits.apply(state, quick)
    assert by_counts.deltas == by_cards.deltas
    assert (after_result.pot, after_result.streak_player, after_result.streak_wins, after_result.dealer) == (
        after_play.pot, after_play.streak_player, after_play.streak_wins, after_play.dealer)
    assert by_counts.result["winner"] == by_cards.result["winner"]
    assert by_counts.result["payments"] == by_cards.result["payments"]


@given(plays())
def test_a_result_round_trips(play: Play) -> None:
    quick = told_in_counts(play, None)
    dumped = tongits.dump_entry(quick)
    assert tongits.parse_entry(dumped, 3) == quick
    assert tongits.dump_entry(tongits.parse_entry(dumped, 3)) == dumped
