"""Three middlewares of the site's edge (scorebook/settings.py's MIDDLEWARE).

``ContentSecurityPolicy``: django-csp's, except on an answer without a body (a poll's 204, a 304),
which loads nothing for a policy to govern.

``NoStore``: ``Cache-Control: no-store`` on every answer that carries a secret or someone's match.

``DomainErrors``: what the write path and the reads refuse (scorebook/errors.py) as Django's own
404 and a 403 page of ours, so the pages answer them in the site's frame and the reader's language;
an expired invite as a 404 page that says so. (The API answers them itself: scorebook/api/errors.py.)

``PageWrites``: every write of the pages counts against its writer's rate, the API's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from csp.middleware import CSPMiddleware
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _

from scorebook import limits, selectors
from scorebook.errors import InviteExpired, NotAllowed, NotFound
from scorebook.models import Match
from scorebook.web.people import counted_as
from scorebook.web.table import role_name

# Answers that carry no body: a policy governs what a page loads, and these load nothing.
NO_BODY = (204, 304)


class ContentSecurityPolicy(CSPMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.status_code in NO_BODY:
            return response
        return super().process_response(request, response)


# Pages whose answer is a secret or a whole match: the API token page (the token itself) and the
# exports. Every answer of the API is someone's (his matches, his token, a guest's key) but for its
# schema and docs, the same for everyone.
NEVER_STORED_PAGES = frozenset({"web:api-token", "web:match-export-json", "web:match-export-csv"})
PUBLIC_API = frozenset({"api:schema", "api:docs"})


class NoStore:
    """No cache keeps these answers, a shared proxy's nor the browser's (finding 15 of the second
    security pass): Django's ``never_cache`` headers, decided here by the view's name, in one place.
    Every answer of the API, a refusal included, whoever asks: one that carried no credentials is a
    401, and whether a request is someone's is DRF's to say, inside the view."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        view = request.resolver_match  # None when no address matched: a 404 of Django's, nothing kept there
        if view is not None and (view.view_name in NEVER_STORED_PAGES
                                 or (view.namespaces[:1] == ["api"] and view.view_name not in PUBLIC_API)):
            add_never_cache_headers(response)
        return response


class DomainErrors:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, InviteExpired):  # a 404 as a revoked one's, but the guest learns to ask again
            return render(request, "scorebook/invite_expired.html", status=404)
        if isinstance(exception, NotFound):
            raise Http404(str(exception)) from exception
        if isinstance(exception, NotAllowed):
            return not_allowed(request)
        return None  # any other exception: Django's to answer


def not_allowed(request: HttpRequest) -> HttpResponse:
    """403 in the site's frame and the reader's language, saying his role at the table and leading
    back to the match's sheet (the API's words for it: scorebook/api/errors.py); to htmx, the words
    alone into the page's alert, as a 429's (base.html's responseHandling swaps a 403)."""
    person = getattr(request, "person", request.user)
    pk = request.resolver_match.kwargs.get("pk") if request.resolver_match else None
    match = Match.objects.filter(pk=pk).first() if isinstance(pk, int) else None
    role = selectors.role_of(match, person) if match else None
    context = {"message": _("Your role at this match does not allow this."),
               "role_name": role_name(role) if role else "",
               "back_url": reverse("web:match", args=[pk]) if role else ""}
    if getattr(request, "htmx", False):
        response = render(request, "403.html#refusal", context, status=403)
        response["HX-Retarget"], response["HX-Reselect"] = "#page-alert", "#refusal"
        response["HX-Reswap"] = "innerHTML show:top"
        return response
    return render(request, "403.html", context, status=403)


# Pages that write but are not counted here: signing in and up have limits of their own (per
# address), and signing out must work whatever a client did before.
UNRATED = {"login", "logout", "signup"}
READS = {"GET", "HEAD", "OPTIONS", "TRACE"}


class PageWrites:
    """Every write of the pages (any request but a read to a page of the namespace ``web``: a deal
    entered, edited or undone, confirmed or rejected, the table's and the match's changes, a
    preview's replay too) by a signed-in user or a guest counts against the API's per-user rate, on
    the API's counter for him (``limits.PerUser``): 1,722 deals were posted through the page in 30 s
    from one user when only the API was counted. A write over it answers 429, before the view runs.
    Here rather than on each view, so a page added later is counted without anyone remembering to."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: dict[str, Any]) -> Any:
        page = request.resolver_match
        if request.method in READS or page is None or page.namespaces[:1] != ["web"] or page.url_name in UNRATED:
            return None
        pk = kwargs.get("pk")
        writer = counted_as(request, pk if isinstance(pk, int) else None)
        rate = limits.PerUser()
        if writer is None or rate.admit_person(writer):
            return None
        return limits.too_many(request, rate.wait())
