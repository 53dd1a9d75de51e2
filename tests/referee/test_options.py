"""Тысяча options and presets: RULES.md's table, refused when unknown or absurd (API.md)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games import GAMES, find_game, thousand
from referee.ledger import Rejected

# RULES.md, the options table of "Тысяча / 1000", written out by hand.
CLASSIC = {
    "target": 1000, "bid_step": 5, "marriage_values": {"H": 100, "D": 80, "C": 60, "S": 40},
    "ace_marriage": False, "defender_rounding": "nearest_5",
    "bolt_when": "zero_score", "bolt_limit": 3, "bolt_penalty": 120, "bolts_consecutive": False,
    "barrel": True, "barrel_mode": "contract", "barrel_threshold": 880, "barrel_deals": 3,
    "barrel_fall_penalty": 120, "barrel_finish_min_contract": 125, "barrel_jump": False,
    "barrel_conflict": "first_falls", "barrels_to_zero": 3, "barrel_obligatory": True,
    "samosval": True, "samosval_negative": False,
    "write_off": "minus_contract_half_each", "write_off_limit": None, "write_off_on_barrel": False,
    "dark": True, "dark_min_score": 240, "dark_raise": False,
    "golden_round": False, "golden_round_max_circles": 3,
    "redeal_limit": 3, "redeal_penalty": 120, "bid_ban_below": -120, "stake_per_point": None,
}


def refused(raw: Any, preset: str | None = None) -> list[tuple[str, str | None]]:
    with pytest.raises(Rejected) as caught:
        thousand.parse_options(raw, preset)
    return [(v.code, v.field) for v in caught.value.violations]


def test_the_registry_finds_thousand() -> None:
    assert find_game("thousand") is thousand and GAMES["thousand"] is thousand
    with pytest.raises(KeyError):
        find_game("preferans")


def test_dump_options_gives_every_option_with_the_rules_defaults() -> None:
    assert thousand.dump_options(thousand.parse_options(None)) == CLASSIC


@pytest.mark.parametrize("raw", [None, {}])
def test_no_options_is_the_classic_preset(raw: Any) -> None:
    assert thousand.parse_options(raw) == thousand.PRESETS["classic"] == thousand.Options()
    assert thousand.DEFAULT_PRESET == "classic"


@pytest.mark.parametrize(("preset", "changed"), [
    ("classic", {}),
    ("strict", {"bolts_consecutive": True, "write_off_limit": 1, "golden_round": True}),
    ("simple", {"barrel": False, "samosval": False, "dark": False, "bolt_penalty": 0}),
])
def test_presets_resolve_as_rules_md_says(preset: str, changed: dict[str, Any]) -> None:
    assert thousand.dump_options(thousand.parse_options(None, preset)) == CLASSIC | changed


@pytest.mark.parametrize(("raw", "preset", "changed"), [
    ({"barrel_threshold": 900}, None, {"barrel_threshold": 900}),
    ({"bid_step": 10, "target": 1500}, None, {"bid_step": 10, "target": 1500}),
    ({"write_off_limit": 2}, "strict", {"bolts_consecutive": True, "write_off_limit": 2, "golden_round": True}),
    ({"barrel": True}, "simple", {"barrel": True}),
    ({"bid_ban_below": None}, None, {"bid_ban_below": None}),
    ({"marriage_values": {"♣": 100, "s": 80, "H": 60, "D": 40}}, None,
     {"marriage_values": {"H": 60, "D": 40, "C": 100, "S": 80}}),
    ({"stake_per_point": "0.10"}, None, {"stake_per_point": "0.10"}),
    ({"stake_per_point": 2}, None, {"stake_per_point": 2}),
    ({"write_off": "off", "barrel_conflict": "none_fall", "barrel_mode": "accumulate"}, None,
     {"write_off": "off", "barrel_conflict": "none_fall", "barrel_mode": "accumulate"}),
])
def test_overrides_apply_to_the_preset(raw: dict[str, Any], preset: str | None, changed: dict[str, Any]) -> None:
    base = thousand.dump_options(thousand.parse_options(None, preset))
    assert thousand.dump_options(thousand.parse_options(raw, preset)) == base | changed


@pytest.mark.parametrize(("raw", "expected"), [
    pytest.param({"barel": True}, [("unknown_option", "options.barel")], id="typo"),
    pytest.param({"Target": 1000}, [("unknown_option", "options.Target")], id="case-matters"),
    pytest.param({"bid_step": 7}, [("bad_option_value", "options.bid_step")], id="bid-step-7"),
    pytest.param({"bid_step": "5"}, [("bad_option_value", "options.bid_step")], id="bid-step-text"),
    pytest.param({"barrel": "yes"}, [("bad_option_value", "options.barrel")], id="yes-for-a-bool"),
    pytest.param({"barrel": 1}, [("bad_option_value", "options.barrel")], id="one-for-a-bool"),
    pytest.param({"target": 10**9}, [("bad_option_value", "options.target")], id="absurd-target"),
    pytest.param({"target": True}, [("bad_option_value", "options.target")], id="bool-for-an-int"),
    pytest.param({"target": 1000.0}, [("bad_option_value", "options.target")], id="float-for-an-int"),
    pytest.param({"target": None}, [("bad_option_value", "options.target")], id="null-not-allowed"),
    pytest.param({"bolt_penalty": 10**9}, [("bad_option_value", "options.bolt_penalty")], id="absurd-penalty"),
    pytest.param({"defender_rounding": "up"}, [("bad_option_value", "options.defender_rounding")],
                 id="unknown-choice"),
    pytest.param({"write_off": "half"}, [("bad_option_value", "options.write_off")], id="unknown-write-off"),
    pytest.param({"marriage_values": {"H": 100}}, [("bad_option_value", "options.marriage_values")],
                 id="marriages-need-four-suits"),
    pytest.param({"marriage_values": {"H": 100, "D": 80, "C": 60, "X": 40}},
                 [("bad_option_value", "options.marriage_values")], id="marriage-bad-suit"),
    pytest.param({"marriage_values": {"H": -1, "D": 80, "C": 60, "S": 40}},
                 [("bad_option_value", "options.marriage_values")], id="marriage-negative"),
    pytest.param({"stake_per_point": "lots"}, [("bad_option_value", "options.stake_per_point")], id="stake-text"),
    pytest.param({"barel": 1, "bid_step": 7}, [("unknown_option", "options.barel"),
                                               ("bad_option_value", "options.bid_step")], id="all-reported"),
    pytest.param([("barrel", True)], [("bad_type", "options")], id="not-an-object"),
])
def test_bad_options_are_refused(raw: Any, expected: list[tuple[str, str | None]]) -> None:
    assert refused(raw) == expected


@pytest.mark.parametrize("preset", ["Classic", "house", "", 5])
def test_unknown_preset(preset: Any) -> None:
    assert refused(None, preset) == [("unknown_preset", "preset")]


def test_options_are_frozen() -> None:
    options = thousand.parse_options({"target": 1500})
    with pytest.raises(AttributeError):
        options.target = 2000  # type: ignore[misc]
