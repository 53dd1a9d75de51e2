"""Share links: anyone holding a match's token may watch it read-only (issue [7/7], "sharing").

The token is not part of the sheet, so sharing neither claims nor bumps the match's version: a
phone that is entering a deal meanwhile is not refused for it.
"""

from __future__ import annotations

import secrets

from scorebook.models import Match


def match_share(*, match: Match) -> Match:
    """Give *match* a share link; a match already shared keeps its link (tapping twice is harmless)."""
    if not match.share_token:
        # 16 random bytes, 22 URL-safe characters: not guessable, and short enough to read out.
        token = secrets.token_urlsafe(16)
        # Only where no token was set meanwhile (another phone of the owner sharing at the same time).
        Match.objects.filter(pk=match.pk, share_token__isnull=True).update(share_token=token)
    match.share_token = Match.objects.values_list("share_token", flat=True).get(pk=match.pk)
    return match


def match_unshare(*, match: Match) -> Match:
    """Revoke the share link: the old address answers 404 from now on."""
    Match.objects.filter(pk=match.pk).update(share_token=None)
    match.share_token = None
    return match
