"""Accounts, language switch, health check and the project's plumbing."""
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-staple"


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user(username="anya", password=PASSWORD)


def test_signing_up_creates_the_user_and_signs_them_in(client: Client) -> None:
    answer = client.post(
        reverse("web:signup"),
        {"username": "boris", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert answer.status_code == 302
    assert answer["Location"] == reverse("web:home")
    user = get_user_model().objects.get(username="boris")
    assert client.session["_auth_user_id"] == str(user.pk)
    assert "Sign out" in client.get(reverse("web:home")).content.decode()


def test_signing_up_with_mismatched_passwords_shows_the_error_and_stores_nothing(
    client: Client,
) -> None:
    answer = client.post(
        reverse("web:signup"),
        {"username": "boris", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    assert answer.status_code == 200
    assert 'class="errorlist' in answer.content.decode()
    assert not get_user_model().objects.filter(username="boris").exists()


def test_the_login_page_renders_a_form(client: Client) -> None:
    answer = client.get(reverse("web:login"))
    assert answer.status_code == 200
    page = answer.content.decode()
    assert 'name="username"' in page and 'name="password"' in page
    assert "htmx" in page  # {% htmx_script %} in the base template


def test_signing_in_with_the_right_password_goes_home(client: Client, player) -> None:
    answer = client.post(reverse("web:login"), {"username": "anya", "password": PASSWORD})
    assert answer.status_code == 302
    assert answer["Location"] == reverse("web:home")
    assert client.session["_auth_user_id"] == str(player.pk)


def test_signing_out_takes_a_post_and_ends_the_session(client: Client, player) -> None:
    client.force_login(player)
    assert client.get(reverse("web:logout")).status_code == 405  # a link cannot sign anyone out
    answer = client.post(reverse("web:logout"))
    assert answer.status_code == 302
    assert answer["Location"] == reverse("web:home")
    assert "_auth_user_id" not in client.session


def test_healthz_answers_ok(client: Client) -> None:
    answer = client.get("/healthz/")
    assert answer.status_code == 200
    assert answer.json() == {"ok": True}


@pytest.mark.parametrize(
    ("language", "sign_in", "username_label"),
    [
        pytest.param("ru", "Войти", "Имя пользователя", id="russian"),
        pytest.param("uk", "Увійти", "Ім'я користувача", id="ukrainian"),
        pytest.param("en", "Sign in", "Username", id="english"),
    ],
)
def test_switching_the_language_translates_the_login_page(
    client: Client, language: str, sign_in: str, username_label: str
) -> None:
    answer = client.post(
        reverse("set_language"), {"language": language, "next": reverse("web:login")}
    )
    assert answer.status_code == 302
    assert answer["Location"] == reverse("web:login")
    page = unescape(client.get(reverse("web:login")).content.decode())
    assert f'<html lang="{language}">' in page
    assert f"<h1>{sign_in}</h1>" in page  # our catalogue (scorebook/locale)
    assert username_label in page  # Django's own catalogue


def test_the_api_schema_and_docs_are_served_without_a_cdn(client: Client) -> None:
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/").content.decode()
    assert "drf_spectacular_sidecar/swagger-ui-dist" in docs
    assert "cdn." not in docs


def test_an_api_token_is_issued_for_the_right_password(client: Client, player) -> None:
    answer = client.post(
        "/api/token/",
        {"username": "anya", "password": PASSWORD},
        content_type="application/json",
    )
    assert answer.status_code == 200
    assert len(answer.json()["token"]) == 40


def test_collectstatic_builds_the_production_manifest(client: Client, settings, tmp_path) -> None:
    # The other tests serve plain names (tests/conftest.py); this one checks what production
    # serves: hashed, compressed names that {% static %} finds in the manifest.
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    assert list(tmp_path.glob("css/app.*.css.gz"))
    page = client.get(reverse("web:login")).content.decode()
    assert "/static/css/app." in page and "/static/css/app.css" not in page
