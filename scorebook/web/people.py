"""Who is at the table in a request: a signed-in user, or a guest whose browser keeps his key for
the match (in the session, so no password and no account). ``member_required`` puts that person on
the request for a view of one match; anyone else is sent to sign in, as ``login_required`` does.
``member_poll`` does the same for a poll, and answers it 204 while nothing changed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.signals import user_logged_in
from django.contrib.auth.views import redirect_to_login
from django.dispatch import receiver
from django.http import Http404, HttpRequest, HttpResponse

from scorebook import accounts_cache, caches, selectors, services
from scorebook.sessions import SessionStore

# The session's guest keys: {"<match pk>": "<guest key>"}.
GUESTS = "scorebook_guests"


def guest_keys(request: HttpRequest) -> dict[str, str]:
    keys = request.session.get(GUESTS)
    return dict(keys) if isinstance(keys, dict) else {}


def remember_guest(request: HttpRequest, pk: int, key: str) -> None:
    request.session[GUESTS] = guest_keys(request) | {str(pk): key}


def person_at(request: HttpRequest, pk: int, joined: list[caches.Joined] | None = None) -> Any:
    """The person acting at match *pk*: the signed-in user, else this browser's guest (or None).
    *joined*: who joined the match, when the caller already has it from the cache."""
    if request.user.is_authenticated:
        return request.user
    return selectors.guest_of(pk, guest_keys(request).get(str(pk)), joined)


def _nobody(request: HttpRequest) -> HttpResponse:
    if getattr(request, "htmx", False):
        # A poll (or a form) of a page whose guest was removed meanwhile: htmx would swap the
        # sign-in page into the sheet; a 404 leaves the page as it is, as for a removed user.
        raise Http404("no such match")
    return redirect_to_login(request.get_full_path())


def member_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view of one match (``pk``) runs with ``request.person``; nobody at all signs in first.
    Whether that person may read the match is the selectors' to say (a 404 if not)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        person = person_at(request, int(kwargs["pk"]))
        if person is None:
            return _nobody(request)
        request.person = person  # type: ignore[attr-defined]
        return view(request, *args, **kwargs)

    return wrapped


@dataclasses.dataclass
class _AtOnce:
    """What a page or a poll reads of the cache for the session, along with its own entries in one
    round trip: the session's entry (scorebook/sessions.py) and the user the last answer found in it
    (``USER_HINT``, with his epoch). Only with a shared cache; else nothing (``keys`` empty)."""

    shared: bool
    session: SessionStore | None
    session_key: str | None
    hint: str
    keys: list[str]

    @classmethod
    def of(cls, request: HttpRequest) -> _AtOnce:
        shared, session = accounts_cache.enabled(), request.session
        cached = session if shared and isinstance(session, SessionStore) else None
        session_key = cached.kept_key() if cached is not None else None
        hint = request.COOKIES.get(USER_HINT, "")
        named = shared and hint.isascii() and hint.isdigit() and len(hint) < 20
        keys = [key for key in (session_key, accounts_cache.user_key(hint) if named else None) if key is not None]
        return cls(shared, cached, session_key, hint, keys)

    def person(self, request: HttpRequest, pk: int, found: dict[str, Any],
               joined: list[caches.Joined] | None) -> tuple[Any, Any]:
        """The user id the session names and the person acting at match *pk* (``person_at``; None:
        nobody), the session given its entry and the users theirs from *found* (the caller's read).
        The session is read before anything asks who the user is (the epoch's check waits for that
        question: scorebook/accounts.py). The session decides; the hint only saved a trip (a hint
        naming someone else was read, and is not used; a user it did not name is read in a second
        trip)."""
        if self.session is not None and self.session_key is not None:
            self.session.preload(found.get(self.session_key))
        user_id = request.session.get(SESSION_KEY)
        with accounts_cache.read_already({key: found.get(key) for key in self.keys}):
            return user_id, person_at(request, pk, joined)

    def hint_next(self, answer: HttpResponse, user_id: Any) -> None:
        """The user *user_id* named on *answer* for the next read (the hint deleted: nobody signed in)."""
        wanted = str(user_id) if user_id is not None and self.shared else ""
        if wanted == self.hint:
            return
        if wanted:
            answer.set_cookie(USER_HINT, wanted, max_age=settings.SESSION_COOKIE_AGE, httponly=True,
                              secure=settings.SESSION_COOKIE_SECURE, samesite="Lax")
        else:
            answer.delete_cookie(USER_HINT, samesite="Lax")


# The signed-in user's id, set by the match page and the poll for the next one: it reads the user's
# entry in the same round trip as the session. Not a credential: the session alone says who is signed in.
USER_HINT = "scorebook_poll_user"


def member_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``member_required`` for the match page, which reads its match whole: with a shared cache the
    session, its user, the match's entry, its kept row and who joined it come in one round trip to
    the cache (``_AtOnce``, ``caches.page_read``), handed to the view as ``found``; each is checked as
    every other request checks it (``person_at``, ``selectors.match_kept``)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        pk = int(kwargs["pk"])
        at_once = _AtOnce.of(request)
        found = caches.page_read(pk, at_once.keys)
        user_id, person = at_once.person(request, pk, found, caches.joined_in(pk, found))
        if person is None:
            return _nobody(request)
        request.person = person  # type: ignore[attr-defined]
        answer = view(request, *args, found=found, **kwargs)
        at_once.hint_next(answer, user_id)
        return answer

    return wrapped


def member_poll(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``member_required`` for a poll of one match: 204 (nothing to swap) while ``since`` is the
    match's version, else the view, given the match's entry it read (``seen``; None: not in the
    cache). With a shared cache that costs one round trip to it: the
    session, its user, the match's entry and who joined it, at once (``_AtOnce``,
    ``caches.seen_and_members``); each is checked as every other request checks it (``person_at``,
    ``selectors.my_version``)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        pk = int(kwargs["pk"])
        at_once = _AtOnce.of(request)
        seen, joined, found = caches.seen_and_members(pk, at_once.keys)
        user_id, person = at_once.person(request, pk, found, joined)
        if person is None:
            answer = _nobody(request)
        else:
            request.person = person  # type: ignore[attr-defined]
            if request.GET.get("since") == str(selectors.my_version(person, pk, (seen, joined))):
                answer = HttpResponse(status=204)
            else:
                answer = view(request, *args, seen=seen, **kwargs)
        at_once.hint_next(answer, user_id)
        return answer

    return wrapped


@receiver(user_logged_in)
def attach_guests(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """A guest who signs in keeps his places at the tables he joined, now under his account."""
    if request is not None and hasattr(request, "session"):
        keys = guest_keys(request)
        if keys:
            services.guests_attach(user=user, keys=list(keys.values()))
            request.session.pop(GUESTS, None)
