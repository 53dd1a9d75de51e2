"""Храп (Khrap): worked cases from seed 003 and RULES.md ("khrap"), then properties.

Every expected value is worked out by hand from the rules; the arithmetic is in the comments.
Unless a row says otherwise: 3 players, stake 5, so the antes make a pot of 3 × 5 = 15 and a
fifth of it is 3. Deltas are net money per seat; "pot" is what lies in the pot after the row.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card, Suit, parse_card
from referee.games import khrap
from referee.games.khrap import Close, NoKhrap, Options, Penalty, Play, Renonce
from referee.ledger import Rejected, Seat, Sheet, replay

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def play(khraper: int, tricks: tuple[int, ...], circle: int = 1, dark: bool = False,
         renonce: tuple[int, ...] = ()) -> Play:
    return Play(khrap=khraper, circle=circle, tricks=tricks, dark=dark, renonce=renonce)


def state(pot: int = 0, circle: int = 1, seats: int = 3, **options: Any) -> khrap.State:
    start = khrap.initial_state(Options(**options), seats, 0)
    return dataclasses.replace(start, pot=pot, circle=circle)


def sheet(*entries: Any, seats: int = 3, options: Options | None = None, first_dealer: int = 0) -> Sheet:
    return replay(khrap, options or Options(), seats, first_dealer, list(enumerate(entries, start=1)))


def card(text: str) -> Card:
    found = parse_card(text)
    assert isinstance(found, Card)
    return found


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(t) for t in text.split())


def codes(raw: Any, at: khrap.State | None = None, seats: int = 3) -> list[str]:
    """The violation codes of a raw entry: its shape first (parse_entry), then the rules."""
    try:
        entry = khrap.parse_entry(raw, seats)
    except Rejected as rejected:
        return [v.code for v in rejected.violations]
    return [v.code for v in khrap.validate(at or state(seats=seats), entry)]


def test_the_module_keeps_the_game_contract() -> None:
    assert khrap.NAME == "khrap"
    assert khrap.SEATS == range(3, 7)
    assert khrap.ENTRY_TYPES == ("play", "no_khrap", "renonce", "penalty", "close")
    assert khrap.DEFAULT_PRESET in khrap.PRESETS
    start = khrap.initial_state(Options(), 4, 2)
    assert (start.totals, start.dealer, start.pot, start.circle) == ((0, 0, 0, 0), 2, 0, 1)
    assert start.winner is None and start.finished is False  # only a close ends the evening; nobody wins
    # the pot is empty: each player antes the stake, 5, with the next deal
    assert khrap.dump_state(start) == {"pot": 0, "circle": 1, "dealer": 2, "antes": 5, "totals": [0, 0, 0, 0],
                                       "closed": False, "winner": None, "options": khrap.dump_options(Options())}


# ---------------------------------------------------------------- options


def test_options_default_and_presets() -> None:
    assert khrap.dump_options(khrap.parse_options(None)) == {
        "stake": 5, "pot_mode": "fifths", "whister_fail": 1, "khraper_fail": 1, "dark_fail": 5, "renonce_fail": 1,
        "pot_at_close": "split"}
    # Seed 003's literal sentence "он забирает весь кон"; "должен удвоить сумму" = pays 1 × the pot.
    assert khrap.parse_options(None, "literal") == Options(pot_mode="khraper_takes_all", khraper_fail=1)
    assert khrap.parse_options({"stake": 25, "khraper_fail": 2}) == Options(stake=25, khraper_fail=2)
    assert khrap.parse_options({"dark_fail": 3}, "literal").pot_mode == "khraper_takes_all"
    assert khrap.parse_options({"pot_at_close": "stays"}) == Options(pot_at_close="stays")


def test_options_frozen_before_pot_at_close_still_read() -> None:
    # A match stored before pot_at_close existed has these six frozen options: the new one defaults.
    stored = {"stake": 10, "pot_mode": "fifths", "whister_fail": 1, "khraper_fail": 2, "dark_fail": 5,
              "renonce_fail": 1}
    assert khrap.parse_options(stored) == Options(stake=10, khraper_fail=2, pot_at_close="split")


@pytest.mark.parametrize(("raw", "preset", "expected"), [
    pytest.param({"stake": 7}, None, ["bad_option_value"], id="stake-not-a-multiple-of-5"),
    pytest.param({"stake": 12}, "literal", ["bad_option_value"], id="stake-12-on-a-preset"),
    pytest.param({"stake": 0}, None, ["bad_option_value"], id="stake-zero"),
    pytest.param({"stake": -5}, None, ["bad_option_value"], id="stake-negative"),
    pytest.param({"stake": "5"}, None, ["bad_option_value"], id="stake-as-text"),
    pytest.param({"stake": True}, None, ["bad_option_value"], id="stake-as-bool"),
    pytest.param({"pot_mode": "winner_takes_all"}, None, ["bad_option_value"], id="unknown-pot-mode"),
    pytest.param({"pot_at_close": "winner"}, None, ["bad_option_value"], id="unknown-pot-at-close"),
    pytest.param({"pot_at_close": None}, None, ["bad_option_value"], id="pot-at-close-null"),
    pytest.param({"dark_fail": -1}, None, ["bad_option_value"], id="negative-fine"),
    pytest.param({"stake": 3, "whister_fail": "x"}, None, ["bad_option_value", "bad_option_value"],
                 id="every-bad-option"),
    pytest.param({"barrel": True}, None, ["unknown_option"], id="thousand-option"),
    pytest.param(None, "lviv", ["unknown_preset"], id="unknown-preset"),
])
def test_bad_options(raw: Any, preset: str | None, expected: list[str]) -> None:
    with pytest.raises(Rejected) as caught:
        khrap.parse_options(raw, preset)
    assert sorted(v.code for v in caught.value.violations) == expected


# ---------------------------------------------------------------- one played deal, pot already there


@pytest.mark.parametrize(("pot", "entry", "options", "deltas", "pot_after"), [
    # fifths (the default): every player who kept the promise takes a fifth of the amount per trick.
    pytest.param(15, play(0, (3, 1, 1)), {}, (9, 3, 3), 0, id="circle-1-all-kept"),  # 3×3, 1×3, 1×3 = 15
    pytest.param(15, play(0, (5, 0, 0)), {}, (15, -15, -15), 30,
                 id="khraper-takes-five-whisters-fail"),  # 15 − 15 + 15 + 15 = 30
    pytest.param(15, play(0, (2, 2, 1)), {}, (-15, 6, 3), 21,
                 id="khraper-fails"),  # whisters 2×3, 1×3; khraper 1 × 15: 15 − 9 + 15 = 21
    pytest.param(15, play(0, (2, 2, 1)), {"khraper_fail": 2}, (-30, 6, 3), 36,
                 id="khraper-fails-khraper_fail-2"),  # 2 × 15 = 30: 15 − 9 + 30 = 36
    pytest.param(15, play(0, (0, 3, 2)), {}, (-15, 9, 6), 15,
                 id="khraper-without-a-trick"),  # 9 + 6 out, 15 in: 15 − 15 + 15 = 15
    pytest.param(15, play(0, (3, 2, 0)), {}, (9, 6, -15), 15,
                 id="whister-fails"),  # 9 + 6 out; the whister pays 1 × 15: 15 − 15 + 15 = 15
    pytest.param(15, play(0, (3, 2, 0)), {"whister_fail": 2}, (9, 6, -30), 30,
                 id="whister-fails-whister_fail-2"),  # 15 − 15 + 2 × 15 = 30
    pytest.param(15, play(0, (3, 2, 0)), {"whister_fail": 0}, (9, 6, 0), 0,
                 id="whister-fails-whister_fail-0"),
    pytest.param(15, play(0, (4, 1, 0), dark=True), {}, (12, 3, -15), 15,
                 id="dark-made"),  # 4×3 + 1×3 = 15 out, the whister's 15 in
    pytest.param(15, play(0, (2, 2, 1), dark=True), {}, (-75, 6, 3), 81,
                 id="dark-fails"),  # 5 × 15 = 75: 15 − 9 + 75 = 81
    pytest.param(15, play(0, (2, 2, 1), dark=True), {"dark_fail": 3}, (-45, 6, 3), 51,
                 id="dark-fails-dark_fail-3"),  # 3 × 15 = 45: 15 − 9 + 45 = 51
    pytest.param(15, play(0, (2, 2, 1), dark=True), {"khraper_fail": 2}, (-75, 6, 3), 81,
                 id="dark-fine-replaces-khraper_fail"),  # dark_fail alone, not 5 + 2
    pytest.param(30, play(1, (1, 3, 1), circle=2), {}, (3, 9, 3), 15,
                 id="circle-2-half-the-pot"),  # 30 ÷ 2 = 15 at stake, fifth 3: 3 + 9 + 3 = 15 out
    pytest.param(30, play(0, (2, 2, 1), circle=2), {}, (-30, 6, 3), 51,
                 id="circle-2-fine-on-the-whole-pot"),  # 15 at stake, fifth 3; fine 1 × 30: 30 − 9 + 30
    # RULES.md: the odd units of the fifths go to a khraper who kept the promise, else they stay.
    pytest.param(21, play(0, (3, 1, 1)), {}, (13, 4, 4), 0,
                 id="odd-units-to-the-khraper"),  # 21 = 5 × 4 + 1: 3 × 4 + 1 = 13, 4, 4: 21 out, pot empty
    pytest.param(21, play(1, (0, 5, 0)), {}, (-21, 21, -21), 42,
                 id="five-kept-tricks-take-the-whole-pot"),  # 5 × 4 + 1 = 21 out; two whisters 21 in each
    pytest.param(21, play(0, (4, 1, 0)), {}, (17, 4, -21), 21,
                 id="odd-units-to-the-khraper-a-whister-fails"),  # 4 × 4 + 1 = 17, 4 out; 21 in: 21 − 21 + 21
    pytest.param(21, play(0, (2, 2, 1)), {}, (-21, 8, 4), 30,
                 id="odd-units-stay-when-the-khraper-fails"),  # 8 + 4 out, 1 × 21 in: 21 − 12 + 21 = 30
    pytest.param(93, play(0, (3, 1, 1), circle=2), {}, (28, 9, 9), 47,
                 id="odd-half-rounded-down"),  # 93 ÷ 2 = 46 (1 stays), fifth 9, odd 1: 27 + 1, 9, 9 = 46; 93 − 46
    pytest.param(4, play(0, (3, 1, 1)), {}, (4, 0, 0), 0,
                 id="pot-below-one-fifth-goes-to-the-khraper"),  # fifth 4 ÷ 5 = 0, the odd 4 go to him
    pytest.param(4, play(0, (2, 2, 1)), {}, (-4, 0, 0), 8,
                 id="pot-below-one-fifth-khraper-fails"),  # fifth 0: nothing out; he pays 1 × 4: 4 + 4 = 8
    # khraper_takes_all (the seed's literal sentence)
    pytest.param(15, play(0, (3, 1, 1)), {"pot_mode": "khraper_takes_all"}, (15, 0, 0), 0,
                 id="takes-all-circle-1"),
    pytest.param(30, play(0, (3, 1, 1), circle=2), {"pot_mode": "khraper_takes_all"}, (15, 0, 0), 15,
                 id="takes-all-circle-2-half"),  # 30 ÷ 2 = 15
    pytest.param(93, play(2, (1, 1, 3), circle=2), {"pot_mode": "khraper_takes_all"}, (0, 0, 46), 47,
                 id="takes-all-odd-half"),  # 93 ÷ 2 = 46, the odd 1 stays: 93 − 46 = 47
    pytest.param(15, play(0, (4, 1, 0)), {"pot_mode": "khraper_takes_all"}, (15, 0, -15), 15,
                 id="takes-all-whister-still-pays"),  # 15 − 15 + 15
    pytest.param(15, play(0, (2, 2, 1)), {"pot_mode": "khraper_takes_all"}, (-15, 6, 3), 21,
                 id="takes-all-khraper-fails-whisters-take-fifths"),  # as in fifths: 15 − 9 + 15
    pytest.param(15, play(0, (0, 3, 2), dark=True), {"pot_mode": "khraper_takes_all"}, (-75, 9, 6), 75,
                 id="takes-all-dark-fails"),  # 9 + 6 out, 5 × 15 in: 15 − 15 + 75 = 75
    pytest.param(21, play(0, (2, 2, 1)), {"pot_mode": "khraper_takes_all"}, (-21, 8, 4), 30,
                 id="takes-all-khraper-fails-odd-units-stay"),  # fifth 4: 8 + 4 out, 21 in: 21 − 12 + 21
    # RULES.md: a revoke belongs to its deal (the play's renonce): the revoker counts as failed — no
    # fifths even with tricks — and pays renonce_fail × the pot before the payouts, no other fine.
    pytest.param(15, play(0, (3, 1, 1), renonce=(2,)), {}, (9, 3, -15), 18,
                 id="revoking-whister-with-a-trick"),  # 9 + 3 out, his 1 × 3 stays; 1 × 15 in: 15 − 12 + 15
    pytest.param(15, play(0, (3, 1, 1), renonce=(1, 2)), {}, (9, -15, -15), 36,
                 id="two-revokers"),  # 9 out, 2 × 15 in: 15 − 9 + 30 = 36
    pytest.param(15, play(0, (3, 1, 1), renonce=(1,)), {"renonce_fail": 2}, (9, -30, 3), 33,
                 id="revoke-renonce_fail-2"),  # 9 + 3 out, 2 × 15 in: 15 − 12 + 30 = 33
    pytest.param(15, play(0, (3, 2, 0), renonce=(2,)), {"whister_fail": 2}, (9, 6, -15), 15,
                 id="revoke-instead-of-the-whister-fine"),  # 1 × 15, not 2 × 15 nor both: 15 − 15 + 15
    pytest.param(21, play(0, (3, 1, 1), renonce=(0,)), {}, (-21, 4, 4), 34,
                 id="revoking-khraper-counts-as-failed"),  # fifth 4, odd 1 stays: 4 + 4 out, 21 in: 21 − 8 + 21
    pytest.param(15, play(0, (4, 1, 0), dark=True, renonce=(0,)), {}, (-15, 3, -15), 42,
                 id="revoke-instead-of-the-dark-fine"),  # 3 out; 15 (not 5 × 15) + whister 15 in: 15 − 3 + 30
    pytest.param(15, play(0, (3, 1, 1), renonce=(2,)), {"pot_mode": "khraper_takes_all"}, (15, 0, -15), 15,
                 id="takes-all-whister-revokes"),  # the khraper takes 15; 15 in
    pytest.param(15, play(0, (3, 1, 1), renonce=(0,)), {"pot_mode": "khraper_takes_all"}, (-15, 3, 3), 24,
                 id="takes-all-khraper-revokes"),  # he failed: whisters take fifths 3 + 3; 15 in: 15 − 6 + 15
])
def test_a_played_deal_settles(pot: int, entry: Play, options: dict[str, Any], deltas: tuple[int, ...],
                               pot_after: int) -> None:
    before = state(pot=pot, circle=entry.circle, **options)
    assert khrap.validate(before, entry) == []
    after, outcome = khrap.apply(before, entry)
    assert outcome.deltas == deltas
    assert after.pot == pot_after
    assert after.circle == 1 and after.dealer == 1  # the next deal, the next dealer
    assert outcome.result["stakes"] == [0, 0, 0]  # the pot was not empty: no antes


@pytest.mark.parametrize(("seats", "pot", "entry", "deltas", "pot_after"), [
    pytest.param(4, 20, play(2, (1, 1, 3, 0)), (4, 4, 12, -20), 20,
                 id="4-players"),  # fifth 4; the whister at seat 3 pays 20: 20 − 20 + 20
    pytest.param(6, 30, play(0, (3, 1, 1, 0, 0, 0)), (18, 6, 6, -30, -30, -30), 90,
                 id="6-players-three-whisters-fail"),  # fifth 6: 18 + 6 + 6 out, 3 × 30 in: 30 − 30 + 90
])
def test_more_players(seats: int, pot: int, entry: Play, deltas: tuple[int, ...], pot_after: int) -> None:
    before = state(pot=pot, seats=seats)
    assert khrap.validate(before, entry) == []
    after, outcome = khrap.apply(before, entry)
    assert (outcome.deltas, after.pot) == (deltas, pot_after)


def test_the_settlement_in_the_result() -> None:
    _, outcome = khrap.apply(state(pot=93, circle=2), play(0, (2, 2, 1), circle=2, dark=True))
    # 93 ÷ 2 = 46 at stake, fifth 9; whisters 2 × 9 = 18 and 9; dark fine 5 × 93 = 465: 93 − 27 + 465
    assert outcome.result == {
        "stakes": [0, 0, 0], "pot_before": 93, "khrap": 0, "dark": True, "circle": 2, "tricks": [2, 2, 1],
        "pot": 93, "at_stake": 46, "fifth": 9, "kept": [False, True, True], "taken": [0, 18, 9],
        "fines": [465, 0, 0], "renonce": [], "pot_after": 531}
    assert outcome.marks == (("khrap", "dark", "failed"), (), ())


def test_a_revoke_in_the_result_and_the_marks() -> None:
    _, outcome = khrap.apply(state(pot=15), play(0, (3, 1, 1), renonce=(1,)))
    # fifth 3: the khraper 9 and Вика 3 out; Борис revoked with his trick: nothing, 1 × 15 in: 15 − 12 + 15
    assert {key: outcome.result[key] for key in ("kept", "taken", "fines", "renonce", "pot_after")} == {
        "kept": [True, False, True], "taken": [9, 0, 3], "fines": [0, 15, 0], "renonce": [1], "pot_after": 18}
    assert outcome.marks == (("khrap", "made"), ("renonce",), ())


# ---------------------------------------------------------------- stakes, circles and the pot across rows


def rows(result: Sheet) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return [(row.outcome.deltas, row.totals) for row in result.rows]


@pytest.mark.parametrize(("entries", "options", "expected", "pot", "circle", "dealer"), [
    pytest.param([play(0, (3, 1, 1))], {},
                 # antes 3 × 5 = 15 in the first row; 9, 3, 3 out: −5 + 9 = 4, −5 + 3 = −2
                 [((4, -2, -2), (4, -2, -2))], 0, 1, 1, id="first-deal-antes"),
    pytest.param([play(0, (3, 1, 1)), play(1, (1, 3, 1))], {},
                 # the pot is empty again: antes again, 15; −5 + 3, −5 + 9, −5 + 3
                 [((4, -2, -2), (4, -2, -2)), ((-2, 4, -2), (2, 2, -4))], 0, 1, 2, id="antes-after-empty-pot"),
    pytest.param([play(0, (2, 2, 1)), play(1, (1, 3, 1)), play(2, (1, 1, 3))], {},
                 # row 1: −5 − 15, −5 + 6, −5 + 3; pot 21 carries over, no antes:
                 # row 2: fifth 21 ÷ 5 = 4, the odd 1 to the khraper who kept: 4, 3 × 4 + 1 = 13, 4, pot 0;
                 # row 3: the pot is empty again, antes 15, fifth 3: −5 + 3, −5 + 3, −5 + 9
                 [((-20, 1, -2), (-20, 1, -2)), ((4, 13, 4), (-16, 14, 2)), ((-2, -2, 4), (-18, 12, 6))],
                 0, 1, 0, id="pot-carries-over-and-empties"),
    pytest.param([NoKhrap()], {},
                 # antes 5 each, then the silent circle adds 5 each: pot 15 + 15 = 30; same dealer
                 [((-10, -10, -10), (-10, -10, -10))], 30, 2, 0, id="one-silent-circle"),
    pytest.param([NoKhrap(), NoKhrap()], {},
                 # the second silent circle: 5 more each and a redeal by the same dealer: three stakes
                 [((-10, -10, -10), (-10, -10, -10)), ((-5, -5, -5), (-15, -15, -15))], 45, 1, 0,
                 id="two-silent-circles-three-stakes"),
    pytest.param([NoKhrap(), NoKhrap(), play(0, (3, 1, 1))], {},
                 # the redealt deal finds 45 in the pot: no antes; fifth 9 → 27, 9, 9
                 [((-10, -10, -10), (-10, -10, -10)), ((-5, -5, -5), (-15, -15, -15)),
                  ((27, 9, 9), (12, -6, -6))], 0, 1, 1, id="two-silent-circles-then-khrap"),
    pytest.param([NoKhrap(), NoKhrap(), NoKhrap()], {},
                 # after the redeal a new first circle: 45 + 15 = 60, circle 2 again
                 [((-10, -10, -10), (-10, -10, -10)), ((-5, -5, -5), (-15, -15, -15)),
                  ((-5, -5, -5), (-20, -20, -20))], 60, 2, 0, id="silent-circle-after-a-redeal"),
    pytest.param([NoKhrap(), play(2, (1, 1, 3), circle=2)], {},
                 # pot 30, half 15 at stake, fifth 3: 3, 3, 9; pot 15
                 [((-10, -10, -10), (-10, -10, -10)), ((3, 3, 9), (-7, -7, -1))], 15, 1, 1,
                 id="khrap-in-circle-2"),
    pytest.param([Renonce(1)], {},
                 # a revoke finds the pot empty: antes 15, then 1 × 15 = 15 from seat 1
                 [((-5, -20, -5), (-5, -20, -5))], 30, 1, 0, id="renonce-antes-first"),
    pytest.param([play(0, (2, 2, 1)), Renonce(2)], {},
                 # pot 21 after row 1; the revoke costs 1 × 21
                 [((-20, 1, -2), (-20, 1, -2)), ((0, 0, -21), (-20, 1, -23))], 42, 1, 1, id="renonce-on-the-pot"),
    pytest.param([Renonce(0)], {"renonce_fail": 2},
                 # antes 15, then 2 × 15 = 30
                 [((-35, -5, -5), (-35, -5, -5))], 45, 1, 0, id="renonce_fail-2"),
    pytest.param([play(0, (3, 1, 1), renonce=(2,))], {},
                 # the revoke in its deal: antes 15, fifth 3; Вика's fine 1 × 15 on the pot before the
                 # payouts: −5 + 9, −5 + 3, −5 − 15; pot 15 − 12 + 15 = 18
                 [((4, -2, -20), (4, -2, -20))], 18, 1, 1, id="renonce-in-the-first-deal"),
    pytest.param([play(0, (2, 2, 1)), play(1, (1, 3, 1), renonce=(0,))], {},
                 # pot 21 after row 1; Аня revokes in deal 2: fifth 4, the odd 1 to Борис who kept:
                 # 0, 13, 4 out, Аня 1 × 21 in: 21 − 17 + 21 = 25
                 [((-20, 1, -2), (-20, 1, -2)), ((-21, 13, 4), (-41, 14, 2))], 25, 1, 2,
                 id="renonce-in-a-later-deal"),
    pytest.param([Penalty(1, -10, "late"), play(0, (3, 1, 1))], {},
                 # a penalty is no deal: no antes, pot 10; the deal then finds 10: no antes, fifth 2
                 [((0, -10, 0), (0, -10, 0)), ((6, 2, 2), (6, -8, 2))], 0, 1, 1, id="penalty-into-empty-pot"),
    pytest.param([play(0, (2, 2, 1)), Penalty(0, 20, "returned")], {},
                 # pot 21; seat 0 gets 20 back out of it: −20 + 20 = 0, pot 1
                 [((-20, 1, -2), (-20, 1, -2)), ((20, 0, 0), (0, 1, -2))], 1, 1, 1, id="penalty-out-of-the-pot"),
    # RULES.md: a penalty "need not be a multiple of stake". A fine of 3 is no deal: no antes, pot 3.
    # The deal finds 3: no antes; 3 at stake, a fifth 3 // 5 = 0, the odd 3 to the khraper who
    # kept his promise: 3, 0, 0; pot 0.
    pytest.param([Penalty(1, -3, "a 3-unit mistake"), play(0, (3, 1, 1))], {},
                 [((0, -3, 0), (0, -3, 0)), ((3, 0, 0), (3, -3, 0))], 0, 1, 1, id="penalty-fine-of-3"),
    # pot 21 after row 1 (as above); a bonus of 3 to seat 2 out of it: −2 + 3 = 1, pot 18.
    pytest.param([play(0, (2, 2, 1)), Penalty(2, 3, "a 3-unit mistake")], {},
                 [((-20, 1, -2), (-20, 1, -2)), ((0, 0, 3), (-20, 1, 1))], 18, 1, 1, id="penalty-bonus-of-3"),
    pytest.param([play(0, (3, 1, 1))], {"stake": 10},
                 # antes 3 × 10 = 30, fifth 6: −10 + 18, −10 + 6, −10 + 6
                 [((8, -4, -4), (8, -4, -4))], 0, 1, 1, id="stake-10"),
    pytest.param([NoKhrap(), play(0, (3, 1, 1), circle=2)], {"pot_mode": "khraper_takes_all"},
                 # pot 30, the khraper takes half, 15
                 [((-10, -10, -10), (-10, -10, -10)), ((15, 0, 0), (5, -10, -10))], 15, 1, 1,
                 id="takes-all-after-a-silent-circle"),
])
def test_rows_of_a_match(entries: list[Any], options: dict[str, Any], expected: list[Any], pot: int,
                         circle: int, dealer: int) -> None:
    result = sheet(*entries, options=Options(**options))
    assert result.violations == ()
    assert rows(result) == expected
    assert (result.state.pot, result.state.circle, result.state.dealer) == (pot, circle, dealer)
    assert sum(result.state.totals) + result.state.pot == 0


def test_five_players_silent_circles() -> None:
    # 5 × 5 = 25 antes + 25 for the silent circle = 50; half of it, 25, in circle 2, fifth 5
    result = sheet(NoKhrap(), play(4, (1, 0, 1, 0, 3), circle=2), seats=5)
    assert result.violations == ()
    # 5, 5 and 3 × 5 = 15 out; seats 1 and 3 whisted without a trick: 1 × 50 each: 50 − 25 + 100 = 125
    assert rows(result)[1][0] == (5, -50, 5, -50, 15)
    assert result.state.pot == 125


def test_the_dealer_redeals_after_two_silent_circles_and_passes_after_a_deal() -> None:
    result = sheet(NoKhrap(), NoKhrap(), play(0, (3, 1, 1)), Renonce(1), Penalty(2, -5), first_dealer=2)
    assert [row.dealer for row in result.rows] == [2, 2, 2, 0, 0]
    assert result.state.dealer == 0
    assert result.rows[1].outcome.marks == ((), (), ("redeal",))


# ---------------------------------------------------------------- explanation


def test_the_explanation_lists_every_payment_and_the_pot() -> None:
    result = sheet(play(0, (2, 2, 1)), NoKhrap(), play(1, (1, 2, 2), circle=2))
    names = ["Аня", "Борис", "Вика"]
    text = [[item.english(names) for item in row.outcome.lines] for row in result.rows]
    assert text[0] == [
        "The pot is empty: everyone puts in 5 (3 × 5 = 15), pot 0 → 15",
        "Аня khraps in circle 1: promises 3 tricks, takes 2",
        "Circle 1: the whole pot is at stake, 15",
        "One trick is worth a fifth: 15 ÷ 5 = 3",
        "Борис kept the promise: 2 × 3 = 6 from the pot",
        "Вика kept the promise: 1 × 3 = 3 from the pot",
        "Аня failed the khrap with 2: pays 1 × 15 = 15 into the pot",
        "Pot 0 → 21",
    ]
    assert text[1] == [
        "Circle 1 passes with no khrap: everyone adds 5, pot 21 → 36; a new trump is turned for circle 2",
        "Pot 21 → 36",
    ]
    # Борис fails with 2 tricks: 36 ÷ 2 = 18 at stake, 18 ÷ 5 = 3 (3 stay); Аня 1 × 3 and Вика 2 × 3 out,
    # Борис pays 1 × 36 (the whole pot before the payouts): 36 − 9 + 36 = 63
    assert text[2] == [
        "Борис khraps in circle 2: promises 3 tricks, takes 2",
        "Circle 2: half the pot is at stake, 36 ÷ 2 = 18",
        "One trick is worth a fifth: 18 ÷ 5 = 3 rounded down (the rest stays in the pot)",
        "Аня kept the promise: 1 × 3 = 3 from the pot",
        "Вика kept the promise: 2 × 3 = 6 from the pot",
        "Борис failed the khrap with 2: pays 1 × 36 = 36 into the pot",
        "Pot 36 → 63",
    ]
    assert result.state.pot == 63


def test_the_explanation_of_the_odd_units_and_a_revoke() -> None:
    result = sheet(play(0, (2, 2, 1)), play(1, (1, 3, 1), renonce=(2,)))
    names = ["Аня", "Борис", "Вика"]
    # pot 21 after deal 1; 21 ÷ 5 = 4, 1 left over goes to Борис, who kept: 3 × 4 + 1 = 13; Аня 1 × 4;
    # Вика revoked with her trick: nothing, 1 × 21 in. 21 − 4 − 13 + 21 = 25
    assert [item.english(names) for item in result.rows[1].outcome.lines] == [
        "Борис khraps in circle 1: promises 3 tricks, takes 3",
        "Circle 1: the whole pot is at stake, 21",
        "One trick is worth a fifth: 21 ÷ 5 = 4 rounded down (what is left over, 1, goes to the khraper, who kept "
        "the promise)",
        "Аня kept the promise: 1 × 4 = 4 from the pot",
        "Борис kept the promise: 3 × 4 + 1 left over = 13 from the pot",
        "Вика revoked: counts as failed and takes nothing, pays 1 × 21 = 21 into the pot",
        "Pot 21 → 25",
    ]
    assert result.rows[1].totals == (-16, 14, -23)  # −20 + 4, 1 + 13, −2 − 21


# ---------------------------------------------------------------- a match stored before revokes went into the play


def test_a_stored_match_in_the_old_shape_replays_to_the_same_totals() -> None:
    """Entries as stored before a play carried its revokes: the revoke as an entry of its own, on
    the pot at that point. Every pot a kept khrap met was a multiple of 5, so the rulings on the
    odd units change nothing either: the totals are the ones written at the table then."""
    stored = [
        {"type": "renonce", "player": 1},  # antes 15, Борис 1 × 15: (−5, −20, −5), pot 30
        {"type": "play", "khrap": 0, "dark": False, "circle": 1, "tricks": [3, 1, 1]},  # fifth 6: 18, 6, 6; pot 0
        {"type": "no_khrap"},  # antes 15 + a stake each 15: pot 30, circle 2
        {"type": "play", "khrap": 2, "dark": False, "circle": 2, "tricks": [1, 1, 3]},  # 15 at stake: 3, 3, 9
        {"type": "renonce", "player": 0},  # Аня 1 × 15: pot 30
        {"type": "penalty", "player": 1, "points": -10, "reason": "late"},  # pot 40
    ]
    entries = [khrap.parse_entry(raw, 3) for raw in stored]
    assert [khrap.dump_entry(entry) for entry in entries] == stored  # still the canonical shape
    result = sheet(*entries)
    assert result.violations == ()
    assert [row.totals for row in result.rows] == [
        (-5, -20, -5),  # antes 5 each, Борис's revoke 15
        (13, -14, 1),  # −5 + 18, −20 + 6, −5 + 6
        (3, -24, -9),  # antes 5 and a stake 5 each
        (6, -21, 0),  # + 3, + 3, + 9; pot 15
        (-9, -21, 0),  # Аня's revoke 1 × 15
        (-9, -31, 0),  # Борис's penalty 10
    ]
    assert result.state.pot == 40  # 9 + 31 = 40: money conserved


# ---------------------------------------------------------------- closing the evening


@pytest.mark.parametrize(("entries", "options", "totals", "pot", "shares"), [
    pytest.param([play(0, (2, 2, 1))], {}, (-13, 8, 5), 0, [7, 7, 7],
                 id="split"),  # pot 21 ÷ 3 = 7 each: −20 + 7, 1 + 7, −2 + 7
    pytest.param([play(0, (2, 2, 1)), Penalty(1, -5, "late")], {}, (-12, 4, 6), 2, [8, 8, 8],
                 id="split-odd-units-stay-written"),  # pot 26 ÷ 3 = 8 each, 2 stay: −20 + 8, −4 + 8, −2 + 8
    pytest.param([play(0, (2, 2, 1))], {"pot_at_close": "stays"}, (-20, 1, -2), 21, [0, 0, 0],
                 id="stays"),  # nobody's: the 21 stay written as the pot
    pytest.param([play(0, (3, 1, 1))], {}, (4, -2, -2), 0, [0, 0, 0],
                 id="empty-pot-no-antes"),  # the pot is empty: the close is no deal, no antes
    pytest.param([], {}, (0, 0, 0), 0, [0, 0, 0], id="closed-at-once"),
])
def test_closing_the_evening(entries: list[Any], options: dict[str, Any], totals: tuple[int, ...], pot: int,
                             shares: list[int]) -> None:
    result = sheet(*entries, Close(), options=Options(**options))
    assert result.violations == ()
    closing = result.rows[-1]
    assert closing.kind == "close"
    assert (closing.totals, result.state.pot, closing.outcome.result["shares"]) == (totals, pot, shares)
    assert closing.outcome.result["stakes"] == [0, 0, 0]
    assert sum(totals) + pot == 0
    assert result.state.finished and result.state.winner is None
    assert khrap.dump_state(result.state)["settlement"] == {"money": list(totals), "pot": pot}


def test_nothing_is_entered_after_the_close() -> None:
    result = sheet(play(0, (2, 2, 1)), Close(), NoKhrap(), play(0, (3, 1, 1)))
    assert [(v.code, v.deal) for v in result.violations] == [("match_finished", 3)]
    assert len(result.rows) == 2


def test_no_settlement_while_the_evening_goes_on() -> None:
    result = sheet(play(0, (2, 2, 1)))
    assert not result.state.finished
    assert "settlement" not in khrap.dump_state(result.state)


def test_the_close_is_explained() -> None:
    names = ["Аня", "Борис", "Вика"]
    split = sheet(play(0, (2, 2, 1)), Penalty(1, -5, "late"), Close())
    assert [item.english(names) for item in split.rows[-1].outcome.lines] == [
        "The evening is closed: the pot of 26 goes back in equal shares, 26 ÷ 3 = 8 each rounded down (the odd "
        "2 stay written as the pot)",
        "Аня ends the evening with -12",
        "Борис ends the evening with 4",
        "Вика ends the evening with 6",
        "Pot 26 → 2",
    ]
    even = sheet(play(0, (2, 2, 1)), Close())
    assert even.rows[-1].outcome.lines[0].english(names) == (
        "The evening is closed: the pot of 21 goes back in equal shares, 21 ÷ 3 = 7 each")
    stays = sheet(play(0, (2, 2, 1)), Close(), options=Options(pot_at_close="stays"))
    assert stays.rows[-1].outcome.lines[0].english(names) == (
        "The evening is closed: the 21 in the pot stay there, nobody's")
    empty = sheet(Close())
    assert [item.english(names) for item in empty.rows[-1].outcome.lines] == [
        "The evening is closed with an empty pot", "Аня ends the evening with 0", "Борис ends the evening with 0",
        "Вика ends the evening with 0", "Pot 0 → 0"]


# ---------------------------------------------------------------- validation codes


@pytest.mark.parametrize(("raw", "at", "expected"), [
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1]}, None, [], id="valid-play"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "dark": True, "tricks": [5, 0, 0]}, None, [],
                 id="valid-dark"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 0]}, None, ["tricks_total"],
                 id="tricks-short"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 2, 1]}, None, ["tricks_total"],
                 id="tricks-over"),
    pytest.param({"type": "play", "khrap": 3, "circle": 1, "tricks": [3, 1, 1]}, None, ["bad_seat"],
                 id="khraper-not-seated"),
    pytest.param({"type": "play", "khrap": -1, "circle": 1, "tricks": [3, 1, 1]}, None, ["bad_seat"],
                 id="khraper-negative"),
    pytest.param({"type": "play", "khrap": 0, "circle": 2, "tricks": [3, 1, 1]}, None,
                 ["no_silent_first_circle"], id="circle-2-without-silent-circle"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1]}, state(pot=30, circle=2),
                 ["wrong_circle"], id="circle-1-after-silent-circle"),
    pytest.param({"type": "play", "khrap": 0, "circle": 2, "tricks": [3, 1, 1]}, state(pot=30, circle=2), [],
                 id="circle-2-after-silent-circle"),
    pytest.param({"type": "play", "khrap": 0, "circle": 2, "tricks": [3, 1, 2]}, None,
                 ["tricks_total", "no_silent_first_circle"], id="every-rule-violation"),
    pytest.param({"type": "play", "khrap": 0, "circle": 3, "tricks": [3, 1, 1]}, None, ["out_of_range"],
                 id="circle-3"),
    pytest.param({"type": "play", "khrap": 0, "circle": True, "tricks": [3, 1, 1]}, None, ["bad_type"],
                 id="circle-as-bool"),
    # RULES.md: "a count above 5 or a sum other than 5 is tricks_total (as in 1000, not a generic code)";
    # a count below 0 too, as 1000 answers.
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [1, 0, 6]}, None, ["tricks_total"],
                 id="six-tricks-for-one-seat"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [6, 0, -1]}, None,
                 ["tricks_total", "tricks_total"], id="tricks-out-of-0-to-5"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, "1", 1]}, None, ["bad_type"],
                 id="tricks-as-text"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1, 0]}, None, ["bad_type"],
                 id="tricks-for-4-seats"),
    pytest.param({"type": "play", "circle": 1}, None, ["missing_field", "missing_field"],
                 id="khrap-and-tricks-missing"),
    pytest.param({"type": "play", "khrap": None, "circle": 1, "tricks": [3, 1, 1]}, None, ["missing_field"],
                 id="nobody-khraps-is-no_khrap-not-a-play"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "dark": "yes"}, None,
                 ["bad_type"], id="dark-as-text"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "trump": "H"}, None,
                 ["unknown_field"], id="unknown-field"),
    pytest.param({"type": "play", "khrap": "0", "circle": 1, "tricks": [3, 1, 1], "bid": 3}, None,
                 ["unknown_field", "bad_type"], id="every-shape-problem"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "renonce": [2]}, None, [],
                 id="valid-play-with-a-revoke"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "renonce": [2, 0]}, None, [],
                 id="valid-play-with-two-revokes"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "renonce": []}, None, [],
                 id="valid-play-nobody-revoked"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "renonce": None}, None, [],
                 id="valid-play-renonce-null"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "renonce": [3]}, None,
                 ["bad_seat"], id="revoker-not-seated"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "renonce": [1, 1]}, None,
                 ["renonce_twice"], id="revoker-listed-twice"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "renonce": 2}, None,
                 ["bad_type"], id="renonce-not-a-list"),
    pytest.param({"type": "play", "khrap": 0, "circle": 1, "tricks": [3, 1, 1], "renonce": [True, "1"]}, None,
                 ["bad_type", "bad_type"], id="renonce-not-seats"),
    pytest.param({"type": "no_khrap"}, None, [], id="valid-no-khrap"),
    pytest.param({"type": "no_khrap", "circle": 1}, None, ["unknown_field"], id="no-khrap-with-a-field"),
    pytest.param({"type": "renonce", "player": 2}, None, [], id="valid-renonce"),
    pytest.param({"type": "renonce"}, None, ["missing_field"], id="renonce-without-player"),
    pytest.param({"type": "renonce", "player": 4}, None, ["bad_seat"], id="renonce-not-seated"),
    pytest.param({"type": "penalty", "player": 1, "points": -10, "reason": "late"}, None, [], id="valid-penalty"),
    # RULES.md: a penalty is "any non-zero whole amount ... it need not be a multiple of stake".
    pytest.param({"type": "penalty", "player": 1, "points": -7}, None, [], id="penalty-fine-not-in-fives"),
    pytest.param({"type": "penalty", "player": 1, "points": -3, "reason": "a 3-unit mistake"}, None, [],
                 id="penalty-fine-of-3"),
    pytest.param({"type": "penalty", "player": 1, "points": 3}, state(pot=15), [], id="penalty-bonus-of-3"),
    pytest.param({"type": "penalty", "player": 1, "points": 20}, state(pot=15), ["pot_too_small"],
                 id="penalty-takes-more-than-the-pot"),
    pytest.param({"type": "penalty", "player": 1, "points": 15}, state(pot=15), [], id="penalty-takes-the-pot"),
    # "more than the pot holds is pot_too_small", in fives or not
    pytest.param({"type": "penalty", "player": 1, "points": 16}, state(pot=15), ["pot_too_small"],
                 id="penalty-one-more-than-the-pot"),
    pytest.param({"type": "penalty", "player": 1, "points": 22}, state(pot=15), ["pot_too_small"],
                 id="penalty-over-the-pot-not-in-fives"),
    pytest.param({"type": "penalty", "player": 9, "points": "x"}, None, ["bad_seat", "bad_type"],
                 id="penalty-shape"),
    pytest.param({"type": "close"}, None, [], id="valid-close"),
    pytest.param({"type": "close", "pot_at_close": "stays"}, None, ["unknown_field"], id="close-with-a-field"),
    pytest.param({"type": "pass"}, None, ["bad_type"], id="unknown-type"),
    pytest.param({"khrap": 0}, None, ["missing_field"], id="no-type"),
    pytest.param(["play"], None, ["bad_type"], id="not-an-object"),
])
def test_violation_codes(raw: Any, at: khrap.State | None, expected: list[str]) -> None:
    assert sorted(codes(raw, at)) == sorted(expected)


@pytest.mark.parametrize(("entry", "expected"), [
    pytest.param(play(5, (3, 1, 1)), ["bad_seat"], id="constructed-khraper-not-seated"),
    pytest.param(play(0, (3, 1, 1, 0)), ["bad_type"], id="constructed-tricks-wrong-length"),
    pytest.param(Renonce(-1), ["bad_seat"], id="constructed-renonce"),
    pytest.param(play(0, (3, 1, 1), renonce=(5,)), ["bad_seat"], id="constructed-revoker-not-seated"),
    pytest.param(Penalty(3, -5), ["bad_seat"], id="constructed-penalty"),
])
def test_validate_checks_constructed_entries_too(entry: Any, expected: list[str]) -> None:
    assert [v.code for v in khrap.validate(state(), entry)] == expected


def test_fields_of_the_violations() -> None:
    found = khrap.validate(state(), play(0, (3, 1, 2), circle=2))
    assert [(v.code, v.field, v.is_error) for v in found] == [
        ("tricks_total", "tricks", True), ("no_silent_first_circle", "circle", True)]
    assert found[0].params == {"taken": 6}


def test_a_seat_given_more_than_5_tricks_is_tricks_total_at_its_seat() -> None:
    with pytest.raises(Rejected) as caught:
        khrap.parse_entry({"type": "play", "khrap": 0, "circle": 1, "tricks": [1, 0, 6]}, 3)
    (found,) = caught.value.violations
    assert (found.code, found.field, dict(found.params)) == ("tricks_total", "tricks[2]", {"value": 6, "high": 5})
    assert found.message % found.params == "6 tricks: a player takes from 0 to 5."


def test_a_refused_deal_stops_the_replay() -> None:
    result = sheet(play(0, (3, 1, 1)), play(0, (3, 1, 1), circle=2), NoKhrap())
    assert [(v.code, v.deal) for v in result.violations] == [("no_silent_first_circle", 2)]
    assert len(result.rows) == 1


# ---------------------------------------------------------------- entries round trip


@pytest.mark.parametrize("raw", [
    {"type": "play", "khrap": 2, "dark": True, "circle": 2, "tricks": [1, 1, 3]},
    {"type": "play", "khrap": 0, "dark": False, "circle": 1, "tricks": [3, 1, 1]},
    {"type": "play", "khrap": 1, "dark": False, "circle": 1, "tricks": [1, 3, 1], "renonce": [2, 0]},
    {"type": "no_khrap"},
    {"type": "renonce", "player": 1},
    {"type": "penalty", "player": 0, "points": -25, "reason": "wrong recording"},
    {"type": "close"},
])
def test_canonical_entries_round_trip(raw: dict[str, Any]) -> None:
    entry = khrap.parse_entry(raw, 3)
    assert khrap.dump_entry(entry) == raw
    assert khrap.parse_entry(khrap.dump_entry(entry), 3) == entry


def test_dark_defaults_to_false() -> None:
    assert khrap.parse_entry({"type": "play", "khrap": 1, "circle": 1, "tricks": [1, 3, 1]}, 3) == play(1, (1, 3, 1))


def test_nobody_revoked_is_stored_as_before() -> None:
    entry = khrap.parse_entry({"type": "play", "khrap": 1, "circle": 1, "tricks": [1, 3, 1], "renonce": []}, 3)
    assert khrap.dump_entry(entry) == {"type": "play", "khrap": 1, "dark": False, "circle": 1, "tricks": [1, 3, 1]}


# ---------------------------------------------------------------- referee checks


@pytest.mark.parametrize(("led", "answers", "trump", "winner"), [
    pytest.param("10S", "QS 6S", H, 1, id="highest-of-the-led-suit"),
    pytest.param("9S", "10S 6S", H, 1, id="ten-above-nine"),
    pytest.param("JS", "QD 10S", H, 0, id="jack-above-ten"),
    pytest.param("AS", "6H KS", H, 1, id="a-trump-beats-the-ace"),
    pytest.param("KS", "7H 8H", H, 2, id="higher-trump"),
    pytest.param("6S", "AD AC", H, 0, id="other-suits-never-take"),
    pytest.param("9H", "AH KS", H, 1, id="trumps-led"),
    pytest.param("6C", "7C 8C 9C 10C AC", S, 5, id="six-players"),
])
def test_trick_winner(led: str, answers: str, trump: Suit, winner: int) -> None:
    assert khrap.trick_winner(card(led), trump, cards(answers)) == winner


@pytest.mark.parametrize(("led", "answers"), [
    pytest.param("2S", "QS", id="a-two-is-not-in-the-36-card-deck"),
    pytest.param("QS", "QS", id="the-same-card-twice"),
])
def test_trick_winner_refuses(led: str, answers: str) -> None:
    with pytest.raises(ValueError):
        khrap.trick_winner(card(led), H, cards(answers))


@pytest.mark.parametrize(("played", "hand", "led", "trump", "legal", "why"), [
    pytest.param("7D", "7D AH KS", None, H, True, "any card may be led", id="leading"),
    pytest.param("7S", "7S AH", "KS", H, True, "follows suit", id="follows-suit"),
    pytest.param("AH", "7S AH", "KS", H, False, "must follow suit: ♠ was led", id="must-follow-suit"),
    pytest.param("7D", "7D AH", "KS", H, False, "no ♠ in the hand: must trump with ♥", id="must-trump"),
    pytest.param("6H", "7D 6H", "KS", H, True, "no ♠ in the hand: trumps", id="trumps-when-void"),
    pytest.param("7D", "7D 8C", "KS", H, True, "neither ♠ nor trumps in the hand: any card", id="discard"),
    pytest.param("6S", "6S AH", "KS", H, True, "follows suit", id="no-need-to-overtake"),
    pytest.param("QS", "7S AH", "KS", H, False, "Q♠ is not in the hand", id="not-in-hand"),
])
def test_legal_play(played: str, hand: str, led: str | None, trump: Suit, legal: bool, why: str) -> None:
    answer, reason = khrap.legal_play(card(played), cards(hand), None if led is None else card(led), trump)
    assert answer is legal
    assert reason.english() == why


def test_legal_play_refuses_a_card_outside_the_deck() -> None:
    with pytest.raises(ValueError):
        khrap.legal_play(card("5S"), cards("5S"), None, H)


# ---------------------------------------------------------------- properties


@st.composite
def option_sets(draw: st.DrawFn) -> Options:
    return Options(stake=draw(st.integers(1, 20)) * 5, pot_mode=draw(st.sampled_from(khrap.POT_MODES)),
                   whister_fail=draw(st.integers(0, 3)), khraper_fail=draw(st.integers(0, 3)),
                   dark_fail=draw(st.integers(0, 6)), renonce_fail=draw(st.integers(0, 3)),
                   pot_at_close=draw(st.sampled_from(khrap.POT_AT_CLOSE)))


def deal_tricks(draw: st.DrawFn, seats: int) -> tuple[int, ...]:
    winners = draw(st.lists(st.integers(0, seats - 1), min_size=5, max_size=5))
    return tuple(winners.count(seat) for seat in range(seats))


@st.composite
def an_entry(draw: st.DrawFn, at: khrap.State) -> khrap.Entry:
    seats = at.seats
    kind = draw(st.sampled_from(["play"] * 5 + ["no_khrap"] * 3 + ["renonce", "penalty", "close"]))
    if kind == "play":
        revokers = draw(st.lists(st.integers(0, seats - 1), max_size=2, unique=True))
        return play(draw(st.integers(0, seats - 1)), deal_tricks(draw, seats), at.circle, draw(st.booleans()),
                    tuple(revokers))
    if kind == "no_khrap":
        return NoKhrap()
    if kind == "close":
        return Close()
    if kind == "renonce":
        return Renonce(draw(st.integers(0, seats - 1)))
    # RULES.md: any whole amount, in fives or not (pots then hold odd units); a bonus at most the pot.
    points = draw(st.integers(-50, min(at.pot, 1000)))  # pots grow fast: stay a sane fine
    return Penalty(draw(st.integers(0, seats - 1)), points, "")


@st.composite
def matches(draw: st.DrawFn) -> tuple[Options, int, list[khrap.Entry]]:
    options = draw(option_sets())
    seats = draw(st.integers(3, 6))
    at = khrap.initial_state(options, seats, 0)
    entries: list[khrap.Entry] = []
    for _n in range(draw(st.integers(1, 25))):
        entry = draw(an_entry(at))
        assert khrap.validate(at, entry) == []  # every drawn entry is legal where it stands
        entries.append(entry)
        at, _outcome = khrap.apply(at, entry)
        if at.finished:  # the evening was closed: nothing follows
            break
    return options, seats, entries


@given(matches())
def test_money_is_conserved(match: tuple[Options, int, list[khrap.Entry]]) -> None:
    options, seats, entries = match
    at = khrap.initial_state(options, seats, 0)
    for entry in entries:
        after, outcome = khrap.apply(at, entry)
        # what the players lost the pot gained, row by row, and balances plus the pot stay at 0
        assert sum(outcome.deltas) == at.pot - after.pot
        assert sum(after.totals) + after.pot == 0
        assert after.pot >= 0 and after.circle in (1, 2)
        assert outcome.result["pot_before"] == at.pot and outcome.result["pot_after"] == after.pot
        at = after


@given(matches())
def test_fifths_are_whole_and_never_more_than_is_at_stake(match: tuple[Options, int, list[khrap.Entry]]) -> None:
    options, seats, entries = match
    at = khrap.initial_state(options, seats, 0)
    for entry in entries:
        at, outcome = khrap.apply(at, entry)
        if not isinstance(entry, Play):
            continue
        money = outcome.result
        assert money["at_stake"] == (money["pot"] if entry.circle == 1 else money["pot"] // 2)
        assert all(isinstance(x, int) for x in money["taken"])
        assert sum(money["taken"]) <= money["at_stake"] <= money["pot"]
        if money["fifth"] is not None:
            assert isinstance(money["fifth"], int)
            assert 5 * money["fifth"] <= money["at_stake"] < 5 * (money["fifth"] + 1)
            odd = money["at_stake"] - 5 * money["fifth"] if money["kept"][entry.khrap] else 0
            # whole fifths per trick; only a khraper who kept takes the odd units on top
            assert all(taken - (odd if seat == entry.khrap else 0) == entry.tricks[seat] * money["fifth"] * kept
                       for seat, (taken, kept) in enumerate(zip(money["taken"], money["kept"], strict=True)))


@given(matches())
def test_antes_only_into_an_empty_pot(match: tuple[Options, int, list[khrap.Entry]]) -> None:
    options, seats, entries = match
    result = replay(khrap, options, seats, 0, list(enumerate(entries, start=1)))
    assert result.violations == ()
    for row, entry in zip(result.rows, entries, strict=True):
        antes = row.outcome.result["stakes"]
        empty = row.outcome.result["pot_before"] == 0 and not isinstance(entry, (Penalty, Close))
        assert antes == ([options.stake] * seats if empty else [0] * seats)


@given(matches())
def test_the_same_entries_give_the_same_sheet(match: tuple[Options, int, list[khrap.Entry]]) -> None:
    options, seats, entries = match
    deals = list(enumerate(entries, start=1))
    first, second = replay(khrap, options, seats, 0, deals), replay(khrap, options, seats, 0, deals)
    assert first == second
    names = [f"P{seat}" for seat in range(seats)]
    for row in first.rows:  # every explanation line renders: its template and params agree
        assert all(item.english(names) for item in row.outcome.lines)
        assert all(isinstance(item.params["player"], Seat) for item in row.outcome.lines
                   if "player" in item.params)  # seats as Seat(i): the edge writes the names


@given(matches())
def test_entries_round_trip(match: tuple[Options, int, list[khrap.Entry]]) -> None:
    _options, seats, entries = match
    for entry in entries:
        assert khrap.parse_entry(khrap.dump_entry(entry), seats) == entry


@given(option_sets(), st.integers(3, 6), st.integers(0, 10**9), st.integers(1, 2), st.booleans(), st.data())
def test_any_pot_settles_in_whole_money(options: Options, seats: int, pot: int, circle: int, dark: bool,
                                        data: st.DataObject) -> None:
    tricks = data.draw(st.lists(st.integers(0, seats - 1), min_size=5, max_size=5), label="trick winners")
    deal = play(data.draw(st.integers(0, seats - 1), label="khraper"),
                tuple(tricks.count(seat) for seat in range(seats)), circle, dark)
    money = khrap.settle(options, pot, deal)
    assert money.at_stake == (pot if circle == 1 else pot // 2) and money.fifth == money.at_stake // 5
    assert 0 <= sum(money.taken) <= money.at_stake <= pot  # nobody takes what is not there
    assert money.pot_after == pot - sum(money.taken) + sum(money.fines) >= 0
    if options.pot_mode == "fifths" or not money.kept[deal.khrap]:
        odd = money.at_stake % 5 if money.kept[deal.khrap] else 0
        assert money.odd == odd
        assert money.taken == tuple((t * money.fifth if kept else 0) + (odd if seat == deal.khrap else 0)
                                    for seat, (t, kept) in enumerate(zip(deal.tricks, money.kept, strict=True)))


@given(option_sets(), st.integers(0, 10**9), st.integers(0, 2), st.integers(1, 2), st.booleans())
def test_a_khrap_with_every_promise_kept_leaves_no_odd_units(options: Options, pot: int, khraper: int, circle: int,
                                                             dark: bool) -> None:
    # RULES.md: the odd units go to a khraper who kept; so with every promise kept (3 players: he
    # takes 3, each whister 1) circle 1 empties the pot whatever it held, and circle 2 leaves exactly
    # the other half — the pot never sticks on odd units and the antes come again.
    tricks = tuple(3 if seat == khraper else 1 for seat in range(3))
    money = khrap.settle(options, pot, play(khraper, tricks, circle, dark))
    assert all(money.kept) and money.fines == (0, 0, 0)
    assert sum(money.taken) == money.at_stake
    assert money.pot_after == (0 if circle == 1 else pot - pot // 2)


@given(matches())
def test_the_close_leaves_at_most_the_odd_units(match: tuple[Options, int, list[khrap.Entry]]) -> None:
    options, seats, entries = match
    result = replay(khrap, options, seats, 0, list(enumerate(entries, start=1)))
    if not isinstance(entries[-1], Close):
        assert not result.state.finished
        return
    before = result.rows[-2].outcome.result["pot_after"] if len(result.rows) > 1 else 0
    assert result.state.finished
    if options.pot_at_close == "split":  # equal shares: fewer units than players stay written
        assert result.state.pot == before % seats
        assert result.rows[-1].outcome.deltas == (before // seats,) * seats
    else:  # "stays": nobody's, nobody's balance moves
        assert result.state.pot == before and result.rows[-1].outcome.deltas == (0,) * seats
