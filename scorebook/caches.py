"""What the cache keeps of each match: its version entry (``Seen``), so that a poll finding nothing
new answers 204 with no query on the match, and what is rendered of it once per version.

**The version entry** (the ``default`` cache): a match's version, owner, game and the digest of
its share link. Every write of the write path (``scorebook.services``) sets it with one call,
``match_changed``, inside its transaction while it holds the match's row lock (the write lock on
SQLite): the lock orders the writes, so the entries follow the versions. A reader that finds no
entry reads the database and only *adds* one (``cache.add``), never over what a write set. A write
rolled back after it set its entry leaves a version that was never stored: readers then see
"changed" and render from the database; they never answer "unchanged" for what they did not show.
The owner and the game never change; who else may read a match is read from the database, never
from here (``scorebook.selectors``).

**What is rendered** (the ``rendered`` cache, whose key prefix carries the build id: a deploy that
changes a template, a static file, a translation or the code reads none of the old parts):
fragments of the pages (``{% cache %}`` in the templates, keyed by the match, its version, its
game's rules, the language and the reader's role) and the scoresheet's JSON (``rendered_get`` / ``keep_rendered``).
A write makes the old ones unreachable by moving the version; they are never deleted, they expire.
Nothing rendered holds a form: a form carries its reader's CSRF token, and is rendered apart.

Without CACHE_URL both are each process's own memory: right for one process; with more, a process
sees another's writes once its entry expires (``SCOREBOOK_LIVE_TTL``, a few seconds then).
Nothing secret is kept: no user, no token, no guest key; a share link only as its digest.

**The live streams** (``scorebook.live``) hear of each write here too: ``match_changed`` publishes
the match's new version once its transaction has committed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import time
from collections.abc import Iterator
from functools import partial
from typing import Any

from django.conf import settings
from django.core.cache import cache, caches
from django.db import transaction
from django.utils.translation import get_language

from referee.games import find_game
from scorebook import live
from scorebook.models import Match
from scorebook.sheets import rules_stamp

# The alias of what is rendered (settings.CACHES): its KEY_PREFIX names the build.
RENDERED = "rendered"
# A rendered part is never stale (its key names its version): it only has to go some time.
RENDERED_TTL = 60 * 60 * 24
# One reader renders a version's shared parts while the others at the table wait for them (``rendered_once``):
# how long they wait at most, and how often they look.
TURN_WAIT = 1.0
TURN_LOOK = 0.01
# How long a turn is remembered: a few waits. A reader that died holding it (a worker killed mid-render)
# leaves it for no longer; and once the parts are kept, a later turn finds them kept anyway.
TURN_TTL = 10
# In the version entry's keys: a deploy that changes what an entry holds bumps it.
SHAPE = 3


def link_digest(token: str) -> str:
    """What the cache keeps of a share link: its digest, never the link."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclasses.dataclass(frozen=True)
class Seen:
    """What a poll needs of a match: its version, its owner, its game and its share link's digest."""

    pk: int
    version: int
    owner: int
    link: str | None
    game: str

    @classmethod
    def of(cls, match: Match) -> Seen:
        link = link_digest(match.share_token) if match.share_token else None
        return cls(match.pk, match.version, match.owner_id, link, match.game)


def _key(pk: int) -> str:
    return f"match:{SHAPE}:{pk}"


def _link_key(digest: str) -> str:
    return f"watch:{SHAPE}:{digest}"


def _store(seen: Seen, *, refill: bool) -> None:
    put = cache.add if refill else cache.set
    ttl = settings.SCOREBOOK_LIVE_TTL
    put(_key(seen.pk), (seen.version, seen.owner, seen.link, seen.game), ttl)
    if seen.link:
        put(_link_key(seen.link), seen.pk, ttl)


# ---------------------------------------------------------------- the write path


def match_changed(match: Match) -> None:
    """*match* was written, in the caller's transaction holding its row lock: its entry says so.
    The one call every write makes; what was rendered of the version before is not read again.
    Once the transaction commits (never if it rolls back), its live streams hear of the version."""
    _store(Seen.of(match), refill=False)
    people_changed(match)


def people_changed(match: Match) -> None:
    """Who may read *match*, or in what role, changed (no new version): its live streams check
    again whether their reader still may, once the caller's transaction commits (``scorebook.live``)."""
    transaction.on_commit(partial(live.publish, match.pk, match.version))


def match_deleted(sender: Any, instance: Match, **kwargs: Any) -> None:
    """``post_delete`` of a match (the admin, an account deleted): its entry goes with it, so a poll
    of it is answered from the database (connected in ``ScorebookConfig.ready``)."""
    cache.delete(_key(instance.pk))


# ---------------------------------------------------------------- the reads


def seen(pk: int) -> Seen | None:
    """Match *pk*'s entry, refilled from the database when missing (None: no such match)."""
    value = cache.get(_key(pk))
    if value is not None:
        return Seen(pk, *value)
    match = Match.objects.filter(pk=pk).only("version", "owner", "share_token", "game").first()
    if match is None:
        return None
    found = Seen.of(match)
    _store(found, refill=True)
    return found


def seen_by_link(token: str) -> Seen | None:
    """The match shared under *token* (None: no match is, or the link was revoked). A link's key
    outlives its revocation; the match's entry, set anew by it, no longer names it."""
    digest = link_digest(token)
    pk = cache.get(_link_key(digest))
    found = seen(pk) if pk is not None else None
    if found is not None and found.link == digest:
        return found
    match = Match.objects.filter(share_token=token).only("version", "owner", "share_token", "game").first()
    if match is None:
        return None
    found = Seen.of(match)
    _store(found, refill=True)
    return found


# ---------------------------------------------------------------- what is rendered


def _rendered_key(kind: str, match: Match | Seen, version: int) -> str:
    # The rules too (a game's RULES_VERSION): a sheet rendered under other rules is not read.
    return f"{kind}:{match.pk}:{version}:{rules_stamp(find_game(match.game))}:{get_language()}"


def rendered_get(kind: str, match: Match | Seen, version: int | None = None) -> Any:
    """The *kind* of part rendered for this version of *match* (or for *version*) in the active
    language, or None when not rendered yet."""
    return caches[RENDERED].get(_rendered_key(kind, match, match.version if version is None else version))


def keep_rendered(kind: str, match: Match | Seen, rendered: Any, ttl: int = RENDERED_TTL) -> Any:
    """Keep *rendered*, made from *match* as read from the database, for its version (*ttl* seconds)."""
    caches[RENDERED].set(_rendered_key(kind, match, match.version), rendered, ttl)
    return rendered


@contextlib.contextmanager
def rendered_once(kind: str, match: Match | Seen, *vary: Any) -> Iterator[None]:
    """Around rendering what the readers of *match*'s version share (its parts kept per version:
    ``{% cache %}`` in the templates), for *kind* of page and *vary* (the reader's role) in the
    active language. A write reaches every phone at the table at once and each asks for the new
    version: without a turn, each rendered the same parts at the same moment, and a write cost
    rendering them once per phone. The first reader takes the turn (``cache.add``, atomic) and
    renders; the others wait until it says the parts are kept (at most ``TURN_WAIT``: then the one
    that waited says so itself, so no later reader waits behind a turn whose reader died, and
    renders), and read them kept."""
    key = f"turn:{kind}:{match.pk}:{match.version}:{get_language()}:" + ":".join(str(v) for v in vary)
    store = caches[RENDERED]
    if store.add(key, "rendering", TURN_TTL):
        try:
            yield
        finally:
            store.set(key, "kept", TURN_TTL)
        return
    deadline = time.monotonic() + TURN_WAIT
    while store.get(key) == "rendering":
        if time.monotonic() >= deadline:
            store.set(key, "kept", TURN_TTL)
            break
        time.sleep(TURN_LOOK)
    yield
