"""Who may do what at a table: the roles of a match's people and the operations each may do.

A Bridgemate-style table: the owner keeps the book; a scorer enters and edits; a player enters
his deals; a watcher reads; a referee corrects and rules on disputes (a penalty is his ruling), but
does not keep the book. Pure table: the services ask it before every write, the reads before
showing a match.
"""

from __future__ import annotations

from referee.ledger import _

OWNER, SCORER, PLAYER, WATCHER, REFEREE = "owner", "scorer", "player", "watcher", "referee"
ROLES = (OWNER, SCORER, PLAYER, WATCHER, REFEREE)
# What an invite or the owner may hand out: never the owner's own role (one owner per match).
GRANTABLE = (SCORER, PLAYER, WATCHER, REFEREE)
ROLE_NAMES = {OWNER: _("owner"), SCORER: _("scorer"), PLAYER: _("player"), WATCHER: _("watcher"),
              REFEREE: _("referee")}

# The operations on a match.
READ = "read"  # the sheet, the deals and their history, the export, the table display
RECORD = "record"  # enter the next deal
PENALTY = "penalty"  # enter a penalty (a ruling, not a deal)
AMEND = "amend"  # replace a past deal's entry
VOID = "void"  # void a deal
SEAT = "seat"  # claim a seat as one's own
MANAGE = "manage"  # the share link, the invite, the people and their roles
# In confirmation mode (a match's option): confirm or reject a deal or a proposal another seat
# entered, and propose an amendment or a void of a deal that can no longer be corrected directly.
CONFIRM = "confirm"
PROPOSE = "propose"
OPERATIONS = (READ, RECORD, PENALTY, AMEND, VOID, SEAT, MANAGE, CONFIRM, PROPOSE)

ALLOWED: dict[str, frozenset[str]] = {
    # The owner keeps the book: no seat of their own, so nothing to confirm from (their corrections
    # count at once instead).
    OWNER: frozenset(OPERATIONS) - {SEAT, CONFIRM, PROPOSE},
    SCORER: frozenset({READ, RECORD, PENALTY, AMEND, VOID, SEAT, CONFIRM, PROPOSE}),
    PLAYER: frozenset({READ, RECORD, SEAT, CONFIRM, PROPOSE}),
    WATCHER: frozenset({READ}),
    REFEREE: frozenset({READ, PENALTY, AMEND, VOID}),
}


def may(role: str | None, operation: str) -> bool:
    """Whether *role* (None: no role at this match) may do *operation*."""
    return role is not None and operation in ALLOWED.get(role, frozenset())


def write_operation(entry: object) -> str:
    """The operation a new entry is: a penalty is a ruling, anything else a deal recorded."""
    return PENALTY if isinstance(entry, dict) and entry.get("type") == "penalty" else RECORD


# ---------------------------------------------------------------- confirmation mode

# A deal's status in confirmation mode. Pending counts provisionally; rejected counts for nothing
# (like voided) until its author amends it.
CONFIRMED, PENDING, REJECTED = "confirmed", "pending", "rejected"
STATUSES = (CONFIRMED, PENDING, REJECTED)
ROW_STATUSES = (CONFIRMED, PENDING)  # a row on the sheet: a rejected deal has none

# How a correction (an amendment or a void) of a deal is taken in confirmation mode.
AT_ONCE = "at once"  # counts at once, nothing to confirm (the owner, the referee)
AGAIN_PENDING = "pending"  # written, and the deal is pending again
PROPOSAL = "proposal"  # kept beside the deal as a proposal; the old entry counts until confirmed


def correction(role: str | None, status: str, window_open: bool, own: bool) -> str | None:
    """How *role*'s amendment or void of a deal in *status* is taken in confirmation mode (None:
    not allowed). *window_open*: the deal is confirmed and its correction window still open;
    *own*: the person wrote the deal's entry in force."""
    if role in (OWNER, REFEREE):
        return AT_ONCE
    if role == SCORER:
        return PROPOSAL if status == CONFIRMED and not window_open else AGAIN_PENDING
    if role == PLAYER:
        if status == CONFIRMED:
            return PROPOSAL
        return AGAIN_PENDING if own else None  # someone else's pending deal: confirm or reject it
    return None


def may_correct(role: str | None, confirmation: bool) -> bool:
    """Whether *role* may correct (amend or void) some deal of a match, in confirmation mode or not:
    what a deal's edit link and its edit form are shown for. (Which deal, and how, the write decides:
    ``correction``.)"""
    if confirmation:
        return any(correction(role, status, window_open, own) is not None
                   for status in ROW_STATUSES for window_open in (True, False) for own in (True, False))
    return may(role, AMEND) or may(role, VOID)


def may_confirm(role: str | None, seat: int | None, from_seat: int | None, own: bool) -> bool:
    """Whether *role*, sitting at *seat*, may confirm or reject a deal or a proposal that came from
    *from_seat* (None: from someone without a seat): another seat than its own, never its author."""
    return may(role, CONFIRM) and seat is not None and seat != from_seat and not own
