"""Sessions and API tokens of an account: "sign out everywhere", and the token a phone or a
script signs in with (seen, made and replaced on the account's API token page).

Signing out everywhere ends every session of the user, whatever the session backend (database,
cache, signed cookies): it moves the user's epoch on (``SessionEpoch``), and every request of a
session signed in at an older epoch is signed out by ``SessionEpochMiddleware``. It also deletes
the user's API token. The epoch comes with the user, in the same query (``EpochBackend``): the
signed-in user is read from the database on every request that asks for him, never from a cache.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model, logout
from django.contrib.auth.backends import ModelBackend
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from scorebook.models import SessionEpoch

BACKEND = "scorebook.accounts.EpochBackend"


class EpochBackend(ModelBackend):
    """Django's user-and-password backend, whose session user comes with its epoch (one query, as
    ModelBackend's own). Read with ``Manager.raw``: the ORM's query of the user with his epoch
    joined (``select_related``) cost ~0.4 ms of building on every signed-in request here, more than
    the database took to answer it (docs/performance.md); the SQL is the join the ORM would write."""

    def get_user(self, user_id: Any) -> Any:
        model = get_user_model()
        found = list(model.objects.raw(_with_epoch(model), [user_id])) if _is_id(user_id) else []
        return found[0] if found and self.user_can_authenticate(found[0]) else None


def _is_id(user_id: Any) -> bool:
    """A user id as a session keeps it (Django stores the primary key as text)."""
    return isinstance(user_id, int) or (isinstance(user_id, str) and user_id.isascii() and user_id.isdigit())


def _with_epoch(model: Any) -> str:
    """A user by his id, with his "sign out everywhere" epoch (0: he never signed out everywhere)."""
    users, epochs = model._meta.db_table, SessionEpoch._meta.db_table
    return (f"SELECT {users}.*, COALESCE({epochs}.epoch, 0) AS epoch_now FROM {users} "
            f"LEFT JOIN {epochs} ON {epochs}.user_id = {users}.id WHERE {users}.id = %s")


def epoch_of(user: Any) -> int:
    known = getattr(user, "epoch_now", None)  # read with him (EpochBackend)
    if known is not None:
        return int(known)
    try:
        return user.session_epoch.epoch
    except SessionEpoch.DoesNotExist:
        return 0


class SessionEpochMiddleware:
    """Signs out a session signed in before its user last signed out everywhere, the moment the
    request first asks who its user is (``request.user``, ``request.auser()``). An answer that never
    asks (``/healthz/``) leaves the stale session to the next request that does."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user  # AuthenticationMiddleware's, not read yet
        request.user = SimpleLazyObject(lambda: _checked(request, user))  # type: ignore[assignment]
        request.auser = partial(_achecked, request)
        return self.get_response(request)


def _checked(request: HttpRequest, user: Any) -> Any:
    if user.is_authenticated and request.session.get(SessionEpoch.SESSION_KEY, 0) != epoch_of(user):
        request.user = user  # logout names the user it signs out
        logout(request)  # and makes request.user anonymous
        return request.user
    return user


async def _achecked(request: HttpRequest) -> Any:
    return await sync_to_async(_user_of)(request)


def _user_of(request: HttpRequest) -> Any:
    user = request.user
    user.is_authenticated  # noqa: B018  (read now: the check runs in this thread)
    return user


@transaction.atomic
def sign_out_everywhere(*, user: Any) -> None:
    """End every session of *user* (this one too: the caller signs it out) and delete its API token."""
    _row, created = SessionEpoch.objects.get_or_create(user=user, defaults={"epoch": 1})
    if not created:
        SessionEpoch.objects.filter(user=user).update(epoch=F("epoch") + 1)
    Token.objects.filter(user=user).delete()


# ---------------------------------------------------------------- the API token


def token_expires(token: Token) -> Any:
    return token.created + settings.SCOREBOOK_TOKEN_TTL


def token_expired(token: Token) -> bool:
    return token_expires(token) <= timezone.now()


@transaction.atomic
def token_renew(*, user: Any) -> Token:
    """A new token for *user*: the old one (if any) stops working at once."""
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)


def token_revoke(*, user: Any) -> None:
    Token.objects.filter(user=user).delete()


def remember_the_epoch(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """``user_logged_in``: a new session starts at the user's current epoch (every way in: the pages,
    the admin, tests). Connected in ``ScorebookConfig.ready``."""
    if request is not None and hasattr(request, "session"):
        request.session[SessionEpoch.SESSION_KEY] = (
            SessionEpoch.objects.filter(user=user).values_list("epoch", flat=True).first() or 0)


class TokensEndWithThePassword:
    """AUTH_PASSWORD_VALIDATORS: refuses no password, but a user's password changed — on the page, in
    the admin, with ``changepassword`` — deletes his API token, as signing out everywhere does. Django
    calls ``password_changed`` on every validator once a new password is saved (``set_password``)."""

    def validate(self, password: str, user: Any = None) -> None:
        return None

    def password_changed(self, password: str, user: Any = None) -> None:
        if user is not None and user.pk is not None:
            token_revoke(user=user)

    def get_help_text(self) -> str:
        return gettext("Changing the password later deletes the API token.")
