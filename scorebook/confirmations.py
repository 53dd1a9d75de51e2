"""Confirmation mode's own writes (``Match.confirmation``): a pending deal or a change proposed for
a deal confirmed or rejected from another seat than the one it came from, a change proposed for a
confirmed deal, and the table's option turned on or off. Each is a write like any other, made of the
write path's steps in ``scorebook.services`` (the transaction, the version claimed, the history,
the cache told); an amendment or a void in confirmation mode stays ``services.deal_replace`` and
``services.deal_void``, which take it at once, pending again or as a proposal (``roles.correction``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from referee import roles
from referee.ledger import Rejected, _, error
from scorebook import caches
from scorebook.models import Deal, Match, Member, Revision
from scorebook.selectors import membership_of, proposed_by, role_of, wrote
from scorebook.services import (
    MAX_REASON,
    SameWrite,
    Written,
    _allowed,
    _canonical,
    _check_not_repeated,
    _claim,
    _find,
    _guest,
    _propose,
    _same_entry,
    _save,
    _status_written,
    _stopped_at,
    _user,
    _written_once,
    table_options_refused,
    text_refused,
)


def _confirmer(match: Match, deal: Deal, author: Any) -> None:
    """*author* may confirm or reject what waits at *deal* (a pending deal, else its proposal).
    :raises Rejected: nothing waits there; PermissionDenied: their own, or from their seat."""
    if deal.status != roles.PENDING and deal.proposal is None:
        raise Rejected([error("nothing_to_confirm", _("Deal %(number)s waits for no confirmation."), None,
                              number=deal.number)])
    if author is None:
        return
    membership = membership_of(match, author)
    seat = membership.seat if membership is not None else None
    if deal.status == roles.PENDING:
        from_seat, own = deal.seat, wrote(deal, author, membership)
    else:
        from_seat, own = (deal.proposal or {}).get("seat"), proposed_by(deal.proposal or {}, author, membership)
    if not roles.may_confirm(role_of(match, author), seat, from_seat, own):
        raise PermissionDenied("another seat confirms this")


def _waiting_at(match: Match, number: int, expected_version: int | None, client_id: str | None,
                same: SameWrite, author: Any) -> tuple[Match, list[Deal], Deal]:
    """A confirmation's or a rejection's start: the match claimed, its deals, deal *number* with
    something waiting at it that *author* may confirm or reject. :raises: as ``_confirmer``"""
    claimed = _claim(match, expected_version)
    _check_not_repeated(claimed, client_id, same)
    deals = list(claimed.deals.order_by("number"))
    deal = _find(deals, number)
    _confirmer(claimed, deal, author)
    return claimed, deals, deal


def deal_confirm(*, match: Match, number: int, expected_version: int | None = None,
                 client_id: str | None = None, author: Any = None) -> Written:
    """Confirm deal *number* (pending: it is confirmed) or the change proposed for it (applied: the
    match is replayed), from another seat than the one it came from.
    :raises DealNotFound, VersionConflict, Rejected, PermissionDenied, Http404:"""
    _allowed(match, author, roles.CONFIRM)

    def write(same: SameWrite) -> Written:
        claimed, deals, deal = _waiting_at(match, number, expected_version, client_id, same, author)
        if deal.status == roles.PENDING:
            deal.status, deal.confirmed_at = roles.CONFIRMED, timezone.now()
            deal.save(update_fields=["status", "confirmed_at", "updated_at"])
            _status_written(claimed, deal, Revision.CONFIRMED, author, client_id)
            return Written(deal=deal, match=claimed)
        return _applied(claimed, deals, deal, author, client_id)

    return _written_once(write, match, client_id, lambda revision: revision.deal.number == number
                         and revision.kind in (Revision.CONFIRMED, Revision.APPLIED))


def _applied(match: Match, deals: Sequence[Deal], deal: Deal, author: Any, client_id: str | None) -> Written:
    """*deal*'s proposal confirmed by *author*: written as its proposer's amendment or void."""
    proposal = deal.proposal or {}
    entry = proposal.get("entry")
    proposer: Any = None
    if proposal.get("member") is not None:
        proposer = Member.objects.filter(pk=proposal["member"], user__isnull=True).first()
    if proposer is None and proposal.get("user") is not None:
        proposer = get_user_model().objects.filter(pk=proposal["user"]).first()
    stopped = _stopped_at(match, deals)
    Revision.objects.create(match=match, deal=deal, kind=Revision.APPLIED, entry=entry or deal.entry,
                            version=match.version, author=_user(author), member=_guest(author),
                            client_id=client_id or None)
    if entry is None:
        deal.voided = True
    else:
        deal.entry, deal.voided = entry, False
    deal.proposal, deal.confirmed_at = None, timezone.now()
    deal.author, deal.member, deal.seat = _user(proposer), _guest(proposer), proposal.get("seat")
    return _save(match, deals, deal, Revision.VOIDED if entry is None else Revision.AMENDED, proposer, None, stopped)


def deal_reject(*, match: Match, number: int, reason: str, expected_version: int | None = None,
                client_id: str | None = None, author: Any = None) -> Written:
    """Reject deal *number* (pending: it counts for nothing, sent back to its author to amend) or the
    change proposed for it (dropped), saying why. :raises DealNotFound, VersionConflict, Rejected:
    (no reason, or one the text rule refuses), PermissionDenied, Http404:"""
    _allowed(match, author, roles.CONFIRM)
    reason = unicodedata.normalize("NFC", (reason or "").strip())
    if not reason:
        raise Rejected([error("reason_needed", _("Say why it is rejected."), "reason")])
    if (bad := text_refused(reason, MAX_REASON, "reason")) is not None:
        raise Rejected([bad])

    def write(same: SameWrite) -> Written:
        claimed, deals, deal = _waiting_at(match, number, expected_version, client_id, same, author)
        if deal.status == roles.PENDING:
            stopped = _stopped_at(claimed, deals)
            deal.status, deal.reason = roles.REJECTED, reason
            # Always taken: a later deal the rules refuse without this one stops the replay there,
            # shown for mending (as a deal stored under older rules is).
            return _save(claimed, deals, deal, Revision.REJECTED, author, client_id, stopped, reason=reason,
                         always=True)
        proposed = (deal.proposal or {}).get("entry")
        deal.proposal = None
        deal.save(update_fields=["proposal", "updated_at"])
        _status_written(claimed, deal, Revision.DROPPED, author, client_id, entry=proposed, reason=reason)
        return Written(deal=deal, match=claimed)

    return _written_once(write, match, client_id, lambda revision: revision.deal.number == number
                         and revision.kind in (Revision.REJECTED, Revision.DROPPED) and revision.reason == reason)


def deal_propose(*, match: Match, number: int, entry: Any = None, void: bool = False,
                 expected_version: int | None = None, client_id: str | None = None, author: Any = None) -> Written:
    """Propose *entry* for confirmed deal *number* (or, with *void*, voiding it), whoever may
    correct it directly: the entry in force counts until another seat confirms the change.
    :raises DealNotFound, VersionConflict, Rejected, PermissionDenied, Http404:"""
    _allowed(match, author, roles.PROPOSE)
    if not match.confirmation:
        raise Rejected([error("no_confirmation", _("This match is not in confirmation mode: correct the deal instead."),
                              None)])
    if (entry is None) != void:
        raise Rejected([error("entry_or_void", _("Propose an entry, or voiding the deal: one of the two."), "entry")])

    def write(same: SameWrite) -> Written:
        claimed = _claim(match, expected_version)
        _check_not_repeated(claimed, client_id, same)
        deals = list(claimed.deals.order_by("number"))
        deal = _find(deals, number)
        return _propose(claimed, deals, deal, None if void else _canonical(claimed, entry, number), author, client_id)

    def same(revision: Revision) -> bool:
        if void:
            return revision.deal.number == number and revision.kind == Revision.PROPOSED_VOID
        return revision.deal.number == number and _same_entry(match, revision, Revision.PROPOSED, entry)

    return _written_once(write, match, client_id, same)


def match_confirmation(*, match: Match, confirmation: bool, correction_window: int | None = None,
                       by: Any = None) -> Match:
    """Turn confirmation mode on or off and set the correction window. Every phone sees the change
    at its next poll (the version moves: what each may do changed). :raises Rejected: (turning it
    off while a deal or a change waits: they would wait for ever)"""
    _allowed(match, by, roles.MANAGE)
    if (bad := table_options_refused(confirmation, correction_window)) is not None:
        raise Rejected([bad])
    with transaction.atomic():
        claimed = _claim(match, None)
        if not confirmation and claimed.deals.filter(~Q(status=roles.CONFIRMED) | Q(proposal__isnull=False)).exists():
            raise Rejected([error("confirmation_waiting",
                                  _("Some deals still wait for confirmation: confirm or reject them first."),
                                  "confirmation")])
        Match.objects.filter(pk=match.pk).update(confirmation=confirmation, correction_window=correction_window)
        claimed.confirmation, claimed.correction_window = confirmation, correction_window
        caches.match_changed(claimed)
    match.confirmation, match.correction_window, match.version = confirmation, correction_window, claimed.version
    return match
