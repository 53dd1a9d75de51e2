"""Who is at the table in a request: a signed-in user, or a guest whose browser's session holds his
membership of the match (so no password and no account). ``member_required`` puts that person on
the request for a view of one match; anyone else is sent to sign in, as ``login_required`` does.
``member_poll`` does the same for a poll, and answers it 204 while nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.functional import SimpleLazyObject
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.ledger import Rejected
from scorebook import limits, selectors, services
from scorebook.models import Member
from scorebook.sheets import violation_json

# The session's guest places: {"<match pk>": <membership pk>}. The session is the guest's credential
# at the pages; his key (for the API) is kept nowhere (scorebook/models.py KeyDigestField).
GUESTS = "scorebook_guests"


def guest_places(request: HttpRequest) -> dict[str, Any]:
    places = request.session.get(GUESTS)
    return dict(places) if isinstance(places, dict) else {}


def remember_guest(request: HttpRequest, member: Member) -> None:
    request.session[GUESTS] = guest_places(request) | {str(member.match_id): member.pk}


def _guest_at(request: HttpRequest, pk: int) -> Member | None:
    place = guest_places(request).get(str(pk))
    if isinstance(place, str):
        # A session from before the places were kept by membership: it held the guest's key.
        guest = selectors.guest_by_key(place)
        if guest is None or guest.match_id != pk:
            return None
        remember_guest(request, guest)
        return guest
    return selectors.guest_of(pk, place if isinstance(place, int) else None)


def person_at(request: HttpRequest, pk: int) -> Any:
    """The person acting at match *pk*: the signed-in user, else this browser's guest (or None)."""
    if request.user.is_authenticated:
        return request.user
    return _guest_at(request, pk)


def counted_as(request: HttpRequest, pk: int | None) -> str | None:
    """Who a page's write is counted as on the API's per-user counter (``limits.PerUser``): the
    signed-in user, else the guest whose place at match *pk* this browser's session holds (read
    from the session alone, no query; a session from before the places were kept by membership is
    counted from its next request on, once ``person_at`` has moved it on), else nobody."""
    if request.user.is_authenticated:
        return limits.caller(request)
    place = guest_places(request).get(str(pk)) if pk is not None else None
    return limits.as_guest(place) if isinstance(place, int) else None


def _nobody(request: HttpRequest) -> HttpResponse:
    if getattr(request, "htmx", False):
        # A poll (or a form) of a page whose guest was removed meanwhile: htmx would swap the
        # sign-in page into the sheet; a 404 leaves the page as it is, as for a removed user.
        raise Http404("no such match")
    return redirect_to_login(request.get_full_path())


def member_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view of one match (``pk``) runs with ``request.person``; nobody at all signs in first.
    Whether that person may read the match is the selectors' to say (not found if not)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        person = person_at(request, int(kwargs["pk"]))
        if person is None:
            return _nobody(request)
        request.person = person  # type: ignore[attr-defined]
        return view(request, *args, **kwargs)

    return wrapped


def member_poll(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``member_required`` for a poll of one match: 204 (nothing to swap) while ``since`` is the
    match's version — read from its version entry in the cache, no query on the match, once the
    database said the person may read it (``selectors.poll_version``) — else the view."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        pk = int(kwargs["pk"])
        person = person_at(request, pk)
        if person is None:
            return _nobody(request)
        request.person = person  # type: ignore[attr-defined]
        if request.GET.get("since") == str(selectors.poll_version(person, pk)):
            return HttpResponse(status=204)
        return view(request, *args, **kwargs)

    return wrapped


def places_to_attach(request: HttpRequest) -> list[Member]:
    """The guest places this browser's session holds, to offer its signed-in user: they are his only
    once he says so (a session planted in his browser must not hand him someone else's place). Each
    says whether he sits at another seat of its table already (``two_seats``: merged, or not at all)."""
    user = request.user
    places = guest_places(request) if user.is_authenticated else {}
    ids = [place for place in places.values() if isinstance(place, int)]
    if not ids or not user.is_authenticated:
        return []
    found = list(Member.objects.filter(pk__in=ids, user__isnull=True).select_related("match").order_by("pk"))
    seats = dict(Member.objects.filter(user=user, match__in=[place.match_id for place in found])
                 .values_list("match_id", "seat"))
    for place in found:
        own = seats.get(place.match_id)
        place.two_seats = None not in (own, place.seat) and own != place.seat  # type: ignore[attr-defined]
    return found


def guest_places_context(request: HttpRequest) -> dict[str, Any]:
    """A context processor: the guest places to offer (read only where a page shows them)."""
    return {"guest_places": SimpleLazyObject(lambda: places_to_attach(request))}


def forget_guest_places(request: HttpRequest) -> None:
    request.session.pop(GUESTS, None)


@login_required
@require_POST
def guest_places_taken(request: HttpRequest) -> HttpResponse:
    """The signed-in user takes over the guest places his browser holds (his deals as a guest become
    his), merging where he already sits at another seat if he says so; or forgets them."""
    places = places_to_attach(request)
    if request.POST.get("action") == "attach" and places:
        try:
            services.guests_attach(user=request.user, members=[place.pk for place in places],
                                   merge=request.POST.get("merge") == "1")
        except Rejected as rejected:
            for violation in rejected.violations:
                messages.error(request, violation_json(violation)["message"])
            return redirect(_back(request))
        messages.success(request, _("Your places as a guest are your account's now."))
    forget_guest_places(request)
    return redirect(_back(request))


def _back(request: HttpRequest) -> str:
    """The page the form was sent from, when it is one of this site's (else home)."""
    back = request.POST.get("next") or ""
    return back if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}) else "/"
