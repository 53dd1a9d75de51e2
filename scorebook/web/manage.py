"""Looking after matches and players: a match renamed, archived or restored, played again (a
rematch), the last deal undone; a recurring player renamed or merged into another.

Every one is a POST that calls ``scorebook.services`` and goes back to a page with a message.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee import roles
from referee.ledger import Rejected
from scorebook import selectors, services
from scorebook.games.forms import number as typed_number
from scorebook.sheets import on_deal, violation_messages


def _refused(request: HttpRequest, rejected: Rejected, players: list[str] | None = None) -> None:
    for message in violation_messages(rejected.violations, players or []):
        messages.error(request, message)


@login_required
@require_POST
def match_rename(request: HttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.user, pk)
    try:
        services.match_rename(match=match, name=request.POST.get("name", ""), by=request.user)
    except Rejected as rejected:
        _refused(request, rejected)
    else:
        messages.success(request, _("The match is renamed."))
    return redirect("web:match", pk=match.pk)


@login_required
@require_POST
def match_archive(request: HttpRequest, pk: int) -> HttpResponse:
    """Archive (``archived=1``) or restore (``archived=0``) a match."""
    match = selectors.match_of(request.user, pk)
    archived = request.POST.get("archived", "1") != "0"
    services.match_archive(match=match, archived=archived, by=request.user)
    if archived:
        messages.success(request, _("The match is archived: find it under “Archived” in the filters, "
                                    "where it can be restored."))
        return redirect("web:home")
    messages.success(request, _("The match is back in your matches."))
    return redirect("web:match", pk=match.pk)


@login_required
@require_POST
def match_rematch(request: HttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.user, pk)
    selectors.require(match, request.user, roles.MANAGE)
    try:
        again = services.match_next_game(match=match, owner=request.user)
    except Rejected as rejected:
        _refused(request, rejected, match.players)
        return redirect("web:match", pk=match.pk)
    messages.success(request, _("A new match with the same players and rules."))
    return redirect("web:match", pk=again.pk)


@login_required
@require_POST
def deal_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Void the last deal still counted (the services refuse it like any other void)."""
    match = selectors.match_of(request.user, pk)
    number = selectors.last_counted_deal(match)
    expected = typed_number(request.POST.get("expected_version"))
    if number is None:
        messages.error(request, _("There is no deal to undo."))
        return redirect("web:match", pk=match.pk)
    try:
        services.deal_void(match=match, number=number, author=request.user,
                           expected_version=expected if isinstance(expected, int) else None)
    except Rejected as rejected:
        for message in violation_messages(rejected.violations, match.players):
            messages.error(request, on_deal(number, message))
    except services.VersionConflict:
        messages.error(request, _("Someone else changed this match meanwhile: the sheet is up to date now, "
                                  "check it and undo again if you still want to."))
    else:
        messages.success(request, _("Deal %(number)s is voided: it stays in the history and can be restored "
                                    "from its row.") % {"number": number})
    return redirect(reverse("web:match", args=[match.pk]) + "#entry-title")


@login_required
@require_POST
def player_rename(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(selectors.players_of(request.user), pk=pk)
    try:
        services.player_rename(player=player, name=request.POST.get("name", ""))
    except Rejected as rejected:
        _refused(request, rejected)
    else:
        messages.success(request, _("The player is renamed."))
    return redirect("web:player", pk=player.pk)


@login_required
@require_POST
def player_merge(request: HttpRequest, pk: int) -> HttpResponse:
    """Merge the player of this page into the one picked (``into``): his seats move there."""
    players = selectors.players_of(request.user)
    source = get_object_or_404(players, pk=pk)
    into = typed_number(request.POST.get("into"))
    target = players.filter(pk=into).first() if isinstance(into, int) else None
    if target is None:
        messages.error(request, _("Pick the player to merge into."))
        return redirect("web:player", pk=source.pk)
    name = source.name
    try:
        services.player_merge(source=source, target=target)
    except Rejected as rejected:
        _refused(request, rejected)
        return redirect("web:player", pk=source.pk)
    messages.success(request, _("%(source)s and %(target)s are one player now.") % {"source": name,
                                                                                   "target": target.name})
    return redirect("web:player", pk=target.pk)
