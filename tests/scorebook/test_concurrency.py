"""Two phones at once: two writers with the same expected_version, released together.

Real threads with their own database connections, so the test database must be file-backed on
SQLite (gotcha 2) and the test transactional. Exactly one write wins; the other gets the 409.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Deal, Match, Revision
from tests.scorebook.conftest import PLAYERS, play, together

pytestmark = pytest.mark.django_db(transaction=True)

# 45 < 100: −100; 67 → 65; 8 → 10. And the other phone's deal: 100 ≥ 100: +100; 10 → 10, 10 → 10.
ENTRIES = [play(0, 100, points=[45, 67, 8]), play(0, 100, points=[100, 10, 10])]
TOTALS = [[-100, 65, 10], [100, 10, 10]]


def side_by_side(work: Callable[[int], Any]) -> list[Any]:
    """Run work(0) and work(1) in two threads released together; each result or exception."""
    return together(lambda: work(0), lambda: work(1))


@pytest.mark.parametrize("round_", range(3))
def test_two_services_writes_with_the_same_version_one_wins(owner, round_: int) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry=ENTRIES[0])  # version 1: both phones read this

    def write(index: int) -> services.Written:
        return services.deal_record(match=match, entry=ENTRIES[index], expected_version=1)

    results = side_by_side(write)
    won = [r for r in results if isinstance(r, services.Written)]
    lost = [r for r in results if isinstance(r, services.VersionConflict)]
    assert (len(won), len(lost)) == (1, 1), results
    winner = results.index(won[0])
    match.refresh_from_db()
    assert match.version == 2
    assert lost[0].match.version == 2
    assert Deal.objects.filter(match=match).count() == 2
    assert Revision.objects.filter(match=match).count() == 2
    assert match.deals.get(number=2).entry["points"] == ENTRIES[winner]["points"]
    expected = [a + b for a, b in zip(TOTALS[0], TOTALS[winner], strict=True)]
    assert match.sheet["totals"] == expected


def test_two_phones_post_through_the_api_one_gets_409(owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    key = Token.objects.create(user=owner).key

    def post(index: int) -> Any:
        phone = APIClient()
        phone.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return phone.post(f"/api/matches/{match.pk}/deals/", {"entry": ENTRIES[index], "expected_version": 0},
                          format="json")

    answers = side_by_side(post)
    assert sorted(a.status_code for a in answers) == [201, 409], answers
    winner = next(i for i, a in enumerate(answers) if a.status_code == 201)
    loser = answers[1 - winner].json()
    assert loser["version"] == 1
    assert loser["scoresheet"]["totals"] == TOTALS[winner]
    match.refresh_from_db()
    assert match.version == 1
    assert list(Deal.objects.filter(match=match).values_list("number", flat=True)) == [1]
    assert match.sheet["totals"] == TOTALS[winner]


@pytest.mark.parametrize("expected_version", [None, 0])
def test_a_retry_racing_its_original_is_stored_once(owner, expected_version: int | None) -> None:
    # The same client id from two connections at once: the loser waits for the winner's lock,
    # then finds the write in the history. It answers from there, and the version moves once.
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)

    def write(index: int) -> services.Written:
        return services.deal_record(match=match, entry=ENTRIES[0], client_id="phone-1:7",
                                    expected_version=expected_version)

    results = side_by_side(write)
    assert all(isinstance(r, services.Written) for r in results), results
    assert sorted(r.repeated for r in results) == [False, True]
    assert [r.match.version for r in results] == [1, 1]
    match.refresh_from_db()
    assert match.version == 1
    assert Deal.objects.filter(match=match).count() == 1
    assert Match.objects.get(pk=match.pk).sheet["totals"] == TOTALS[0]
