"""API tokens expire and can be replaced or deleted from the account's API token page; an API
request without credentials answers 401 naming the Token scheme; "sign out everywhere" ends every
session of the user and deletes its token, while signing out of one browser keeps the token (a
phone's app signs in with it, not with the browser's session).

Every test runs twice: with the user, his epoch and the token read from the database, and from the
cache (scorebook/accounts_cache.py, as with CACHE_URL): each answer must be the same, at once.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scorebook import services
from scorebook.models import Deal
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-staple"


@pytest.fixture(autouse=True, params=[False, True], ids=["database", "cache"])
def accounts_cached(request, settings) -> bool:
    settings.SCOREBOOK_SHARED_CACHE = request.param
    return request.param


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user(username="anya", password=PASSWORD)


def phone_with(token: Token) -> APIClient:
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return phone


def test_an_api_request_without_credentials_is_401_with_www_authenticate() -> None:
    answer = APIClient().get("/api/matches/")
    assert answer.status_code == 401
    assert answer["WWW-Authenticate"] == "Token"


def test_a_wrong_token_is_401_with_www_authenticate() -> None:
    answer = APIClient(HTTP_AUTHORIZATION="Token " + "0" * 40).get("/api/matches/")
    assert answer.status_code == 401
    assert answer["WWW-Authenticate"] == "Token"


def test_a_token_works_until_it_expires(player, settings, monkeypatch) -> None:
    token = Token.objects.create(user=player)
    assert phone_with(token).get("/api/matches/").status_code == 200
    assert phone_with(token).get("/api/matches/").status_code == 200  # the cache's token, when cached
    # 30 days and a minute later (SCOREBOOK_TOKEN_TTL is 30 days): the clock moves, not the row,
    # as a token ages (the cache holds its "created" and checks its age on every request).
    later = token.created + settings.SCOREBOOK_TOKEN_TTL + timedelta(minutes=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    answer = phone_with(token).get("/api/matches/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 401
    assert answer["WWW-Authenticate"] == "Token"
    assert answer.json()["detail"] == "This token has expired: make a new one on your API token page."


def test_the_token_endpoint_gives_the_token_in_force_or_a_new_one_after_expiry(player, settings) -> None:
    body = {"username": "anya", "password": PASSWORD}
    first = APIClient().post("/api/token/", body, format="json").json()
    assert APIClient().post("/api/token/", body, format="json").json()["token"] == first["token"]
    Token.objects.update(created=timezone.now() - settings.SCOREBOOK_TOKEN_TTL)
    renewed = APIClient().post("/api/token/", body, format="json").json()
    assert renewed["token"] != first["token"]
    assert Token.objects.get().key == renewed["token"]


def test_the_token_page_shows_makes_replaces_and_deletes_the_token(signed_in: Client, owner) -> None:
    assert "You have no API token." in signed_in.get("/accounts/token/").content.decode()
    assert signed_in.post("/accounts/token/", {"action": "renew"}).status_code == 302
    first = Token.objects.get(user=owner)
    page = signed_in.get("/accounts/token/").content.decode()
    assert first.key in page and "It works until" in page
    signed_in.post("/accounts/token/", {"action": "renew"})
    second = Token.objects.get(user=owner)
    assert second.key != first.key
    assert phone_with(first).get("/api/matches/").status_code == 401
    assert phone_with(second).get("/api/matches/").status_code == 200
    signed_in.post("/accounts/token/", {"action": "revoke"})
    assert not Token.objects.filter(user=owner).exists()
    assert phone_with(second).get("/api/matches/").status_code == 401


def test_the_token_page_needs_a_signed_in_user(client: Client) -> None:
    assert client.get("/accounts/token/").status_code == 302


def test_signing_out_of_one_browser_keeps_the_token(player) -> None:
    browser = Client()
    assert browser.post("/accounts/login/", {"username": "anya", "password": PASSWORD}).status_code == 302
    token = Token.objects.create(user=player)
    browser.post("/accounts/logout/")
    assert phone_with(token).get("/api/matches/").status_code == 200


def test_signing_out_everywhere_ends_every_session_and_the_token(player) -> None:
    laptop, phone, tablet = Client(), Client(), Client()
    for browser in (laptop, phone, tablet):
        assert browser.post("/accounts/login/", {"username": "anya", "password": PASSWORD}).status_code == 302
    token = Token.objects.create(user=player)
    assert phone.get("/").content.decode().count("Sign out") >= 1
    answer = phone.post("/accounts/sign-out-everywhere/")
    assert answer.status_code == 302
    for browser in (laptop, phone, tablet):
        assert browser.get("/matches/new/").status_code == 302  # to the sign-in page
        assert browser.get("/api/matches/").status_code == 401
    assert phone_with(token).get("/api/matches/").status_code == 401
    # Signing in again works, and that new session lives on.
    assert laptop.post("/accounts/login/", {"username": "anya", "password": PASSWORD}).status_code == 302
    assert laptop.get("/matches/new/").status_code == 200
    assert laptop.get("/matches/new/").status_code == 200


def test_signing_out_everywhere_twice_moves_the_epoch_each_time(player) -> None:
    first, second = Client(), Client()
    first.post("/accounts/login/", {"username": "anya", "password": PASSWORD})
    first.post("/accounts/sign-out-everywhere/")
    second.post("/accounts/login/", {"username": "anya", "password": PASSWORD})
    assert second.get("/matches/new/").status_code == 200
    first.post("/accounts/login/", {"username": "anya", "password": PASSWORD})
    first.post("/accounts/sign-out-everywhere/")
    assert second.get("/matches/new/").status_code == 302


def test_sign_out_everywhere_takes_a_post(signed_in: Client) -> None:
    assert signed_in.get("/accounts/sign-out-everywhere/").status_code == 405


def test_a_new_password_ends_every_session(player) -> None:
    # As the admin's or manage.py changepassword's: every session signed in with the old one ends.
    laptop, phone = Client(), Client()
    for browser in (laptop, phone):
        browser.post("/accounts/login/", {"username": "anya", "password": PASSWORD})
        assert browser.get("/matches/new/").status_code == 200  # the user is in the cache now
    player.set_password("another-horse-battery-staple")
    player.save()
    for browser in (laptop, phone):
        assert browser.get("/matches/new/").status_code == 302  # to the sign-in page


def _deactivated(user) -> None:
    user.is_active = False
    user.save()


def _deleted(user) -> None:
    user.delete()


@pytest.mark.parametrize("gone", [_deactivated, _deleted], ids=["deactivated", "deleted"])
def test_a_user_gone_is_signed_out_and_his_token_refused_at_once(player, gone) -> None:
    browser = Client()
    browser.post("/accounts/login/", {"username": "anya", "password": PASSWORD})
    token = Token.objects.create(user=player)
    assert browser.get("/matches/new/").status_code == 200
    assert phone_with(token).get("/api/matches/").status_code == 200
    gone(player)
    assert browser.get("/matches/new/").status_code == 302
    assert phone_with(token).get("/api/matches/").status_code == 401


def test_an_append_reads_its_token_with_the_match_and_checks_it_as_every_request_does(player, settings,
                                                                                      monkeypatch) -> None:
    # The append reads the token's entry with the match's (scorebook/api/views.py DealList): a
    # wrong, expired or deleted token is refused all the same, and nothing is stored.
    match = services.match_create(owner=player, game="thousand", players=PLAYERS)
    token = Token.objects.create(user=player)
    deal = {"entry": play(0, 100, points=[120, 0, 0])}
    path = f"/api/matches/{match.pk}/deals/"
    assert phone_with(token).post(path, deal, format="json").status_code == 201
    assert phone_with(token).post(path, deal, format="json").status_code == 201  # the token from the cache
    wrong = APIClient(HTTP_AUTHORIZATION="Token " + "0" * 40).post(path, deal, format="json")
    assert wrong.status_code == 401 and wrong["WWW-Authenticate"] == "Token"
    assert APIClient(HTTP_AUTHORIZATION="Token").post(path, deal, format="json").status_code == 401
    with monkeypatch.context() as patch:
        later = token.created + settings.SCOREBOOK_TOKEN_TTL + timedelta(minutes=1)
        patch.setattr(timezone, "now", lambda: later)
        assert phone_with(token).post(path, deal, format="json").status_code == 401
    laptop = Client()
    laptop.post("/accounts/login/", {"username": "anya", "password": PASSWORD})
    assert laptop.post("/accounts/sign-out-everywhere/").status_code == 302  # the token deleted
    assert phone_with(token).post(path, deal, format="json").status_code == 401
    assert Deal.objects.filter(match=match).count() == 2
