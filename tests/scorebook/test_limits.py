"""Throttles and lockouts: each rate of settings.SCOREBOOK_RATES, set low here on purpose (the
defaults leave a table of phones and this suite far below them), answers 429 with Retry-After and
words in the caller's language — API.md's shape under /api/, a page elsewhere; failed sign-ins on
the pages, the admin and /api/token/ lock the (user name, address) pair out (django-axes)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from scorebook.models import Match
from tests.scorebook.conftest import PLAYERS

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-staple"


@pytest.fixture
def rates(settings) -> dict[str, Any]:
    """The rates of this test: every one off, unless the test sets it."""
    settings.SCOREBOOK_RATES = dict.fromkeys(settings.SCOREBOOK_RATES)
    return settings.SCOREBOOK_RATES


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user(username="anya", password=PASSWORD)


def violations(answer: Any) -> list[tuple[str, str]]:
    return [(v["code"], v["message"]) for v in answer.json()["violations"]]


# ---------------------------------------------------------------- the API's rates


def test_a_user_over_the_rate_gets_429_with_retry_after(api: APIClient, rates) -> None:
    rates["user"] = "5/min"
    answers = [api.get("/api/matches/").status_code for _ in range(6)]
    assert answers == [200] * 5 + [429]
    refused = api.get("/api/matches/")
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert violations(refused)[0][0] == "throttled"
    assert violations(refused)[0][1].startswith("Too many requests: try again in ")


@pytest.mark.parametrize(("language", "words"), [("ru", "Слишком много запросов"), ("uk", "Забагато запитів"),
                                                 ("en", "Too many requests")])
def test_the_429_speaks_the_caller_s_language(api: APIClient, rates, language: str, words: str) -> None:
    rates["user"] = "1/min"
    api.get("/api/matches/")
    refused = api.get("/api/matches/", HTTP_ACCEPT_LANGUAGE=language)
    assert refused.status_code == 429
    assert violations(refused)[0][1].startswith(words)


def test_one_user_over_the_rate_does_not_stop_another(api: APIClient, stranger, rates) -> None:
    rates["user"] = "2/min"
    for _ in range(3):
        api.get("/api/matches/")
    other = APIClient()
    other.force_authenticate(stranger)
    assert other.get("/api/matches/").status_code == 200


def test_anonymous_requests_are_counted_per_address(rates) -> None:
    rates["anon"] = "3/min"
    here, there = APIClient(REMOTE_ADDR="10.0.0.1"), APIClient(REMOTE_ADDR="10.0.0.2")
    assert [here.get("/api/schema/").status_code for _ in range(4)] == [200, 200, 200, 429]
    assert there.get("/api/schema/").status_code == 200


def test_the_token_endpoint_has_its_own_stricter_rate(player, rates) -> None:
    rates["token"] = "2/min"
    phone = APIClient()
    body = {"username": "anya", "password": PASSWORD}
    assert [phone.post("/api/token/", body, format="json").status_code for _ in range(3)] == [200, 200, 429]


def test_imports_have_their_own_stricter_rate(api: APIClient, rates) -> None:
    rates["import"] = "1/hour"
    document = {"format": "scorebook-match", "version": 1, "game": "thousand", "players": PLAYERS, "deals": []}
    assert api.post("/api/matches/import/", document, format="json").status_code == 201
    refused = api.post("/api/matches/import/", document, format="json")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 60  # the hour's window: a minute and more to wait
    assert Match.objects.count() == 1
    assert api.get("/api/matches/").status_code == 200  # the rest of the API goes on


def test_the_default_rates_let_a_table_of_six_phones_poll_for_a_minute(api: APIClient, match: Match) -> None:
    # Six phones of one owner, each asking for the sheet every 3 s for a minute: 6 × 20 = 120.
    answers = {api.get(f"/api/matches/{match.pk}/scoresheet/").status_code for _ in range(6 * 20)}
    assert answers == {200}


# ---------------------------------------------------------------- sign-ups


def sign_up(client: Client, name: str) -> Any:
    return client.post("/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD})


def test_sign_ups_from_one_address_are_limited(rates) -> None:
    rates["signup"] = "2/hour"
    for name in ("boris", "vika"):
        assert sign_up(Client(REMOTE_ADDR="10.0.0.1"), name).status_code == 302
    refused = sign_up(Client(REMOTE_ADDR="10.0.0.1", HTTP_ACCEPT_LANGUAGE="en"), "gleb")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 60
    assert "Too many requests: try again in" in refused.content.decode()
    assert not get_user_model().objects.filter(username="gleb").exists()
    assert sign_up(Client(REMOTE_ADDR="10.0.0.2"), "gleb").status_code == 302


def test_a_mistyped_sign_up_is_not_counted(rates) -> None:
    rates["signup"] = "1/hour"
    here = Client(REMOTE_ADDR="10.0.0.1")
    for _ in range(3):
        assert here.post("/accounts/signup/", {"username": "boris", "password1": PASSWORD,
                                               "password2": "other"}).status_code == 200
    assert sign_up(here, "boris").status_code == 302


# ---------------------------------------------------------------- failed sign-ins (django-axes)


def test_failed_sign_ins_on_the_page_lock_out_the_name_from_that_address(player, settings) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    browser = Client(REMOTE_ADDR="10.0.0.1", HTTP_ACCEPT_LANGUAGE="en")
    wrong = {"username": "anya", "password": "wrong"}
    assert [browser.post("/accounts/login/", wrong).status_code for _ in range(2)] == [200, 200]
    locked = browser.post("/accounts/login/", wrong)
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    assert "Too many failed sign-ins from here: try again in 15 min." in locked.content.decode()
    # Now even the right password is refused from there …
    assert browser.post("/accounts/login/", {"username": "anya", "password": PASSWORD}).status_code == 429
    assert "_auth_user_id" not in browser.session
    # … but not from another address.
    elsewhere = Client(REMOTE_ADDR="10.0.0.2")
    assert elsewhere.post("/accounts/login/", {"username": "anya", "password": PASSWORD}).status_code == 302


def test_failed_sign_ins_on_the_admin_lock_out_too(django_user_model, settings) -> None:
    settings.AXES_FAILURE_LIMIT = 2
    django_user_model.objects.create_superuser(username="boss", password=PASSWORD)
    browser = Client(REMOTE_ADDR="10.0.0.1")
    wrong = {"username": "boss", "password": "wrong", "next": "/admin/"}
    assert [browser.post("/admin/login/", wrong).status_code for _ in range(2)] == [200, 429]


def test_failed_sign_ins_on_the_token_endpoint_lock_out_in_the_api_shape(player, settings, rates) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    phone = APIClient(REMOTE_ADDR="10.0.0.1", HTTP_ACCEPT_LANGUAGE="ru")
    wrong = {"username": "anya", "password": "wrong"}
    answers = [phone.post("/api/token/", wrong, format="json") for _ in range(3)]
    assert [a.status_code for a in answers] == [400, 400, 429]
    assert [v["code"] for v in answers[0].json()["violations"]] == ["bad_credentials"]
    assert violations(answers[2])[0][0] == "locked_out"
    assert violations(answers[2])[0][1] == "Слишком много неудачных попыток входа отсюда: попробуйте через 15 мин."
    assert int(answers[2]["Retry-After"]) == 15 * 60
    assert phone.post("/api/token/", {"username": "anya", "password": PASSWORD}, format="json").status_code == 429


def test_a_right_password_before_the_limit_clears_the_failures(player, settings) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    browser = Client(REMOTE_ADDR="10.0.0.1")
    for _ in range(2):
        browser.post("/accounts/login/", {"username": "anya", "password": "wrong"})
    assert browser.post("/accounts/login/", {"username": "anya", "password": PASSWORD}).status_code == 302
    browser.post("/accounts/logout/")
    assert [browser.post("/accounts/login/", {"username": "anya", "password": "wrong"}).status_code
            for _ in range(2)] == [200, 200]


@pytest.mark.parametrize("body", [
    pytest.param({"username": "\ud83d", "password": "x"}, id="surrogate-name"),
    pytest.param({"username": "anya", "password": "\ud83d"}, id="surrogate-password"),
    pytest.param({"username": "a\x00", "password": "x"}, id="nul-name"),
    pytest.param({"username": "anya"}, id="no-password"),
    pytest.param([], id="not-an-object"),
])
def test_the_token_endpoint_refuses_bad_input_with_400(player, body: Any) -> None:
    answer = APIClient().post("/api/token/", json.dumps(body), content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["violations"]
