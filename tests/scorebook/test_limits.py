"""Throttles and lockouts: each rate of settings.SCOREBOOK_RATES, set low here on purpose (the
defaults leave a table of phones and this suite far below them), answers 429 with Retry-After and
words in the caller's language — API.md's shape under /api/, a page elsewhere; failed sign-ins on
the pages, the admin and /api/token/ lock the (user name, address) pair out (django-axes)."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scorebook import limits, services
from scorebook.models import Match, Member
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
    # The rest of this minute, then the share of the next one the five earn back: 60 / 5 s at most
    # (the window slides: test_the_window_slides_over_the_minute_s_edge).
    assert 1 <= int(refused["Retry-After"]) <= 60 + 60 // 5
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


# ---------------------------------------------------------------- password spraying (finding 5)


@pytest.fixture
def hashes(settings, monkeypatch) -> list[str]:
    """Every password hashed from now on (MD5 here: fast, and counted)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    hashed: list[str] = []
    encode = MD5PasswordHasher.encode

    def counted(self: MD5PasswordHasher, password: str, salt: str) -> str:
        hashed.append(password)
        return encode(self, password, salt)

    monkeypatch.setattr(MD5PasswordHasher, "encode", counted)
    return hashed


def test_failed_sign_ins_from_one_address_stop_it_before_any_password_is_hashed(django_user_model, rates,
                                                                               hashes) -> None:
    # One address tries a name after another (a spray): no name fails five times, so the lockout of
    # a name at an address never comes; the address's own count of failures does.
    rates["signin_failures"] = "5/hour"
    django_user_model.objects.create_user(username="anya", password=PASSWORD)
    hashes.clear()
    sprayer = Client(REMOTE_ADDR="10.0.0.1", HTTP_ACCEPT_LANGUAGE="en")
    tried = [sprayer.post("/accounts/login/", {"username": name, "password": "123456"}).status_code
             for name in ("boris", "vika", "gleb", "dasha", "anya")]
    assert tried == [200] * 5 and len(hashes) == 5
    page = sprayer.post("/accounts/login/", {"username": "zhenya", "password": "123456"})
    phone = APIClient(REMOTE_ADDR="10.0.0.1", HTTP_ACCEPT_LANGUAGE="ru").post(
        "/api/token/", {"username": "anya", "password": PASSWORD}, format="json")
    signup = Client(REMOTE_ADDR="10.0.0.1", HTTP_ACCEPT_LANGUAGE="uk").post(
        "/accounts/signup/", {"username": "yura", "password1": PASSWORD, "password2": PASSWORD})
    right = sprayer.post("/accounts/login/", {"username": "anya", "password": PASSWORD})
    assert [page.status_code, phone.status_code, signup.status_code, right.status_code] == [429] * 4
    assert len(hashes) == 5  # refused before any password was hashed: the right one too
    assert all(0 < int(answer["Retry-After"]) <= 60 * 60 + 60 * 60 // 5 for answer in (page, phone, signup, right))
    assert "Too many failed sign-ins from here: try again in" in page.content.decode()
    assert violations(phone)[0][0] == "locked_out"
    assert violations(phone)[0][1].startswith("Слишком много неудачных попыток входа отсюда")
    assert "Забагато невдалих спроб входу звідси" in signup.content.decode()
    assert "_auth_user_id" not in sprayer.session
    assert not django_user_model.objects.filter(username="yura").exists()
    # Another address signs in as ever.
    assert Client(REMOTE_ADDR="10.0.0.2").post("/accounts/login/", {"username": "anya",
                                                                    "password": PASSWORD}).status_code == 302


def test_six_friends_behind_one_router_each_mistyping_four_times_all_sign_in(django_user_model, hashes) -> None:
    # The default rate of failed sign-ins (SCOREBOOK_RATE_SIGNIN_FAILURES): 6 × 4 = 24 failures in
    # a few minutes, one address, and every friend gets in.
    friends = ["anya", "boris", "vika", "gleb", "dasha", "zhenya"]
    for friend in friends:
        django_user_model.objects.create_user(username=friend, password=PASSWORD)
    router = Client(REMOTE_ADDR="192.168.1.1")
    signed_in = []
    for friend in friends:
        for _ in range(4):
            assert router.post("/accounts/login/", {"username": friend, "password": "typo"}).status_code == 200
        signed_in.append(router.post("/accounts/login/", {"username": friend, "password": PASSWORD}).status_code)
        router.post("/accounts/logout/")
    assert signed_in == [302] * 6


# ---------------------------------------------------------------- counts that hold under concurrency (finding 13)

# 1,000,020 s is a whole number of minutes: the windows of a per-minute rate start there.
MINUTE = 1_000_020.0


def frozen_clock(monkeypatch, seconds: float) -> None:
    """The throttles' clock stops at *seconds* past MINUTE."""
    monkeypatch.setattr(limits.Rated, "timer", staticmethod(lambda: MINUTE + seconds))


@pytest.mark.django_db(transaction=True)
def test_sixteen_phones_firing_at_once_get_exactly_the_rate(owner, rates, monkeypatch) -> None:
    # 16 phones of one user send 10 requests each at once against 100/min. Counts kept as a history
    # read, changed and written back were lost under concurrency (1,746 let through against
    # 1,200/min); an atomic increment lets exactly 100 through, not one more. (No slack: the threads
    # share one cache, and the clock stands mid-minute, so no window's edge comes into it.)
    rates["user"] = "100/min"
    frozen_clock(monkeypatch, 30)
    token = Token.objects.create(user=owner).key
    start = threading.Barrier(16)
    answers: list[int] = []

    def phone() -> None:
        client = APIClient(HTTP_AUTHORIZATION=f"Token {token}")
        try:
            connection.ensure_connection()  # each thread's own, opened before the start
            start.wait()
            answers.extend(client.get("/api/matches/").status_code for _ in range(10))
        finally:
            connection.close()

    threads = [threading.Thread(target=phone) for _ in range(16)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns often, as 16 requests on several cores do
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert (answers.count(200), answers.count(429)) == (100, 16 * 10 - 100)


@pytest.mark.parametrize(("moments", "allowed", "retry_after"), [
    # 6/min. Fixed windows would let 6 through at 0:59 and 6 more at 1:01. Here, at 1:01 the six of
    # the minute before still weigh 59/60 × 6 = 5.9: none more. They weigh 5 at 1:10: 9 s to wait.
    pytest.param([59] * 6 + [61] * 6, 6, 9, id="no-second-burst-across-the-edge"),
    # At 1:10 they weigh 5: one more (6), the next waits until they weigh 4, at 1:20.
    pytest.param([59] * 6 + [70] * 2, 7, 10, id="a-request-comes-back-every-tenth-of-the-minute"),
    # At 1:30 they weigh 3: three more; the fourth waits until they weigh 2, at 1:40.
    pytest.param([59] * 6 + [90] * 4, 9, 10, id="half-the-minute-gone-half-the-rate-back"),
    # Six at 0:10, the seventh refused: the rest of the minute (50 s), then until the six weigh 5 (10 s).
    pytest.param([10] * 7, 6, 60, id="within-one-minute"),
])
def test_the_window_slides_over_the_minute_s_edge(api: APIClient, rates, monkeypatch, moments: list[int],
                                                   allowed: int, retry_after: int) -> None:
    rates["user"] = "6/min"
    answers = []
    for moment in moments:
        frozen_clock(monkeypatch, moment)
        answers.append(api.get("/api/matches/"))
    assert sum(answer.status_code == 200 for answer in answers) == allowed
    assert answers[-1].status_code == 429 and int(answers[-1]["Retry-After"]) == retry_after


# ---------------------------------------------------------------- page writes (finding 14)


def deal_on_the_page(browser: Client, match: Match, **headers: Any) -> Any:
    match.refresh_from_db()
    # Аня (seat 0) bids 100 and takes 120: +100; the others 0.
    return browser.post(f"/matches/{match.pk}/deals/", {
        "expected_version": match.version, "declarer": "0", "bid": "100", "contract": "",
        "points_0": "120", "points_1": "0", "points_2": "0"}, **headers)


@pytest.mark.parametrize(("language", "words"), [("ru", "Слишком много запросов"), ("uk", "Забагато запитів"),
                                                 ("en", "Too many requests")])
def test_page_writes_share_the_api_s_per_user_rate(owner, api: APIClient, match: Match, rates, language: str,
                                                   words: str) -> None:
    rates["user"] = "3/min"
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    browser.force_login(owner)
    assert [deal_on_the_page(browser, match).status_code for _ in range(2)] == [302, 302]
    assert api.get("/api/matches/").status_code == 200  # the third request of this user, the same counter
    refused = deal_on_the_page(browser, match)
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 60 + 60 // 3
    assert words in refused.content.decode()
    assert match.deals.count() == 2
    assert api.get("/api/matches/").status_code == 429
    assert browser.get(f"/matches/{match.pk}/").status_code == 200  # reading the pages goes on


def test_a_refused_page_write_through_htmx_is_shown_in_the_page_s_alert(signed_in: Client, match: Match,
                                                                        rates) -> None:
    rates["user"] = "1/min"
    assert deal_on_the_page(signed_in, match, headers={"HX-Request": "true"}).status_code == 200
    refused = deal_on_the_page(signed_in, match, headers={"HX-Request": "true"})
    # htmx 2 swaps a 4xx only where base.html's responseHandling says so; the answer goes to the
    # page's alert, whatever the form aimed at.
    assert refused.status_code == 429
    assert (refused["HX-Retarget"], refused["HX-Reselect"]) == ("#page-alert", "#refusal")
    assert refused["HX-Reswap"].startswith("innerHTML")
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert '"code":"429","swap":true' in page and 'id="page-alert"' in page
    assert 'id="refusal"' in refused.content.decode() and "Too many requests" in refused.content.decode()
    assert "<html" not in refused.content.decode()


def test_a_guest_s_page_writes_and_his_key_share_one_count(match: Match, rates) -> None:
    rates["user"] = "2/min"
    invite = services.invite_renew(match=match, role="scorer").invite_token
    key = APIClient().post(f"/api/join/{invite}/", {"name": "Петя"}, format="json").json()["guest_key"]
    guest = Member.objects.get(match=match, name="Петя")
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    session = browser.session
    session["scorebook_guests"] = {str(match.pk): guest.pk}  # what joining on the page keeps
    session.save()
    phone = APIClient(HTTP_AUTHORIZATION=f"Guest {key}")
    assert phone.get(f"/api/matches/{match.pk}/").status_code == 200
    assert deal_on_the_page(browser, match).status_code == 302
    assert deal_on_the_page(browser, match).status_code == 429
    assert phone.get(f"/api/matches/{match.pk}/").status_code == 429
    assert match.deals.count() == 1


# ---------------------------------------------------------------- joins (finding 7)


def test_joins_from_one_address_are_limited_on_the_page_and_the_api(match: Match, rates) -> None:
    rates["join"] = "3/hour"
    invite = services.invite_renew(match=match, role="watcher").invite_token
    here = "10.0.0.1"

    def page(name: str, address: str = here) -> Any:
        return Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="en").post(f"/join/{invite}/", {"name": name})

    def api(name: str) -> Any:
        return APIClient(REMOTE_ADDR=here, HTTP_ACCEPT_LANGUAGE="en").post(f"/api/join/{invite}/", {"name": name},
                                                                          format="json")

    assert [page("Петя").status_code, api("Вася").status_code, page("Катя").status_code] == [302, 201, 302]
    refused_page, refused_api = page("Лена"), api("Гена")
    assert (refused_page.status_code, refused_api.status_code) == (429, 429)
    assert "Too many requests: try again in" in refused_page.content.decode()
    assert violations(refused_api)[0][0] == "throttled"
    assert int(refused_page["Retry-After"]) > 60 and int(refused_api["Retry-After"]) > 60
    assert sorted(Member.objects.filter(match=match).values_list("name", flat=True)) == ["Вася", "Катя", "Петя"]
    assert page("Лена", address="10.0.0.2").status_code == 302  # another address joins as ever


@pytest.mark.django_db(transaction=True)
def test_eight_guests_joining_at_once_through_the_api_get_exactly_the_rate(match: Match, rates) -> None:
    rates["join"] = "3/hour"
    invite = services.invite_renew(match=match, role="watcher").invite_token
    start = threading.Barrier(8)
    answers: list[int] = []

    def guest(name: str) -> Callable[[], None]:
        def join() -> None:
            try:
                start.wait()
                answers.append(APIClient(REMOTE_ADDR="10.0.0.1").post(f"/api/join/{invite}/", {"name": name},
                                                                      format="json").status_code)
            finally:
                connection.close()
        return join

    threads = [threading.Thread(target=guest(f"Гість {n}")) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [201] * 3 + [429] * 5
    assert Member.objects.filter(match=match).count() == 3
