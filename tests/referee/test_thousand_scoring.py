"""Тысяча: tables of worked cases (STYLE.md 2.10).

Every expected number is worked out by hand from RULES.md "Тысяча / 1000" and seed 001, the
arithmetic in a comment; none is copied from the engine's output. Seats 0, 1, 2 (or 0–1, 0–3);
the first dealer is seat 0 unless said, so seat 1 is "on the 100".
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.games import thousand
from referee.ledger import Severity
from tests.referee.thousand_entries import (
    codes,
    options,
    penalty,
    play,
    players,
    redeal,
    run,
    sheet,
    state_after,
    write_off,
)

CLUBS_HIGH = {"C": 100, "S": 80, "H": 60, "D": 40}  # seed 001: "максимальным является трефовый марьяж,
# а самый нижний – бубовый" (the middle two are this table's choice)


# ---------------------------------------------------------------- one deal from the start

@pytest.mark.parametrize(("entry", "overrides", "deltas"), [
    # --- the declarer: ±contract, never rounded
    pytest.param(play(), {}, (100, 10, 10), id="contract-made-exactly"),  # 100 ≥ 100; 12 → 10, 8 → 10
    # Seed 001: "Заявил сто сорок, а взял сто семьдесят, записывается только сто сорок": 70 + ♥100 = 170
    pytest.param(play(0, 140, points=(70, 30, 20), marriages={0: "H"}), {}, (140, 30, 20), id="excess-ignored"),
    # 85 + ♠40 = 125 ≥ 125
    pytest.param(play(0, 125, points=(85, 20, 15), marriages={0: "S"}), {}, (125, 20, 15),
                 id="made-with-a-marriage"),
    # Seed 001: "даже на одно очко": 84 + 40 = 124 < 125 → −125; 16 → 15
    pytest.param(play(0, 125, points=(84, 20, 16), marriages={0: "S"}), {}, (-125, 20, 15),
                 id="one-point-short-fails"),
    # 99 is not rounded up to 100 for the declarer; 11 → 10
    pytest.param(play(points=(99, 11, 10)), {}, (-100, 10, 10), id="declarer-never-rounded"),
    # bid 100, contract raised to 120 after the talon: 115 < 120 → −120 (not −100)
    pytest.param(play(0, 100, 120, points=(115, 3, 2)), {}, (-120, 5, 0), id="contract-above-bid-counts"),
    pytest.param(play(2, points=(8, 12, 100)), {}, (10, 10, 100), id="any-seat-declares"),
    # --- defenders: rounded to 5 (remainder 1–2 down, 3–4 up)
    # Seed 001: "67 даст 65 очков, а при набранных 68 округляется до 70"
    pytest.param(play(points=(45, 67, 8)), {}, (-100, 65, 10), id="defender-67-to-65"),
    pytest.param(play(points=(44, 68, 8)), {}, (-100, 70, 10), id="defender-68-to-70"),
    pytest.param(play(points=(50, 61, 9)), {}, (-100, 60, 10), id="defender-61-to-60-9-to-10"),
    pytest.param(play(points=(40, 70, 10)), {}, (-100, 70, 10), id="defender-multiple-of-5-kept"),
    # nearest_10: 67 → 70, 8 → 10; 64 → 60; 65 → 70 (a half goes up, as 3–4 go up for nearest_5)
    pytest.param(play(points=(45, 67, 8)), {"defender_rounding": "nearest_10"}, (-100, 70, 10),
                 id="nearest-10-67-to-70"),
    pytest.param(play(points=(46, 64, 10)), {"defender_rounding": "nearest_10"}, (-100, 60, 10),
                 id="nearest-10-64-to-60"),
    pytest.param(play(points=(47, 65, 8)), {"defender_rounding": "nearest_10"}, (-100, 70, 10),
                 id="nearest-10-65-to-70"),
    pytest.param(play(points=(45, 67, 8)), {"defender_rounding": "none"}, (-100, 67, 8),
                 id="no-rounding"),
    # --- marriages
    # a defender's marriage is added before rounding: 33 + ♦80 = 113 → 115; 27 → 25; declarer 60 < 100
    pytest.param(play(points=(60, 33, 27), marriages={1: "D"}), {}, (-100, 115, 25), id="defender-marriage"),
    # two marriages: 40 + ♥100 + ♣60 = 200 ≥ 200
    pytest.param(play(0, 200, points=(40, 50, 30), marriages={0: "HC"}), {}, (200, 50, 30),
                 id="two-marriages"),
    # "clubs high": 60 + ♣100 = 160 ≥ 160
    pytest.param(play(0, 160, points=(60, 40, 20), marriages={0: "C"}), {"marriage_values": CLUBS_HIGH},
                 (160, 40, 20), id="clubs-high-club-marriage"),
    # the same deal with the classic values: 60 + ♣60 = 120 < 160
    pytest.param(play(0, 160, points=(60, 40, 20), marriages={0: "C"}), {}, (-160, 40, 20),
                 id="classic-club-marriage"),
    # "clubs high": ♥ is 60: 40 + 60 = 100
    pytest.param(play(points=(50, 40, 30), marriages={1: "H"}), {"marriage_values": CLUBS_HIGH},
                 (-100, 100, 30), id="clubs-high-heart-marriage"),
    # ace_marriage: four aces = 200: 50 + 200 = 250 ≥ 200
    pytest.param(play(0, 200, points=(50, 40, 30), marriages={0: "A"}), {"ace_marriage": True},
                 (200, 40, 30), id="ace-marriage"),
    # --- a bolt is a zero score, not a penalty by itself: 2 → 0
    pytest.param(play(points=(100, 18, 2)), {}, (100, 20, 0), id="two-points-score-zero"),
    # a failed declarer with 0 points scores −contract (and no bolt, see the marks test)
    pytest.param(play(points=(0, 60, 60)), {}, (-100, 60, 60), id="declarer-with-nothing"),
    # --- dark (тёмная): seat 1 is left of dealer 0; dark_min_score lowered so it is allowed at 0
    # 100 + ♠40 = 140 ≥ 120 → +240; defenders 2 × 10 = 20 (12 → 10, 8 → 10)
    pytest.param(play(1, 120, points=(12, 100, 8), marriages={1: "S"}, dark=True), {"dark_min_score": 0},
                 (20, 240, 20), id="dark-made"),
    # 60 < 120 → −240; seat 0: 2 × 45 + ♦80 (not doubled) = 170; seat 2: 2 × 15 = 30
    pytest.param(play(1, 120, points=(47, 60, 13), marriages={0: "D"}, dark=True), {"dark_min_score": 0},
                 (170, -240, 30), id="dark-failed"),
    # dark_raise: 100 + 40 = 140 ≥ 140 → 2 × 140 = +280
    pytest.param(play(1, 120, 140, points=(10, 100, 10), marriages={1: "S"}, dark=True),
                 {"dark_min_score": 0, "dark_raise": True}, (20, 280, 20), id="dark-raised"),
    # --- golden round: the same arithmetic as dark, on an ordinary-looking play by seat 1
    pytest.param(play(1, 120, points=(12, 100, 8), marriages={1: "S"}), {"golden_round": True},
                 (20, 240, 20), id="golden-made"),
    pytest.param(play(1, 120, points=(47, 60, 13), marriages={0: "D"}), {"golden_round": True},
                 (170, -240, 30), id="golden-failed"),
    # --- write-off (расписать), contract 125 backed by a ♠ marriage in hand: half = 62.5 → 65
    pytest.param(write_off(0, 125, held="S"), {}, (-125, 65, 65), id="write-off-minus-contract-half-each"),
    pytest.param(write_off(0, 125, held="S"), {"write_off": "no_loss_60_each"}, (0, 60, 60),
                 id="write-off-no-loss-60-each"),
    pytest.param(write_off(0, 125, held="S"), {"write_off": "minus_contract_60_each"}, (-125, 60, 60),
                 id="write-off-minus-contract-60-each"),
    pytest.param(write_off(0, 125, held="S"), {"write_off": "no_loss_half_each"}, (0, 65, 65),
                 id="write-off-no-loss-half-each"),
    pytest.param(write_off(0, 120), {}, (-120, 60, 60), id="write-off-120"),
    pytest.param(write_off(1, 105), {}, (55, -105, 55), id="write-off-half-52.5-to-55"),
    pytest.param(write_off(2, 110), {}, (55, 55, -110), id="write-off-half-55"),
    # --- redeals and penalties
    pytest.param(redeal("four_aces"), {}, (0, 0, 0), id="redeal-costs-nothing"),
    # seed 001: "раздающему записывается штраф в размере 120 очков" — the dealer is seat 0
    pytest.param(redeal("exposed_card"), {}, (-120, 0, 0), id="exposed-card"),
    pytest.param(redeal("exposed_card"), {"redeal_penalty": 100}, (-100, 0, 0), id="exposed-card-100"),
    pytest.param(penalty(1, -100, "wrong recording"), {}, (0, -100, 0), id="generic-penalty"),
    pytest.param(penalty(2, 35), {}, (0, 0, 35), id="generic-bonus"),
])
def test_a_deal_scores(entry: thousand.Entry, overrides: dict[str, Any], deltas: tuple[int, ...]) -> None:
    result = run([entry], **overrides)
    assert result.rows[0].outcome.deltas == deltas
    assert result.rows[0].totals == deltas


@pytest.mark.parametrize(("entry", "seats", "deltas"), [
    # 2 players: points still add up to 120: 100 ≥ 100; 20 stays 20
    pytest.param(play(points=(100, 20)), 2, (100, 20), id="two-players-made"),
    pytest.param(play(1, points=(33, 87)), 2, (35, -100), id="two-players-failed"),  # 87 < 100; 33 → 35
    # 4 players: dealer 0 sits out, credited the talon: 13 → 15
    pytest.param(play(1, points=(None, 100, 12, 8), talon_points=13), 4, (15, 100, 10, 10),
                 id="four-players-talon-points"),
    # talon 17 → 15, plus the whole ♥ marriage lying in it: 115. The declarer, who took that talon,
    # declares ♥ too (it does not count against "each suit once"): 60 + 100 = 160 ≥ 140
    pytest.param(play(1, 140, points=(None, 60, 40, 20), marriages={1: "H"}, talon_points=17,
                      talon_marriage="H"), 4, (115, 140, 40, 20), id="four-players-talon-marriage"),
    # the dealer who sits out gets nothing from a write-off: −120, +60, +60
    pytest.param(write_off(1, 120, seats=4), 4, (0, -120, 60, 60), id="four-players-write-off"),
])
def test_a_deal_scores_with_2_and_4_players(entry: thousand.Entry, seats: int, deltas: tuple[int, ...]) -> None:
    assert run([entry], seats=seats).rows[0].outcome.deltas == deltas


# ---------------------------------------------------------------- marks

@pytest.mark.parametrize(("entry", "overrides", "marks"), [
    pytest.param(play(points=(100, 18, 2)), {}, ((("made",), (), ("bolt",))), id="made-and-bolt"),
    # RULES.md: "A failed declarer scores −contract, not a bolt"
    pytest.param(play(points=(0, 60, 60)), {}, (("failed",), (), ()), id="failed-is-not-a-bolt"),
    pytest.param(write_off(0, 120), {}, (("write_off",), (), ()), id="write-off-mark"),
    pytest.param(play(1, 120, points=(12, 100, 8), marriages={1: "S"}, dark=True), {"dark_min_score": 0},
                 ((), ("dark", "made"), ()), id="dark-mark"),
    pytest.param(play(1, 120, points=(12, 100, 8), marriages={1: "S"}), {"golden_round": True},
                 ((), ("golden", "made"), ()), id="golden-mark"),
    pytest.param(penalty(1, -100), {}, ((), ("penalty",), ()), id="penalty-mark"),
    pytest.param(redeal(), {}, (("redeal",), (), ()), id="redeal-mark"),
])
def test_marks(entry: thousand.Entry, overrides: dict[str, Any], marks: tuple[tuple[str, ...], ...]) -> None:
    got = run([entry], **overrides).rows[0].outcome.marks
    assert tuple(tuple(sorted(m)) for m in got) == tuple(tuple(sorted(m)) for m in marks)


def test_the_dealer_who_sits_out_is_marked() -> None:
    result = run([play(1, points=(None, 100, 12, 8), talon_points=13)], seats=4)
    assert "sits_out" in result.rows[0].outcome.marks[0]


# ---------------------------------------------------------------- matches: several entries

BOLT = play(points=(100, 18, 2))  # seat 2: 2 points → 0 → a bolt; seat 0 +100, seat 1 +20
CLEAN = play(points=(100, 12, 8))  # seat 2: 8 → 10, no bolt; seat 0 +100, seat 1 +10
FAIL_125 = play(0, 125, points=(80, 20, 20), marriages={0: "S"})  # 80 + 40 = 120 < 125: seat 0 fails
ON_BARREL = penalty(0, 880)  # puts seat 0 on the barrel at 880 (a penalty does not move the dealer)
# Seat 0 on the barrel, seat 1 at 850; seat 0 makes 125 (85 + ♠40) while seat 1 defends with 30
FINISH_WHILE_SEAT_1_MOUNTS = [ON_BARREL, penalty(1, 850), play(0, 125, points=(85, 30, 5), marriages={0: "S"})]
# Two barrels used (880 − 125 = 755 twice), seat 0 mounts the third, seat 1 brought to 850
FINISH_ON_THE_THIRD_BARREL = [ON_BARREL, FAIL_125, penalty(0, 125), FAIL_125, penalty(0, 125), penalty(1, 810),
                              play(0, 125, points=(85, 30, 5), marriages={0: "S"})]


def by_seat(result: Any, field: str) -> list[Any]:
    return [p[field] for p in players(result)]


@pytest.mark.parametrize(("entries", "overrides", "totals"), [
    # --- bolts. Three bolts over the match: seat 2: 0, 0, 0 − 120
    pytest.param([BOLT] * 3, {}, (300, 60, -120), id="third-bolt-costs-120"),
    # bolts_consecutive false: bolt, clean (+10), bolt, bolt → the third counts: 10 − 120 = −110
    pytest.param([BOLT, CLEAN, BOLT, BOLT], {}, (400, 70, -110), id="bolts-over-the-match"),
    # bolts_consecutive true: the clean deal resets the count; 2 bolts, no penalty: 10
    pytest.param([BOLT, CLEAN, BOLT, BOLT], {"bolts_consecutive": True}, (400, 70, 10), id="bolts-in-a-row"),
    pytest.param([BOLT, BOLT, BOLT], {"bolts_consecutive": True}, (300, 60, -120), id="three-in-a-row"),
    pytest.param([BOLT] * 2, {"bolt_limit": 2}, (200, 40, -120), id="bolt-limit-2"),
    pytest.param([BOLT] * 3, {"bolt_penalty": 100}, (300, 60, -100), id="bolt-penalty-100"),
    pytest.param([BOLT] * 6, {}, (600, 120, -240), id="the-count-restarts"),  # 6th bolt: second penalty
    pytest.param([BOLT] * 3, {"bolt_penalty": 0}, (300, 60, 0), id="simple-no-bolt-penalty"),
    # bolt_when no_tricks: 2 points in 1 trick scores 0 but is no bolt
    pytest.param([play(points=(100, 18, 2), tricks=(6, 1, 1))] * 3, {"bolt_when": "no_tricks"}, (300, 60, 0),
                 id="no-tricks-a-trick-is-enough"),
    # …while zero_score draws the bolt for the same deals: −120
    pytest.param([play(points=(100, 18, 2), tricks=(6, 1, 1))] * 3, {}, (300, 60, -120),
                 id="zero-score-a-trick-is-not-enough"),
    pytest.param([play(points=(100, 20, 0), tricks=(6, 2, 0))] * 3, {"bolt_when": "no_tricks"},
                 (300, 60, -120), id="no-tricks-bolts"),
    # dark: two bolts. Deal 1 (dealer 0): seat 1 makes 100; seat 0: 2 → 0, bolt 1; seat 2: 18 → 20.
    # Deal 2 (dealer 1): seat 2, on the 100, plays dark: 100 + ♠40 = 140 ≥ 120 → +240; seat 0: 2 → 0,
    # two bolts → 3 → −120; seat 1: 2 × 20 = 40. Totals: −120, 100 + 40 = 140, 20 + 240 = 260
    pytest.param([play(1, points=(2, 100, 18)), play(2, 120, points=(2, 18, 100), marriages={2: "S"}, dark=True)],
                 {"dark_min_score": 0}, (-120, 140, 260), id="dark-gives-two-bolts"),
    # --- dark needs 240 on the sheet: seat 1 gets 240, then dark: 240 + 240 = 480
    pytest.param([penalty(1, 240), play(1, 120, points=(12, 100, 8), marriages={1: "S"}, dark=True)], {},
                 (20, 480, 20), id="dark-from-240"),
    # --- samosval: 455 + 100 = 555 → 0
    pytest.param([penalty(0, 455), CLEAN], {}, (0, 10, 10), id="samosval"),
    pytest.param([penalty(0, 455), CLEAN], {"samosval": False}, (555, 10, 10), id="samosval-off"),
    # −455 − 100 = −555 stays unless samosval_negative
    pytest.param([penalty(0, -455), play(points=(90, 20, 10))], {}, (-555, 20, 10), id="minus-555-stays"),
    pytest.param([penalty(0, -455), play(points=(90, 20, 10))], {"samosval_negative": True}, (0, 20, 10),
                 id="samosval-negative"),
    pytest.param([penalty(0, 545), play(points=(100, 10, 10))], {}, (645, 10, 10), id="passing-555-is-fine"),
    # order within a deal: the bolt penalty comes before samosval: 675 − 120 = 555 → 0
    pytest.param([BOLT, BOLT, penalty(2, 675), BOLT], {}, (300, 60, 0), id="bolt-penalty-then-samosval"),
    # --- barrel (contract mode). Mount and cap: 800 + 100 = 900 → 880
    pytest.param([penalty(0, 800), CLEAN], {}, (880, 10, 10), id="barrel-mount-and-cap"),
    # threshold 900: 110 + ♠40 = 150 ≥ 120; 800 + 120 = 920 → 900; 5 and 5 stay
    pytest.param([penalty(0, 800), play(0, 120, points=(110, 5, 5), marriages={0: "S"})],
                 {"barrel_threshold": 900}, (900, 5, 5),
                 id="barrel-900-cap"),
    pytest.param([penalty(0, 780), CLEAN], {"barrel_threshold": 900}, (880, 10, 10), id="880-is-not-900"),
    # finishing: 880 + 125 = 1005 (seed 001: "заказать больше 120 и выполнить свой заказ"). In contract
    # mode his declared marriage counts toward the contract (85 + ♠40 = 125): "больше не учитываются
    # марьяжные очки" is in the seed's accumulate section ("Ну вот мы и на бочке"), read as that mode's rule.
    pytest.param([ON_BARREL, play(0, 125, points=(85, 20, 15), marriages={0: "S"})], {}, (1005, 20, 15),
                 id="barrel-finished-with-125"),
    # barrel_finish_min_contract 120: 880 + 120 = 1000
    pytest.param([ON_BARREL, play(0, 120, points=(110, 5, 5), marriages={0: "S"})], {"barrel_finish_min_contract": 120},
                 (1000, 5, 5), id="barrel-finished-with-120"),
    # seed 001: "Если заказал 120 и выполнил, то этого мало – игрок продолжает сидеть на бочке": 880
    pytest.param([ON_BARREL, play(0, 120, points=(110, 5, 5), marriages={0: "S"})], {}, (880, 5, 5),
                 id="barrel-120-not-enough"),
    # seed 001: "заказал 125, не выполнил, теперь у него 755": 880 − 125
    pytest.param([ON_BARREL, FAIL_125], {}, (755, 20, 20), id="barrel-failed-contract-755"),
    # on the barrel his defence is not added: 880 stays; seat 1 +100, seat 2 +10
    pytest.param([ON_BARREL, play(1, points=(10, 100, 10))], {}, (880, 100, 10), id="barrel-defence-not-added"),
    # three deals on the barrel (the redeal does not count): 880 − 120 = 760.
    # 2: seat 0 makes 100 from 800 → 880 mounts (seat 1, 2: 10, 10); 3: seat 1 +100, seat 2 +10;
    # 4: redeal; 5: again 210, 30; 6: seat 1 +10 = 220, seat 2 +100 = 130, seat 0's third deal → 760
    pytest.param([penalty(0, 800), CLEAN, play(1, points=(10, 100, 10)), redeal(), play(1, points=(10, 100, 10)),
                  play(2, points=(10, 10, 100))], {}, (760, 220, 130), id="barrel-three-deals-then-760"),
    # 120 made on the barrel is not enough, and it is his third deal there: 880 − 120 = 760;
    # seat 1: 100 + 100 + 5, seat 2: 10 + 10 + 5
    pytest.param([ON_BARREL, play(1, points=(10, 100, 10)), play(1, points=(10, 100, 10)),
                  play(0, 120, points=(110, 5, 5), marriages={0: "S"})], {}, (760, 205, 25),
                 id="barrel-third-deal-120-falls"),
    # accumulate: a declarer on the barrel adds their card points exactly: 880 + 105 = 985 (not the contract)
    pytest.param([ON_BARREL, play(0, 100, points=(105, 10, 5), marriages={0: "H"})], {"barrel_mode": "accumulate"},
                 (985, 10, 5), id="accumulate-declarer-adds-card-points"),
    # barrel_deals 1: the first deal after mounting is the last: 880 − 120 = 760
    pytest.param([ON_BARREL, play(1, points=(10, 100, 10))], {"barrel_deals": 1}, (760, 100, 10),
                 id="barrel-deals-1"),
    # barrel_fall_penalty 200: 880 − 200 = 680
    pytest.param([ON_BARREL, play(1, points=(10, 100, 10))], {"barrel_deals": 1, "barrel_fall_penalty": 200},
                 (680, 100, 10), id="barrel-fall-penalty-200"),
    # a write-off counts as a barrel deal (write_off_on_barrel): seat 1 −120, seat 0's 60 not added
    # (three write-offs of 100 by seat 1: −100 each, opponents +50; seat 0's third barrel deal → 760)
    pytest.param([ON_BARREL, write_off(1, 100), write_off(1, 100), write_off(1, 100)],
                 {"write_off_on_barrel": True}, (760, -300, 150), id="barrel-write-offs-count"),
    # third bolt on the barrel: seat 0 has two bolts (2 → 0 twice), mounts, gets a third: 880 − 120 = 760,
    # not 880 − 120 − 120; seat 1: 3 × 100; seat 2: 3 × 20
    pytest.param([play(1, points=(2, 100, 18)), play(1, points=(2, 100, 18)), ON_BARREL,
                  play(1, points=(2, 100, 18))], {}, (760, 300, 60), id="barrel-third-bolt-falls"),
    # barrel_conflict: the second player to mount knocks the first off: 880 − 120 = 760
    pytest.param([ON_BARREL, penalty(1, 880)], {}, (760, 880, 0), id="conflict-first-falls"),
    pytest.param([ON_BARREL, penalty(1, 880)], {"barrel_conflict": "two_may_sit"}, (880, 880, 0),
                 id="conflict-two-may-sit"),
    pytest.param([ON_BARREL, penalty(1, 880), penalty(2, 880)], {"barrel_conflict": "two_may_sit"},
                 (760, 760, 880), id="conflict-third-knocks-both"),
    pytest.param([ON_BARREL, penalty(1, 880), penalty(2, 880)], {"barrel_conflict": "none_fall"},
                 (880, 880, 880), id="conflict-none-fall"),
    # RULES.md: "unless the first finished in that very deal: a player who wins from the barrel has left
    # it". Seat 0 on the barrel makes 125 (85 + ♠40): 880 + 125 = 1005 and wins; seat 1 defends with
    # 30 from 850: 880, mounts; seat 2: 5. Seat 0 is not knocked off to 880 − 120 = 760.
    pytest.param(FINISH_WHILE_SEAT_1_MOUNTS, {}, (1005, 880, 5), id="conflict-the-finisher-has-left"),
    # …on his third barrel too (not back to 0). 880 − 125 = 755 twice, seats 1 and 2 take 20 each time:
    # 40, 40; seat 1: 40 + 810 = 850, then + 30 = 880; seat 2: 40 + 5 = 45
    pytest.param(FINISH_ON_THE_THIRD_BARREL, {}, (1005, 880, 45), id="conflict-the-finisher-on-his-third-barrel"),
    # two_may_sit: seats 0 and 1 sit; seat 0 finishes (1005) as seat 2 mounts from 850 + 30 = 880. Seat 0
    # has left, so seat 2 is the second on the barrel, not a third: seat 1 (defence not added) stays at 880
    pytest.param([ON_BARREL, penalty(1, 880), penalty(2, 850), play(0, 125, points=(85, 5, 30), marriages={0: "S"})],
                 {"barrel_conflict": "two_may_sit"}, (1005, 880, 880), id="two-may-sit-the-finisher-has-left"),
    # accumulate: seat 0 on the barrel at 880 + 105 = 985; seat 1: 10 + 850 = 860, seat 2: 5. Seat 0 makes
    # 100 with 100: 985 + 100 = 1085 ≥ 1000, wins; seat 1: 860 + 20 = 880 mounts; seat 2: 0 → 5.
    # Not 1085 floored to 1080 − 120 = 960
    pytest.param([ON_BARREL, play(0, 100, points=(105, 10, 5), marriages={0: "H"}), penalty(1, 850),
                  play(0, 100, points=(100, 20, 0))], {"barrel_mode": "accumulate"}, (1085, 880, 5),
                 id="accumulate-the-finisher-has-left"),
    # barrels_to_zero: 880 → 755, +125 → 880 → 755, +125 → 880 → falls off the third barrel: 0;
    # seats 1 and 2 take 20 in each failed deal
    pytest.param([ON_BARREL, FAIL_125, penalty(0, 125), FAIL_125, penalty(0, 125), FAIL_125], {}, (0, 60, 60),
                 id="third-barrel-to-zero"),
    pytest.param([ON_BARREL, FAIL_125, penalty(0, 125), FAIL_125], {"barrels_to_zero": 2}, (0, 40, 40),
                 id="second-barrel-to-zero"),
    pytest.param([ON_BARREL, FAIL_125, penalty(0, 125), FAIL_125], {}, (755, 40, 40), id="second-barrel-755"),
    # barrel_jump: 870 + 140 (70 + ♥100 = 170 ≥ 140) = 1010
    pytest.param([penalty(0, 870), play(0, 140, points=(70, 30, 20), marriages={0: "H"})], {}, (880, 30, 20),
                 id="barrel-cannot-be-jumped"),
    pytest.param([penalty(0, 870), play(0, 140, points=(70, 30, 20), marriages={0: "H"})], {"barrel_jump": True},
                 (1010, 30, 20), id="barrel-jump"),
    pytest.param([penalty(0, 870), play(0, 140, points=(70, 30, 20), marriages={0: "H"})], {"barrel": False},
                 (1010, 30, 20), id="no-barrel-winner-at-target"),
    pytest.param([penalty(0, 900)], {"barrel": False}, (900, 0, 0), id="no-barrel-no-cap"),
    # barrel_mode accumulate (seed: "Очки считаются вплоть до единицы"): 880 + 37 + 38 + 38 = 993 → the
    # third deal is over: 990 − 120 = 870. Seat 1 fails 100 three times (73, 72, 72 < 100); seat 2: 10 × 3
    pytest.param([ON_BARREL, play(1, points=(37, 73, 10)), play(1, points=(38, 72, 10)),
                  play(1, points=(38, 72, 10))], {"barrel_mode": "accumulate"}, (870, -300, 30),
                 id="accumulate-993-to-870"),
    # 880 + 37 + 38 + 45 = 1000 within three deals: he wins
    pytest.param([ON_BARREL, play(1, points=(37, 73, 10)), play(1, points=(38, 72, 10)),
                  play(1, points=(45, 65, 10))], {"barrel_mode": "accumulate"}, (1000, -300, 30),
                 id="accumulate-reaches-1000"),
    # accumulate, marriages not counted: seat 0 on the barrel defends with 33 + ♦80 and adds exactly 33:
    # 880 + 33 = 913; seat 1: 60 < 100 → −100; seat 2: 27 → 25
    pytest.param([ON_BARREL, play(1, points=(33, 60, 27), marriages={0: "D"})], {"barrel_mode": "accumulate"},
                 (913, -100, 25), id="accumulate-marriage-not-counted"),
    # --- redeals: the third in a row by one dealer costs him 120 and is cancelled
    pytest.param([redeal(), redeal(), redeal()], {}, (-120, 0, 0), id="third-redeal-costs-120"),
    pytest.param([redeal(), redeal()], {}, (0, 0, 0), id="two-redeals-are-free"),
    pytest.param([redeal(), redeal()], {"redeal_limit": 2}, (-120, 0, 0), id="redeal-limit-2"),
    pytest.param([redeal(), redeal(), redeal()], {"redeal_penalty": 100}, (-100, 0, 0), id="redeal-penalty-100"),
    # a played deal restarts the count; seat 1 deals next, two redeals cost him nothing
    pytest.param([redeal(), redeal(), CLEAN, redeal(), redeal()], {}, (100, 10, 10), id="redeals-not-in-a-row"),
    # after the cancelled third redeal the deal is played as dealt: −120 + 100 = −20
    pytest.param([redeal(), redeal(), redeal(), CLEAN], {}, (-20, 10, 10), id="played-as-dealt"),
    # exposed card: dealer 0 −120, the deal passes to seat 1; seat 1's exposed card costs him 120
    pytest.param([redeal("exposed_card"), redeal("exposed_card")], {}, (-120, -120, 0), id="exposed-card-twice"),
    # --- write-offs: limit, and each mode counted over deals: 2 × (−120 / +60)
    pytest.param([write_off(0, 120), write_off(0, 120)], {}, (-240, 120, 120), id="write-offs-unlimited"),
])
def test_a_match_totals(entries: list[thousand.Entry], overrides: dict[str, Any], totals: tuple[int, ...]) -> None:
    result = run(entries, **overrides)
    assert result.rows[-1].totals == totals
    assert result.state.totals == totals


# ---------------------------------------------------------------- state after a match

def test_bolts_are_counted_in_the_state() -> None:
    assert by_seat(run([BOLT, BOLT]), "bolts") == [0, 0, 2]
    assert by_seat(run([BOLT, BOLT, BOLT]), "bolts") == [0, 0, 0]  # the count restarts after the penalty
    assert by_seat(run([BOLT, CLEAN], bolts_consecutive=True), "bolts") == [0, 0, 0]
    assert by_seat(run([BOLT, CLEAN]), "bolts") == [0, 0, 1]


def test_dark_draws_two_bolts() -> None:
    # seat 0 defends a dark deal with 2 points: 2 × 0 = 0 → two bolts
    result = run([play(1, 120, points=(2, 100, 18), marriages={1: "S"}, dark=True)], dark_min_score=0)
    assert by_seat(result, "bolts") == [2, 0, 0]


def test_the_bolt_penalty_is_marked() -> None:
    result = run([BOLT] * 3)
    assert set(result.rows[2].outcome.marks[2]) >= {"bolt", "bolt_penalty"}
    assert result.rows[2].outcome.deltas == (100, 20, -120)


def test_mounting_the_barrel() -> None:
    result = run([penalty(0, 800), CLEAN])
    assert result.rows[1].outcome.deltas == (80, 10, 10)  # 900 capped to 880: +80
    assert "barrel" in result.rows[1].outcome.marks[0]
    assert players(result)[0] == {"bolts": 0, "on_barrel": True, "barrel_deals_left": 3, "barrels_used": 0,
                                  "write_offs": 0}
    assert players(result)[1]["barrel_deals_left"] is None  # null when not on the barrel


def test_barrel_deals_are_counted_without_redeals() -> None:
    entries = [penalty(0, 800), CLEAN, play(1, points=(10, 100, 10)), redeal(), play(1, points=(10, 100, 10))]
    assert by_seat(run(entries[:3]), "barrel_deals_left")[0] == 2
    assert by_seat(run(entries[:4]), "barrel_deals_left")[0] == 2  # the redeal does not count
    assert by_seat(run(entries), "barrel_deals_left")[0] == 1
    fallen = run([*entries, play(2, points=(10, 10, 100))])
    assert players(fallen)[0] == {"bolts": 0, "on_barrel": False, "barrel_deals_left": None, "barrels_used": 1,
                                  "write_offs": 0}
    assert "barrel_fall" in fallen.rows[-1].outcome.marks[0]


def test_a_write_off_uses_a_barrel_deal() -> None:
    result = run([ON_BARREL, write_off(1, 120)], write_off_on_barrel=True)
    assert by_seat(result, "barrel_deals_left") == [2, None, None]
    assert result.state.totals == (880, -120, 60)  # seat 0's +60 is not added on the barrel


def test_winning_from_the_barrel() -> None:
    result = run([ON_BARREL, play(0, 125, points=(85, 20, 15), marriages={0: "S"})])
    assert result.state.winner == 0 and result.state.finished
    assert "winner" in result.rows[-1].outcome.marks[0]
    assert players(result)[0]["on_barrel"] is False  # RULES.md: on_barrel is false once he has won


@pytest.mark.parametrize(("entries", "overrides", "on_barrel", "used"), [
    pytest.param(FINISH_WHILE_SEAT_1_MOUNTS, {}, [False, True, False], [0, 0, 0], id="first-falls"),
    pytest.param(FINISH_ON_THE_THIRD_BARREL, {}, [False, True, False], [2, 0, 0], id="third-barrel"),
    pytest.param(FINISH_WHILE_SEAT_1_MOUNTS, {"barrel_conflict": "two_may_sit"}, [False, True, False], [0, 0, 0],
                 id="two-may-sit"),
])
def test_a_finisher_is_not_touched_by_a_mount_in_the_same_deal(entries: list[thousand.Entry],
                                                               overrides: dict[str, Any], on_barrel: list[bool],
                                                               used: list[int]) -> None:
    # RULES.md: "a player who wins from the barrel has left it, and nothing that happens to the barrel
    # afterwards in that deal touches him": seat 0 wins with 880 + 125 = 1005, no fall, no barrel used
    result = run(entries, **overrides)
    assert result.state.winner == 0
    assert result.state.totals[:2] == (1005, 880)
    assert "winner" in result.rows[-1].outcome.marks[0]
    assert "barrel_fall" not in result.rows[-1].outcome.marks[0]
    assert by_seat(result, "on_barrel") == on_barrel
    assert by_seat(result, "barrels_used") == used
    assert by_seat(result, "barrel_deals_left") == [None, 3, None]  # seat 1 has just mounted


def test_120_on_the_barrel_uses_a_deal_and_stays() -> None:
    result = run([ON_BARREL, play(0, 120, points=(110, 5, 5), marriages={0: "S"})])
    assert result.state.winner is None
    assert by_seat(result, "on_barrel") == [True, False, False]
    assert by_seat(result, "barrel_deals_left")[0] == 2


def test_failing_on_the_barrel_uses_it() -> None:
    result = run([ON_BARREL, FAIL_125])
    assert by_seat(result, "barrels_used") == [1, 0, 0]
    assert by_seat(result, "on_barrel") == [False, False, False]


def test_the_third_bolt_on_the_barrel_knocks_him_off() -> None:
    result = run([play(1, points=(2, 100, 18)), play(1, points=(2, 100, 18)), ON_BARREL,
                  play(1, points=(2, 100, 18))])
    assert players(result)[0] == {"bolts": 0, "on_barrel": False, "barrel_deals_left": None, "barrels_used": 1,
                                  "write_offs": 0}
    assert set(result.rows[-1].outcome.marks[0]) >= {"bolt", "barrel_fall"}


@pytest.mark.parametrize(("conflict", "entries", "on_barrel", "used"), [
    ("first_falls", [ON_BARREL, penalty(1, 880)], [False, True, False], [1, 0, 0]),
    ("two_may_sit", [ON_BARREL, penalty(1, 880)], [True, True, False], [0, 0, 0]),
    ("two_may_sit", [ON_BARREL, penalty(1, 880), penalty(2, 880)], [False, False, True], [1, 1, 0]),
    ("none_fall", [ON_BARREL, penalty(1, 880), penalty(2, 880)], [True, True, True], [0, 0, 0]),
])
def test_barrel_conflicts(conflict: str, entries: list[thousand.Entry], on_barrel: list[bool],
                          used: list[int]) -> None:
    result = run(entries, barrel_conflict=conflict)
    assert by_seat(result, "on_barrel") == on_barrel
    assert by_seat(result, "barrels_used") == used


def test_three_barrels_to_zero() -> None:
    result = run([ON_BARREL, FAIL_125, penalty(0, 125), FAIL_125, penalty(0, 125), FAIL_125])
    assert by_seat(result, "barrels_used")[0] == 3
    assert result.state.totals[0] == 0


THIRD_BARREL_LAST_DEAL = [ON_BARREL, FAIL_125, penalty(0, 125), FAIL_125, penalty(0, 125),
                          play(1, points=(10, 100, 10)), play(1, points=(10, 100, 10))]


def test_the_obligatory_deal_of_the_third_barrel() -> None:
    # two barrels used, on the third, two of its three deals played: the talon goes to seat 0
    state = state_after(THIRD_BARREL_LAST_DEAL)
    assert thousand.dump_state(state)["obligatory_declarer"] == 0
    assert codes(play(1, points=(10, 100, 10)), THIRD_BARREL_LAST_DEAL) == ["barrel_declarer"]
    assert codes(play(0, 125, points=(85, 20, 15), marriages={0: "S"}), THIRD_BARREL_LAST_DEAL) == []
    assert codes(play(1, points=(10, 100, 10)), THIRD_BARREL_LAST_DEAL, barrel_obligatory=False) == []
    # the second barrel's last deal is not obligatory
    second = [ON_BARREL, FAIL_125, penalty(0, 125), play(1, points=(10, 100, 10)), play(1, points=(10, 100, 10))]
    assert codes(play(1, points=(10, 100, 10)), second) == []


def test_the_obligatory_deal_made_wins_and_failed_goes_to_zero() -> None:
    made = run([*THIRD_BARREL_LAST_DEAL, play(0, 125, points=(85, 20, 15), marriages={0: "S"})])
    assert made.state.winner == 0 and made.state.totals[0] == 1005  # 880 + 125
    failed = run([*THIRD_BARREL_LAST_DEAL, FAIL_125])
    assert failed.state.totals[0] == 0 and by_seat(failed, "barrels_used")[0] == 3


def test_no_barrel_state_without_the_barrel() -> None:
    result = run([penalty(0, 900), CLEAN], barrel=False, target=2000)
    assert by_seat(result, "on_barrel") == [False, False, False]
    assert result.state.totals == (1000, 10, 10)


# ---------------------------------------------------------------- write-offs

def test_write_offs_are_counted_and_marked() -> None:
    result = run([write_off(0, 120), write_off(1, 120)])
    assert by_seat(result, "write_offs") == [1, 1, 0]
    assert result.rows[0].outcome.marks[0] == ("write_off",)


def test_a_write_off_moves_the_dealer() -> None:
    result = run([write_off(0, 120), CLEAN])
    assert [row.dealer for row in result.rows] == [0, 1]


@pytest.mark.parametrize(("before", "overrides", "expected"), [
    pytest.param([write_off(0, 120)], {"write_off_limit": 1}, ["write_off_limit"], id="limit-1-used"),
    pytest.param([write_off(1, 120)], {"write_off_limit": 1}, [], id="limit-is-per-player"),
    pytest.param([write_off(0, 120)], {"write_off_limit": 2}, [], id="limit-2"),
    pytest.param([], {"write_off_limit": 0}, ["write_off_limit"], id="limit-0"),
    pytest.param([ON_BARREL], {}, ["write_off_not_allowed"], id="not-on-the-barrel"),
    pytest.param([ON_BARREL], {"write_off_on_barrel": True}, [], id="write-off-on-barrel-allowed"),
    pytest.param([], {"write_off": "off"}, ["write_off_not_allowed"], id="off"),
])
def test_write_off_rules(before: list[thousand.Entry], overrides: dict[str, Any], expected: list[str]) -> None:
    assert codes(write_off(0, 120), before, **overrides) == expected


# ---------------------------------------------------------------- redeals

def test_a_redeal_does_not_move_the_dealer() -> None:
    result = run([redeal(), CLEAN, redeal("weak_talon"), CLEAN])
    assert [row.dealer for row in result.rows] == [0, 0, 1, 1]
    assert thousand.dump_state(result.state)["dealer"] == 2


def test_the_third_redeal_must_be_played_as_dealt() -> None:
    entries = [redeal(), redeal(), redeal("three_nines")]
    result = run(entries)
    assert [row.dealer for row in result.rows] == [0, 0, 0]
    assert thousand.dump_state(result.state)["must_play"] is True
    assert codes(redeal(), entries) == ["redeal_refused"]
    assert codes(redeal("four_aces"), entries) == ["redeal_refused"]
    assert codes(CLEAN, entries) == []
    after = run([*entries, CLEAN, redeal()])
    assert [row.dealer for row in after.rows] == [0, 0, 0, 0, 1]
    assert thousand.dump_state(after.state)["must_play"] is False


def test_an_exposed_card_passes_the_deal_on() -> None:
    result = run([redeal(), redeal("exposed_card"), CLEAN])
    assert [row.dealer for row in result.rows] == [0, 0, 1]
    # seat 0: −120 for the exposed card, then +100 as declarer under dealer 1; 12 → 10, 8 → 10
    assert result.state.totals == (-20, 10, 10)


def test_a_penalty_does_not_move_the_dealer() -> None:
    result = run([penalty(1, -100), CLEAN])
    assert [row.dealer for row in result.rows] == [0, 0]
    assert result.rows[0].kind == "penalty"


# ---------------------------------------------------------------- dark

@pytest.mark.parametrize(("before", "entry", "overrides", "expected"), [
    pytest.param([penalty(1, 240)], play(1, 120, points=(12, 100, 8), dark=True), {}, [], id="allowed-at-240"),
    pytest.param([penalty(1, 235)], play(1, 120, points=(12, 100, 8), dark=True), {}, ["dark_not_allowed"],
                 id="below-240"),
    pytest.param([penalty(1, 100)], play(1, 120, points=(12, 100, 8), dark=True), {"dark_min_score": 100}, [],
                 id="dark-min-score-100"),
    # seat 2 is not left of dealer 0
    pytest.param([penalty(2, 240)], play(2, 120, points=(12, 8, 100), dark=True), {}, ["dark_not_allowed"],
                 id="only-left-of-the-dealer"),
    pytest.param([penalty(1, 240), penalty(2, 880)], play(1, 120, points=(12, 100, 8), dark=True), {},
                 ["dark_not_allowed"], id="not-while-someone-is-on-the-barrel"),
    pytest.param([penalty(1, 240)], play(1, 120, points=(12, 100, 8), dark=True), {"dark": False},
                 ["dark_not_allowed"], id="dark-off"),
    pytest.param([penalty(1, 240)], play(1, 120, 140, points=(12, 100, 8), marriages={1: "S"}, dark=True), {},
                 ["dark_not_allowed"], id="no-raise"),
    pytest.param([penalty(1, 240)], play(1, 120, 140, points=(12, 100, 8), marriages={1: "S"}, dark=True),
                 {"dark_raise": True}, [], id="dark-raise"),
    pytest.param([penalty(1, 240)], play(1, 100, 120, points=(12, 100, 8), dark=True), {}, ["dark_not_allowed"],
                 id="dark-is-bid-at-120"),
])
def test_dark_rules(before: list[thousand.Entry], entry: thousand.Entry, overrides: dict[str, Any],
                    expected: list[str]) -> None:
    assert codes(entry, before, **overrides) == expected


# ---------------------------------------------------------------- golden round

GOLDEN_FAILED_CIRCLE = [
    # dealer 0, seat 1 plays 120 blind: 50 < 120 → −240; seat 0: 2 × 50 = 100; seat 2: 2 × 20 = 40
    play(1, 120, points=(50, 50, 20)),
    # dealer 1, seat 2: −240; seat 0 +100 → 200; seat 1 +40 → −200; seat 2: 40 − 240 = −200
    play(2, 120, points=(50, 20, 50)),
    # dealer 2, seat 0: −240 → −40; seat 1 +100 → −100; seat 2 +40 → −160
    play(0, 120, points=(50, 50, 20)),
]


def test_golden_circle_nobody_made_it_back_to_zero() -> None:
    result = run(GOLDEN_FAILED_CIRCLE, golden_round=True)
    assert [row.totals for row in result.rows[:2]] == [(100, -240, 40), (200, -200, -200)]
    # −40, −100, −160 would stand; the circle returns everything to 0: deltas −200, +200, +200
    assert result.rows[2].outcome.deltas == (-200, 200, 200)
    assert result.state.totals == (0, 0, 0)
    assert thousand.dump_state(result.state)["golden_circle"] == 2


def test_golden_circles_at_most_three_then_the_totals_stand() -> None:
    result = run(GOLDEN_FAILED_CIRCLE * 3, golden_round=True)
    assert [row.totals for row in result.rows[2::3]] == [(0, 0, 0), (0, 0, 0), (-40, -100, -160)]
    assert thousand.dump_state(result.state)["golden_circle"] is None
    # the fourth circle is ordinary: 100 ≥ 100 → +100, not doubled
    assert run([*GOLDEN_FAILED_CIRCLE * 3, CLEAN], golden_round=True).rows[-1].outcome.deltas == (100, 10, 10)


def test_a_golden_reset_clears_the_bolts_too() -> None:
    # RULES.md: "everything returns to the start (totals and bolt counts 0)". Deal 1: seat 2 defends
    # with 2 points: 2 × 0 = 0 → two bolts; seat 0: 2 × 50 = 100; seat 1: 68 < 120 → −240
    circle = [play(1, 120, points=(50, 68, 2)), *GOLDEN_FAILED_CIRCLE[1:]]
    assert by_seat(run(circle[:1], golden_round=True), "bolts") == [0, 0, 2]
    result = run(circle, golden_round=True)
    assert by_seat(result, "bolts") == [0, 0, 0]
    assert result.state.totals == (0, 0, 0)


def test_golden_round_max_circles_1() -> None:
    result = run(GOLDEN_FAILED_CIRCLE, golden_round=True, golden_round_max_circles=1)
    assert result.state.totals == (-40, -100, -160)
    assert thousand.dump_state(result.state)["golden_circle"] is None


def test_golden_circle_made_once_stands() -> None:
    # deal 1 made: +240 (100 + ♠40 ≥ 120), 20, 20; deals 2 and 3 fail as above:
    # seat 0: 20 + 100 − 240 = −120; seat 1: 240 + 40 + 100 = 380; seat 2: 20 − 240 + 40 = −180
    made = play(1, 120, points=(12, 100, 8), marriages={1: "S"})
    result = run([made, *GOLDEN_FAILED_CIRCLE[1:], CLEAN], golden_round=True)
    assert result.rows[2].totals == (-120, 380, -180)
    assert result.rows[3].outcome.deltas == (100, 10, 10)  # deal 4, dealer 0 again: ordinary, seat 0 +100


def test_the_golden_deal_is_played_by_the_player_left_of_the_dealer() -> None:
    assert codes(play(0, 120, points=(50, 50, 20)), golden_round=True) == ["golden_declarer"]
    assert codes(play(1, 100, points=(50, 50, 20)), golden_round=True) == ["golden_contract"]
    assert codes(write_off(1, 120), golden_round=True) == ["write_off_not_allowed"]


GOLDEN_140 = play(1, 120, points=(12, 100, 8), marriages={1: "S"})  # seat 1: 100 + ♠40 = 140 ≥ 120


@pytest.mark.parametrize(("before", "entry", "overrides", "expected"), [
    # RULES.md: "the golden round's 120 is no bid, so the ban never applies to a golden deal": seat 1,
    # on the 100, has −125 < −120 and must still play his golden deal
    pytest.param([penalty(1, -125)], GOLDEN_140, {"golden_round": True}, [], id="golden-deal-below-the-ban"),
    pytest.param([penalty(1, -500)], GOLDEN_140, {"golden_round": True, "bid_ban_below": 0}, [],
                 id="golden-deal-far-below-the-ban"),
    # the golden deal is still played for 120, ban or not
    pytest.param([penalty(1, -125)], play(1, 100, points=(12, 100, 8)), {"golden_round": True}, ["golden_contract"],
                 id="golden-100-below-the-ban"),
    # once the golden round is over the ban is back: one failed circle (max 1), totals stand; seat 1:
    # −125 − 100 = −225, and dealer 0 again, so seat 1 bidding 105 is banned
    pytest.param([penalty(1, -125), *GOLDEN_FAILED_CIRCLE], play(1, 105, points=(12, 100, 8)),
                 {"golden_round": True, "golden_round_max_circles": 1}, ["bid_banned"], id="ban-after-the-golden-round"),
])
def test_the_bid_ban_and_the_golden_deal(before: list[thousand.Entry], entry: thousand.Entry,
                                         overrides: dict[str, Any], expected: list[str]) -> None:
    assert codes(entry, before, **overrides) == expected


def test_a_golden_deal_below_the_ban_is_scored() -> None:
    # 2 × 120 = +240: −125 + 240 = 115; defenders 2 × 10 (12 → 10, 8 → 10) = 20 each
    result = run([penalty(1, -125), GOLDEN_140], golden_round=True)
    assert result.rows[-1].outcome.deltas == (20, 240, 20)
    assert result.state.totals == (20, 115, 20)


# ---------------------------------------------------------------- 2 and 4 players

def test_four_players_the_dealer_sits_out_in_turn() -> None:
    # deal 1, dealer 0: talon 13 → 15; seat 1 +100; 12 → 10; 8 → 10
    # deal 2, dealer 1: talon 22 → 20 for seat 1; seat 0: 12 → 10; seat 2 +100; seat 3: 8 → 10
    result = run([play(1, points=(None, 100, 12, 8), talon_points=13),
                  play(2, points=(12, None, 100, 8), talon_points=22)], seats=4)
    assert [row.dealer for row in result.rows] == [0, 1]
    assert result.state.totals == (25, 120, 110, 20)
    assert thousand.dump_state(result.state)["sitting_out"] == 2


def test_two_players_alternate_the_deal() -> None:
    result = run([play(0, points=(100, 20)), play(1, points=(20, 100)), play(0, points=(100, 20))], seats=2)
    assert [row.dealer for row in result.rows] == [0, 1, 0]
    assert result.state.totals == (220, 140)  # 100 + 20 + 100, 20 + 100 + 20


# ---------------------------------------------------------------- end of the match

def test_the_match_ends_and_further_deals_are_refused() -> None:
    entries = [ON_BARREL, play(0, 125, points=(85, 20, 15), marriages={0: "S"}), CLEAN]
    result = sheet(entries)
    assert len(result.rows) == 2
    assert result.state.winner == 0
    assert [(v.deal, v.code) for v in result.violations] == [(3, "match_finished")]


def test_without_a_barrel_the_first_to_the_target_wins() -> None:
    result = sheet([penalty(0, 900), CLEAN, penalty(1, 10)], barrel=False)
    assert result.state.winner == 0 and result.rows[1].totals == (1000, 10, 10)
    assert [(v.deal, v.code) for v in result.violations] == [(3, "match_finished")]


def test_a_lower_target() -> None:
    result = sheet([penalty(0, 400), CLEAN], barrel=False, target=500)
    assert result.state.winner == 0


# ---------------------------------------------------------------- validation: entry → codes

@pytest.mark.parametrize(("entry", "overrides", "expected"), [
    pytest.param(play(), {}, [], id="valid"),
    pytest.param(play(points=(100, 12, 9)), {}, ["points_total"], id="points-total"),
    pytest.param(play(points=(100, 10, 8)), {}, ["points_total"], id="points-total-short"),
    pytest.param(play(points=(100, 12, 8), tricks=(4, 2, 1)), {}, ["tricks_total"], id="tricks-total"),
    pytest.param(play(points=(100, 12, 8), tricks=(6, 2, 0)), {}, ["points_without_tricks"],
                 id="points-without-tricks"),
    pytest.param(play(points=(120, 0, 0), tricks=(8, 0, 0), marriages={1: "S"}), {}, ["marriage_without_trick"],
                 id="marriage-without-trick"),
    pytest.param(play(0, 95), {}, ["bid_too_low"], id="bid-too-low"),
    pytest.param(play(0, 102, 105), {}, ["bid_step"], id="bid-step"),
    pytest.param(play(0, 105, 110), {"bid_step": 10}, ["bid_step"], id="bid-step-10"),
    pytest.param(play(0, 110, 105), {}, ["contract_below_bid"], id="contract-below-bid"),
    pytest.param(play(0, 100, 103), {}, ["contract_step"], id="contract-step"),
    pytest.param(play(0, 100, 115), {"bid_step": 10}, ["contract_step"], id="contract-step-10"),
    pytest.param(play(0, 140, points=(70, 30, 20), marriages={0: "H", 1: "H"}), {}, ["marriage_twice"],
                 id="marriage-twice"),
    pytest.param(play(points=(50, 40, 30), marriages={0: "A"}), {}, ["ace_marriage_off"], id="ace-marriage-off"),
    pytest.param(play(1, 120, points=(12, 100, 8), dark=True), {}, ["dark_not_allowed"], id="dark-below-240"),
    pytest.param(play(0, 120, points=(50, 50, 20)), {"golden_round": True}, ["golden_declarer"],
                 id="golden-declarer"),
    pytest.param(play(0, 500, points=(100, 12, 8), marriages={0: "HDCS"}), {}, ["bid_too_high", "no_marriage_for_bid"],
                 id="no-hand-makes-500"),  # 120 + 100 + 80 + 60 + 40 = 400 at most (and the 4 held allow 400)
    pytest.param(write_off(0, 120), {"write_off": "off"}, ["write_off_not_allowed"], id="write-off-off"),
    pytest.param(write_off(0, 120), {"write_off_limit": 0}, ["write_off_limit"], id="write-off-limit"),
    pytest.param(write_off(0, 95), {}, ["bid_too_low"], id="write-off-bid-too-low"),
    # several at once, in the order found
    pytest.param(play(0, 97, 93, points=(100, 12, 9)), {}, ["bid_too_low", "bid_step", "contract_below_bid",
                                                         "contract_step", "points_total"], id="everything-wrong"),
])
def test_violation_codes(entry: thousand.Entry, overrides: dict[str, Any], expected: list[str]) -> None:
    assert codes(entry, **overrides) == expected


@pytest.mark.parametrize(("entry", "seats", "expected"), [
    pytest.param(play(0, points=(None, 100, 12, 8)), 4, ["bad_seat"], id="dealer-declares"),
    pytest.param(play(1, points=(8, 100, 12, 8)), 4, ["bad_seat"], id="dealer-has-points"),
    pytest.param(play(1, points=(None, 100, 12, 8), talon_points=5, talon_marriage="H"), 4, ["talon_points"],
                 id="talon-marriage-needs-7"),
    # RULES.md: "only the declarer (who took the talon) may declare the talon's marriage; a defender
    # declaring it is marriage_twice" — else ♥100 would be paid twice, to the dealer and to seat 2
    pytest.param(play(1, 140, points=(None, 60, 40, 20), marriages={2: "H"}, talon_points=17, talon_marriage="H"),
                 4, ["marriage_twice"], id="defender-declares-the-talon-marriage"),
    # the declarer declares it too: still the defender's declaration alone is wrong (one violation)
    pytest.param(play(1, 140, points=(None, 60, 40, 20), marriages={1: "H", 3: "H"}, talon_points=17,
                      talon_marriage="H"), 4, ["marriage_twice"], id="declarer-and-defender-declare-it"),
    # declarer seat 2; defender seat 1, listed before him, declares the talon's ♦ as well
    pytest.param(play(2, 140, points=(None, 20, 60, 40), marriages={1: "D", 2: "D"}, talon_points=7,
                      talon_marriage="D"), 4, ["marriage_twice"], id="defender-seated-before-the-declarer"),
    # a defender's own marriage in another suit is fine: 33 + ♠40
    pytest.param(play(1, 140, points=(None, 60, 33, 27), marriages={1: "H", 2: "S"}, talon_points=17,
                      talon_marriage="H"), 4, [], id="defender-declares-another-suit"),
    pytest.param(play(points=(100, 30)), 2, ["points_total"], id="two-players-points-total"),
    # RULES.md: "with 2 players tricks, when given, add up to 12" (10 + 3 = 13, 8 + 2 = 10)
    pytest.param(play(points=(100, 20), tricks=(10, 3)), 2, ["tricks_total"], id="two-players-13-tricks"),
    pytest.param(play(points=(100, 20), tricks=(8, 2)), 2, ["tricks_total"], id="two-players-10-tricks"),
    pytest.param(play(points=(100, 20), tricks=(10, 2)), 2, [], id="two-players-12-tricks"),
    pytest.param(play(points=(100, 20), tricks=(12, 0)), 2, ["points_without_tricks"],
                 id="two-players-points-without-tricks"),
    # RULES.md: with 4 players points[dealer], marriages[dealer] and tricks[dealer] are null — 0 is not null
    pytest.param(play(1, points=(0, 100, 12, 8)), 4, ["bad_seat"], id="dealer-has-0-points"),
    pytest.param(play(1, points=(None, 100, 12, 8), tricks=(0, 6, 1, 1)), 4, ["bad_seat"], id="dealer-has-0-tricks"),
    pytest.param(play(1, points=(None, 100, 12, 8), marriages={0: "H"}), 4, ["bad_seat"], id="dealer-declares"),
    # the shape every stored 4-player deal has: the dealer's points and tricks null, his marriages []
    pytest.param(play(1, points=(None, 100, 12, 8), tricks=(None, 6, 1, 1), marriages={1: ""}), 4, [],
                 id="dealer-null-and-no-marriages"),
])
def test_violation_codes_with_2_and_4_players(entry: thousand.Entry, seats: int, expected: list[str]) -> None:
    assert codes(entry, seats=seats) == expected


def test_what_is_entered_for_the_dealer_who_sits_out_is_refused_on_its_own_field() -> None:
    entry = play(1, points=(0, 100, 12, 8), tricks=(0, 6, 1, 1), marriages={0: "S"})
    state = state_after([], seats=4)
    assert [(v.code, v.field) for v in thousand.validate(state, entry)] == [
        ("bad_seat", "points[0]"), ("bad_seat", "marriages[0]"), ("bad_seat", "tricks[0]")]


def test_the_talon_marriage_declared_by_a_defender_names_his_declaration() -> None:
    entry = play(1, 140, points=(None, 60, 40, 20), marriages={1: "H", 3: "H"}, talon_points=17, talon_marriage="H")
    state = state_after([], seats=4)
    assert [(v.code, v.field) for v in thousand.validate(state, entry)] == [("marriage_twice", "marriages[3]")]
    # the defender listed before the declarer: his declaration is the wrong one, not the declarer's
    entry = play(2, 140, points=(None, 20, 60, 40), marriages={1: "D", 2: "D"}, talon_points=7, talon_marriage="D")
    assert [(v.code, v.field) for v in thousand.validate(state, entry)] == [("marriage_twice", "marriages[1]")]


@pytest.mark.parametrize(("before", "entry", "expected"), [
    # RULES.md: a player below bid_ban_below (−120) cannot be declarer with a bid over 100
    pytest.param([penalty(0, -125)], play(0, 105), ["bid_banned"], id="bid-banned"),
    pytest.param([penalty(0, -125)], play(0, 100), [], id="bid-100-allowed-below"),
    pytest.param([penalty(0, -120)], play(0, 105), [], id="exactly-minus-120-may-bid"),
    pytest.param(THIRD_BARREL_LAST_DEAL, play(1, points=(10, 100, 10)), ["barrel_declarer"], id="barrel-declarer"),
    pytest.param([redeal(), redeal(), redeal()], redeal(), ["redeal_refused"], id="redeal-refused"),
])
def test_violation_codes_at_a_point_of_the_match(before: list[thousand.Entry], entry: thousand.Entry,
                                                 expected: list[str]) -> None:
    assert codes(entry, before) == expected


def test_bid_ban_can_be_switched_off() -> None:
    assert codes(play(0, 105), [penalty(0, -500)], bid_ban_below=None) == []


@pytest.mark.parametrize(("entry", "overrides", "warned"), [
    pytest.param(play(0, 125, points=(100, 12, 8)), {}, True, id="over-120-without-a-marriage"),
    pytest.param(play(0, 100, 125, points=(100, 12, 8)), {}, True, id="contract-over-120-without-a-marriage"),
    pytest.param(play(0, 125, points=(100, 12, 8), marriages={0: "S"}), {}, False, id="declared"),
    pytest.param(play(0, 125, points=(100, 12, 8), held={0: "S"}), {}, False, id="held-not-declared"),
    pytest.param(play(0, 170, points=(100, 12, 8), held={0: "S"}), {}, True, id="more-than-the-marriage-allows"),
    pytest.param(write_off(0, 125), {}, True, id="write-off-without-a-marriage"),
    pytest.param(write_off(0, 125, held="S"), {}, False, id="write-off-held"),
    pytest.param(play(0, 120, points=(100, 12, 8)), {}, False, id="120-needs-none"),
])
def test_a_bid_over_120_without_a_marriage_is_a_warning(entry: thousand.Entry, overrides: dict[str, Any],
                                                          warned: bool) -> None:
    found = thousand.validate(thousand.initial_state(options(**overrides), 3, 0), entry)
    assert [(v.code, v.severity) for v in found] == ([("no_marriage_for_bid", Severity.WARNING)] if warned else [])


def test_a_warning_does_not_stop_the_replay() -> None:
    result = sheet([play(0, 125, points=(100, 12, 8)), CLEAN])
    assert len(result.rows) == 2 and result.errors == []
    assert [(v.deal, v.code) for v in result.violations] == [(1, "no_marriage_for_bid")]
    assert result.rows[0].outcome.deltas == (-125, 10, 10)  # 100 < 125


# ---------------------------------------------------------------- parse errors

def _rejected(raw: Any, seats: int = 3) -> list[tuple[str, str | None]]:
    from referee.ledger import Rejected
    with pytest.raises(Rejected) as caught:
        thousand.parse_entry(raw, seats)
    return [(v.code, v.field) for v in caught.value.violations]


BASE = {"type": "play", "declarer": 0, "bid": 100, "points": [100, 12, 8]}


@pytest.mark.parametrize(("raw", "expected"), [
    pytest.param({**BASE, "trumps": "H"}, [("unknown_field", "trumps")], id="unknown-field"),
    pytest.param({k: v for k, v in BASE.items() if k != "points"}, [("missing_field", "points")], id="missing-points"),
    pytest.param({k: v for k, v in BASE.items() if k != "declarer"}, [("missing_field", "declarer")],
                 id="missing-declarer"),
    pytest.param({"declarer": 0}, [("missing_field", "type")], id="missing-type"),
    pytest.param({**BASE, "type": "bid"}, [("bad_type", "type")], id="unknown-type"),
    pytest.param({**BASE, "bid": "100"}, [("bad_type", "bid")], id="bid-as-text"),
    pytest.param({**BASE, "bid": True}, [("bad_type", "bid")], id="bid-as-bool"),
    pytest.param({**BASE, "dark": "yes"}, [("bad_type", "dark")], id="dark-as-text"),
    pytest.param({**BASE, "points": [100, 20]}, [("bad_type", "points")], id="points-per-seat"),
    pytest.param({**BASE, "points": [100, 12, None]}, [("bad_type", "points[2]")], id="null-points-3-players"),
    pytest.param({**BASE, "points": [100, 12.0, 8]}, [("bad_type", "points[1]")], id="float-points"),
    pytest.param({**BASE, "declarer": 3}, [("bad_seat", "declarer")], id="bad-seat"),
    pytest.param({**BASE, "declarer": -1}, [("bad_seat", "declarer")], id="negative-seat"),
    pytest.param({**BASE, "marriages": [["X"], [], []]}, [("bad_card", "marriages[0][0]")], id="bad-suit"),
    pytest.param({**BASE, "marriages": [["H", "♥"], [], []]}, [("marriage_twice", "marriages[0][1]")],
                 id="marriage-twice-in-one-hand"),
    pytest.param({**BASE, "talon_points": 10}, [("unknown_field", "talon_points")], id="talon-with-3-players"),
    pytest.param({"type": "penalty", "player": 5, "points": 10}, [("bad_seat", "player")], id="penalty-bad-seat"),
    pytest.param({"type": "redeal", "reason": "bored"}, [("bad_type", "reason")], id="redeal-reason"),
    pytest.param("play", [("bad_type", "entry")], id="not-an-object"),
    # RULES.md: "`points` out of 0–120 or `tricks` over the deal's tricks answer `points_total` /
    # `tricks_total` (not a generic code)"
    pytest.param({**BASE, "points": [121, 0, 0]}, [("points_total", "points[0]")], id="points-over-120"),
    pytest.param({**BASE, "points": [100, -1, 21]}, [("points_total", "points[1]")], id="negative-points"),
    pytest.param({**BASE, "points": [10**12, 0, 0]}, [("points_total", "points[0]")], id="absurd-points"),
    pytest.param({**BASE, "tricks": [9, 0, 0]}, [("tricks_total", "tricks[0]")], id="tricks-over-8"),
    pytest.param({**BASE, "tricks": [8, -1, 1]}, [("tricks_total", "tricks[1]")], id="negative-tricks"),
    pytest.param({**BASE, "tricks": [8, 0, "1"]}, [("bad_type", "tricks[2]")], id="tricks-as-text"),
])
def test_parse_errors(raw: Any, expected: list[tuple[str, str | None]]) -> None:
    assert _rejected(raw) == expected


@pytest.mark.parametrize(("raw", "seats", "expected"), [
    # 2 players: 12 tricks in a deal; 4 players: 8, and the dealer's null stays null
    pytest.param({**BASE, "points": [100, 20], "tricks": [13, 0]}, 2, [("tricks_total", "tricks[0]")],
                 id="two-players-13"),
    pytest.param({**BASE, "declarer": 1, "points": [None, 100, 12, 8], "tricks": [None, 9, 0, 0]}, 4,
                 [("tricks_total", "tricks[1]")], id="four-players-9"),
    pytest.param({**BASE, "declarer": 1, "points": [None, 130, -10, 0]}, 4,
                 [("points_total", "points[1]"), ("points_total", "points[2]")], id="four-players-points"),
])
def test_parse_errors_with_2_and_4_players(raw: Any, seats: int, expected: list[tuple[str, str | None]]) -> None:
    assert _rejected(raw, seats) == expected


@pytest.mark.parametrize(("raw", "expected"), [
    # RULES.md: "bid ≥ 100" is bid_too_low and "contract ≥ bid" contract_below_bid, below 0 as at 0 —
    # not the generic out_of_range
    pytest.param({**BASE, "bid": -5}, [("bid_too_low", "bid")], id="negative-bid"),
    pytest.param({**BASE, "bid": 0}, [("bid_too_low", "bid")], id="bid-0"),
    pytest.param({**BASE, "bid": 100, "contract": -100}, [("contract_below_bid", "contract")],
                 id="negative-contract"),
    pytest.param({"type": "write_off", "declarer": 0, "bid": -120}, [("bid_too_low", "bid")],
                 id="write-off-negative-bid"),
])
def test_a_bid_below_zero_is_a_bid_below_100(raw: Any, expected: list[tuple[str, str | None]]) -> None:
    entry = thousand.parse_entry(raw, 3)
    state = thousand.initial_state(options(), 3, 0)
    assert [(v.code, v.field) for v in thousand.validate(state, entry)] == expected


def test_parse_accepts_the_api_spellings() -> None:
    entry = thousand.parse_entry({**BASE, "marriages": [["♥️"], [], ["s"]], "contract": 120}, 3)
    assert entry.marriages == (frozenset({"H"}), frozenset(), frozenset({"S"}))
    assert thousand.dump_entry(entry) == {"type": "play", "declarer": 0, "bid": 100, "contract": 120,
                                          "points": [100, 12, 8], "marriages": [["H"], [], ["S"]], "dark": False}
    assert thousand.parse_entry(thousand.dump_entry(entry), 3) == entry


# ---------------------------------------------------------------- referee checks

def cards(*codes: str) -> list[Any]:
    from referee.cards import parse_card
    return [parse_card(code) for code in codes]


FULL_DECK = cards(*(rank + suit for rank in ("9", "10", "J", "Q", "K", "A") for suit in "SHDC"))


@pytest.mark.parametrize(("hand", "points"), [
    pytest.param(FULL_DECK, 120, id="the-deck-is-120"),
    # seed 001: "сумма карт одной масти равняется 30 очкам"
    pytest.param(cards("AH", "10H", "KH", "QH", "JH", "9H"), 30, id="a-suit-is-30"),
    pytest.param(cards("9H", "9S", "JD"), 2, id="two-nines-and-a-jack"),  # seed: "две девятки и валет это два очка"
    pytest.param([], 0, id="nothing"),
])
def test_card_points(hand: list[Any], points: int) -> None:
    assert thousand.card_points(hand) == points


@pytest.mark.parametrize(("hand", "overrides", "highest"), [
    pytest.param(cards("AH", "10H", "AS"), {}, 120, id="no-marriage-120"),
    pytest.param(cards("KH", "QH", "AS"), {}, 220, id="hearts-220"),  # 120 + 100
    pytest.param(cards("KH", "QH", "KS", "QS"), {}, 260, id="hearts-and-spades-260"),  # 120 + 100 + 40
    pytest.param(cards("KC", "QC"), {"marriage_values": CLUBS_HIGH}, 220, id="clubs-high-220"),
    # ♠45 with steps of 10: 165 → 160
    pytest.param(cards("KS", "QS"), {"marriage_values": {"H": 100, "D": 80, "C": 60, "S": 45}, "bid_step": 10},
                 160, id="rounded-down-to-the-step"),
])
def test_highest_bid(hand: list[Any], overrides: dict[str, Any], highest: int) -> None:
    assert thousand.highest_bid(hand, options(**overrides)) == highest


def test_the_next_state_is_built_naming_every_field_of_state() -> None:
    """``scoring._finish`` builds a deal's new State whole, every field named (not
    ``dataclasses.replace``, which reads the fields anew at each call): a field with a default
    added to State would silently fall back to it there. Add it to ``_finish`` and to this list."""
    import dataclasses

    from referee.games.thousand.state import State

    assert [field.name for field in dataclasses.fields(State)] == [
        "options", "totals", "players", "dealer", "redeals", "must_play",
        "golden_circle", "golden_played", "golden_made", "winner"]
