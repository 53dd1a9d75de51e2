"""API tokens that expire: DRF's token, refused once older than settings.SCOREBOOK_TOKEN_TTL.

Its own module, importing no view: DRF imports it while it is itself being imported.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from scorebook import accounts


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token, refused once older than SCOREBOOK_TOKEN_TTL: 401, ``WWW-Authenticate: Token``."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if accounts.token_expired(token):
            raise AuthenticationFailed(_("This token has expired: make a new one on your API token page."))
        return user, token
