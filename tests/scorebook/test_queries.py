"""Query counts are pinned, never timings: reading a match costs the same for 5 deals as for 300.

Signed in with a session, a read makes three queries: the session, the user, the match (its
sheet is the cached replay, so the deals are not read). With a token: the token joined to its
user, then the match. The session comes from the cache when CACHE_URL is set (no query then).

The hot paths read the cache (scorebook/caches.py): the poll answers 204 and the scoresheet is
served with no query on the match at all once the cache is warm; the match page reads the match
alone, its sheet's HTML rendered once per version.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from referee.games import thousand
from scorebook import services
from scorebook.models import Deal, Match
from tests.scorebook.conftest import PLAYERS, SESSION_QUERIES, play

pytestmark = pytest.mark.django_db

SESSION_READ = SESSION_QUERIES + 2  # session, user, match
TOKEN_READ = 2  # token with its user, match
SESSION_WARM = SESSION_QUERIES + 1  # session, user: the match is the cache's
TOKEN_WARM = 1  # token with its user


def cycle(number: int) -> dict[str, Any]:
    """Deal *number* of a match whose totals come back to 0 every three deals: the declarer
    (seat (number − 1) mod 3) takes 20 of his 100 → −100, the defenders 50 each → +50, +50."""
    declarer = (number - 1) % 3
    return play(declarer, 100, points=[20 if seat == declarer else 50 for seat in range(3)])


def match_with(owner, deals: int) -> Match:
    """Deals 1 … n−1 written straight into the table (canonical entries), the last one through
    the service, which replays all of them and caches the sheet."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    Deal.objects.bulk_create(
        Deal(match=match, number=n, entry=thousand.dump_entry(thousand.parse_entry(cycle(n), 3)))
        for n in range(1, deals))
    services.deal_record(match=match, entry=cycle(deals))
    match.refresh_from_db()
    assert len(match.sheet["rows"]) == deals
    return match


def no_match_read(captured: CaptureQueriesContext) -> bool:
    return not any('"scorebook_match"' in query["sql"] for query in captured.captured_queries)


@pytest.mark.parametrize("deals", [5, 300])
def test_the_scoresheet_costs_the_same_queries_for_any_length(signed_in, owner, deals: int,
                                                              django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    with django_assert_num_queries(SESSION_READ):
        first = signed_in.get(f"/api/matches/{match.pk}/scoresheet/")
    with django_assert_num_queries(SESSION_WARM), CaptureQueriesContext(connection) as captured:
        answer = signed_in.get(f"/api/matches/{match.pk}/scoresheet/")
    assert no_match_read(captured)
    assert answer.status_code == 200
    sheet = answer.json()
    assert sheet == first.json()
    assert len(sheet["rows"]) == deals
    # 300 = 3 × 100: the totals are back at 0; 5 deals: after deal 3 back at 0, then deal 4
    # (declarer 0) [−100, 50, 50] and deal 5 (declarer 1) [+50, −100, +50] → [−50, −50, 100].
    assert sheet["totals"] == ([0, 0, 0] if deals == 300 else [-50, -50, 100])


@pytest.mark.parametrize("deals", [5, 300])
def test_the_match_detail_costs_the_same_queries_for_any_length(signed_in, owner, deals: int,
                                                                django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    with django_assert_num_queries(SESSION_READ):
        answer = signed_in.get(f"/api/matches/{match.pk}/")
    assert answer.status_code == 200
    assert answer.json()["version"] == 1


@pytest.mark.parametrize("deals", [5, 300])
def test_a_token_read_costs_two_queries(owner, deals: int, django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    with django_assert_num_queries(TOKEN_READ):
        assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200
    with django_assert_num_queries(TOKEN_WARM):
        assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200
    with django_assert_num_queries(TOKEN_READ):
        assert phone.get(f"/api/matches/{match.pk}/").status_code == 200


@pytest.mark.parametrize("deals", [5, 300])
def test_the_poll_on_a_warm_cache_makes_no_query_on_the_match(signed_in, owner, deals: int,
                                                              django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    with django_assert_num_queries(SESSION_WARM), CaptureQueriesContext(connection) as captured:
        answer = signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version}")
    assert answer.status_code == 204 and no_match_read(captured)
    with django_assert_num_queries(SESSION_WARM), CaptureQueriesContext(connection) as captured:
        answer = signed_in.get(f"/matches/{match.pk}/display/panel/?since={match.version}")
    assert answer.status_code == 204 and no_match_read(captured)


@pytest.mark.parametrize("deals", [5, 300])
def test_a_watchers_poll_on_a_warm_cache_makes_no_query(client, owner, deals: int,
                                                        django_assert_num_queries) -> None:
    match = services.match_share(match=match_with(owner, deals))
    path = f"/watch/{match.share_token}/sheet/?since={match.version}"
    with django_assert_num_queries(0):  # sharing set the entry
        assert client.get(path).status_code == 204
    cache.clear()
    with django_assert_num_queries(1):  # a cold cache reads it once
        assert client.get(path).status_code == 204
    with django_assert_num_queries(0):
        assert client.get(path).status_code == 204


@pytest.mark.parametrize("deals", [5, 300])
def test_the_match_page_reads_the_match_alone(signed_in, owner, deals: int, django_assert_num_queries) -> None:
    # No deal is voided: the deals are not read (the sheet is the cached replay; its HTML, the cache's).
    # One query more for the owner's panel of the table: who joined.
    match = match_with(owner, deals)
    with django_assert_num_queries(SESSION_READ + 1):
        first = signed_in.get(f"/matches/{match.pk}/")
    with django_assert_num_queries(SESSION_READ + 1):
        again = signed_in.get(f"/matches/{match.pk}/")
    assert first.status_code == again.status_code == 200
    assert again.content.decode().count('class="sheet-row') == deals


def test_a_stale_cache_is_replayed_with_one_more_query(signed_in, owner, django_assert_num_queries) -> None:
    # A sheet cached by other rules: the read replays, reading the deals once (one query more).
    match = match_with(owner, 300)
    Match.objects.filter(pk=match.pk).update(sheet={**match.sheet, "engine": "other-rules"})
    with django_assert_num_queries(SESSION_READ + 1):
        answer = signed_in.get(f"/api/matches/{match.pk}/scoresheet/")
    assert answer.json()["totals"] == [0, 0, 0]


def test_a_poll_that_finds_a_change_reads_the_match_alone(signed_in, owner, django_assert_num_queries) -> None:
    match = match_with(owner, 40)
    with django_assert_num_queries(SESSION_READ):
        answer = signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version - 1}")
    assert answer.status_code == 200


# An append: the version claimed (UPDATE), the match with its sheet's tail and the last deal's
# number (SELECT), the deal and its revision (INSERT ×2), the sheet with the row appended (UPDATE),
# and the transaction's savepoint and its release.
APPEND = 7


@pytest.mark.parametrize("deals", [5, 300])
def test_an_append_costs_the_same_queries_for_any_length(owner, deals: int, django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    with django_assert_num_queries(APPEND) as captured:
        services.deal_record(match=match, entry=cycle(deals + 1))
    # Neither the deals nor the cached sheet's rows are read: the deal is folded onto the sheet's state.
    reads = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")]
    assert len(reads) == 1 and reads[0].startswith('SELECT "scorebook_match"')
    columns = reads[0].split(" FROM ", 1)[0].split(", ")
    assert '"scorebook_match"."sheet"' not in columns  # only the keys it needs, extracted by the database
    match.refresh_from_db()
    assert len(match.sheet["rows"]) == deals + 1 and match.sheet["last_deal"] == deals + 1
