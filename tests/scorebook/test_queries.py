"""Query counts are pinned, never timings: reading a match costs the same for 5 deals as for 300.

As in production with CACHE_URL (a shared cache): the session, the signed-in user with his epoch,
the API token and who joined a match come from the cache (scorebook/accounts_cache.py, caches.py), so
the hot paths on a warm cache make no query at all: the poll answers 204 and the scoresheet is
served as rendered for its version, for the owner, a member, a guest and the share link alike.
The first read of a user (or a token) fills the cache with one query. Without a shared cache the
session and the user are read from the database on every request (the last tests). Rendering a
sheet for a new version reads the match and its cached sheet's rows (ROWS).

The match page reads the match alone the first time, its sheet's HTML rendered once per version (its
rows are read only when a part showing them is rendered anew); on a warm cache it makes no query: the
match's row is kept too, set anew by every write of it (tests/scorebook/test_kept_match_row.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from referee.games import thousand
from scorebook import selectors, services
from scorebook.models import Deal, Match, Member
from scorebook.web.people import USER_HINT
from tests.scorebook.conftest import APPEND, PLAYERS, play

pytestmark = pytest.mark.django_db

USER = 1  # a signed-in user's first request reads him (with his epoch) into the cache
TOKEN = 1  # a token's first request reads it with its user (and his epoch) into the cache
ROWS = 1  # the cached sheet's rows, read when the sheet is rendered for a new version


@pytest.fixture(autouse=True)
def shared_cache(settings) -> None:
    """As with CACHE_URL set: sessions in the cache (the database behind), users and members too."""
    settings.SESSION_ENGINE = "scorebook.sessions"
    settings.SCOREBOOK_SHARED_CACHE = True


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


@pytest.mark.parametrize("deals", [5, 300])
def test_the_scoresheet_costs_the_same_queries_for_any_length(signed_in, owner, deals: int,
                                                              django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    with django_assert_num_queries(USER + 1 + ROWS):  # the user, the match and its rows (not rendered yet)
        first = signed_in.get(f"/api/matches/{match.pk}/scoresheet/")
    with django_assert_num_queries(0):
        answer = signed_in.get(f"/api/matches/{match.pk}/scoresheet/")
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
def test_a_token_read_makes_no_query_on_a_warm_cache(owner, deals: int, django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    with django_assert_num_queries(TOKEN + 1 + ROWS):  # the token with its user, the match and its rows
        assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200
    with django_assert_num_queries(0):
        assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200
    with django_assert_num_queries(1 + ROWS):  # the match's detail reads the match
        assert phone.get(f"/api/matches/{match.pk}/").status_code == 200


def member_of(match: Match, user: Any) -> Client:
    """*user*'s browser, signed in, at *match* as a player (his user read into the cache)."""
    Member.objects.create(match=match, user=user, name=user.username, role="player")
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(user)
    assert browser.get(f"/matches/{match.pk}/sheet/?since={match.version}").status_code == 204
    return browser


def guest_at(match: Match) -> Client:
    """A guest's browser at *match*: joined through the invite with a name, his key in his session."""
    match = services.invite_renew(match=match, role="player")
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert browser.post(f"/join/{match.invite_token}/", {"name": "Гість"}).status_code == 302
    assert Member.objects.filter(match=match, user__isnull=True).count() == 1
    return browser


@pytest.mark.parametrize("deals", [5, 300])
@pytest.mark.parametrize("who", ["owner", "member", "guest"])
def test_the_poll_on_a_warm_cache_makes_no_query(signed_in, owner, stranger, deals: int, who: str,
                                                 django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    browser = {"owner": lambda: signed_in, "member": lambda: member_of(match, stranger),
               "guest": lambda: guest_at(match)}[who]()
    browser.get(f"/matches/{match.pk}/sheet/?since={match.version}")  # the user into the cache
    for path in (f"/matches/{match.pk}/sheet/", f"/matches/{match.pk}/display/panel/"):
        with django_assert_num_queries(0):
            answer = browser.get(f"{path}?since={match.version}")
        assert answer.status_code == 204


def test_a_removed_member_or_guest_no_longer_polls_from_the_cache(owner, stranger) -> None:
    match = match_with(owner, 5)
    member, guest = member_of(match, stranger), guest_at(match)
    poll = f"/matches/{match.pk}/sheet/?since={match.version}"
    assert member.get(poll).status_code == guest.get(poll).status_code == 204  # the cache is warm
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
    cache.clear()
    with django_assert_num_queries(1):  # a cold cache reads it once
        assert client.get(path).status_code == 204
    with django_assert_num_queries(0):
        assert client.get(path).status_code == 204


@pytest.mark.parametrize("deals", [5, 300])
def test_the_match_page_reads_the_match_once(signed_in, owner, deals: int, django_assert_num_queries) -> None:
    # No deal is voided: the deals are not read (the sheet is the cached replay; its HTML, the cache's).
    # The first time, one query more for the owner's panel of the table: who joined (then the cache's).
    # Then nothing: the match's row is kept (its first read added it), and the sheet's rows are not
    # read either: every part that shows them is kept rendered.
    match = match_with(owner, deals)
    with django_assert_num_queries(USER + 2 + ROWS):
        first = signed_in.get(f"/matches/{match.pk}/")
    with django_assert_num_queries(0):
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


def test_a_poll_that_finds_a_change_reads_the_match_alone(signed_in, owner, django_assert_num_queries) -> None:
    match = match_with(owner, 40)
    signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version}")  # the user into the cache
    with django_assert_num_queries(1 + ROWS):
        answer = signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version - 1}")
    assert answer.status_code == 200


def test_without_a_shared_cache_a_poll_reads_the_session_and_the_user_alone(
        settings, owner, django_assert_num_queries) -> None:
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"
    settings.SCOREBOOK_SHARED_CACHE = False
    match = match_with(owner, 5)
    browser = Client()
    browser.force_login(owner)
    for _ in range(2):
        with django_assert_num_queries(2), CaptureQueriesContext(connection) as captured:
            assert browser.get(f"/matches/{match.pk}/sheet/?since={match.version}").status_code == 204
        assert no_match_read(captured)


def test_without_a_shared_cache_the_match_page_reads_the_match(settings, owner, django_assert_num_queries) -> None:
    # Nothing of the match is kept in a process's own memory but its rendered parts: the session, the
    # user, the match and who joined (the owner's panels) are read on every page, as before.
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"
    settings.SCOREBOOK_SHARED_CACHE = False
    match = match_with(owner, 5)
    browser = Client()
    browser.force_login(owner)
    assert browser.get(f"/matches/{match.pk}/").status_code == 200  # the parts kept (the rows read)
    for _ in range(2):
        with django_assert_num_queries(4), CaptureQueriesContext(connection) as captured:
            assert browser.get(f"/matches/{match.pk}/").status_code == 200
        assert sum('FROM "scorebook_match"' in query["sql"] for query in captured.captured_queries) == 1


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
    stored = ["INSERT INTO scorebook_deal", "INSERT INTO scorebook_revision", "INSERT INTO scorebook_sheetrow",
              "UPDATE scorebook_match SET"]
    if connection.vendor == "postgresql":
        assert len(writes) == 1 and writes[0].startswith("WITH") and all(each in writes[0] for each in stored)
    else:
        assert [" ".join(write.split()[:3]) for write in writes] == stored
    match.refresh_from_db()
    assert match.version == 2 and match.sheet["last_deal"] == deals + 1 and "rows" not in match.sheet
    assert [row["number"] for row in selectors.sheet_rows(match)] == list(range(1, deals + 2))


@pytest.mark.parametrize("matches", [2, 6])
def test_the_list_of_matches_reads_no_sheet_rows(owner, matches: int, django_assert_num_queries) -> None:
    for _match in range(matches):
        match_with(owner, 4)
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    # The token with its user (their first request), the paginator's count, the page of matches: their totals are the
    # cached sheets' own, their rows are not read.
    with django_assert_num_queries(TOKEN + 2) as captured:
        answer = phone.get("/api/matches/")
    assert not any("scorebook_sheetrow" in query["sql"] for query in captured.captured_queries)
    # 4 deals: 3 come back to 0, then deal 4 (declarer 0) [−100, 50, 50].
    assert [item["totals"] for item in answer.json()["results"]] == [[-100, 50, 50]] * matches


# A deal posted through the API, the sheet of the version before kept by the cache (a phone at the
# table read it, and its token): the append (APPEND) alone. The cache says the match is the
# caller's, so the view does not read it: the append reads it locked and checks his role there. The
# answer's scoresheet is that sheet with the new row: neither the deals nor the rows are read.
API_POST = APPEND


@pytest.mark.parametrize("deals", [5, 300])
def test_a_deal_posted_costs_the_same_queries_for_any_length(owner, deals: int, django_assert_num_queries) -> None:
    match = match_with(owner, deals)
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
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
    # The user (his first request), the match (the owner's: no role to read), the append (APPEND),
    # and nothing more: the page it redirects to is built by the GET that follows, not here too.
    match = match_with(owner, 40)
    with django_assert_num_queries(USER + 1 + APPEND) as captured:
        answer = signed_in.post(f"/matches/{match.pk}/deals/", {
            "expected_version": match.version, "type": "play", "declarer": "0", "bid": "100", "contract": "100",
            "points_0": "20", "points_1": "50", "points_2": "50"})
    assert answer.status_code == 302 and answer["Location"] == f"/matches/{match.pk}/"
    assert not any("scorebook_sheetrow" in q["sql"] and q["sql"].startswith("SELECT")
                   for q in captured.captured_queries)


# The cache's methods a request may call, each one round trip to a shared cache (Redis).
CACHE_CALLS = ("get", "get_many", "set", "set_many", "add", "delete", "delete_many", "touch", "incr", "has_key",
               "set_many_deleting")


def counted_cache_calls(monkeypatch) -> list[str]:
    """The names of the cache's methods called from now on, one per round trip."""
    calls: list[str] = []
    inside: list[str] = []  # the memory cache's get_many calls its get: one call, as Redis's MGET
    backend = caches["default"]
    for name in CACHE_CALLS:
        def counted(*args: Any, _name: str = name, _method: Any = getattr(backend, name), **kwargs: Any) -> Any:
            if not inside:
                calls.append(_name)
            inside.append(_name)
            try:
                return _method(*args, **kwargs)
            finally:
                inside.pop()
        monkeypatch.setattr(backend, name, counted)
    return calls


@pytest.mark.parametrize("path", ["sheet", "display/panel"])
@pytest.mark.parametrize("who", ["owner", "member", "guest"])
def test_a_warm_poll_makes_one_round_trip_to_the_cache(signed_in, owner, stranger, who: str, path: str,
                                                        monkeypatch) -> None:
    # At once: the session, the user the last poll named (with his epoch; a guest has none), the
    # match's version and who joined it; nothing is written (the session is not saved again).
    match = match_with(owner, 5)
    browser = {"owner": lambda: signed_in, "member": lambda: member_of(match, stranger),
               "guest": lambda: guest_at(match)}[who]()
    poll = f"/matches/{match.pk}/{path}/?since={Match.objects.get(pk=match.pk).version}"
    assert browser.get(poll).status_code == 204  # the user into the cache, his id into the hint
    calls = counted_cache_calls(monkeypatch)
    assert browser.get(poll).status_code == 204
    assert calls == ["get_many"]


@pytest.mark.parametrize("who", ["owner", "member"])
def test_a_signed_in_users_first_poll_reads_him_in_a_second_trip_and_names_him_for_the_next(
        signed_in, owner, stranger, who: str, monkeypatch) -> None:
    match = match_with(owner, 5)
    browser, user = {"owner": (signed_in, owner), "member": (member_of(match, stranger), stranger)}[who]
    poll = f"/matches/{match.pk}/sheet/?since={Match.objects.get(pk=match.pk).version}"
    browser.get(f"/matches/{match.pk}/")  # the user into the cache
    browser.cookies.pop(USER_HINT, None)  # as a browser that never polled nor opened the page
    calls = counted_cache_calls(monkeypatch)
    answer = browser.get(poll)
    assert answer.status_code == 204 and calls == ["get_many", "get"]
    assert answer.cookies[USER_HINT].value == str(user.pk) and answer.cookies[USER_HINT]["httponly"]
    calls.clear()
    answer = browser.get(poll)
    assert answer.status_code == 204 and calls == ["get_many"] and USER_HINT not in answer.cookies


def test_a_hint_naming_someone_else_is_not_who_polls(signed_in, owner, stranger) -> None:
    # The stranger's browser claims to be the owner's: the session decides (404, not the owner's
    # 204), and the hint is set right for the next poll.
    match = match_with(owner, 5)
    mallory = Client(HTTP_ACCEPT_LANGUAGE="en")
    mallory.force_login(stranger)
    mallory.cookies[USER_HINT] = str(owner.pk)
    signed_in.get(f"/matches/{match.pk}/")  # the owner's entry is in the cache, to be read
    answer = mallory.get(f"/matches/{match.pk}/sheet/?since={Match.objects.get(pk=match.pk).version}")
    assert answer.status_code == 404
    assert mallory.get(f"/matches/{match.pk}/").status_code == 404  # the page too
    guest = guest_at(match)
    guest.cookies[USER_HINT] = str(owner.pk)  # a guest's browser too: no user signed in
    answer = guest.get(f"/matches/{match.pk}/sheet/?since={Match.objects.get(pk=match.pk).version}")
    assert answer.status_code == 204 and answer.cookies[USER_HINT].value == ""  # the hint deleted


def test_a_warm_match_page_makes_two_round_trips_to_the_cache(signed_in, owner, stranger, monkeypatch,
                                                              django_assert_num_queries) -> None:
    # The session, its user (named by the last answer's hint), the match's entry, its kept row and
    # who joined, in one read; then every kept part of the page of that version and who joined (the
    # owner's panels show them) in one read: the sheet, the chart, the form, the owner's panels… No
    # query at all. A browser without the hint reads its user in a trip of his own, and is given it.
    match = match_with(owner, 40)
    member_of(match, stranger)
    signed_in.cookies.pop(USER_HINT, None)
    first = signed_in.get(f"/matches/{match.pk}/")  # the parts and the row kept
    assert first.status_code == 200 and first.cookies[USER_HINT].value == str(owner.pk)
    calls = counted_cache_calls(monkeypatch)
    with django_assert_num_queries(0):
        answer = signed_in.get(f"/matches/{match.pk}/")
    assert calls == ["get_many", "get_many"] and USER_HINT not in answer.cookies
    page = answer.content.decode()
    assert page.count('class="sheet-row') == 40 and 'data-member="mallory"' in page
    signed_in.cookies.pop(USER_HINT)
    calls.clear()
    assert signed_in.get(f"/matches/{match.pk}/").status_code == 200
    assert calls == ["get_many", "get", "get_many"]


# Committed for real: what waits for the commit runs within the request, as it does in production.
@pytest.mark.django_db(transaction=True)
def test_a_warm_api_read_and_write_make_these_round_trips_to_the_cache(owner, monkeypatch) -> None:
    # To read: the token with its user in one entry, the caller's request rate (read, then counted),
    # the match's entry and the sheet kept for its version. To append: the token with the match's
    # entry, who joined and the rows kept for the version before; the request rate; the version's
    # new entry (set holding the row lock); then the new rows kept, and with them, the write
    # committed, the match's kept row deleted (the next match page reads it).
    match = match_with(owner, 5)
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200  # all of it kept
    calls = counted_cache_calls(monkeypatch)
    assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200
    assert calls == ["get", "get", "set", "get", "get"]
    calls.clear()
    answer = phone.post(f"/api/matches/{match.pk}/deals/", {"entry": cycle(6)}, format="json")
    assert answer.status_code == 201
    assert calls == ["get_many", "get", "set", "set", "set_many_deleting"]


@pytest.mark.django_db(transaction=True)
def test_a_warm_api_append_makes_three_round_trips_without_a_request_rate(settings, owner, monkeypatch) -> None:
    # Without the per-user rate (its two trips, read then counted: the benchmarks' setting): the
    # token with the match's entries; the new version's entry before the commit; the sheet and its
    # rows kept with the match's kept row deleted after it (tests/scorebook/test_kept_match_row.py).
    # The next append answers from the rows this one kept.
    settings.SCOREBOOK_RATES = {**settings.SCOREBOOK_RATES, "user": None}
    match = match_with(owner, 5)
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200  # its rows kept
    calls = counted_cache_calls(monkeypatch)
    for number in (6, 7):
        calls.clear()
        answer = phone.post(f"/api/matches/{match.pk}/deals/", {"entry": cycle(number)}, format="json")
        assert answer.status_code == 201 and len(answer.json()["scoresheet"]["rows"]) == number
        assert calls == ["get_many", "set", "set_many_deleting"]


@pytest.mark.parametrize(("who", "queries"), [("owner", 0), ("member", 1), ("guest", 0)])
def test_a_warm_match_page_reads_no_match(signed_in, owner, stranger, who: str, queries: int,
                                          django_assert_num_queries) -> None:
    # The match's row is kept (tests/scorebook/test_kept_match_row.py), who joined too: whoever reads.
    # A signed-in member's page reads his membership still (``selectors.membership_of``: his seat to
    # claim); a guest's is the one the cache's members gave.
    match = match_with(owner, 40)
    browser = {"owner": lambda: signed_in, "member": lambda: member_of(match, stranger),
               "guest": lambda: guest_at(match)}[who]()
    assert browser.get(f"/matches/{match.pk}/").status_code == 200  # the row and the parts kept
    with django_assert_num_queries(queries) as captured:
        page = browser.get(f"/matches/{match.pk}/").content.decode()
    # (The membership's query joins the match only to order by it: Member's ordering.)
    assert not any('FROM "scorebook_match"' in query["sql"] for query in captured.captured_queries)
    assert page.count('class="sheet-row') == 40


@pytest.mark.parametrize("who", ["owner", "member", "guest"])
def test_a_poll_after_a_write_on_a_warm_cache_makes_no_query(signed_in, owner, stranger, who: str, monkeypatch,
                                                             django_assert_num_queries) -> None:
    # Another phone wrote deal 6 and the page was opened since: the poll reads as a 204's does, then
    # the match's kept row with the parts the page keeps for its new version (the sheet, the chart,
    # the totals) in one read. No query at all.
    match = match_with(owner, 5)
    browser = {"owner": lambda: signed_in, "member": lambda: member_of(match, stranger),
               "guest": lambda: guest_at(match)}[who]()
    since = Match.objects.get(pk=match.pk).version
    services.deal_record(match=Match.objects.get(pk=match.pk), entry=cycle(6), author=owner)
    signed_in.get(f"/matches/{match.pk}/")  # the row and the parts kept for the new version
    calls = counted_cache_calls(monkeypatch)
    with django_assert_num_queries(0):
        answer = browser.get(f"/matches/{match.pk}/sheet/?since={since}")
    assert answer.status_code == 200 and calls == ["get_many", "get_many"]
    assert answer.content.decode().count('class="sheet-row') == 6
