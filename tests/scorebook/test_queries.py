"""Query counts are pinned, never timings: reading a match costs the same for 5 deals as for 300.

As in production with CACHE_URL: Django's cached sessions (the session from the cache, the database
behind). The signed-in user is read from the database on every request that asks who he is (one
query, with his "sign out everywhere" epoch: USER), an API token with its user likewise (TOKEN);
who else may read a match (his membership) too. Nothing that decides who may do what is read from
the cache. What the cache saves is the match: a poll answers 204 from the match's version entry,
and the sheet is served as rendered for its version (the API's JSON, the pages' parts).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from referee.games import thousand
from scorebook import selectors, services
from scorebook.models import Deal, Match, Member
from tests.scorebook.conftest import APPEND, PLAYERS, play

pytestmark = pytest.mark.django_db

USER = 1  # the signed-in user with his epoch, on every request that asks who he is
TOKEN = 1  # an API token with its user, on every request that sends one
MEMBER = 1  # a member's (or a guest's) membership, read where it decides what he may read
ROWS = 1  # the cached sheet's rows, read when the sheet is rendered for a new version


@pytest.fixture(autouse=True)
def cached_sessions(settings) -> None:
    """As with CACHE_URL set: the sessions in the cache, the database behind."""
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"


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
    assert len(selectors.sheet_rows(match)) == deals
    return match


def no_match_read(captured: CaptureQueriesContext) -> bool:
    return not any('"scorebook_match"' in query["sql"] for query in captured.captured_queries)


def token_phone(owner) -> APIClient:
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    return phone


@pytest.mark.parametrize("deals", [5, 300])
def test_the_scoresheet_costs_the_same_queries_for_any_length(signed_in, owner, deals: int,
                                                              django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    with django_assert_num_queries(USER + 1 + ROWS):  # the user, the match and its rows (not rendered yet)
        first = signed_in.get(f"/api/matches/{match.pk}/scoresheet/")
    with django_assert_num_queries(USER) as captured:  # the owner's match: its version from the cache
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
    with django_assert_num_queries(USER + 1 + ROWS):
        answer = signed_in.get(f"/api/matches/{match.pk}/")
    assert answer.status_code == 200
    assert answer.json()["version"] == 1


@pytest.mark.parametrize("deals", [5, 300])
def test_a_token_read_costs_its_token_alone_once_the_sheet_is_rendered(owner, deals: int,
                                                                      django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    phone = token_phone(owner)
    with django_assert_num_queries(TOKEN + 1 + ROWS):  # the token with its user, the match and its rows
        assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200
    with django_assert_num_queries(TOKEN):
        assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200
    with django_assert_num_queries(TOKEN + 1 + ROWS):  # the match's detail reads the match
        assert phone.get(f"/api/matches/{match.pk}/").status_code == 200


def member_of(match: Match, user: Any) -> Client:
    """*user*'s browser, signed in, at *match* as a player."""
    Member.objects.create(match=match, user=user, name=user.username, role="player")
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(user)
    return browser


def guest_at(match: Match) -> Client:
    """A guest's browser at *match*: joined through the invite with a name, his place in his session."""
    match = services.invite_renew(match=match, role="player")
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert browser.post(f"/join/{match.invite_token}/", {"name": "Гість"}).status_code == 302
    assert Member.objects.filter(match=match, user__isnull=True).count() == 1
    return browser


# A poll's queries by who polls: the owner's is his user alone (the match's entry names its owner,
# who never changes); a member's his user and his membership; a guest's his membership alone.
POLL = {"owner": USER, "member": USER + MEMBER, "guest": MEMBER}


@pytest.mark.parametrize("deals", [5, 300])
@pytest.mark.parametrize("who", ["owner", "member", "guest"])
def test_a_poll_on_a_warm_cache_reads_no_match(signed_in, owner, stranger, deals: int, who: str,
                                               django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    browser = {"owner": lambda: signed_in, "member": lambda: member_of(match, stranger),
               "guest": lambda: guest_at(match)}[who]()
    for path in (f"/matches/{match.pk}/sheet/", f"/matches/{match.pk}/display/panel/"):
        with django_assert_num_queries(POLL[who]) as captured:
            answer = browser.get(f"{path}?since={match.version}")
        assert answer.status_code == 204
        assert no_match_read(captured)


def test_a_removed_member_or_guest_no_longer_polls(owner, stranger) -> None:
    match = match_with(owner, 5)
    member, guest = member_of(match, stranger), guest_at(match)
    poll = f"/matches/{match.pk}/sheet/?since={match.version}"
    assert member.get(poll).status_code == guest.get(poll).status_code == 204
    for gone in Member.objects.filter(match=match):
        services.member_remove(match=match, member=gone.pk, by=owner)
    assert member.get(poll).status_code == 404
    assert guest.get(poll).status_code == 302  # no guest here now: to the sign-in page
    assert guest.get(poll, HTTP_HX_REQUEST="true").status_code == 404  # htmx's poll: left as it is


@pytest.mark.parametrize("deals", [5, 300])
def test_a_watchers_poll_on_a_warm_cache_makes_no_query(client, owner, deals: int,
                                                        django_assert_num_queries) -> None:
    match = services.match_share(match=match_with(owner, deals))
    path = f"/watch/{match.share_token}/sheet/?since={match.version}"
    with django_assert_num_queries(0):  # sharing set the entry
        assert client.get(path).status_code == 204
    caches["default"].clear()
    with django_assert_num_queries(1):  # a cold cache reads it once
        assert client.get(path).status_code == 204
    with django_assert_num_queries(0):
        assert client.get(path).status_code == 204


# The owner's match page, its parts kept: his user, the match and who joined (his panels show them);
# the last deal undo voids is the cached sheet's. Reading the sheet's rows is what a page of a new
# version adds.
PAGE = USER + 2


@pytest.mark.parametrize("deals", [5, 300])
def test_the_match_page_costs_the_same_queries_for_any_length(signed_in, owner, deals: int,
                                                              django_assert_num_queries) -> None:
    # No deal is voided: the deals are not read (the sheet is the cached replay; its parts, the cache's).
    match = match_with(owner, deals)
    with django_assert_num_queries(PAGE + ROWS):
        first = signed_in.get(f"/matches/{match.pk}/")
    with django_assert_num_queries(PAGE):
        again = signed_in.get(f"/matches/{match.pk}/")
    assert first.status_code == again.status_code == 200
    assert again.content.decode().count('class="sheet-row') == deals


def test_a_stale_cache_is_replayed_with_one_more_query(signed_in, owner, django_assert_num_queries) -> None:
    # A sheet cached by other rules: the read replays, reading the deals once (one query more).
    match = match_with(owner, 300)
    Match.objects.filter(pk=match.pk).update(sheet={**match.sheet, "engine": "other-rules"})
    with django_assert_num_queries(USER + 2):
        answer = signed_in.get(f"/api/matches/{match.pk}/scoresheet/")
    assert answer.json()["totals"] == [0, 0, 0]


def test_a_poll_that_finds_a_change_reads_the_match_and_its_rows(signed_in, owner,
                                                                 django_assert_num_queries) -> None:
    match = match_with(owner, 40)
    with django_assert_num_queries(USER + 1 + ROWS):
        answer = signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version - 1}")
    assert answer.status_code == 200
    with django_assert_num_queries(USER + 1):  # the sheet and the chart kept for this version
        assert signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version - 1}").status_code == 200


def test_without_cached_sessions_a_poll_reads_the_session_and_the_user_alone(
        settings, owner, django_assert_num_queries) -> None:
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"
    match = match_with(owner, 5)
    browser = Client()
    browser.force_login(owner)
    for _ in range(2):
        with django_assert_num_queries(1 + USER), CaptureQueriesContext(connection) as captured:
            assert browser.get(f"/matches/{match.pk}/sheet/?since={match.version}").status_code == 204
        assert no_match_read(captured)


@pytest.mark.parametrize("deals", [5, 300])
def test_an_append_costs_the_same_queries_for_any_length(owner, deals: int, django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    with django_assert_num_queries(APPEND) as captured:
        services.deal_record(match=match, entry=cycle(deals + 1))
    # Neither the deals nor the cached sheet's rows are read: the deal is folded onto the sheet's state.
    reads = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")]
    assert len(reads) == 1 and reads[0].startswith('SELECT "scorebook_match"')
    assert not any("scorebook_sheetrow" in read for read in reads)
    writes = [q["sql"].replace('"', "") for q in captured.captured_queries
              if not q["sql"].startswith(("SELECT", "SAVEPOINT", "RELEASE"))]
    assert [" ".join(write.split()[:3]) for write in writes] == [
        "INSERT INTO scorebook_deal", "INSERT INTO scorebook_revision", "INSERT INTO scorebook_sheetrow",
        "UPDATE scorebook_match SET"]
    match.refresh_from_db()
    assert match.version == 2 and match.sheet["last_deal"] == deals + 1 and "rows" not in match.sheet
    assert [row["number"] for row in selectors.sheet_rows(match)] == list(range(1, deals + 2))


@pytest.mark.parametrize("matches", [2, 6])
def test_the_list_of_matches_reads_no_sheet_rows(owner, matches: int, django_assert_num_queries) -> None:
    for _match in range(matches):
        match_with(owner, 4)
    phone = token_phone(owner)
    # The token with its user, the paginator's count, the page of matches: their totals are the
    # cached sheets' own, their rows are not read.
    with django_assert_num_queries(TOKEN + 2) as captured:
        answer = phone.get("/api/matches/")
    assert not any("scorebook_sheetrow" in query["sql"] for query in captured.captured_queries)
    # 4 deals: 3 come back to 0, then deal 4 (declarer 0) [−100, 50, 50].
    assert [item["totals"] for item in answer.json()["results"]] == [[-100, 50, 50]] * matches


# A deal posted through the API, the sheet of the version before kept rendered (a phone at the table
# read it): the token, then the append (APPEND), which reads the match locked and checks the role
# there. The answer's scoresheet is that sheet with the new row: neither the deals nor the rows are read.
API_POST = TOKEN + APPEND


@pytest.mark.parametrize("deals", [5, 300])
def test_a_deal_posted_costs_the_same_queries_for_any_length(owner, deals: int, django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    phone = token_phone(owner)
    assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200
    with django_assert_num_queries(API_POST) as captured:
        answer = phone.post(f"/api/matches/{match.pk}/deals/", {"entry": cycle(deals + 1)}, format="json")
    assert answer.status_code == 201
    assert not any("scorebook_sheetrow" in q["sql"] and q["sql"].startswith("SELECT")
                   for q in captured.captured_queries)
    sheet = answer.json()["scoresheet"]
    assert len(sheet["rows"]) == deals + 1
    # 300 + 1: back at 0 after deal 300, then deal 301 (declarer 0) [−100, 50, 50]; 5 + 1: deals 4
    # to 6 are a cycle of their own after deal 3: [0, 0, 0].
    assert sheet["totals"] == ([-100, 50, 50] if deals == 300 else [0, 0, 0])


def test_a_deal_posted_from_the_page_without_javascript_is_redirected_at_once(
        signed_in, owner, django_assert_num_queries) -> None:
    # The user, the match (the owner's: no role to read), the append (APPEND), and nothing more: the
    # page it redirects to is built by the GET that follows, not here too.
    match = match_with(owner, 40)
    with django_assert_num_queries(USER + 1 + APPEND) as captured:
        answer = signed_in.post(f"/matches/{match.pk}/deals/", {
            "expected_version": match.version, "type": "play", "declarer": "0", "bid": "100", "contract": "100",
            "points_0": "20", "points_1": "50", "points_2": "50"})
    assert answer.status_code == 302 and answer["Location"] == f"/matches/{match.pk}/"
    assert not any("scorebook_sheetrow" in q["sql"] and q["sql"].startswith("SELECT")
                   for q in captured.captured_queries)
