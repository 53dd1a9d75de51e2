"""The people at a match's table: the owner's invite (a link and its QR code) and who joined, a
player joining from the link (signed in, or as a guest with just a name), and a member claiming
his seat. Every write is a call to ``scorebook.services``; who may do it is theirs to say."""

from __future__ import annotations

import functools
from datetime import timedelta
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from referee import roles
from referee.ledger import Rejected
from scorebook import limits, selectors, services
from scorebook.games.forms import number as typed_number
from scorebook.models import Match
from scorebook.sheets import violation_json
from scorebook.web.people import member_required, person_at, remember_guest


def _back(pk: int) -> HttpResponse:
    return redirect(reverse("web:match", args=[pk]) + "?panel=members#members")


def role_name(role: str) -> str:
    """A role in the reader's language ("зритель"): referee/roles.py names them in English."""
    return gettext(roles.ROLE_NAMES[role])


def invite_url(request: HttpRequest, match: Match) -> str | None:
    if not match.invite_token:
        return None
    return request.build_absolute_uri(reverse("web:join", args=[match.invite_token]))


@functools.lru_cache(maxsize=512)
def qr_svg(url: str) -> str:
    """The link as a QR code: inline SVG markup (no script, no style attribute: the CSP allows it).
    Drawn once per link and process: drawing it took a quarter of the owner's match page."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=5, border=2, svgclass="qr-code"))  # noqa: S308


# How many of the people at the table the owner's panel shows at a time.
MEMBERS_SHOWN = 10
# When a new invite link ends, as the owner's panel offers it (the form's value: hours; "": never).
INVITE_ENDS = {"": None, "1": timedelta(hours=1), "24": timedelta(days=1), "168": timedelta(weeks=1)}
INVITE_END_NAMES = {"": pgettext_lazy("invite link ends", "never"),
                    "1": pgettext_lazy("invite link ends", "in an hour"),
                    "24": pgettext_lazy("invite link ends", "in a day"),
                    "168": pgettext_lazy("invite link ends", "in a week")}


def people_context(request: HttpRequest, match: Match, role: str | None) -> dict[str, Any]:
    """What the match page shows of the table: for the owner the invite and who joined; for a member
    with a seat to claim, his membership. (Never kept rendered: the owner's panels hold forms, and
    forms carry their reader's CSRF token.)"""
    out: dict[str, Any] = {"table_seats": list(enumerate(match.players))}
    if roles.may(role, roles.MANAGE):
        url = invite_url(request, match)
        # Paged: a table holds at most SCOREBOOK_MAX_MEMBERS, shown MEMBERS_SHOWN at a time (one more
        # read than shown says whether a next page follows: no count of them all).
        number = typed_number(request.GET.get("members"))
        page = number if isinstance(number, int) and number >= 1 else 1
        shown = list(selectors.members_of(match)[(page - 1) * MEMBERS_SHOWN:page * MEMBERS_SHOWN + 1])
        ends = match.invite_expires
        out |= {"invite_url": url, "invite_qr": qr_svg(url) if url else "", "members": shown[:MEMBERS_SHOWN],
                "invite_ends": list(INVITE_END_NAMES.items()),
                "invite_expired": ends is not None and ends <= timezone.now(),
                "members_page": {"number": page, "previous": page - 1 if page > 1 else None,
                                 "next": page + 1 if len(shown) > MEMBERS_SHOWN else None},
                "grantable": [(r, role_name(r)) for r in roles.GRANTABLE],
                "invite_role_name": role_name(match.invite_role)}
    person = getattr(request, "person", request.user)
    # The owner is nobody's member (he keeps the book, with no seat of his own): nothing to read.
    out["me"] = None if role == roles.OWNER else selectors.membership_of(match, person)
    return out


@login_required
@require_POST
def invite_renew(request: HttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.user, pk)
    ends = request.POST.get("expires_in", "")
    if ends not in INVITE_ENDS:  # only a forged form sends another: the invite stays as it was
        messages.error(request, gettext("Choose when the invite link ends: never, in an hour, a day or a week."))
        return _back(pk)
    try:
        services.invite_renew(match=match, by=request.user, role=request.POST.get("role") or None,
                              expires_in=INVITE_ENDS[ends])
    except Rejected:
        pass  # only a forged form sends another role: the invite stays as it was
    return _back(pk)


@login_required
@require_POST
def invite_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    services.invite_revoke(match=selectors.match_of(request.user, pk), by=request.user)
    return _back(pk)


@login_required
@require_POST
def member_role(request: HttpRequest, pk: int, member: int) -> HttpResponse:
    match = selectors.match_of(request.user, pk)
    try:
        services.member_role(match=match, member=member, role=request.POST.get("role", ""), by=request.user)
    except Rejected:
        pass  # a forged form: nothing changes
    return _back(pk)


@login_required
@require_POST
def member_remove(request: HttpRequest, pk: int, member: int) -> HttpResponse:
    services.member_remove(match=selectors.match_of(request.user, pk), member=member, by=request.user)
    return _back(pk)


@member_required
@require_POST
def seat_claim(request: HttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.person, pk)  # type: ignore[attr-defined]
    seat = typed_number(request.POST.get("seat"))
    try:
        services.seat_claim(match=match, by=request.person, seat=seat if isinstance(seat, int) else None)  # type: ignore[attr-defined]
    except Rejected as rejected:
        messages.error(request, violation_json(rejected.violations[0], match.players)["message"])
    return redirect(reverse("web:match", args=[pk]) + "#my-seat")


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """The invite link: who is signed in joins at once (after a tap); anyone else joins as a guest
    with a name, or signs in first."""
    match = selectors.invited(token)
    person = person_at(request, match.pk)
    if person is not None and selectors.role_of(match, person) is not None:
        return redirect("web:match", pk=match.pk)
    errors: list[str] = []
    name = ""
    if request.method == "POST":
        name = request.POST.get("name", "")
        # Counted per address when someone is about to join (the API's joins too).
        rate = limits.Joins()
        if not rate.allow_request(request, None):
            return limits.too_many(request, rate.wait())
        try:
            member = services.match_join(token=token, user=request.user, name=name)
        except Rejected as rejected:
            errors = [violation_json(v, match.players)["message"] for v in rejected.violations]
        else:
            if member is not None and member.user_id is None:
                remember_guest(request, member)
            return redirect(reverse("web:match", args=[match.pk]) + "#my-seat")
    login = reverse("web:login") + "?next=" + reverse("web:join", args=[token])
    context = {"match": match, "role_name": role_name(match.invite_role), "errors": errors, "name": name,
               "login_url": login}
    return render(request, "scorebook/join.html", context, status=400 if errors else 200)
