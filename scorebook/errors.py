"""What the write path and the reads refuse that is not a rule of the game: nothing of HTTP here.

The edges turn them into answers: the pages (``scorebook.web.middleware.DomainErrors``) and the API
(``scorebook.api.errors.exception_handler``) answer ``NotFound`` with 404 and ``NotAllowed`` with
403; a ``VersionConflict`` or a ``ClientIdReused`` is a 409 in the API and a message on the page
(a 409 page for a confirmation step).
What the rules refuse is ``referee.ledger.Rejected`` (400, every violation).
"""

from __future__ import annotations

from typing import Any

from referee.ledger import _


class NotFound(Exception):
    """No such match, deal, member, invite or share link — or one the person acting may not see:
    the same answer for both, so a stranger learns nothing of another's matches."""


class InviteExpired(NotFound):
    """An invite link past the end its owner gave it: the 404 of a revoked one (the API's answer is
    the same), but the join page says why, so the guest asks for a new link."""


class NotAllowed(Exception):
    """The person's role at the match does not allow this."""


class DealNotFound(NotFound):
    """No deal of that number in the match."""


class VersionConflict(Exception):
    """The match moved on since the client read it (``expected_version`` is stale)."""

    def __init__(self, match: Any):
        super().__init__(f"match {match.pk} is at version {match.version}")
        self.match = match


class ClientIdReused(Exception):
    """A write carries the client id of an earlier write that did something else. (The same write
    sent again is answered from the history instead: ``Written.repeated``.)"""

    message = _("This client id was already used for another write of this match: a new write needs a new one.")

    def __init__(self, match: Any, client_id: str):
        super().__init__(f"client id {client_id!r} was used by another write of match {match.pk}")
        self.match = match
        self.client_id = client_id
