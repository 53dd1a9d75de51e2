"""Confirmation mode on the match page: what waits for this person (a deal to confirm or reject, a
proposal, their own deal sent back with its reason), the confirm and reject buttons, and the owner
setting the table's option. Shown outside the sheet every reader shares (``{% cache %}``): who
may confirm what depends on who is looking. Every write is a call to ``scorebook.services``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from referee import roles
from referee.ledger import Rejected
from scorebook import selectors, services
from scorebook.games.forms import number as typed_number
from scorebook.models import Match
from scorebook.sheets import violation_json
from scorebook.web.people import member_required


def waiting_context(request: HttpRequest, match: Match, role: str | None) -> dict[str, Any]:
    """What waits at *match*, each item with what the person looking may do about it."""
    if not match.confirmation:
        return {"waiting": []}
    person = getattr(request, "person", request.user)
    membership = selectors.membership_of(match, person)
    seat = membership.seat if membership is not None else None
    items = []
    for deal in selectors.waiting_deals(match):
        if deal.status == roles.REJECTED:
            own = selectors.wrote(deal, person, membership)
            items.append({"number": deal.number, "kind": "rejected", "reason": deal.reason, "own": own,
                          "may_edit": own or roles.may(role, roles.AMEND)})
            continue
        if deal.status == roles.PENDING:
            from_seat, own = deal.seat, selectors.wrote(deal, person, membership)
            kind, void = "pending", deal.voided
        else:
            proposal = deal.proposal or {}
            from_seat, own = proposal.get("seat"), selectors.proposed_by(proposal, person, membership)
            kind, void = "proposal", proposal.get("entry") is None
        items.append({"number": deal.number, "kind": kind, "void": void, "own": own,
                      "from": match.players[from_seat] if from_seat is not None else None,
                      "may_confirm": roles.may_confirm(role, seat, from_seat, own)})
    return {"waiting": items}


def _at_deal(pk: int, number: int) -> str:
    return reverse("web:match", args=[pk]) + f"#deal-{number}"


def _refused(request: HttpRequest, match: Match, rejected: Rejected) -> None:
    for violation in rejected.violations:
        messages.error(request, violation_json(violation, match.players)["message"])


def _step(request: HttpRequest) -> dict[str, Any]:
    expected = typed_number(request.POST.get("expected_version"))
    return {"expected_version": expected if isinstance(expected, int) else None,
            "client_id": request.POST.get("client_id") or None}


@member_required
@require_POST
def deal_confirm(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _step_taken(request, pk, number, services.deal_confirm)


@member_required
@require_POST
def deal_reject(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _step_taken(request, pk, number, services.deal_reject, reason=request.POST.get("reason", ""))


def _step_taken(request: HttpRequest, pk: int, number: int, step: Callable[..., Any], **given: Any) -> HttpResponse:
    """Deal *number* confirmed or rejected (*step*) by this request's person; a refusal said on the page."""
    person = request.person  # type: ignore[attr-defined]
    match = selectors.match_of(person, pk)
    try:
        step(match=match, number=number, author=person, **given, **_step(request))
    except Rejected as rejected:
        _refused(request, match, rejected)
    except services.VersionConflict:
        messages.error(request, _changed())
    except services.ClientIdReused as reused:
        # The API's 409 (scorebook/api/errors.py), said on a page: the id names another write of this
        # match, so this step is not that write sent again, and nothing was stored.
        return render(request, "409.html", {"message": gettext(reused.message), "back_url": _at_deal(pk, number)},
                      status=409)
    return redirect(_at_deal(pk, number))


def _changed() -> str:
    return gettext("Someone else changed this match meanwhile: the sheet is up to date now, look again.")


@login_required
@require_POST
def match_confirmation(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner turns confirmation mode on or off and sets the correction window."""
    match = selectors.match_of(request.user, pk)
    window = typed_number(request.POST.get("correction_window"))
    try:
        services.match_confirmation(match=match, confirmation=request.POST.get("confirmation") == "on",
                                         correction_window=window, by=request.user)
    except Rejected as rejected:
        _refused(request, match, rejected)
    return redirect(reverse("web:match", args=[pk]) + "?panel=members#members")
