"""1000's edit page keeps "the rest of 120" computed as the entry form does: the declarer's card
points are left empty, so correcting one defender's points is one field changed.

Worked by hand (RULES.md, 1000 classic, three players, Аня deals first):
deal 1: Вика bids 120 with the ♦ marriage (80); Аня 40, Борис 25 on defence, Вика the rest 55:
55 + 80 = 135 ≥ 120, made → +120. Totals 40, 25, 120.
Аня's points corrected to 45: Вика's rest is 120 − 45 − 25 = 50, 50 + 80 = 130 ≥ 120, still made:
Аня +45, Борис +25, Вика +120.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from scorebook import selectors, services
from scorebook.games.thousand import form
from tests.scorebook.conftest import play

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("entry", "seats", "points"), [
    pytest.param(play(declarer=2, bid=120, points=[40, 25, 55]), 3, [40, 25, None], id="declarer-the-rest"),
    pytest.param(play(declarer=0, bid=100, points=[100, 15, 5]), 3, [None, 15, 5], id="declarer-first"),
    # Four players: the dealer (seat 3 here) sits out with no points; 60 + 30 + 30 = 120.
    pytest.param(play(declarer=1, bid=100, points=[30, 60, 30, None]), 4, [30, None, 30, None], id="four-players"),
    # Points that do not make 120 (a stored deal refused now, say) are shown as they are.
    pytest.param(play(declarer=0, bid=100, points=[100, 15, 4]), 3, [100, 15, 4], id="not-120-as-stored"),
    # A write-off has no card points.
    pytest.param({"type": "write_off", "declarer": 0, "bid": 120, "contract": 120}, 3, [None, None, None],
                 id="write-off"),
])
def test_the_edit_form_leaves_the_declarers_points_to_the_rest(entry: dict[str, Any], seats: int,
                                                               points: list[Any]) -> None:
    values = form.values_from_entry(entry, seats)
    assert [values[f"points_{seat}"] for seat in range(seats)] == points


def test_correcting_one_defender_is_one_field(signed_in, match) -> None:
    services.deal_record(match=match, entry=play(declarer=2, bid=120, points=[40, 25, 55],
                                                 marriages=[[], [], ["D"]]))
    page = signed_in.get(f"/matches/{match.pk}/deals/1/").content.decode()
    typed = dict(re.findall(r'name="(points_\d)"[^>]*value="([^"]*)"', page))
    assert typed == {"points_0": "40", "points_1": "25", "points_2": ""}
    match.refresh_from_db()
    answer = signed_in.post(f"/matches/{match.pk}/deals/1/", {
        "expected_version": str(match.version), "action": "play", "declarer": "2", "bid": "120", "contract": "120",
        "points_0": "45", "points_1": "25", "points_2": "", "marriages_2": "D"})
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.deals.get(number=1).entry["points"] == [45, 25, 50]
    assert selectors.current_sheet(match)["totals"] == [45, 25, 120]
