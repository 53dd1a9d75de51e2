"""The fields every entry form reads a POST with (scorebook/forms.py): they take what was typed
and never refuse it, so that the referee refuses it in its own words."""

from __future__ import annotations

from typing import Any

import pytest
from django import forms
from django.http import QueryDict

from scorebook.games.forms import Flag, Number, Several, Text, number, penalty_entry, penalty_values, read, the_rest


@pytest.mark.parametrize(("typed", "read_as"), [
    pytest.param("12", 12, id="a-number"),
    pytest.param(" −5 ", -5, id="a-real-minus-sign"),
    pytest.param("-120", -120, id="a-hyphen-minus"),
    pytest.param("", None, id="blank"),
    pytest.param("   ", None, id="spaces"),
    pytest.param(None, None, id="not-sent"),
    pytest.param("abc", "abc", id="text-for-the-referee"),
    pytest.param("１２", "１２", id="fullwidth-digits-are-not-a-number"),
    pytest.param("1234567", "1234567", id="seven-digits-are-too-many"),
    pytest.param("1.5", "1.5", id="not-whole"),
])
def test_a_typed_number(typed: str | None, read_as: Any) -> None:
    assert number(typed) == read_as


@pytest.mark.parametrize(("values", "total", "least", "filled"), [
    pytest.param([45, 67, None], 120, None, [45, 67, 8], id="120-45-67-is-8"),
    pytest.param([None, 100], 150, None, [50, 100], id="150-100-is-50"),
    pytest.param([100, 30, None], 120, None, [100, 30, -10], id="over-the-total-goes-negative"),
    pytest.param([3, 3, None], 5, 0, [3, 3, 0], id="never-below-the-least"),
    pytest.param([3, 1, None], 5, 0, [3, 1, 1], id="5-3-1-is-1"),
    pytest.param([45, None, None], 120, None, [45, None, None], id="two-blanks-stay"),
    pytest.param([45, "x", None], 120, None, [45, "x", None], id="a-text-keeps-the-blank"),
    pytest.param([45, 67, 8], 120, None, [45, 67, 8], id="nothing-blank"),
])
def test_one_blank_takes_the_rest(values: list[Any], total: int, least: int | None, filled: list[Any]) -> None:
    assert the_rest(values, total, least) == filled


class Sample(forms.Form):
    points = Number()
    trump = Text()
    dark = Flag()
    cards = Several()


@pytest.mark.parametrize(("body", "typed"), [
    pytest.param("points=12&trump=H&dark=on&cards=KH&cards=QH",
                 {"points": 12, "trump": "H", "dark": True, "cards": ["KH", "QH"]}, id="all-filled"),
    pytest.param("", {"points": None, "trump": None, "dark": False, "cards": []}, id="nothing-sent"),
    pytest.param("points=twelve&trump=Z&dark=true", {"points": "twelve", "trump": "Z", "dark": False, "cards": []},
                 id="as-typed-and-only-on-ticks"),
])
def test_a_form_reads_what_was_typed(body: str, typed: dict[str, Any]) -> None:
    assert read(Sample(QueryDict(body))) == typed


def test_the_generic_penalty() -> None:
    assert penalty_entry(QueryDict("player=1&penalty_points=−50&penalty_reason=late")) == {
        "type": "penalty", "player": 1, "points": -50, "reason": "late"}
    assert penalty_entry(QueryDict(f"penalty_reason={'x' * 250}"))["reason"] == "x" * 200  # the field's maxlength


@pytest.mark.parametrize(("body", "points"), [
    pytest.param("penalty_sign=fine&penalty_points=120", -120, id="a-fine-typed-on-a-numeric-keypad"),
    pytest.param("penalty_sign=bonus&penalty_points=50", 50, id="a-bonus"),
    pytest.param("penalty_sign=fine&penalty_points=-120", -120, id="a-fine-typed-with-its-minus-too"),
    pytest.param("penalty_sign=bonus&penalty_points=−50", 50, id="the-choice-decides-the-sign"),
    pytest.param("penalty_points=-30", -30, id="no-choice-sent-counts-as-typed"),
    pytest.param("penalty_sign=fine&penalty_points=lots", "lots", id="not-a-number-left-for-the-referee"),
    pytest.param("penalty_sign=fine", None, id="blank-left-for-the-referee"),
])
def test_a_fine_or_a_bonus_is_chosen_beside_an_unsigned_amount(body: str, points: Any) -> None:
    assert penalty_entry(QueryDict(f"player=0&{body}"))["points"] == points


@pytest.mark.parametrize(("points", "shown"), [
    (-120, {"penalty_sign": "fine", "penalty_points": 120}),
    (50, {"penalty_sign": "bonus", "penalty_points": 50}),
    (0, {"penalty_sign": "bonus", "penalty_points": 0}),
])
def test_a_stored_penalty_is_shown_as_its_choice_and_amount(points: int, shown: dict[str, Any]) -> None:
    assert {key: penalty_values({"points": points})[key] for key in shown} == shown


@pytest.mark.parametrize(("values", "filled"), [
    pytest.param([3, None, 1, None, 1, None], [3, 0, 1, 0, 1, 0], id="six-at-the-table-three-typed"),
    pytest.param([3, 1, None, None], [3, 1, None, None], id="not-yet-five-left-as-typed"),
    pytest.param([3, 1, None, 0], [3, 1, 1, 0], id="one-blank-still-the-rest"),
    pytest.param([5, None, None], [5, 0, 0], id="all-five-to-one"),
    pytest.param([3, "x", 2, None], [3, "x", 2, None], id="text-left-for-the-referee"),
    pytest.param([4, 2, None], [4, 2, 0], id="over-five-one-blank-never-below-least"),
])
def test_once_the_tricks_are_all_written_the_untouched_took_none(values: list[Any], filled: list[Any]) -> None:
    assert the_rest(values, 5, least=0, none_left=True) == filled
