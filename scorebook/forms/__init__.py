"""The entry form of each game's match page: one module per game, ``scorebook/forms/<game>.py``.

A form module turns the POSTed fields into the game's entry and back; every rule is checked by
the referee through the services. It provides:

- ``TEMPLATE``: the template included on the match page and the edit page;
- ``initial_values(state) -> dict``: the empty form for the next deal;
- ``entry_from_post(post, seats, dealer) -> dict``: the entry the form describes;
- ``values_from_entry(entry, seats) -> dict``: the form showing a stored entry (edit page);
- ``post_values(post, seats) -> dict``: what was typed, to show the form again after a refusal;
- ``field_name(api_field, action) -> str``: the form field a violation's ``field`` points at;
- ``form_context(match, sheet, values, errors, number) -> dict``: anything else the template needs.

A game without a form module is kept through the API only.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from functools import cache
from types import ModuleType
from typing import Any

from referee.games import GAMES


@cache
def form_for(game: str) -> ModuleType | None:
    if game not in GAMES or importlib.util.find_spec(f"scorebook.forms.{game}") is None:
        return None
    return importlib.import_module(f"scorebook.forms.{game}")


def page_games() -> list[str]:
    return [game for game in GAMES if form_for(game) is not None]


def number(text: str | None) -> Any:
    """A typed number as an int; anything else is passed on as typed for the referee to refuse."""
    if text is None:
        return None
    cleaned = text.strip().replace("−", "-")
    if cleaned == "":
        return None
    if re.fullmatch(r"-?[0-9]{1,6}", cleaned):
        return int(cleaned)
    return cleaned


def seat_field(api_field: str | None) -> tuple[str, str | None, str]:
    """Split "hands[1].melds[0]" into ("hands", "1", ".melds[0]")."""
    if not api_field:
        return "__all__", None, ""
    match = re.match(r"([A-Za-z_]+)(?:\[(\d+)\])?(.*)", api_field)
    if not match:
        return "__all__", None, ""
    return match.group(1), match.group(2), match.group(3)
