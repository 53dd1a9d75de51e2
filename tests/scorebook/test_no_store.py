"""What no cache may keep (finding 15 of the second security pass): the API token page, the exports
(pages and API, JSON and CSV) and the API's answers — a person's matches, his token, a guest's key —
answer ``Cache-Control: no-store``, so neither a shared proxy nor the browser's cache keeps them.
The API's schema and docs are the same for everyone and stay cacheable. And the language cookie is
``SameSite=Lax`` everywhere, ``Secure`` in production."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from referee import roles
from scorebook import services
from scorebook.models import Match
from tests.scorebook.conftest import play
from tests.scorebook.test_production_settings import KEY, ROOT

pytestmark = pytest.mark.django_db


def no_store(answer: Any) -> bool:
    return "no-store" in answer.get("Cache-Control", "")


@pytest.fixture
def guest(match) -> APIClient:
    services.invite_renew(match=match, by=match.owner, role=roles.PLAYER)
    key = services.match_join(token=match.invite_token, name="Вера").guest_key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Guest {key}")
    return client


# (who asks, method, address, body, the status the answer has); every answer no-store.
NEVER_KEPT = [
    ("session", "get", "/accounts/token/", None, 200),
    ("session", "get", "/matches/{pk}/export.json", None, 200),
    ("session", "get", "/matches/{pk}/export.csv", None, 200),
    ("token", "get", "/api/matches/{pk}/export/", None, 200),
    ("token", "get", "/api/matches/", None, 200),
    ("token", "get", "/api/matches/{pk}/", None, 200),
    ("token", "get", "/api/matches/{pk}/scoresheet/", None, 200),
    ("token", "get", "/api/matches/{pk}/invite/", None, 200),
    ("token", "get", "/api/games/", None, 200),
    ("token", "post", "/api/matches/{pk}/deals/", {"entry": play()}, 201),
    ("token", "post", "/api/matches/{pk}/deals/", {"entry": play(bid=101)}, 400),
    ("token", "post", "/api/matches/{pk}/deals/", {"entry": play(), "expected_version": 99}, 409),
    ("token", "get", "/api/matches/999999/", None, 404),
    ("token", "post", "/api/referee/thousand/points/", {"cards": ["AH", "10H"]}, 200),
    ("session", "get", "/api/matches/{pk}/", None, 200),
    ("guest", "get", "/api/matches/{pk}/scoresheet/", None, 200),
    ("guest", "get", "/api/matches/", None, 403),
    ("nobody", "get", "/api/matches/", None, 401),
]


@pytest.mark.parametrize(("who", "method", "url", "body", "status"), NEVER_KEPT)
def test_what_carries_a_secret_or_a_persons_match_is_never_stored(
        who: str, method: str, url: str, body: Any, status: int, match: Match, api: APIClient, signed_in: Client,
        guest: APIClient) -> None:
    client = {"session": signed_in, "token": api, "guest": guest, "nobody": APIClient()}[who]
    sent = {} if body is None else {"data": json.dumps(body), "content_type": "application/json"}
    answer = getattr(client, method)(url.format(pk=match.pk), **sent)
    assert answer.status_code == status
    assert no_store(answer), answer.get("Cache-Control")


def test_the_token_itself_is_never_stored(owner) -> None:
    owner.set_password("correct horse battery")
    owner.save()
    answer = APIClient().post("/api/token/", {"username": "anya", "password": "correct horse battery"},
                              format="json")
    assert answer.status_code == 200 and no_store(answer)


@pytest.mark.parametrize("url", ["/api/schema/", "/rules/", "/"])
def test_what_is_the_same_for_everyone_stays_cacheable(client: Client, url: str) -> None:
    answer = client.get(url)
    assert answer.status_code == 200 and not no_store(answer)


# ---------------------------------------------------------------- the language cookie


def test_the_language_cookie_is_same_site_lax(client: Client) -> None:
    answer = client.post("/i18n/setlang/", {"language": "uk", "next": "/"})
    cookie = answer.cookies["django_language"]
    assert (cookie.value, cookie["samesite"], cookie["secure"]) == ("uk", "Lax", "")


def test_in_production_the_language_cookie_is_secure_too(client: Client, settings) -> None:
    settings.LANGUAGE_COOKIE_SECURE = True  # as DEBUG off sets it: the next test reads the settings so
    cookie = client.post("/i18n/setlang/", {"language": "ru", "next": "/"}).cookies["django_language"]
    assert (cookie["samesite"], cookie["secure"]) == ("Lax", True)


@pytest.mark.parametrize(("debug", "secure"), [("0", True), ("1", False)])
def test_the_settings_make_the_language_cookie_secure_when_debug_is_off(debug: str, secure: bool) -> None:
    script = ("import json, scorebook.settings as s; "
              "print(json.dumps([s.LANGUAGE_COOKIE_SAMESITE, s.LANGUAGE_COOKIE_SECURE]))")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SCOREBOOK_"))}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60,
                            env=clean | {"DJANGO_DEBUG": debug, "DJANGO_SECRET_KEY": KEY})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == ["Lax", secure]
