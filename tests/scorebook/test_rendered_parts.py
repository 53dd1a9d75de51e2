"""The match page's parts kept rendered (``{% cache %}`` in the "rendered" cache, keyed by the match,
its version, its rules, the language and the reader's role; scorebook/caches.py), and the header's
navigation and language switcher (``{% same_for_all %}``).

A page with kept parts is the page rendered with nothing kept, for every role and language, whoever
was served first (nothing of one reader reaches another: his CSRF token, his name, his role); every
write shows on the next page; and nothing a form carries is ever kept: the entry form, undo, the
next game and the owner's panels are rendered for each reader.

Every test runs with sessions in the database (no CACHE_URL) and in Django's cached sessions (with it).

1000 deals below (3 players, classic), as tests/scorebook/conftest.py's ``play`` makes them:
- play(0, 100, points=[120, 0, 0]): Аня makes 100 → +100; Борис and Вика take nothing: 0, 0.
- play(0, 100, points=[20, 50, 50]): Аня fails her 100 → −100; Борис and Вика 50 each.
- play(1, 100, points=[0, 120, 0]): Борис makes 100 → +100.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client

from scorebook import services
from scorebook.models import Match, Member
from scorebook.templatetags import same_for_all
from scorebook.web.people import GUESTS
from tests.scorebook.conftest import PLAYERS, play
from tests.scorebook.test_caches import totals_on_page

pytestmark = pytest.mark.django_db

ROLES = ["owner", "scorer", "player", "watcher", "referee", "guest"]
LANGUAGES = ["ru", "uk", "en"]


@pytest.fixture(autouse=True, params=["db", "cached_db"])
def sessions(request, settings) -> str:
    settings.SESSION_ENGINE = f"django.contrib.sessions.backends.{request.param}"
    same_for_all._KEPT.clear()
    return request.param


def nothing_kept(settings, monkeypatch) -> None:
    """Every part rendered from its template, as if nothing were kept at all: the "rendered" cache
    keeps nothing (Django's dummy backend), nor does {% same_for_all %}."""
    settings.CACHES = {**settings.CACHES, "rendered": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    monkeypatch.setattr(same_for_all.SameForAll, "render", lambda self, context: self.nodelist.render(context))


def forget_rendered() -> None:
    caches["rendered"].clear()
    same_for_all._KEPT.clear()


def browser_of(user: Any, language: str = "en") -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    browser.force_login(user)
    return browser


def guest_browser(member: Member, language: str = "en") -> Client:
    """A guest's browser: his session holds his place at the match (his membership, never his key)."""
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    session = browser.session
    session[GUESTS] = {str(member.match_id): member.pk}
    session.save()
    return browser


def plain(page: str) -> str:
    """The page without what is new on every page (the reader's CSRF token, the form's client id)."""
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "TOKEN", page)
    page = re.sub(r'"X-CSRFToken": "[^"]+"', "TOKEN", page)
    return re.sub(r'name="client_id" value="[0-9a-f]{32}', "CLIENT", page)  # and its suffixed ids (r, p)


@pytest.fixture
def table(owner, django_user_model) -> tuple[Match, dict[str, Any]]:
    """A match with someone of every role: signed-in members, a guest in seat 1, a share link, an
    invite, a name and a deal."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, name="Пятница")
    services.deal_record(match=match, entry=play(0, 100, points=[120, 0, 0]), author=owner)
    services.match_share(match=match, by=owner)
    services.invite_renew(match=match, by=owner, role="player")
    people: dict[str, Any] = {"owner": owner}
    for role in ROLES[1:-1]:
        people[role] = django_user_model.objects.create_user(username=f"{role}-user")
        Member.objects.create(match=match, user=people[role], name=f"{role} name", role=role)
    people["guest"] = services.match_join(token=match.invite_token, name="Гость Вася")
    services.seat_claim(match=match, by=people["guest"], seat=1)
    match.refresh_from_db()
    return match, people


def browsers(people: dict[str, Any], language: str) -> dict[str, Client]:
    return {role: guest_browser(person, language) if role == "guest" else browser_of(person, language)
            for role, person in people.items()}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("role", ROLES)
def test_a_page_of_kept_parts_is_the_page_with_nothing_kept(table, settings, monkeypatch, role: str,
                                                             language: str) -> None:
    match, people = table
    path = f"/matches/{match.pk}/"
    readers = browsers(people, language)
    anew = readers[role].get(path).content.decode()  # the first page: every part rendered
    forget_rendered()
    for other in ROLES:  # everyone else first: the parts are kept from their pages
        if other != role:
            assert readers[other].get(path).status_code == 200
    kept = readers[role].get(path).content.decode()
    nothing_kept(settings, monkeypatch)
    fresh = readers[role].get(path).content.decode()
    assert plain(kept) == plain(fresh) == plain(anew)
    # What is the reader's own: his name and role (a member), the panels (the owner's alone).
    assert ('id="members"' in kept) == (role == "owner")
    if role == "guest":
        assert "Гость Вася" in kept
    elif role != "owner":
        assert f"{role} name" in kept and "Гость Вася" not in kept


def test_each_reader_gets_his_own_token_in_every_form(table) -> None:
    match, people = table
    laptop, phone = browser_of(people["owner"]), browser_of(people["owner"])
    path = f"/matches/{match.pk}/"
    laptop.get(path)
    first, second = laptop.get(path).content.decode(), phone.get(path).content.decode()
    tokens = [set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)) for page in (first, second)]
    assert len(tokens[0]) == len(tokens[1]) == 1 and tokens[0] != tokens[1]
    # The owner's panel's form posts with the phone's own token: the rename is taken.
    rename = phone.post(f"/matches/{match.pk}/rename/", {"csrfmiddlewaretoken": tokens[1].pop(), "name": "Суббота"})
    assert rename.status_code == 302
    match.refresh_from_db()
    assert match.name == "Суббота"


def test_nothing_kept_holds_a_form(table, monkeypatch) -> None:
    match, people = table
    kept: list[Any] = []
    rendered = caches["rendered"]
    keep = rendered.set
    monkeypatch.setattr(rendered, "set", lambda key, value, *args, **kwargs: kept.append(value)
                        or keep(key, value, *args, **kwargs))
    for browser in browsers(people, "en").values():
        assert browser.get(f"/matches/{match.pk}/").status_code == 200
    assert browser_of(people["owner"]).get(f"/watch/{match.share_token}/").status_code == 200
    assert len(kept) >= 4  # the sheet (per role), the chart, the rules, the watched sheet
    for part in kept:
        assert "<form" not in part and "csrfmiddlewaretoken" not in part and "X-CSRFToken" not in part


# ---------------------------------------------------------------- every write → the next page


def _joined(match: Match, owner: Any, stranger: Any) -> Member:
    services.invite_renew(match=match, by=owner, role="player")
    joined = services.match_join(token=match.invite_token, user=stranger)
    assert joined is not None
    return joined


def _guest(match: Match, owner: Any, stranger: Any) -> Member:
    services.invite_renew(match=match, by=owner, role="player")
    guest = services.match_join(token=match.invite_token, name="Гость Вася")
    assert guest is not None
    return guest


def _saved(match: Match, **changed: Any) -> None:
    """What the admin's change form does: the row read, changed and saved."""
    found = Match.objects.get(pk=match.pk)
    for name, value in changed.items():
        setattr(found, name, value)
    found.save()


Write = Callable[[Match, Any, Any, Any], Any]

# (a write, done on a match the owner's page was shown of after *before*) → what his next page
# shows, and what it no longer shows.
WRITES: dict[str, tuple[Callable[[Match, Any, Any], Any] | None, Write, list[str], list[str]]] = {
    "rename": (None, lambda m, o, s, b: services.match_rename(match=m, name="Суббота", by=o),
               ["· Суббота</h1>", 'value="Суббота"'], ["Пятница"]),
    "archive": (None, lambda m, o, s, b: services.match_archive(match=m, archived=True, by=o),
                ["Restore from the archive", 'id="manage" open'], ["Tap again to delete"]),
    "restore": (lambda m, o, s: services.match_archive(match=m, archived=True, by=o),
                lambda m, o, s, b: services.match_archive(match=m, archived=False, by=o),
                ["Tap again to delete"], ["Restore from the archive"]),
    "share": (None, lambda m, o, s, b: services.match_share(match=m, by=o),
              ["Stop sharing", "http://testserver/watch/"], ["Create a share link"]),
    "unshare": (lambda m, o, s: services.match_share(match=m, by=o),
                lambda m, o, s, b: services.match_unshare(match=m, by=o),
                ["Create a share link"], ["Stop sharing", "/watch/"]),
    "invite": (None, lambda m, o, s, b: services.invite_renew(match=m, by=o, role="watcher"),
               ["Revoke the invite", "http://testserver/join/", '<option value="watcher" selected>'],
               ["Create an invite"]),
    "invite renewed": (lambda m, o, s: services.invite_renew(match=m, by=o, role="player"),
                       lambda m, o, s, b: services.invite_renew(match=m, by=o, role="scorer"),
                       ['<option value="scorer" selected>'], ['<option value="player" selected>']),
    "invite revoked": (lambda m, o, s: services.invite_renew(match=m, by=o, role="player"),
                       lambda m, o, s, b: services.invite_revoke(match=m, by=o),
                       ["Create an invite"], ["Revoke the invite", "/join/"]),
    "confirmation on": (None, lambda m, o, s, b: services.match_confirmation(match=m, confirmation=True,
                                                                            correction_window=7, by=o),
                        ['name="confirmation" checked', 'size="5" value="7"'], []),
    "confirmation off": (lambda m, o, s: services.match_confirmation(match=m, confirmation=True,
                                                                    correction_window=7, by=o),
                         lambda m, o, s, b: services.match_confirmation(match=m, confirmation=False, by=o),
                         [], ['name="confirmation" checked', 'size="5" value="7"']),
    "a user joins": (lambda m, o, s: services.invite_renew(match=m, by=o, role="player"),
                     lambda m, o, s, b: services.match_join(token=m.invite_token, user=s),
                     ['data-member="mallory"', "signed in"], ["Nobody has joined yet."]),
    "a guest joins": (lambda m, o, s: services.invite_renew(match=m, by=o, role="player"),
                      lambda m, o, s, b: services.match_join(token=m.invite_token, name="Гость Вася"),
                      ['data-member="Гость Вася"', "guest"], ["Nobody has joined yet."]),
    "a role changed": (_joined, lambda m, o, s, b: services.member_role(match=m, member=b.pk, role="referee", by=o),
                       ['<option value="referee" selected>'], []),
    "a seat claimed": (_joined, lambda m, o, s, b: services.seat_claim(match=m, by=s, seat=1),
                       ["sits as Борис"], []),
    "a member removed": (_joined, lambda m, o, s, b: services.member_remove(match=m, member=b.pk, by=o),
                         ["Nobody has joined yet."], ['data-member="mallory"']),
    "a guest signs in": (_guest, lambda m, o, s, b: services.guests_attach(user=s, members=[b.pk]),
                         ['data-member="Гость Вася"', "signed in"], []),
    "a deal recorded": (None, lambda m, o, s, b: services.deal_record(
        match=m, entry=play(1, 100, points=[0, 120, 0]), author=o), ["Undo deal 2", 'id="deal-2"'], []),
    "a deal amended": (None, lambda m, o, s, b: services.deal_replace(
        match=m, number=1, entry=play(0, 100, points=[20, 50, 50]), author=o), ["Undo deal 1"], []),
    "a deal voided": (None, lambda m, o, s, b: services.deal_void(match=m, number=1, author=o),
                      ['class="sheet-row voided"'], ["Undo deal 1"]),
    "saved (the admin)": (None, lambda m, o, s, b: _saved(m, name="Суббота"), ["· Суббота</h1>"], ["Пятница"]),
}

# The Σ row after each write (the others leave it at 100, 0, 0).
TOTALS = {"a deal recorded": ["100", "100", "0"], "a deal amended": ["−100", "50", "50"],
          "a deal voided": ["0", "0", "0"]}


@pytest.mark.parametrize("write", list(WRITES))
def test_every_write_shows_on_the_next_page(owner, stranger, settings, monkeypatch, write: str) -> None:
    before, written, shown, gone = WRITES[write]
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, name="Пятница")
    services.deal_record(match=match, entry=play(0, 100, points=[120, 0, 0]), author=owner)
    done = before(match, owner, stranger) if before is not None else None
    browser = browser_of(owner)
    path = f"/matches/{match.pk}/"
    browser.get(path)  # the parts kept as they were
    match.refresh_from_db()
    written(match, owner, stranger, done)
    page = browser.get(path).content.decode()
    for text in shown:
        assert text in page, text
    for text in gone:
        assert text not in page, text
    assert totals_on_page(page) == TOTALS.get(write, ["100", "0", "0"])
    nothing_kept(settings, monkeypatch)
    assert plain(page) == plain(browser.get(path).content.decode())


def test_the_panel_asked_for_opens(table) -> None:
    match, people = table
    browser = browser_of(people["owner"])
    path = f"/matches/{match.pk}/"
    browser.get(path)
    assert 'id="members" open' in browser.get(f"{path}?panel=members").content.decode()
    assert 'id="share" open' in browser.get(f"{path}?panel=share").content.decode()
    page = browser.get(path).content.decode()
    assert 'id="members" open' not in page and 'id="share" open' not in page


def test_the_language_switcher_and_the_header_follow_the_language(table) -> None:
    match, people = table
    pages = {language: browser_of(people["owner"], language).get(f"/matches/{match.pk}/").content.decode()
             for language in LANGUAGES}
    assert '<option value="ru" lang="ru" selected>' in pages["ru"]
    assert '<option value="uk" lang="uk" selected>' in pages["uk"]
    assert '<option value="en" lang="en" selected>' in pages["en"]
    assert "Мои партии" in pages["ru"] and "Мої партії" in pages["uk"] and "My matches" in pages["en"]
    # The form goes back to the page it was sent from: the reader's own path, never a kept one.
    assert f'name="next" value="/matches/{match.pk}/?panel=share"' in browser_of(people["owner"]).get(
        f"/matches/{match.pk}/?panel=share").content.decode()


# ---------------------------------------------------------------- who reads it


def test_a_member_and_a_guest_read_the_page_and_a_stranger_gets_404(table, django_user_model) -> None:
    match, people = table
    browser_of(people["owner"]).get(f"/matches/{match.pk}/")  # its parts kept
    for role in ("scorer", "guest"):
        page = browsers(people, "en")[role].get(f"/matches/{match.pk}/").content.decode()
        assert "· Пятница</h1>" in page
    # Someone who never joined: what is kept tells him nothing (404, as from the database).
    other = browser_of(django_user_model.objects.create_user(username="eve"))
    assert other.get(f"/matches/{match.pk}/").status_code == 404
    # A member removed: 404 at once, though the parts are kept.
    services.member_remove(match=match, member=Member.objects.get(match=match, user=people["scorer"]).pk,
                           by=people["owner"])
    assert browser_of(people["scorer"]).get(f"/matches/{match.pk}/").status_code == 404


def test_a_deleted_match_is_404_on_the_next_page(owner) -> None:
    # The admin deletes it (or its owner's account goes, the cascade).
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, name="Пятница")
    browser = browser_of(owner)
    assert browser.get(f"/matches/{match.pk}/").status_code == 200
    assert browser.get(f"/matches/{match.pk}/sheet/?since={match.version}").status_code == 204
    Match.objects.get(pk=match.pk).delete()
    assert browser.get(f"/matches/{match.pk}/").status_code == 404
    assert browser.get(f"/matches/{match.pk}/sheet/?since={match.version}").status_code == 404
