"""The parts of the match page kept since issue 14's last step: the owner's panels (rematch and
rename, the share link, the invite and who joined: ``{% cached "table" table_stamp %}``) and the
header's navigation and language switcher (``{% same_for_all %}``).

A kept page is the page rendered with nothing kept, for every role and language, whoever was served
first (nothing of one reader reaches another: his CSRF token, his name, his role); and every write
that changes what the panels show shows on the owner's next page (the table below).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from scorebook import confirmations, services
from scorebook.models import Match, Member
from scorebook.templatetags import match_cache, same_for_all
from scorebook.web import contexts
from scorebook.web.people import GUESTS
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db

ROLES = ["owner", "scorer", "player", "watcher", "referee", "guest"]
LANGUAGES = ["ru", "uk", "en"]


@pytest.fixture(params=[False, True], ids=["own-memory", "shared-cache"])
def cache_kind(request, settings) -> bool:
    """Both ways the members are read: from the database (each process's own cache) and from the
    shared cache (CACHE_URL), as in production."""
    if request.param:
        settings.SESSION_ENGINE = "scorebook.sessions"
        settings.SCOREBOOK_SHARED_CACHE = True
    cache.clear()
    same_for_all._KEPT.clear()
    return request.param


def browser_of(user: Any, language: str) -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    browser.force_login(user)
    return browser


def guest_browser(member: Member, language: str) -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    session = browser.session
    session[GUESTS] = {str(member.match_id): member.guest_key}
    session.save()
    return browser


def plain(page: str) -> str:
    """The page without what is new on every page (the reader's CSRF token, the form's client id)."""
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "TOKEN", page)
    page = re.sub(r'"X-CSRFToken": "[^"]+"', "TOKEN", page)
    return re.sub(r'name="client_id" value="[0-9a-f]{32}', "CLIENT", page)  # and its suffixed ids (r, p)


def nothing_kept(monkeypatch) -> None:
    """Every kept part rendered from its template, as if no part were kept at all."""
    for node in (match_cache.Cached, match_cache.CachedForm, same_for_all.SameForAll):
        monkeypatch.setattr(node, "render", lambda self, context: self.nodelist.render(context))


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
def test_a_kept_page_is_the_page_with_nothing_kept(table, cache_kind, monkeypatch, role: str, language: str) -> None:
    match, people = table
    path = f"/matches/{match.pk}/"
    readers = browsers(people, language)
    anew = readers[role].get(path).content.decode()  # first after the cache was cleared: every part rendered
    cache.clear()
    same_for_all._KEPT.clear()
    for other in ROLES:  # everyone else first: the parts are kept from their pages
        if other != role:
            assert readers[other].get(path).status_code == 200
    kept = readers[role].get(path).content.decode()
    nothing_kept(monkeypatch)
    fresh = readers[role].get(path).content.decode()
    assert plain(kept) == plain(fresh) == plain(anew)
    # What is the reader's own: his name and role (a member), the panels (the owner's alone).
    assert ('id="members"' in kept) == (role == "owner")
    if role == "guest":
        assert "Гость Вася" in kept
    elif role != "owner":
        assert f"{role} name" in kept and "Гость Вася" not in kept


def test_each_reader_gets_his_own_token_in_the_kept_panels_and_header(table, cache_kind) -> None:
    match, people = table
    laptop, phone = browser_of(people["owner"], "en"), browser_of(people["owner"], "en")
    path = f"/matches/{match.pk}/"
    laptop.get(path)
    first, second = laptop.get(path).content.decode(), phone.get(path).content.decode()
    tokens = [set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)) for page in (first, second)]
    assert len(tokens[0]) == len(tokens[1]) == 1 and tokens[0] != tokens[1]
    assert "mark" not in " ".join(tokens[1])
    # The forms of the kept panels post with the phone's own token: the rename is taken.
    rename = phone.post(f"/matches/{match.pk}/rename/", {"csrfmiddlewaretoken": tokens[1].pop(), "name": "Суббота"})
    assert rename.status_code == 302
    match.refresh_from_db()
    assert match.name == "Суббота"


def test_a_warm_page_serves_the_kept_form_without_building_it(table, cache_kind, monkeypatch) -> None:
    """The entry form's context is built only when its kept HTML is missing (FreshForm); the page
    served kept still carries the reader's own client id, a new one on every page."""
    match, people = table
    path = f"/matches/{match.pk}/"
    owner = browser_of(people["owner"], "en")
    first = owner.get(path).content.decode()
    built: list[int] = []
    original = contexts.form_context
    monkeypatch.setattr(contexts, "form_context", lambda *a, **k: built.append(1) or original(*a, **k))
    second, third = owner.get(path).content.decode(), owner.get(path).content.decode()
    assert built == []
    ids = [set(re.findall(r'name="client_id" value="([0-9a-f]{32})"', page)) for page in (first, second, third)]
    assert all(len(found) == 1 for found in ids) and len(set.union(*ids)) == 3
    assert plain(first) == plain(second) == plain(third)
    services.deal_record(match=match, entry=play(1, 100, points=[0, 120, 0]), author=people["owner"])
    assert owner.get(path).status_code == 200 and built == [1]  # a new version: the form is built anew, once


# ---------------------------------------------------------------- every write → what the page shows


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


Write = Callable[[Match, Any, Any, Any], Any]

# (a write, done on a match the owner's page was shown of after *before*) → what his next page
# shows, and what it no longer shows.
WRITES: dict[str, tuple[Callable[[Match, Any, Any], Any] | None, Write, list[str], list[str]]] = {
    "rename": (None, lambda m, o, s, b: services.match_rename(match=m, name="Суббота", by=o),
               ['value="Суббота"'], ['value="Пятница"']),
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
    "confirmation": (None, lambda m, o, s, b: confirmations.match_confirmation(match=m, confirmation=True,
                                                                               correction_window=7, by=o),
                     ['name="confirmation" checked', 'name="correction_window" type="text" inputmode="numeric" '
                                                     'size="5" value="7"'], []),
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
    "a guest signs in": (_guest, lambda m, o, s, b: services.guests_attach(user=s, keys=[b.guest_key]),
                         ['data-member="Гость Вася"', "signed in"], []),
    "a deal": (None, lambda m, o, s, b: services.deal_record(match=m, entry=play(1, 100, points=[0, 120, 0]),
                                                             author=o),
               ["Undo deal 2"], []),
}


@pytest.mark.parametrize("write", list(WRITES))
def test_every_write_of_the_table_shows_on_the_next_page(owner, stranger, cache_kind, monkeypatch,
                                                         write: str) -> None:
    before, written, shown, gone = WRITES[write]
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, name="Пятница")
    services.deal_record(match=match, entry=play(0, 100, points=[120, 0, 0]), author=owner)
    done = before(match, owner, stranger) if before is not None else None
    browser = browser_of(owner, "en")
    path = f"/matches/{match.pk}/"
    browser.get(path)  # the panels kept as they were
    match.refresh_from_db()
    written(match, owner, stranger, done)
    page = browser.get(path).content.decode()
    for text in shown:
        assert text in page, text
    for text in gone:
        assert text not in page, text
    nothing_kept(monkeypatch)
    assert plain(page) == plain(browser.get(path).content.decode())


def test_the_panel_asked_for_opens_in_the_kept_panels(table, cache_kind) -> None:
    match, people = table
    browser = browser_of(people["owner"], "en")
    path = f"/matches/{match.pk}/"
    browser.get(path)
    assert 'id="members" open' in browser.get(f"{path}?panel=members").content.decode()
    assert 'id="share" open' in browser.get(f"{path}?panel=share").content.decode()
    page = browser.get(path).content.decode()
    assert 'id="members" open' not in page and 'id="share" open' not in page


def test_the_language_switcher_and_the_header_follow_the_language(table, cache_kind) -> None:
    match, people = table
    pages = {language: browser_of(people["owner"], language).get(f"/matches/{match.pk}/").content.decode()
             for language in LANGUAGES}
    assert '<option value="ru" lang="ru" selected>' in pages["ru"]
    assert '<option value="uk" lang="uk" selected>' in pages["uk"]
    assert '<option value="en" lang="en" selected>' in pages["en"]
    assert "Мои партии" in pages["ru"] and "Мої партії" in pages["uk"] and "My matches" in pages["en"]
    # The form goes back to the page it was sent from: the reader's own path, never a kept one.
    assert f'name="next" value="/matches/{match.pk}/?panel=share"' in browser_of(people["owner"], "en").get(
        f"/matches/{match.pk}/?panel=share").content.decode()
