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
from typing import Any

from django.db import IntegrityError, transaction

from referee import roles
from referee.ledger import Rejected, _, error
from scorebook import caches
from scorebook.errors import NotFound
from scorebook.models import Match, Member
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


def invite_renew(*, match: Match, by: Any = None, role: str | None = None) -> Match:
    """A new invite link (the old one stops working), granting *role* (None: the invite's role as
    it was). :raises Rejected: a role an invite cannot grant (the owner's)."""
    allowed(match, by, roles.MANAGE)
    role = match.invite_role if role is None else role
    if role not in roles.GRANTABLE:
        raise Rejected([error("bad_role", _("An invite grants one of the roles scorer, player, watcher or referee."),
                              "role")])
    # The token is made from a new nonce; the database keeps its digest (models.invite_token_of).
    match.invite_nonce, match.invite_role = secrets.token_urlsafe(16), role
    token = match.invite_token
    Match.objects.filter(pk=match.pk).update(invite_nonce=match.invite_nonce, invite_key=token, invite_role=role)
    return match


def invite_revoke(*, match: Match, by: Any = None) -> Match:
    """Turn the invite link off: it answers 404 from now on; who joined stays."""
    allowed(match, by, roles.MANAGE)
    Match.objects.filter(pk=match.pk).update(invite_nonce=None, invite_key=None)
    match.invite_nonce = None
    return match


def match_join(*, token: str, user: Any = None, name: str = "") -> Member | None:
    """Join the match invited to under *token*, with the invite's role: a signed-in *user*, or a
    guest with just a *name* (his key comes back in ``guest_key``, given this once: the database
    keeps its digest). Someone already at the table keeps the role he has (an invite never changes
    it); the owner stays the owner (None). :raises NotFound: no such invite; Rejected: a guest's
    name refused."""
    match = invited(token)
    if user is not None and getattr(user, "is_authenticated", False):
        if match.owner_id == user.pk:
            return None
        member, _created = Member.objects.get_or_create(
            match=match, user=user, defaults={"role": match.invite_role, "name": user.get_username()[:MAX_NAME]})
        return member
    name = unicodedata.normalize("NFC", (name or "").strip())
    if not name:
        raise Rejected([error("bad_name", _("A player's name has 1 to %(high)s characters."), "name",
                              high=MAX_NAME)])
    if (bad := text_refused(name, MAX_NAME, "name")) is not None:
        raise Rejected([bad])
    return Member.objects.create(match=match, guest_key=secrets.token_urlsafe(32), name=name, role=match.invite_role)


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
    return found


def member_remove(*, match: Match, member: int, by: Any = None) -> None:
    """Send member *member* away: the match is out of his sight from now on (his deals stay)."""
    allowed(match, by, roles.MANAGE)
    _member(match, member).delete()


def guests_attach(*, user: Any, keys: Sequence[str] = (), members: Sequence[int] = ()) -> list[int]:
    """The guests whose *keys* were given (the API), or whose memberships a browser's session holds
    (*members*, the pages), become *user*: where he already sits at that table (or owns it), the
    guest's place goes and his own stays. Answers the matches of those guests."""
    guests = list(Member.objects.filter(guest_key__in=list(keys), user__isnull=True).select_related("match"))
    guests += Member.objects.filter(pk__in=list(members), user__isnull=True).select_related("match")
    for guest in guests:
        if guest.match.owner_id == user.pk or Member.objects.filter(match=guest.match, user=user).exists():
            guest.delete()
        else:
            Member.objects.filter(pk=guest.pk).update(user=user, guest_key=None)
    return sorted(guest.match_id for guest in guests)
