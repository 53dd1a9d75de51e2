"""Confirmation mode's own writes (``Match.confirmation``): a pending deal or a change proposed for
a deal confirmed or rejected from another seat than the one it came from, a change proposed for a
confirmed deal, and the table's option turned on or off. Each is a write like any other, made of the
steps of ``services.deals`` (the transaction, the match locked, the role read under the lock, the
version claimed, the history, the cache told); an amendment or a void in confirmation mode stays
``deal_replace`` and ``deal_void``, which take it at once, pending again or as a proposal
(``roles.correction``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone

from referee import roles
from referee.ledger import Rejected, _, error
from scorebook import caches
from scorebook.errors import NotAllowed
from scorebook.models import Deal, Match, Member, Revision
from scorebook.selectors import membership_of, proposed_by, role_of, wrote
from scorebook.services.deals import (
    Written,
    author_guest,
    author_user,
    canonical_entry,
    entry_operations,
    find_deal,
    propose,
    same_entry,
    save_replayed,
    status_written,
    stopped_at,
    written_once,
)
from scorebook.services.matches import MAX_REASON, row_stored, table_options_refused, text_refused


def _confirmer(match: Match, deal: Deal, author: Any) -> None:
    """*author* may confirm or reject what waits at *deal* (a pending deal, else its proposal).
    :raises Rejected: nothing waits there; NotAllowed: their own, or from their seat."""
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
        raise NotAllowed("another seat confirms this")


def _waiting_at(claimed: Match, number: int, author: Any) -> tuple[list[Deal], Deal]:
    """A confirmation's or a rejection's start: the claimed match's deals, deal *number* with
    something waiting at it that *author* may confirm or reject. :raises: as ``_confirmer``"""
    deals = list(claimed.deals.order_by("number"))
    deal = find_deal(deals, number)
    _confirmer(claimed, deal, author)
    return deals, deal


def deal_confirm(*, match: Match, number: int, expected_version: int | None = None,
                 client_id: str | None = None, author: Any = None) -> Written:
    """Confirm deal *number* (pending: it is confirmed) or the change proposed for it (applied: the
    match is replayed), from another seat than the one it came from.
    :raises DealNotFound, VersionConflict, Rejected, NotAllowed, NotFound:"""

    def write(claimed: Match) -> Written:
        deals, deal = _waiting_at(claimed, number, author)
        if deal.status == roles.PENDING:
            deal.status, deal.confirmed_at = roles.CONFIRMED, timezone.now()
            deal.save(update_fields=["status", "confirmed_at", "updated_at"])
            status_written(claimed, deal, Revision.CONFIRMED, author, client_id)
            return Written(deal=deal, match=claimed)
        return _applied(claimed, deals, deal, author, client_id)

    return written_once(write, match=match, author=author, operations=lambda claimed: [roles.CONFIRM],
                        expected_version=expected_version, client_id=client_id,
                        same=lambda revision: revision.deal.number == number
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
    stopped = stopped_at(match, deals)
    Revision.objects.create(match=match, deal=deal, kind=Revision.APPLIED, entry=entry or deal.entry,
                            version=match.version, author=author_user(author), member=author_guest(author),
                            client_id=client_id or None)
    if entry is None:
        deal.voided = True
    else:
        deal.entry, deal.voided = entry, False
    deal.proposal, deal.confirmed_at = None, timezone.now()
    deal.author, deal.member, deal.seat = author_user(proposer), author_guest(proposer), proposal.get("seat")
    return save_replayed(match, deals, deal, Revision.VOIDED if entry is None else Revision.AMENDED, proposer, None,
                         stopped)


def deal_reject(*, match: Match, number: int, reason: str, expected_version: int | None = None,
                client_id: str | None = None, author: Any = None) -> Written:
    """Reject deal *number* (pending: it counts for nothing, sent back to its author to amend) or the
    change proposed for it (dropped), saying why. :raises DealNotFound, VersionConflict, Rejected:
    (no reason, or one the text rule refuses), NotAllowed, NotFound:"""
    reason = unicodedata.normalize("NFC", (reason or "").strip())
    if not reason:
        raise Rejected([error("reason_needed", _("Say why it is rejected."), "reason")])
    if (bad := text_refused(reason, MAX_REASON, "reason")) is not None:
        raise Rejected([bad])

    def write(claimed: Match) -> Written:
        deals, deal = _waiting_at(claimed, number, author)
        if deal.status == roles.PENDING:
            stopped = stopped_at(claimed, deals)
            deal.status, deal.reason = roles.REJECTED, reason
            # Always taken: a later deal the rules refuse without this one stops the replay there,
            # shown for mending (as a deal stored under older rules is).
            return save_replayed(claimed, deals, deal, Revision.REJECTED, author, client_id, stopped, reason=reason,
                                 always=True)
        proposed = (deal.proposal or {}).get("entry")
        deal.proposal = None
        deal.save(update_fields=["proposal", "updated_at"])
        status_written(claimed, deal, Revision.DROPPED, author, client_id, entry=proposed, reason=reason)
        return Written(deal=deal, match=claimed)

    return written_once(write, match=match, author=author, operations=lambda claimed: [roles.CONFIRM],
                        expected_version=expected_version, client_id=client_id,
                        same=lambda revision: revision.deal.number == number
                        and revision.kind in (Revision.REJECTED, Revision.DROPPED) and revision.reason == reason)


def deal_propose(*, match: Match, number: int, entry: Any = None, void: bool = False,
                 expected_version: int | None = None, client_id: str | None = None, author: Any = None) -> Written:
    """Propose *entry* for confirmed deal *number* (or, with *void*, voiding it), whoever may
    correct it directly: the entry in force counts until another seat confirms the change.
    :raises DealNotFound, VersionConflict, Rejected, NotAllowed, NotFound:"""
    if (entry is None) != void:
        raise Rejected([error("entry_or_void", _("Propose an entry, or voiding the deal: one of the two."), "entry")])

    def write(claimed: Match) -> Written:
        if not claimed.confirmation:
            raise Rejected([error("no_confirmation",
                                  _("This match is not in confirmation mode: correct the deal instead."), None)])
        deals = list(claimed.deals.order_by("number"))
        deal = find_deal(deals, number)
        return propose(claimed, deals, deal, None if void else canonical_entry(claimed, entry, number), author,
                       client_id)

    def same(revision: Revision) -> bool:
        if void:
            return revision.deal.number == number and revision.kind == Revision.PROPOSED_VOID
        return revision.deal.number == number and same_entry(revision.match, revision, Revision.PROPOSED, entry)

    return written_once(write, match=match, author=author,
                        operations=lambda claimed: [roles.PROPOSE, *entry_operations(entry)],
                        expected_version=expected_version, client_id=client_id, same=same)


def match_confirmation(*, match: Match, confirmation: bool, correction_window: int | None = None,
                       by: Any = None) -> Match:
    """Turn confirmation mode on or off and set the correction window. Every phone sees the change
    (the version moves: what each may do changed). :raises Rejected: (turning it off while a deal or
    a change waits: they would wait for ever), NotAllowed, NotFound"""
    if (bad := table_options_refused(confirmation, correction_window)) is not None:
        raise Rejected([bad])

    def write(claimed: Match) -> Match:
        if not confirmation and claimed.deals.filter(~Q(status=roles.CONFIRMED) | Q(proposal__isnull=False)).exists():
            raise Rejected([error("confirmation_waiting",
                                  _("Some deals still wait for confirmation: confirm or reject them first."),
                                  "confirmation")])
        claimed.confirmation, claimed.correction_window = confirmation, correction_window
        row_stored(claimed, confirmation=confirmation, correction_window=correction_window)
        caches.match_changed(claimed)
        return claimed

    claimed = written_once(write, match=match, author=by, operations=lambda claimed: [roles.MANAGE],
                           expected_version=None, client_id=None, same=None)
    assert isinstance(claimed, Match)  # no client id: never a write answered from the history
    match.confirmation, match.correction_window, match.version = confirmation, correction_window, claimed.version
    return match

