"""The new-match page's options that may be below 0 carry a ± beside them (a phone's number keypad
has no minus key), show their value with a real minus sign and read one back; the others have none.

RULES.md: 1000's bid_ban_below −120 (from −10000 to 10000), Thirteens' joker_points −4 and
no_trick_points −3 (from −100 to 100).
"""
from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from scorebook.models import Match

pytestmark = pytest.mark.django_db


def field_of(page: str, name: str) -> str:
    return page.split(f'for="opt_{name}"', 1)[1].split('<div class="field', 1)[0]


@pytest.mark.parametrize(("game", "signed", "unsigned"), [
    pytest.param("thousand", {"bid_ban_below": "−120", "dark_min_score": "240"}, ["bid_step", "target"],
                 id="thousand"),
    pytest.param("thirteens", {"joker_points": "−4", "no_trick_points": "−3"}, ["cards_each"], id="thirteens"),
])
def test_an_option_below_0_has_its_sign_toggle(signed_in: Client, game: str, signed: dict[str, str],
                                               unsigned: list[str]) -> None:
    page = signed_in.get(f"/matches/new/?game={game}").content.decode()
    for name, value in signed.items():
        field = field_of(page, name)
        assert f'id="opt_{name}" name="opt_{name}" type="text" inputmode="numeric" value="{value}"' in field
        assert re.search(rf'<button type="button" class="step flip-sign" data-flip-sign aria-controls="opt_{name}"',
                         field)
    for name in unsigned:
        assert "data-flip-sign" not in field_of(page, name)


@pytest.mark.parametrize(("game", "options", "stored"), [
    # The ± toggle types a real minus (U+2212): read as any minus.
    pytest.param("thousand", {"bid_ban_below": "−100"}, {"bid_ban_below": -100}, id="bid-ban-real-minus"),
    pytest.param("thirteens", {"joker_points": "−5", "no_trick_points": "−2"},
                 {"joker_points": -5, "no_trick_points": -2}, id="thirteens-real-minus"),
    pytest.param("thirteens", {"joker_points": "-4", "no_trick_points": "2"},
                 {"joker_points": -4, "no_trick_points": 2}, id="thirteens-hyphen-and-flipped-back"),
])
def test_a_negative_option_typed_with_the_toggle_is_kept(signed_in: Client, owner: Any, game: str,
                                                         options: dict[str, str], stored: dict[str, int]) -> None:
    names = {f"player_{i}": name for i, name in enumerate(["Аня", "Борис", "Вика"])}
    answer = signed_in.post("/matches/new/", {"game": game, "preset": "classic", "first_dealer": "0", **names,
                                              **{f"opt_{name}": value for name, value in options.items()}})
    assert answer.status_code == 302
    match = Match.objects.get(owner=owner)
    assert {name: match.options[name] for name in stored} == stored
