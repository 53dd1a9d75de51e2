"""The people at a match's table and who may look: the share link (read-only watching), the invite,
someone joining (signed in, or a guest with a name), a seat claimed, a member's role changed or the
member removed, and guests' places taken over by an account.

None of these is part of the sheet: they never claim nor bump the match's version, so a phone
entering a deal meanwhile is not refused for them. Who may do each is read from the database.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from referee import roles
from referee.ledger import Rejected, _, error
from scorebook import caches
from scorebook.errors import NotFound
from scorebook.models import Deal, Match, Member, Revision
from scorebook.selectors import invited
from scorebook.services.matches import MAX_NAME, allowed, text_refused

# ---------------------------------------------------------------- share links


def match_share(*, match: Match, by: Any = None) -> Match:
    """Give *match* a share link; a match already shared keeps its link (tapping twice is harmless)."""
    allowed(match, by, roles.MANAGE)
    with transaction.atomic():
        # 16 random bytes, 22 URL-safe characters: not guessable, and short enough to read out. Only
        # where no link was made meanwhile (another phone of the owner sharing at the same time).
        Match.objects.filter(pk=match.pk, share_token__isnull=True).update(share_token=secrets.token_urlsafe(16))
        match.share_token = _link_changed(match).share_token
    return match


def match_unshare(*, match: Match, by: Any = None) -> Match:
    """Revoke the share link: the old address answers 404 from now on."""
    allowed(match, by, roles.MANAGE)
    with transaction.atomic():
        Match.objects.filter(pk=match.pk).update(share_token=None)
        _link_changed(match)
    match.share_token = None
    return match


def _link_changed(match: Match) -> Match:
    """Tell the cache who may watch *match* now, read under the match's row lock (the write lock on
    SQLite) as a write's version is: no write's entry can come in between and be overwritten."""
    fresh = Match.objects.select_for_update().only("version", "owner", "share_token", "game").get(pk=match.pk)
    caches.match_changed(fresh)
    return fresh


# ---------------------------------------------------------------- the invite


# The longest an invite may last when given an end: a link passed around for a month is as good as
# one without an end, which is the default.
INVITE_LONGEST = timedelta(days=30)


def invite_renew(*, match: Match, by: Any = None, role: str | None = None,
                 expires_in: timedelta | None = None) -> Match:
    """A new invite link (the old one stops working), granting *role* (None: the invite's role as
    it was), working for *expires_in* from now (None: until it is renewed or revoked). :raises
    Rejected: a role an invite cannot grant (the owner's), an end out of range."""
    allowed(match, by, roles.MANAGE)
    role = match.invite_role if role is None else role
    problems = []
    if role not in roles.GRANTABLE:
        problems.append(error("bad_role", _("An invite grants one of the roles scorer, player, watcher or referee."),
                              "role"))
    if expires_in is not None and not timedelta(0) < expires_in <= INVITE_LONGEST:
        problems.append(error("bad_expiry", _("An invite link ends in an hour or more, %(days)s days at most, or "
                                              "never."), "expires_in", days=INVITE_LONGEST.days))
    if problems:
        raise Rejected(problems)
    # The token is made from a new nonce; the database keeps its digest (models.invite_token_of).
    match.invite_nonce, match.invite_role = secrets.token_urlsafe(16), role
    match.invite_expires = None if expires_in is None else timezone.now() + expires_in
    token = match.invite_token
    Match.objects.filter(pk=match.pk).update(invite_nonce=match.invite_nonce, invite_key=token, invite_role=role,
                                             invite_expires=match.invite_expires)
    return match


def invite_revoke(*, match: Match, by: Any = None) -> Match:
    """Turn the invite link off: it answers 404 from now on; who joined stays."""
    allowed(match, by, roles.MANAGE)
    Match.objects.filter(pk=match.pk).update(invite_nonce=None, invite_key=None, invite_expires=None)
    match.invite_nonce, match.invite_expires = None, None
    return match


def match_join(*, token: str, user: Any = None, name: str = "") -> Member | None:
    """Join the match invited to under *token*, with the invite's role: a signed-in *user*, or a
    guest with just a *name* (his key comes back in ``guest_key``, given this once: the database
    keeps its digest). Someone already at the table keeps the role he has (an invite never changes
    it); the owner stays the owner (None). :raises NotFound: no such invite (InviteExpired: past its
    end); Rejected: a guest's name refused."""
    match = invited(token)
    if user is not None and getattr(user, "is_authenticated", False):
        if match.owner_id == user.pk:
            return None
        known = Member.objects.filter(match=match, user=user).order_by("pk").first()
        if known is not None:
            return known
        _room_left(match)
        return Member.objects.create(match=match, user=user, role=match.invite_role,
                                     name=user.get_username()[:MAX_NAME])
    _room_left(match)
    name = unicodedata.normalize("NFC", (name or "").strip())
    if not name:
        raise Rejected([error("bad_name", _("A player's name has 1 to %(high)s characters."), "name",
                              high=MAX_NAME)])
    if (bad := text_refused(name, MAX_NAME, "name")) is not None:
        raise Rejected([bad])
    return Member.objects.create(match=match, guest_key=secrets.token_urlsafe(32), name=name, role=match.invite_role)


def _room_left(match: Match) -> None:
    """Someone new may still join *match*: a table holds at most ``SCOREBOOK_MAX_MEMBERS`` people
    besides its owner (an invite link passed around must not let a flood of guests in).
    :raises Rejected: the table is full"""
    limit = settings.SCOREBOOK_MAX_MEMBERS
    if Member.objects.filter(match=match).count() >= limit:
        raise Rejected([error("table_full", _("This table is full: %(count)s people have joined it already. Ask "
                                              "its owner to remove someone first."), None, count=limit)])


# ---------------------------------------------------------------- seats and members


def seat_claim(*, match: Match, by: Any, seat: int | None) -> Member:  # by: a user, or a guest's membership
    """*by* sits at *seat* (None: he leaves his seat). :raises Rejected: no such seat, or taken."""
    allowed(match, by, roles.SEAT)
    member = by if isinstance(by, Member) else Member.objects.get(match=match, user=by)
    if seat is not None and not 0 <= seat < len(match.players):
        raise Rejected([error("bad_seat", _("There is no such seat at this table."), "seat")])
    try:
        with transaction.atomic():
            Member.objects.filter(pk=member.pk).update(seat=seat)
    except IntegrityError:
        raise Rejected([error("seat_taken", _("Someone else already sits at this seat."), "seat")]) from None
    member.seat = seat
    return member


def _member(match: Match, pk: int) -> Member:
    member = Member.objects.filter(match=match, pk=pk).first()
    if member is None:
        raise NotFound("no such member")
    return member


def member_role(*, match: Match, member: int, role: str, by: Any = None) -> Member:
    """Give member *member* (his id) another role; a role without a seat leaves his seat.
    :raises NotFound: no such member here; Rejected: the owner's role."""
    allowed(match, by, roles.MANAGE)
    found = _member(match, member)
    if role not in roles.GRANTABLE:
        raise Rejected([error("bad_role", _("A member is a scorer, a player, a watcher or a referee."), "role")])
    found.role = role
    if not roles.may(role, roles.SEAT):
        found.seat = None
    Member.objects.filter(pk=found.pk).update(role=role, seat=found.seat)
    caches.people_changed(match)  # his open streams close: his page shows what the new role may
    return found


def member_remove(*, match: Match, member: int, by: Any = None) -> None:
    """Send member *member* away: the match is out of his sight from now on (his deals stay)."""
    allowed(match, by, roles.MANAGE)
    _member(match, member).delete()
    caches.people_changed(match)  # his open streams close


def guests_attach(*, user: Any, keys: Sequence[str] = (), members: Sequence[int] = (),
                  merge: bool = False) -> list[int]:
    """The guests whose *keys* were given (the API), or whose memberships a browser's session holds
    and its user agreed to take over (*members*, the pages), become *user*. Nothing he wrote as a
    guest loses its author: his deals, their history and his proposals move to the account, so he
    confirms none of them under any identity. Where he is at that table already (or owns it), the
    guest's place goes and his own stays; where he sits there at another seat than the guest's, he
    holds two seats: refused, unless *merge* says to keep his own seat and free the guest's.
    Answers the matches of those guests. :raises Rejected: two seats, not merged (nothing moved)"""
    guests = list(Member.objects.filter(guest_key__in=list(keys), user__isnull=True).select_related("match"))
    guests += Member.objects.filter(pk__in=list(members), user__isnull=True).select_related("match")
    with transaction.atomic():
        for guest in guests:
            own = Member.objects.filter(match=guest.match, user=user).order_by("pk").first()
            two_seats = own is not None and None not in (own.seat, guest.seat) and own.seat != guest.seat
            if two_seats and not merge:
                raise Rejected([error("two_seats", _("You already sit at another seat of this table: attach it "
                                                     "merged (your own seat stays, the guest's is freed), or leave one "
                                                     "of the two seats first."), "keys", match=guest.match_id)])
            _authorship_moved(guest, user)
            if guest.match.owner_id == user.pk or own is not None:
                guest.delete()
                if own is not None and own.seat is None and guest.seat is not None:
                    Member.objects.filter(pk=own.pk).update(seat=guest.seat)
            else:
                Member.objects.filter(pk=guest.pk).update(user=user, guest_key=None)
    return sorted(guest.match_id for guest in guests)


def _authorship_moved(guest: Member, user: Any) -> None:
    """What *guest* wrote is *user*'s from now on: his deals (entries in force), their history and
    the changes he proposed (``Deal.proposal`` names its proposer)."""
    Deal.objects.filter(member=guest).update(author=user, member=None)
    Revision.objects.filter(member=guest).update(author=user, member=None)
    for deal in Deal.objects.filter(match_id=guest.match_id, proposal__isnull=False):
        if deal.proposal is not None and deal.proposal.get("member") == guest.pk:
            Deal.objects.filter(pk=deal.pk).update(proposal={**deal.proposal, "member": None, "user": user.pk})
