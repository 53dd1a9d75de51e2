"""The one write path. Every write to a match goes through these functions — the pages, the API
and the admin call them — each in one transaction that locks the match, reads the acting person's
role from the database under that lock, claims the match's version, replays the match through its
rule module (or folds an appended deal onto it) and stores nothing when the replay refuses. Each
write tells the cache once (``scorebook.caches.match_changed``).

By sub-domain: ``matches`` (made, restored, played again, renamed, put away; the cached sheet),
``deals`` (recorded, amended, voided; the steps of every deal write), ``confirmation`` (confirmation
mode's own writes), ``players`` (recurring players) and ``table`` (the share link, the invite, the
people at the table). What they refuse that is no rule of the game is ``scorebook.errors``'s.
"""

from referee.ledger import Rejected, error
from scorebook.errors import ClientIdReused, DealNotFound, InviteExpired, NotAllowed, NotFound, VersionConflict
from scorebook.services.confirmation import deal_confirm, deal_propose, deal_reject, match_confirmation
from scorebook.services.deals import (
    Written,
    already_voided,
    canonical_entry,
    deal_record,
    deal_replace,
    deal_void,
    entry_read,
)
from scorebook.services.matches import (
    MAX_CLIENT_ID,
    MAX_CORRECTION_WINDOW,
    MAX_MATCH_NAME,
    MAX_NAME,
    MAX_REASON,
    NewMatch,
    match_archive,
    match_checked,
    match_create,
    match_next_game,
    match_rename,
    match_restored,
    sheet_refresh,
    table_options_refused,
    text_refused,
)
from scorebook.services.players import player_merge, player_rename
from scorebook.services.table import (
    INVITE_LONGEST,
    guests_attach,
    invite_renew,
    invite_revoke,
    match_join,
    match_share,
    match_unshare,
    member_remove,
    member_role,
    seat_claim,
)

__all__ = [
    "INVITE_LONGEST", "MAX_CLIENT_ID", "MAX_CORRECTION_WINDOW", "MAX_MATCH_NAME", "MAX_NAME", "MAX_REASON",
    "ClientIdReused", "DealNotFound", "InviteExpired", "NewMatch", "NotAllowed", "NotFound", "Rejected",
    "VersionConflict", "Written",
    "already_voided", "canonical_entry", "deal_confirm", "deal_propose", "deal_record", "deal_reject", "deal_replace",
    "deal_void", "entry_read", "error", "guests_attach", "invite_renew", "invite_revoke", "match_archive",
    "match_checked", "match_confirmation", "match_create", "match_join", "match_next_game", "match_rename",
    "match_restored", "match_share", "match_unshare", "member_remove", "member_role", "player_merge",
    "player_rename", "seat_claim", "sheet_refresh", "table_options_refused", "text_refused",
]
