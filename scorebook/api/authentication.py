"""Who calls the API: a user by an API token that expires (DRF's token, refused once older than
settings.SCOREBOOK_TOKEN_TTL) or by his session, or a guest at one table by his guest key.

Its own module, importing no view: DRF imports it while it is itself being imported.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication, TokenAuthentication, get_authorization_header
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from scorebook import accounts, selectors
from scorebook.models import Member


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token, refused once older than SCOREBOOK_TOKEN_TTL: 401, ``WWW-Authenticate: Token``."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if accounts.token_expired(token):
            raise AuthenticationFailed(_("This token has expired: make a new one on your API token page."))
        return user, token


class GuestAuthentication(BaseAuthentication):
    """A guest at one table, by the key joining gave him: ``Authorization: Guest <key>``.

    ``request.user`` is then his membership (``scorebook.models.Member``), the person the selectors
    and the services take for a guest, as the pages do with the key his browser keeps. It opens the
    views of his one match only (``GuestsWelcome``); a key of a removed guest is refused (401).
    """

    keyword = "Guest"

    def authenticate(self, request: Request) -> tuple[Member, str] | None:
        words = get_authorization_header(request).split()
        if not words or words[0].lower() != self.keyword.lower().encode():
            return None
        if len(words) != 2:
            raise AuthenticationFailed(_("Send the guest key as “Authorization: Guest <key>”."))
        key = words[1].decode(errors="replace")
        member = selectors.guest_by_key(key)
        if member is None:
            raise AuthenticationFailed(_("This guest key is not at any table: join again from the invite."))
        return member, key


def is_guest(request: Any) -> bool:
    return isinstance(request.user, Member)


def signed_in(request: Any) -> bool:
    """A user signed in (a guest is not: he is no account)."""
    return not is_guest(request) and bool(request.user and request.user.is_authenticated)


class GuestsWelcome(BasePermission):
    """Signed in, or a guest at a view of his match (``guests_welcome`` on the view). A guest
    anywhere else (the match list, a new match, an import, the token) is told to sign in."""

    message = gettext_lazy("A guest plays at the match they joined only: sign in for the rest.")

    def has_permission(self, request: Request, view: Any) -> bool:
        if is_guest(request):
            return bool(getattr(view, "guests_welcome", False))
        return signed_in(request)


class GuestScheme(OpenApiAuthenticationExtension):
    """The guest key in the schema: an ``Authorization`` header (next to the token and the session)."""

    target_class = GuestAuthentication
    name = "guestKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "A guest at one table: “Guest <key>”, the key joining as a guest answered."}
