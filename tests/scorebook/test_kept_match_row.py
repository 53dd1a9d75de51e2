"""The match's row kept in a shared cache (scorebook/caches.py, "the match's row"): a warm match page
makes no query, and every write of the row shows on the next page, served from whichever process
(nothing is cleared between the write and the page: the cache is the one all of them share).

Each write runs twice: once its transaction's commit runs what waits for it (the row kept anew from
the database: the next page reads no match), once it does not (a page served between the write's
delete and its commit: the kept row is gone, the next page reads the match).

Run against Redis too: CACHE_URL=redis://127.0.0.1:6379/<N>.

1000 deals below (3 players, classic), as tests/scorebook/conftest.py's ``play`` makes them:
- play(0, 100, points=[120, 0, 0]): Аня makes 100 → +100; Борис and Вика take nothing: 0, 0.
- play(0, 100, points=[20, 50, 50]): Аня fails her 100 → −100; Борис and Вика 50 each.
- play(1, 100, points=[0, 120, 0]): Борис makes 100 → +100.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from referee.games import thousand
from scorebook import caches, confirmations, exports, services
from scorebook.api import views
from scorebook.models import Match, Member
from scorebook.web.people import GUESTS
from tests.scorebook.conftest import PLAYERS, play
from tests.scorebook.test_caches import totals_on_page

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def shared_cache(settings) -> None:
    """As with CACHE_URL set: sessions, users, who joined and the match's row in the shared cache."""
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.SCOREBOOK_SHARED_CACHE = True
    cache.clear()


def browser_of(user: Any) -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(user)
    return browser


def friday(owner: Any) -> Match:
    """A match named Пятница with one deal (totals 100, 0, 0)."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, name="Пятница")
    services.deal_record(match=match, entry=play(0, 100, points=[120, 0, 0]), author=owner)
    return Match.objects.get(pk=match.pk)


def page_of(browser: Client, match: Match) -> tuple[str, list[str]]:
    """The match page and its reads of the match's row (not those of its deals or members, which
    join the match only to order by it)."""
    with CaptureQueriesContext(connection) as captured:
        answer = browser.get(f"/matches/{match.pk}/")
    assert answer.status_code == 200
    return answer.content.decode(), [q["sql"] for q in captured.captured_queries
                                     if 'FROM "scorebook_match"' in q["sql"]]


# ---------------------------------------------------------------- every write of the row → the next page


Write = Callable[[Match, Any], Any]

# (a write done before the page was shown, the write of the match's row) → what the owner's next
# page shows, and what it no longer shows.
WRITES: dict[str, tuple[Write | None, Write, list[str], list[str]]] = {
    "rename": (None, lambda m, o: services.match_rename(match=m, name="Суббота", by=o),
               ["· Суббота</h1>", 'value="Суббота"'], ["Пятница"]),
    "archive": (None, lambda m, o: services.match_archive(match=m, archived=True, by=o),
                ["Restore from the archive", 'id="manage" open'], ["Tap again to delete"]),
    "unarchive": (lambda m, o: services.match_archive(match=m, archived=True, by=o),
                  lambda m, o: services.match_archive(match=m, archived=False, by=o),
                  ["Tap again to delete"], ["Restore from the archive"]),
    "share": (None, lambda m, o: services.match_share(match=m, by=o),
              ["Stop sharing", "http://testserver/watch/"], ["Create a share link"]),
    "unshare": (lambda m, o: services.match_share(match=m, by=o),
                lambda m, o: services.match_unshare(match=m, by=o),
                ["Create a share link"], ["Stop sharing", "/watch/"]),
    "invite": (None, lambda m, o: services.invite_renew(match=m, by=o, role="watcher"),
               ["Revoke the invite", "http://testserver/join/", '<option value="watcher" selected>'],
               ["Create an invite"]),
    "invite renewed": (lambda m, o: services.invite_renew(match=m, by=o, role="player"),
                       lambda m, o: services.invite_renew(match=m, by=o, role="scorer"),
                       ['<option value="scorer" selected>'], ['<option value="player" selected>']),
    "invite revoked": (lambda m, o: services.invite_renew(match=m, by=o, role="player"),
                       lambda m, o: services.invite_revoke(match=m, by=o),
                       ["Create an invite"], ["Revoke the invite", "/join/"]),
    "confirmation on": (None, lambda m, o: confirmations.match_confirmation(match=m, confirmation=True,
                                                                           correction_window=7, by=o),
                        ['name="confirmation" checked', 'size="5" value="7"'], []),
    "confirmation off": (lambda m, o: confirmations.match_confirmation(match=m, confirmation=True,
                                                                      correction_window=7, by=o),
                         lambda m, o: confirmations.match_confirmation(match=m, confirmation=False, by=o),
                         [], ['name="confirmation" checked', 'size="5" value="7"']),
    "a deal recorded": (None, lambda m, o: services.deal_record(match=m, entry=play(1, 100, points=[0, 120, 0]),
                                                                author=o),
                        ["Undo deal 2", 'id="deal-2"'], []),
    "a deal amended": (None, lambda m, o: services.deal_replace(match=m, number=1,
                                                               entry=play(0, 100, points=[20, 50, 50]), author=o),
                       ["Undo deal 1"], []),
    "a deal voided": (None, lambda m, o: services.deal_void(match=m, number=1, author=o),
                      ['class="sheet-row voided"'], ["Undo deal 1"]),
    "saved (the admin)": (None, lambda m, o: _saved(m, name="Суббота"), ["· Суббота</h1>"], ["Пятница"]),
}

# The Σ row after each write (the others leave it at 100, 0, 0).
TOTALS = {"a deal recorded": ["100", "100", "0"], "a deal amended": ["−100", "50", "50"],
          "a deal voided": ["0", "0", "0"]}


def _saved(match: Match, **changed: Any) -> None:
    """What the admin's change form does: the row read, changed and saved."""
    found = Match.objects.get(pk=match.pk)
    for name, value in changed.items():
        setattr(found, name, value)
    found.save()


@pytest.mark.parametrize("committed", [True, False], ids=["committed", "before-its-commit"])
@pytest.mark.parametrize("write", list(WRITES))
def test_every_write_of_the_row_shows_on_the_next_page(owner, django_capture_on_commit_callbacks,
                                                       write: str, committed: bool) -> None:
    before, written, shown, gone = WRITES[write]
    match = friday(owner)
    if before is not None:
        before(match, owner)
    browser = browser_of(owner)
    page_of(browser, match)  # the row kept as it was
    assert page_of(browser, match)[1] == []  # and served kept
    with django_capture_on_commit_callbacks(execute=committed):
        written(Match.objects.get(pk=match.pk), owner)
    page, read = page_of(browser, match)
    for text in shown:
        assert text in page, text
    for text in gone:
        assert text not in page, text
    assert totals_on_page(page) == TOTALS.get(write, ["100", "0", "0"])
    # Committed, the write kept its row anew: served as kept; the append only deleted it: read once,
    # and kept. Before its commit the kept row is gone, or (the append) it is of the version before,
    # which the match's entry no longer names: the page reads the match; after the append's it reads
    # it again (what it read could not replace the row kept of the version before) until its commit.
    appended = write == "a deal recorded"
    assert len(read) == (0 if committed and not appended else 1)
    again, read = page_of(browser, match)
    assert all(text in again for text in shown) and not any(text in again for text in gone)
    assert totals_on_page(again) == totals_on_page(page)
    assert len(read) == (1 if appended and not committed else 0)


def test_a_rules_version_change_keeps_the_refreshed_sheet(owner, monkeypatch, django_capture_on_commit_callbacks) -> None:
    # A new RULES_VERSION: the kept row's sheet is stale as the database's is, and the page replays it
    # (reading the deals); ``rebuild_sheets`` stores it anew, and the kept row with it.
    match = friday(owner)
    browser = browser_of(owner)
    page_of(browser, match)
    monkeypatch.setattr(thousand, "RULES_VERSION", thousand.RULES_VERSION + 1)
    with CaptureQueriesContext(connection) as captured:
        page, _read = page_of(browser, match)
    assert any('"scorebook_deal"' in q["sql"] for q in captured.captured_queries)  # replayed
    assert totals_on_page(page) == ["100", "0", "0"]
    with django_capture_on_commit_callbacks(execute=True):
        assert services.sheet_refresh(match=Match.objects.get(pk=match.pk))
    with CaptureQueriesContext(connection) as captured:
        page, read = page_of(browser, match)
    assert read == [] and not any('"scorebook_deal"' in q["sql"] for q in captured.captured_queries)
    assert totals_on_page(page) == ["100", "0", "0"]


def test_an_imported_match_opens_from_its_kept_row(owner, django_capture_on_commit_callbacks) -> None:
    match = friday(owner)
    services.deal_record(match=match, entry=play(0, 100, points=[20, 50, 50]), author=owner)
    document = json.loads(json.dumps(exports.match_document(Match.objects.get(pk=match.pk))))
    with django_capture_on_commit_callbacks(execute=True):
        imported = exports.match_import(owner=owner, document=document)
    page, read = page_of(browser_of(owner), imported)
    assert read == [] and "· Пятница</h1>" in page and totals_on_page(page) == ["0", "50", "50"]


@pytest.mark.parametrize("committed", [True, False], ids=["committed", "before-its-commit"])
def test_a_deleted_match_is_404_on_the_next_page(owner, django_capture_on_commit_callbacks, committed: bool) -> None:
    # The admin deletes it (or its owner's account goes, the cascade): its kept row goes with it.
    match = friday(owner)
    browser = browser_of(owner)
    page_of(browser, match)
    with django_capture_on_commit_callbacks(execute=committed):
        Match.objects.get(pk=match.pk).delete()
    assert browser.get(f"/matches/{match.pk}/").status_code == 404


def test_the_row_kept_is_the_databases_to_the_order_of_its_json_keys(owner, django_capture_on_commit_callbacks) -> None:
    # Kept by a write's commit (read again), or by the page that read it after an append (which only
    # deletes it): the row as the database gives it, never one rebuilt from the write's objects
    # (PostgreSQL's jsonb orders the keys of the sheet's head its own way).
    match = friday(owner)
    browser = browser_of(owner)
    with django_capture_on_commit_callbacks(execute=True):
        services.deal_record(match=match, entry=play(1, 100, points=[0, 120, 0]), author=owner)
    assert cache.get(caches._row_key(match.pk)) is None
    page_of(browser, match)
    assert repr(cache.get(caches._row_key(match.pk))) == repr(caches._row_of(Match.objects.get(pk=match.pk)))
    for write in (lambda: services.deal_void(match=match, number=1, author=owner),
                  lambda: services.match_rename(match=match, name="Суббота", by=owner)):
        with django_capture_on_commit_callbacks(execute=True):
            write()
        assert repr(cache.get(caches._row_key(match.pk))) == repr(caches._row_of(Match.objects.get(pk=match.pk)))


@pytest.mark.django_db(transaction=True)  # committed for real: within the request, as in production
@pytest.mark.parametrize("answered", [True, False], ids=["answered", "its-answer-failed"])
def test_an_api_append_deletes_the_kept_row_once_it_committed(owner, monkeypatch, answered: bool) -> None:
    # Sent with what the answer keeps (one round trip), or on its own when the answer failed after
    # the commit.
    match = friday(owner)
    browser = browser_of(owner)
    page_of(browser, match)
    assert cache.get(caches._row_key(match.pk)) is not None
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    if not answered:
        monkeypatch.setattr(views, "written_answer", lambda *args: 1 / 0)
    with pytest.raises(ZeroDivisionError) if not answered else contextlib.nullcontext():
        answer = phone.post(f"/api/matches/{match.pk}/deals/", {"entry": play(1, 100, points=[0, 120, 0])},
                            format="json")
        assert answer.status_code == 201
    assert cache.get(caches._row_key(match.pk)) is None
    page, read = page_of(browser, match)
    assert len(read) == 1 and 'id="deal-2"' in page and totals_on_page(page) == ["100", "100", "0"]


# ---------------------------------------------------------------- reads racing the writes


def test_a_refill_read_before_a_write_never_overwrites_it(owner, django_capture_on_commit_callbacks) -> None:
    # A page read the row (missing from the cache), then a rename committed and kept its row anew,
    # then that page keeps what it read: only added, so the rename's row stays.
    match = friday(owner)
    browser = browser_of(owner)
    read_before = Match.objects.get(pk=match.pk)
    with django_capture_on_commit_callbacks(execute=True):
        services.match_rename(match=match, name="Суббота", by=owner)
    caches.keep_match(read_before, {})
    page, read = page_of(browser, match)
    assert read == [] and "· Суббота</h1>" in page and "Пятница" not in page


def test_a_row_kept_at_another_version_than_the_matchs_entry_is_not_served(owner,
                                                                           django_capture_on_commit_callbacks) -> None:
    # A refill that read before a deal was written and added after the write's delete, its commit's
    # refill lost (the process gone between the two): the match's entry names the new version, so
    # the row kept of the old one is not served: the page reads the match.
    match = friday(owner)
    browser = browser_of(owner)
    read_before = Match.objects.get(pk=match.pk)
    with django_capture_on_commit_callbacks(execute=False):
        services.deal_record(match=match, entry=play(1, 100, points=[0, 120, 0]), author=owner)
    caches.keep_match(read_before, {})
    for _ in range(2):
        page, read = page_of(browser, match)
        assert len(read) == 1 and 'id="deal-2"' in page and totals_on_page(page) == ["100", "100", "0"]


def test_without_the_matchs_entry_the_kept_row_is_not_served(owner) -> None:
    # The entry expired: the row is read (once) and the entry added with it.
    match = friday(owner)
    browser = browser_of(owner)
    page_of(browser, match)
    cache.delete(caches._key(match.pk))
    assert len(page_of(browser, match)[1]) == 1
    assert page_of(browser, match)[1] == []


# ---------------------------------------------------------------- who reads it


def test_a_member_and_a_guest_read_the_kept_row_and_a_stranger_gets_404(owner, stranger, django_user_model) -> None:
    match = friday(owner)
    services.invite_renew(match=match, by=owner, role="player")
    Member.objects.create(match=match, user=stranger, name="mallory", role="scorer")
    guest = services.match_join(token=Match.objects.get(pk=match.pk).invite_token, name="Гость Вася")
    assert guest is not None
    guest_browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    session = guest_browser.session
    session[GUESTS] = {str(match.pk): guest.guest_key}
    session.save()
    page_of(browser_of(owner), match)  # the row kept
    for browser in (browser_of(stranger), guest_browser):
        page, read = page_of(browser, match)
        assert read == [] and "· Пятница</h1>" in page
    # Someone who never joined: the kept row tells him nothing (404, as from the database).
    other = browser_of(django_user_model.objects.create_user(username="eve"))
    assert other.get(f"/matches/{match.pk}/").status_code == 404
    # A member removed: 404 at once, though the row is kept.
    services.member_remove(match=match, member=Member.objects.get(match=match, user=stranger).pk, by=owner)
    assert browser_of(stranger).get(f"/matches/{match.pk}/").status_code == 404


def test_without_a_shared_cache_nothing_is_kept(owner, settings) -> None:
    settings.SCOREBOOK_SHARED_CACHE = False
    match = friday(owner)
    browser = browser_of(owner)
    for _ in range(2):
        assert len(page_of(browser, match)[1]) == 1
    services.match_rename(match=match, name="Суббота", by=owner)
    assert "· Суббота</h1>" in page_of(browser, match)[0]
