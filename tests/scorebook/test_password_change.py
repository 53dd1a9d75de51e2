"""A new password ends the API token too (issue [2/6], finding 11): before, the token survived a
password change, and there was no page to change a password at (/accounts/password_change/ was a
404). Django's own views now serve it; a password changed anywhere (the page, the admin,
``set_password``) deletes the user's token (scorebook/accounts.py ``TokensEndWithThePassword``), as
"sign out everywhere" does; the other browsers are signed out, this one stays signed in."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

OLD, NEW = "an old and long enough secret 1", "a new and long enough secret 2"


@pytest.fixture
def anya(django_user_model):
    return django_user_model.objects.create_user(username="anya", password=OLD)


def signed_in_with(password: str) -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert browser.post("/accounts/login/", {"username": "anya", "password": password}).status_code == 302
    return browser


def token_works(key: str) -> bool:
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return phone.get("/api/matches/").status_code == 200


def test_the_password_change_page_changes_it_and_ends_the_token_and_the_other_sessions(anya) -> None:
    laptop, phone = signed_in_with(OLD), signed_in_with(OLD)
    key = Token.objects.create(user=anya).key
    assert token_works(key)
    page = laptop.get("/accounts/password_change/")
    assert page.status_code == 200 and "Change your password" in page.content.decode()
    changed = laptop.post("/accounts/password_change/", {"old_password": OLD, "new_password1": NEW,
                                                         "new_password2": NEW})
    assert changed.status_code == 302 and changed["Location"] == "/accounts/password_change/done/"
    assert "Password changed" in laptop.get(changed["Location"]).content.decode()
    assert not Token.objects.filter(user=anya).exists() and not token_works(key)
    assert laptop.get("/matches/new/").status_code == 200  # this browser stays signed in
    assert phone.get("/matches/new/").status_code == 302  # the other one is signed out
    signed_in_with(NEW)


def test_a_wrong_old_password_changes_nothing(anya) -> None:
    laptop = signed_in_with(OLD)
    key = Token.objects.create(user=anya).key
    refused = laptop.post("/accounts/password_change/", {"old_password": "not it", "new_password1": NEW,
                                                         "new_password2": NEW})
    assert refused.status_code == 200 and "incorrect" in refused.content.decode()
    assert token_works(key)
    signed_in_with(OLD)


def test_a_password_set_anywhere_ends_the_token(anya) -> None:
    # The admin's form and the changepassword command call set_password and save, as this does.
    key = Token.objects.create(user=anya).key
    anya.set_password(NEW)
    anya.save()
    assert not token_works(key)
    other = Token.objects.create(user=anya).key
    anya.first_name = "Аня"
    anya.save()  # a save that changes no password leaves the token alone
    assert token_works(other)


def test_the_page_needs_a_signed_in_user(client) -> None:
    assert client.get("/accounts/password_change/").status_code == 302
