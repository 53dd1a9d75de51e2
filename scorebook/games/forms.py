"""What every entry form is built from: reading a typed number, the fields that read what was typed
and never refuse it (every rule is the referee's, checked through the services), the penalty every
game accepts, and "one blank field takes the rest". Imports nothing of the games, the pages or the
API: a game's record imports its form, and the models read the records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import QueryDict

# A typed number as an int, anything else passed on as typed: the referee's checks in the phone
# read their numbers the same way (scorebook/phone/checking.py, pure Python).
from scorebook.phone.checking import number

REASON_LENGTH = 200  # the longest penalty reason kept; the input field has the same maxlength


# ---------------------------------------------------------------- entry form fields


class Number(forms.Field):
    """A whole number (a count, points, a seat): an int as typed, None when blank, and anything
    else as typed, for the referee to refuse in its own words."""

    def __init__(self, **kwargs: Any):
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> Any:
        return number(value)


class Text(forms.Field):
    """A choice or a note as sent (None when absent): the referee says what it may be."""

    def __init__(self, **kwargs: Any):
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> Any:
        return value


class _Ticked(forms.CheckboxInput):
    def value_from_datadict(self, data: Any, files: Any, name: str) -> bool:
        return data.get(name) == "on"  # what a browser sends for a ticked box


class Flag(forms.Field):
    """A tick box: True when ticked."""

    widget = _Ticked

    def __init__(self, **kwargs: Any):
        super().__init__(required=False, **kwargs)


class Several(forms.Field):
    """Every value sent under one name (tapped cards, ticked suits or seats), in the order sent."""

    widget = forms.MultipleHiddenInput

    def __init__(self, **kwargs: Any):
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> list[str]:
        return list(value or [])


def the_rest(values: list[Any], total: int, least: int | None = None, *, none_left: bool = False) -> list[Any]:
    """*values* with its one blank filled: when every other value was typed as a number, the blank
    one takes what they leave of *total* (never less than *least*). With *none_left*, when the typed
    values already make *total*, every blank is 0: whoever was not touched took nothing. Otherwise
    *values* as typed."""
    blank = [i for i, value in enumerate(values) if value is None]
    typed = [value for value in values if isinstance(value, int)]
    if none_left and blank and len(typed) == len(values) - len(blank) and sum(typed) == total:
        return [0 if value is None else value for value in values]
    if len(blank) != 1 or len(typed) != len(values) - 1:
        return values
    rest = total - sum(typed)
    filled = list(values)
    filled[blank[0]] = rest if least is None else max(rest, least)
    return filled


def read(form: forms.Form) -> dict[str, Any]:
    """What *form* read from its POST: its fields never refuse, so every field is there."""
    form.is_valid()
    return form.cleaned_data


# ---------------------------------------------------------------- the generic penalty (RULES.md)


FINE, BONUS = "fine", "bonus"


class PenaltyForm(forms.Form):
    player = Number()
    penalty_points = Number()
    penalty_sign = Text()
    penalty_reason = Text()


def signed(amount: Any, sign: str | None) -> Any:
    """An amount typed without a sign (a phone's numeric keypad has no minus) with the fine/bonus
    choice beside it: a fine takes points off. Without the choice (an older form, a script) the
    amount counts as typed; anything not a number is passed on for the referee to refuse."""
    if not isinstance(amount, int) or sign not in (FINE, BONUS):
        return amount
    return -abs(amount) if sign == FINE else abs(amount)


def unsigned(points: Any) -> dict[str, Any]:
    """Stored signed points as the fine/bonus choice and the amount (the edit page)."""
    if not isinstance(points, int):
        return {"penalty_points": points, "penalty_sign": FINE}
    return {"penalty_points": abs(points), "penalty_sign": FINE if points < 0 else BONUS}


def penalty_entry(post: QueryDict) -> dict[str, Any]:
    """The generic penalty every game accepts: a player, signed points, a reason."""
    typed = read(PenaltyForm(post))
    return {"type": "penalty", "player": typed["player"],
            "points": signed(typed["penalty_points"], typed["penalty_sign"]),
            "reason": (typed["penalty_reason"] or "")[:REASON_LENGTH]}


def penalty_values(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The penalty form showing a stored penalty (the edit page)."""
    return {"action": "penalty", "player": entry.get("player"), **unsigned(entry.get("points")),
            "penalty_reason": entry.get("reason", "")}


def penalty_field(api_field: str | None) -> str:
    """A penalty's field path as the penalty form's field."""
    return {"points": "penalty_points", "player": "player", "reason": "penalty_reason"}.get(api_field or "", "__all__")
