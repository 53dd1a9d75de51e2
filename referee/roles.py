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
OPERATIONS = (READ, RECORD, PENALTY, AMEND, VOID, SEAT, MANAGE)

ALLOWED: dict[str, frozenset[str]] = {
    OWNER: frozenset(OPERATIONS) - {SEAT},  # he keeps the book: no seat of his own
    SCORER: frozenset({READ, RECORD, PENALTY, AMEND, VOID, SEAT}),
    PLAYER: frozenset({READ, RECORD, SEAT}),
    WATCHER: frozenset({READ}),
    REFEREE: frozenset({READ, PENALTY, AMEND, VOID}),
}


def may(role: str | None, operation: str) -> bool:
    """Whether *role* (None: no role at this match) may do *operation*."""
    return role is not None and operation in ALLOWED.get(role, frozenset())


def write_operation(entry: object) -> str:
    """The operation a new entry is: a penalty is a ruling, anything else a deal recorded."""
    return PENALTY if isinstance(entry, dict) and entry.get("type") == "penalty" else RECORD
