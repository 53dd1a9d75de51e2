"""The poll answers 204 from the match's version entry in the cache (scorebook/web/people.py
``member_poll``), and the "sign out everywhere" check waits until a request asks who its user is
(scorebook/accounts.py): every way a session ends still ends it at the next poll, on a warm cache,
as on every other page.

Every test runs twice: as without CACHE_URL (sessions from the database) and as with it (Django's
cached sessions: the cache, the database behind). The user and the members are always read from the
database.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.middleware import SessionMiddleware
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.utils import timezone

from scorebook import services
from scorebook.accounts import SessionEpochMiddleware, sign_out_everywhere
from scorebook.models import Match, Member, SessionEpoch

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-staple"


@pytest.fixture(autouse=True, params=[False, True], ids=["database", "cache"])
def shared(request, settings) -> bool:
    if request.param:
        settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    return request.param


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user(username="anya", password=PASSWORD)


@pytest.fixture
def match(player) -> Match:
    return services.match_create(owner=player, game="thousand", players=["Аня", "Борис", "Вика"])


def browser_of(user) -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(user)
    return browser


def poll_of(match: Match) -> str:
    return f"/matches/{match.pk}/sheet/?since={Match.objects.get(pk=match.pk).version}"


def warm(browser: Client, match: Match) -> None:
    """Two polls: the first fills the cache (the user, the members), the second reads it."""
    assert browser.get(poll_of(match)).status_code == 204
    assert browser.get(poll_of(match)).status_code == 204


def signed_out(browser: Client, match: Match) -> None:
    """The poll now asks to sign in (htmx's poll: a 404 that leaves the page as it is), and the
    session is gone: the page that follows shows nobody signed in."""
    assert browser.get(poll_of(match), HTTP_HX_REQUEST="true").status_code == 404
    answer = browser.get(poll_of(match))
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    assert browser.get("/matches/new/").status_code == 302


def test_signing_out_everywhere_ends_the_other_browsers_polls(player, match) -> None:
    laptop, phone = browser_of(player), browser_of(player)
    warm(laptop, match)
    warm(phone, match)
    assert laptop.post("/accounts/sign-out-everywhere/").status_code == 302
    signed_out(phone, match)


def test_signing_out_everywhere_ends_a_members_polls(player, match, django_user_model) -> None:
    boris = django_user_model.objects.create_user(username="boris")
    Member.objects.create(match=match, user=boris, name="Борис", role="player")
    phone = browser_of(boris)
    warm(phone, match)
    sign_out_everywhere(user=boris)
    signed_out(phone, match)


def test_a_new_password_ends_the_polls_of_the_old_one(player, match) -> None:
    phone = browser_of(player)
    warm(phone, match)
    player.set_password("another long enough secret")
    player.save()
    signed_out(phone, match)


def test_signing_out_ends_the_sessions_polls(player, match) -> None:
    phone = browser_of(player)
    warm(phone, match)
    copy = Client(HTTP_ACCEPT_LANGUAGE="en")  # the same cookie, kept by someone who saw it
    copy.cookies["sessionid"] = phone.cookies["sessionid"].value
    assert copy.get(poll_of(match)).status_code == 204
    assert phone.post("/accounts/logout/").status_code == 302
    signed_out(copy, match)


def test_an_expired_session_polls_no_more(player, match) -> None:
    phone = browser_of(player)
    warm(phone, match)
    key = phone.cookies["sessionid"].value
    # Expired: its row's date passed, and the cache's copy went with its time to live.
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    cache.delete(f"django.contrib.sessions.cached_db{key}")
    signed_out(phone, match)


def test_a_deactivated_user_polls_no_more(player, match) -> None:
    phone = browser_of(player)
    warm(phone, match)
    player.is_active = False
    player.save()
    signed_out(phone, match)


def test_a_guest_polls_while_at_the_table_and_no_more_once_removed(player, match) -> None:
    match = services.invite_renew(match=match, role="player")
    guest = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert guest.post(f"/join/{match.invite_token}/", {"name": "Гість"}).status_code == 302
    warm(guest, match)
    services.member_remove(match=match, member=Member.objects.get(match=match).pk, by=player)
    assert guest.get(poll_of(match), HTTP_HX_REQUEST="true").status_code == 404
    assert guest.get(poll_of(match)).status_code == 302


def test_a_poll_of_a_match_not_ones_own_is_404(player, match, django_user_model) -> None:
    stranger = browser_of(django_user_model.objects.create_user(username="mallory"))
    assert stranger.get(poll_of(match)).status_code == 404
    assert stranger.get(poll_of(match)).status_code == 404


def test_a_poll_answers_the_sheet_once_the_version_moved(player, match) -> None:
    phone = browser_of(player)
    since = poll_of(match)
    warm(phone, match)
    services.deal_record(match=match, entry={"type": "play", "declarer": 0, "bid": 100, "contract": 100,
                                             "points": [20, 50, 50]}, author=player)
    answer = phone.get(since)
    assert answer.status_code == 200 and "−100".encode() in answer.content  # the explanation's real minus (issue 28, item 14)
    assert phone.get(poll_of(match)).status_code == 204


# ---------------------------------------------------------------- the epoch's check, asked late


def stale_request(player):
    """A request of a session signed in at epoch 0, after its user signed out everywhere."""
    browser = browser_of(player)
    sign_out_everywhere(user=player)
    request = RequestFactory().get("/")
    request.COOKIES["sessionid"] = browser.cookies["sessionid"].value
    return request


def through_the_middleware(request, view) -> HttpResponse:
    """*request* through the session and authentication middleware, then the epoch's, then *view*."""
    return SessionMiddleware(AuthenticationMiddleware(SessionEpochMiddleware(view)))(request)


def test_a_stale_session_is_signed_out_when_its_user_is_asked_for(player) -> None:
    request = stale_request(player)
    seen = []

    def view(request) -> HttpResponse:
        assert request.session.get(SessionEpoch.SESSION_KEY) == 0  # not asked yet: nothing done
        seen.append(request.user.is_authenticated)
        seen.append(request.session.get(SessionEpoch.SESSION_KEY))  # flushed
        return HttpResponse()

    through_the_middleware(request, view)
    assert seen == [False, None]
    assert isinstance(request.user, AnonymousUser)


def test_a_stale_session_is_signed_out_when_its_user_is_awaited(player) -> None:
    request = stale_request(player)
    seen = []

    def view(request) -> HttpResponse:
        user = async_to_sync(request.auser)()
        seen.append(user.is_authenticated)
        seen.append(request.session.get(SessionEpoch.SESSION_KEY))
        return HttpResponse()

    through_the_middleware(request, view)
    assert seen == [False, None]
