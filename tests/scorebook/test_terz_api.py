"""Terz through the JSON API (API.md "terz"): the refusals RULES.md names for a false declaration
of 0 or less and for one seat given more than the deal's 150 card points, answered with the rule's
code, not the entry reader's generic ``out_of_range``. Seats: Остап 0, Марко 1.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Match

pytestmark = pytest.mark.django_db

PLAYERS = ["Остап", "Марко"]


@pytest.fixture
def terz_match(owner) -> Match:
    return services.match_create(owner=owner, game="terz", players=PLAYERS, first_dealer=0)


def post_deal(api: APIClient, match: Match, entry: dict[str, Any]) -> Any:
    return api.post(f"/api/matches/{match.pk}/deals/", {"entry": entry}, format="json")


@pytest.mark.parametrize(("entry", "expected"), [
    # RULES.md: a false declaration's amount is "a sum of 20, 50, 100, 200 … (bad_amount, 0 included)"
    pytest.param({"type": "false_declaration", "player": 0, "points": 0}, [("bad_amount", "points")],
                 id="false-declaration-of-0"),
    pytest.param({"type": "false_declaration", "player": 0, "points": -20}, [("bad_amount", "points")],
                 id="false-declaration-of-minus-20"),
    # RULES.md: "a sum other than 150, or one seat above 150, is points_total"
    pytest.param({"type": "play", "trump": "H", "points": [151, 0]}, [("points_total", "points[0]")],
                 id="one-seat-over-150"),
    pytest.param({"type": "play", "trump": "H", "points": [70, 70]}, [("points_total", "points")],
                 id="a-sum-of-140"),
])
def test_a_refused_terz_entry_answers_400_with_the_rules_code(api: APIClient, terz_match: Match,
                                                              entry: dict[str, Any],
                                                              expected: list[tuple[str, str]]) -> None:
    answer = post_deal(api, terz_match, entry)
    assert answer.status_code == 400
    assert [(v["code"], v["field"]) for v in answer.json()["violations"]] == expected
    terz_match.refresh_from_db()
    assert (terz_match.version, terz_match.deals.count()) == (0, 0)


def test_a_false_declaration_of_20_goes_up_the_mountain(api: APIClient, terz_match: Match) -> None:
    # The smallest amount a declaration is worth, a terz: Остап's target rises by 20; no total moves.
    answer = post_deal(api, terz_match, {"type": "false_declaration", "player": 0, "points": 20})
    assert answer.status_code == 201, answer.content
    sheet = answer.json()["scoresheet"]
    assert (sheet["totals"], sheet["state"]["mountain"]) == ([0, 0], [20, 0])
