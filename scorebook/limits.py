"""What one client may make the server do: how deep a request's JSON may nest, how many requests
it may send (DRF throttles over settings.SCOREBOOK_RATES, the sign-up page too), and what a client
over a limit or locked out after failed sign-ins is answered: 429 with Retry-After, in API.md's
shape under /api/, else a page. (How many problems an answer lists is ``scorebook.sheets.capped``;
how large a body may be, DATA_UPLOAD_MAX_MEMORY_SIZE.) docs/security.md tells the whole story.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from rest_framework.throttling import BaseThrottle, ScopedRateThrottle, SimpleRateThrottle

from scorebook.models import Member

# ---------------------------------------------------------------- JSON nesting

# Python's JSON parser recurses once per level: about 1,000 levels raise RecursionError,
# which no view expects (a 500), and anything that walks the value afterwards recurses as deep. No
# entry, option or match file nests more than about ten levels: anything deeper is refused.

MAX_DEPTH = 32  # levels of objects and lists; a match file needs about 8


class TooDeep(ValueError):
    """JSON nested more than MAX_DEPTH levels."""


def too_deep(value: Any) -> bool:
    """Whether *value* (parsed JSON) nests more than MAX_DEPTH levels. Walks with a list, not by
    recursion: the value may be as deep as the parser let it be."""
    todo: list[tuple[Any, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            return True
        todo.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def loads(text: str) -> Any:
    """``json.loads`` that refuses JSON nested too deep. :raises TooDeep:, ValueError: not JSON"""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep from None
    if too_deep(value):
        raise TooDeep
    return value


def upload_megabytes() -> str:
    """The largest body a request may have (DATA_UPLOAD_MAX_MEMORY_SIZE), in MB for messages."""
    return f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE / (1024 * 1024):g}"


# ---------------------------------------------------------------- request rates


def client_address(request: HttpRequest) -> str:
    """The address throttles and lockouts count by: REMOTE_ADDR, or X-Forwarded-For behind
    DJANGO_NUM_PROXIES proxies (DRF's reading, one for both)."""
    return BaseThrottle().get_ident(request)  # type: ignore[arg-type]  # it reads only META, a Django request's too


class Rated(SimpleRateThrottle):
    """Reads its rate from settings.SCOREBOOK_RATES on every request (DRF reads its rates once, at
    import), so the environment and the tests decide; a rate of None lets everything through."""

    def get_rate(self) -> str | None:
        # None only on a PerView until a request sets its view's scope (no rate then).
        return settings.SCOREBOOK_RATES.get(self.scope) if self.scope is not None else None

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        if rate is None:
            return None, None
        return super().parse_rate(rate)


def caller(request: Any) -> str | None:
    """Who the throttles count an API request as: a user, a guest at one table (his membership:
    ``scorebook.api.authentication.GuestAuthentication``), or None for anyone else."""
    user = request.user
    if isinstance(user, Member):
        return f"guest-{user.pk}"
    return f"{user.pk}" if user and user.is_authenticated else None


class PerUser(Rated):
    """Every API request of a signed-in user or a guest (anonymous ones are PerAddress's)."""

    scope = "user"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        ident = caller(request)
        return None if ident is None else self.cache_format % {"scope": self.scope, "ident": ident}


class PerAddress(Rated):
    """Every API request without a user, per address: the token, the schema and its page."""

    scope = "anon"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if caller(request) is not None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": client_address(request)}


class PerView(Rated, ScopedRateThrottle):
    """A view's own, stricter rate: its ``throttle_scope`` (``token``, ``import``), per user or address."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        ident = caller(request) or client_address(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class SignUps(Rated):
    """Accounts created from one address (the sign-up page)."""

    scope = "signup"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": client_address(request)}


# ---------------------------------------------------------------- the answer over a limit


def retry_after(seconds: float | None) -> int:
    return max(1, math.ceil(seconds or 1))


def too_many_message(code: str, wait: int) -> str:
    """What a client over a limit (``throttled``) or locked out (``locked_out``) is told."""
    if code == "locked_out":
        minutes = math.ceil(wait / 60)
        return _("Too many failed sign-ins from here: try again in %(minutes)s min.") % {"minutes": minutes}
    return _("Too many requests: try again in %(seconds)s s.") % {"seconds": wait}


def too_many(request: HttpRequest, seconds: float | None, code: str = "throttled") -> HttpResponse:
    """429 with Retry-After and words in the request's language: ``{"violations": [...]}`` under
    /api/, else a page."""
    wait = retry_after(seconds)
    message = too_many_message(code, wait)
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"violations": [{"code": code, "message": message, "field": None, "severity": "error"}]}, status=429)
    else:
        response = render(request, "429.html", {"message": message}, status=429)
    response["Retry-After"] = str(wait)
    return response


def locked_out(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE. Every failure while locked out starts the cool-off again, so a client
    that was just refused waits the whole of it."""
    return too_many(request, settings.AXES_COOLOFF_TIME.total_seconds(), "locked_out")
