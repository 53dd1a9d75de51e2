"""Nothing secret is ever kept in the cache (issue [1/6], docs/security.md): no password hash, no API
token, no guest key, no invite token and no share link — only the sessions' ids, as the names of
their keys, which cached sessions cannot avoid.

A user signs in with his password, takes an API token, shares his match and invites to it; a guest
joins through the API (his key) and another through the page; each reads and writes the way the
table does (pages, polls, the API). Then every value the cache was given is looked through for each
secret, as text and as the bytes the cache stores. In the local memory (``make test``) every value
stored is recorded as it is set; against Redis (``-m redis``, .ci/run) every key of the server's
database is read back.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
import redis
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import Client
from rest_framework.test import APIClient

from scorebook.models import Match, Member
from tests.scorebook.conftest import PLAYERS, play

PASSWORD = "a long and secret enough password 7"
STORES = ("set", "add", "set_many", "get_or_set")


def record(monkeypatch) -> list[Any]:
    """Every value given to the cache from now on (all of its aliases), as it was given."""
    given: list[Any] = []
    for alias in settings.CACHES:
        backend = caches[alias]
        for name in STORES:
            method = getattr(backend, name)

            def recorded(*args: Any, _method: Any = method, _name: str = name, **kwargs: Any) -> Any:
                given.append(args[0] if _name == "set_many" else args[1] if len(args) > 1 else kwargs.get("value"))
                return _method(*args, **kwargs)

            monkeypatch.setattr(backend, name, recorded)
    return given


def the_table_plays() -> dict[str, str]:
    """Everything a table does, its secrets answered: the password hash, the API token, the guest's
    key, the invite's token and the share link."""
    owner = get_user_model().objects.create_user(username="anya", password=PASSWORD)
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert browser.post("/accounts/login/", {"username": "anya", "password": PASSWORD}).status_code == 302
    token = APIClient().post("/api/token/", {"username": "anya", "password": PASSWORD}, format="json").json()["token"]
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = phone.post("/api/matches/", {"game": "thousand", "players": PLAYERS}, format="json").json()
    pk = created["id"]
    assert phone.post(f"/api/matches/{pk}/deals/", {"entry": play()}, format="json").status_code == 201
    invite = phone.post(f"/api/matches/{pk}/invite/", {"role": "player"}, format="json").json()["token"]
    assert browser.post(f"/matches/{pk}/share/").status_code == 302
    link = Match.objects.get(pk=pk).share_token
    joined = APIClient().post(f"/api/join/{invite}/", {"name": "Гість"}, format="json").json()
    guest = APIClient()
    guest.credentials(HTTP_AUTHORIZATION=f"Guest {joined['guest_key']}")
    assert guest.get(f"/api/matches/{pk}/scoresheet/").status_code == 200
    assert guest.post(f"/api/matches/{pk}/deals/", {"entry": play(1)}, format="json").status_code == 201
    page_guest = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert page_guest.post(f"/join/{invite}/", {"name": "Вика"}).status_code == 302
    version = Match.objects.get(pk=pk).version
    for reader in (browser, page_guest):
        assert reader.get(f"/matches/{pk}/").status_code == 200
        assert reader.get(f"/matches/{pk}/sheet/?since={version}").status_code == 204
        assert reader.get(f"/matches/{pk}/sheet/?since=0").status_code == 200
    assert Client().get(f"/watch/{link}/").status_code == 200
    assert Client().get(f"/watch/{link}/sheet/?since={version}").status_code == 204
    assert phone.get(f"/api/matches/{pk}/scoresheet/").status_code == 200
    assert Member.objects.filter(match_id=pk, user__isnull=True).count() == 2
    return {"password hash": get_user_model().objects.get(pk=owner.pk).password, "API token": token,
            "guest key": joined["guest_key"], "invite token": invite, "share link": link}


def found_in(value: Any, secret: str) -> bool:
    """Whether *secret* is anywhere in *value*: its text, or the bytes it is stored as."""
    as_text = value.decode(errors="replace") if isinstance(value, bytes) else repr(value)
    try:
        stored = value if isinstance(value, bytes) else pickle.dumps(value)
    except (pickle.PicklingError, TypeError, AttributeError):
        stored = b""
    return secret in as_text or secret.encode() in stored


@pytest.mark.django_db
def test_no_secret_is_given_to_the_cache(settings, monkeypatch) -> None:
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    given = record(monkeypatch)
    secrets = the_table_plays()
    assert len(given) > 10  # sessions, the match's version entry, the rendered parts, the request counters
    assert any(isinstance(value, dict) and "_auth_user_id" in value for value in given)  # a session was kept
    for name, secret in secrets.items():
        assert len(secret) >= 20, name
        assert [value for value in given if found_in(value, secret)] == [], name


@pytest.mark.redis
@pytest.mark.django_db
def test_no_secret_is_in_the_redis_cache(settings) -> None:
    assert settings.CACHE_URL, "run with CACHE_URL (.ci/run)"
    server = redis.Redis.from_url(settings.CACHE_URL)
    server.flushdb()
    secrets = the_table_plays()
    stored = [server.get(key) or b"" for key in server.scan_iter()]
    assert len(stored) > 10
    assert any(b"_auth_user_id" in value for value in stored)  # a session was kept
    for name, secret in secrets.items():
        assert [value for value in stored if found_in(value, secret)] == [], name
