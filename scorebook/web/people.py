"""Who is at the table in a request: a signed-in user, or a guest whose browser's session holds his
membership of the match (so no password and no account). ``member_required`` puts that person on
the request for a view of one match; anyone else is sent to sign in, as ``login_required`` does.
``member_poll`` does the same for a poll, and answers it 204 while nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse

from scorebook import selectors, services
from scorebook.models import Member

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


def attach_guests(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """``user_logged_in``: a guest who signs in keeps his places at the tables he joined, now under
    his account (connected in ``ScorebookConfig.ready``)."""
    if request is not None and hasattr(request, "session"):
        places = guest_places(request)
        if places:
            services.guests_attach(user=user, members=[p for p in places.values() if isinstance(p, int)],
                                   keys=[p for p in places.values() if isinstance(p, str)])
            request.session.pop(GUESTS, None)
