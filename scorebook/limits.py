"""What one client may make the server do: how deep a request's JSON may nest, how many requests
it may send (DRF throttles over settings.SCOREBOOK_RATES, counted atomically in a sliding window:
the API, the pages' writes, sign-ups, joins), how many sign-ins may fail from one address, and what
a client over a limit or locked out after failed sign-ins is answered: 429 with Retry-After, in
API.md's shape under /api/, else a page (or, to htmx, the page's alert). (How many problems an
answer lists is ``scorebook.phone.wording.capped``; how large a body may be, DATA_UPLOAD_MAX_MEMORY_SIZE.)
docs/security.md tells the whole story.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
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
    """A rate of settings.SCOREBOOK_RATES, read on every request (DRF reads its rates once, at
    import), so the environment and the tests decide; a rate of None lets everything through.

    Counted with the cache's atomic increment, never a list read and written back (DRF's own way,
    whose counts were lost under concurrency: 1,746 requests let through against 1,200/min by 16
    threads). A request adds one to its window's counter (``cache.add`` of 0, then ``cache.incr``:
    atomic in Redis and in Django's local memory); one that finds itself over the rate takes its one
    back (``cache.decr``), so a refused request weighs nothing later. However many arrive at once,
    only the rate's number of them find room: with a shared cache (Redis) a burst gets the rate and
    not one more; with each process's own memory (no CACHE_URL) each process counts its own.

    The window slides, made of two fixed ones: the counter of this window (1:00–2:00, say) and that
    of the window before, weighted by the share of it still within one window's length of now (at
    1:15, three quarters). Fixed windows let twice the rate through across an edge (all of it at
    0:59, all of it again at 1:00); here a client that spent the rate at 0:59 gets back after the
    edge only what the time gone since has earned: in any stretch of s windows' length (s ≤ 1), at
    most the rate × (1 + s). The price of the weighting, which takes the window before as evenly
    spread: a client that spent the rate early in one window waits into the next a little longer
    than a rolling log of every request would make him (at most a window and 1/rate of one);
    Retry-After says exactly how long.
    """

    # Set with the rate (by DRF, from parse_rate); None only with no rate, when nothing reads them.
    num_requests: int
    duration: int
    seconds_to_wait: float = 0.0  # set by a refusal, for wait()

    def get_rate(self) -> str | None:
        # None only on a PerView until a request sets its view's scope (no rate then).
        return settings.SCOREBOOK_RATES.get(self.scope) if self.scope is not None else None

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        if rate is None:
            return None, None
        return super().parse_rate(rate)

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        return True if key is None else self.admit(key)

    def wait(self) -> float:
        return self.seconds_to_wait

    def admit(self, key: str) -> bool:
        """Count one request under *key*, unless it is over the rate: then nothing is counted, and
        ``wait()`` says how long until one would be admitted."""
        if self.rate is None:
            return True
        current, earlier, elapsed = self._windows(key)
        count = self._add_one(current)
        if self._weighed(earlier, elapsed, count) <= self.num_requests:
            return True
        self._take_back(current)
        self.seconds_to_wait = self._until_room(earlier, elapsed, count - 1)
        return False

    def full(self, key: str) -> bool:
        """Whether one more request under *key* would be over the rate (then ``wait()`` says how
        long until it would not be). Counts nothing."""
        if self.rate is None:
            return False
        current, earlier, elapsed = self._windows(key)
        count = self.cache.get(current, 0)
        if self._weighed(earlier, elapsed, count + 1) <= self.num_requests:
            return False
        self.seconds_to_wait = self._until_room(earlier, elapsed, count)
        return True

    def count(self, key: str) -> None:
        """Count one under *key*, over the rate or not: something that happened (a failure)."""
        if self.rate is not None:
            self._add_one(self._windows(key)[0])

    def _windows(self, key: str) -> tuple[str, int, float]:
        """This window's counter, the count of the window before, and the seconds gone in this one."""
        now = self.timer()
        window = int(now // self.duration)
        earlier = self.cache.get(f"{key}:{window - 1}", 0)
        return f"{key}:{window}", earlier, now - window * self.duration

    def _add_one(self, current: str) -> int:
        # A counter lives two windows: through the whole next one it is "the window before".
        timeout = 2 * self.duration
        for _attempt in range(3):
            self.cache.add(current, 0, timeout)
            try:
                return self.cache.incr(current)
            except ValueError:  # gone between add and incr (a full local memory culls): again
                continue
        return self.num_requests + 1  # a cache that keeps nothing: over

    def _take_back(self, current: str) -> None:
        try:
            self.cache.decr(current)
        except ValueError:  # gone meanwhile: nothing to take back
            pass

    def _weighed(self, earlier: int, elapsed: float, count: int) -> float:
        """What counts against the rate now: this window's *count* and the earlier one's share."""
        return earlier * (self.duration - elapsed) / self.duration + count

    def _until_room(self, earlier: int, elapsed: float, count: int) -> float:
        """Seconds until one more request fits beside *count* in this window: later in it, once the
        earlier window's share has shrunk to make room, else in the next window, where *count* is
        the earlier one's and must shrink instead."""
        rate, duration = self.num_requests, self.duration
        if count + 1 <= rate:  # so the earlier window is what fills it: its share must fall to rate - 1 - count
            return duration - (rate - 1 - count) * duration / earlier - elapsed
        # The share of the next window to go by before this one's count weighs rate - 1 (all of
        # it for a rate of 0, which admits nothing).
        share = min(1.0, 1 - (rate - 1) / count) if count else 1.0
        return duration - elapsed + share * duration


def as_guest(membership: int) -> str:
    """What the per-user counter calls a guest: his membership, one table's (``caller``)."""
    return f"guest-{membership}"


def caller(request: Any) -> str | None:
    """Who the throttles count an API request as: a user, a guest at one table (his membership:
    ``scorebook.api.authentication.GuestAuthentication``), or None for anyone else."""
    user = request.user
    if isinstance(user, Member):
        return as_guest(user.pk)
    return f"{user.pk}" if user and user.is_authenticated else None


class PerUser(Rated):
    """Every API request of a signed-in user or a guest (anonymous ones are PerAddress's), and
    every write of the pages (``scorebook.web.middleware.PageWrites``): one counter for both."""

    scope = "user"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        ident = caller(request)
        return None if ident is None else self.cache_format % {"scope": self.scope, "ident": ident}

    def admit_person(self, ident: str) -> bool:
        """Count one request of *ident* (``caller``'s name for him) made outside the API."""
        return self.admit(self.cache_format % {"scope": self.scope, "ident": ident})


class PerAddress(Rated):
    """Every API request without a user, per address: the token, the schema and its page."""

    scope = "anon"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if caller(request) is not None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": client_address(request)}


class PerView(ScopedRateThrottle, Rated):
    """A view's own, stricter rate: its ``throttle_scope`` (``token``, ``import``), per user or address.
    DRF's ScopedRateThrottle reads the scope from the view, then hands over to Rated's counting."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        ident = caller(request) or client_address(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class PerAddressOnly(Rated):
    """A rate counted by address alone, whoever is signed in (a Django request does: META only)."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": client_address(request)}


class SignUps(PerAddressOnly):
    """Accounts created from one address (the sign-up page)."""

    scope = "signup"


class Joins(PerAddressOnly):
    """People joining a table from one address, on the page and through the API: an invite link
    passed around lets no flood of guests in (besides the members' cap, SCOREBOOK_MAX_MEMBERS)."""

    scope = "join"


# ---------------------------------------------------------------- failed sign-ins from one address

# The lockout of django-axes is per user name and address: one address trying many names (a spray)
# never meets it. This rate is per address, on failures only, and high enough for a table of
# friends behind one router who mistype (docs/security.md). It is checked before any password is
# hashed, by an authentication backend first in AUTHENTICATION_BACKENDS, so every sign-in that goes
# through django.contrib.auth.authenticate() meets it: the pages, the admin and /api/token/.

# What the backend marks a refused request with: the seconds to wait.
REFUSED = "scorebook_failures_wait"


class FailedSignIns(PerAddressOnly):
    """Failed sign-ins from one address: counted on each failure (``sign_in_failed``), looked at
    before each sign-in (``FailedSignInsBackend``) and sign-up."""

    scope = "signin_failures"

    def refuses(self, request: Any) -> bool:
        """Whether the address of *request* has failed its rate's worth already (then ``wait()``)."""
        key = self.get_cache_key(request, None)
        return key is not None and self.full(key)


class FailedSignInsBackend:
    """Refuses every sign-in from an address over its rate of failures, before the backends after
    it hash a password: raising PermissionDenied stops django.contrib.auth.authenticate(). The
    request is marked (``REFUSED``) for its answer: ``FailedSignInsAnswer`` on the pages and the
    admin, the view itself under /api/token/ (DRF's request is not the one middleware sees)."""

    def authenticate(self, request: Any, **credentials: Any) -> None:
        if request is None:
            return None
        failures = FailedSignIns()
        if failures.refuses(request):
            setattr(request, REFUSED, failures.wait())
            raise PermissionDenied("too many failed sign-ins from this address")
        return None


def sign_in_failed(sender: Any, credentials: Any, request: Any = None, **kwargs: Any) -> None:
    """A receiver of Django's user_login_failed: one failure more for the address (not one the
    address's rate refused unheard: a client that waits as told gets in)."""
    if request is not None and getattr(request, REFUSED, None) is None:
        failures = FailedSignIns()
        key = failures.get_cache_key(request, None)
        if key is not None:
            failures.count(key)


def refused_sign_in(request: Any) -> HttpResponse | None:
    """The 429 for a sign-in ``FailedSignInsBackend`` refused, or None."""
    wait = getattr(request, REFUSED, None)
    return None if wait is None else too_many(request, wait, "locked_out")


class FailedSignInsAnswer:
    """Middleware: a sign-in page (ours, the admin's) whose sign-in the address's failures refused
    answers 429, not the form's "wrong password"."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        refused = refused_sign_in(request)
        return response if refused is None else refused


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
    /api/, else a page, or to htmx the page's alert."""
    wait = retry_after(seconds)
    message = too_many_message(code, wait)
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"violations": [{"code": code, "message": message, "field": None, "severity": "error"}]}, status=429)
    elif getattr(request, "htmx", False):
        # htmx swaps a 429 (base.html's responseHandling) into the page's alert, whatever the form
        # aimed at (a refused write keeps the form as it was typed).
        response = render(request, "429.html#refusal", {"message": message}, status=429)
        response["HX-Retarget"], response["HX-Reselect"] = "#page-alert", "#refusal"
        response["HX-Reswap"] = "innerHTML show:top"  # the alert stays, a live region: its words change
    else:
        response = render(request, "429.html", {"message": message}, status=429)
    response["Retry-After"] = str(wait)
    return response


def locked_out(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE. Every failure while locked out starts the cool-off again, so a client
    that was just refused waits the whole of it."""
    return too_many(request, settings.AXES_COOLOFF_TIME.total_seconds(), "locked_out")
