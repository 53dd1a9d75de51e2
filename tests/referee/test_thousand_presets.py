"""1000's named presets, contradicting options, and the end-of-match settlement (RULES.md, seed 001)."""

from __future__ import annotations

import pytest

from referee.games import thousand
from tests.referee.thousand_entries import penalty, play, run


@pytest.mark.parametrize(("preset", "expected"), [
    pytest.param("golden_round", {"golden_round": True}, id="golden-round"),
    pytest.param("write_off_once_60", {"write_off": "minus_contract_60_each", "write_off_limit": 1,
                                       "bolts_consecutive": True}, id="write-off-once-60"),
    pytest.param("barrel_accumulate", {"barrel_mode": "accumulate", "samosval_negative": True},
                 id="barrel-accumulate"),
    pytest.param("barrel_900", {"barrel_threshold": 900}, id="barrel-900"),
    pytest.param("clubs_high", {"marriage_values": {"H": 60, "D": 40, "C": 100, "S": 80}}, id="clubs-high"),
])
def test_a_regional_preset_changes_only_what_its_section_says(preset: str, expected: dict) -> None:
    classic = thousand.dump_options(thousand.PRESETS["classic"])
    resolved = thousand.dump_options(thousand.parse_options(None, preset))
    changed = {k: v for k, v in resolved.items() if classic[k] != v}
    assert changed == expected
    assert thousand.check_options(thousand.PRESETS[preset], 3) == []
    assert preset in thousand.PRESET_NOTES


@pytest.mark.parametrize(("overrides", "field"), [
    pytest.param({"barrel_threshold": 1000}, "options.barrel_threshold", id="barrel-at-the-target"),
    pytest.param({"target": 800}, "options.barrel_threshold", id="target-below-the-barrel"),
    pytest.param({"samosval": False, "samosval_negative": True}, "options.samosval_negative",
                 id="negative-samosval-without-samosval"),
    pytest.param({"dark": False, "dark_raise": True}, "options.dark_raise", id="dark-raise-without-dark"),
    pytest.param({"write_off": "off", "write_off_limit": 2}, "options.write_off", id="limit-on-no-write-off"),
    pytest.param({"barrel_fall_penalty": 1000}, "options.barrel_fall_penalty", id="fall-below-zero"),
])
def test_contradicting_options_are_refused(overrides: dict, field: str) -> None:
    found = thousand.check_options(thousand.parse_options(overrides), 3)
    assert [(v.code, v.field) for v in found] == [("options_conflict", field)]


def test_target_below_the_barrel_is_fine_without_a_barrel() -> None:
    assert thousand.check_options(thousand.parse_options({"barrel": False, "target": 500}), 3) == []


def test_the_losers_pay_the_winner_what_they_lack_of_the_target() -> None:
    # No barrel, target 300: Аня +250 (penalty), then makes 100 → 350 ≥ 300 and wins.
    # Борис 12 → 10, Вика 8 → 10. Seed 001: "оставшиеся участники выплачивают ему сумму, которую
    # недобрали до тысячи": each owes 300 − 10 = 290 points; at 0.5 a point, 145.
    result = run([penalty(0, 250), play(0, 100, points=(100, 12, 8))],
                 barrel=False, target=300, stake_per_point="0.5")
    assert result.state.totals == (350, 10, 10)
    assert result.state.winner == 0
    assert thousand.dump_state(result.state)["settlement"] == [
        {"from": 1, "to": 0, "points": 290, "money": "145"},
        {"from": 2, "to": 0, "points": 290, "money": "145"},
    ]


def test_a_negative_total_owes_more_than_the_target() -> None:
    # Борис fails 120 twice: −240; Аня then wins as above. He owes 300 − (−240 + …).
    # Deal 1: Борис declares 120, takes 100 → −120; Аня 12 → 10, Вика 8 → 10.
    # Deal 2: Борис again → −240; Аня 20, Вика 20.  Deal 3: Аня +300 penalty → 320, wins.
    result = run([play(1, 120, points=(12, 100, 8)), play(1, 120, points=(12, 100, 8)), penalty(0, 300)],
                 barrel=False, target=300)
    assert result.state.totals == (320, -240, 20)
    assert thousand.dump_state(result.state)["settlement"] == [
        {"from": 1, "to": 0, "points": 540},
        {"from": 2, "to": 0, "points": 280},
    ]


def test_no_settlement_while_the_match_goes_on() -> None:
    result = run([play(0, 100, points=(100, 12, 8))])
    assert thousand.dump_state(result.state)["settlement"] is None
