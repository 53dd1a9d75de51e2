"""What the cache keeps of each match, so that the reads every phone at the table makes every few
seconds cost no query on the match: who may see it and its version (``Seen``), who joined it and its
row as the match page reads it (``members``, ``kept_match``: only from a shared cache), and its sheet
rendered once per version, rules and language.

Only the write path changes an entry: every write of ``scorebook.services`` (a share link made or
revoked too) calls ``match_changed`` inside its transaction, holding the match's row lock (the
write lock on SQLite). The lock orders the writes, so the entries are set in the order of the
versions. A
reader that finds no entry reads the database and only *adds* one (``cache.add``): it never
overwrites what a write set meanwhile. The rendered sheets are keyed by the version (and the rules
stamp, and the language): a write makes the old ones unreachable; they are never deleted, they
expire.

A write rolled back after it set its entry (an import refused half-way) leaves a version that was
never stored: readers then see "changed" and render from the database until the next write or the
entry's expiry; they never answer "unchanged" for something they did not show.

Without CACHE_URL the cache is each process's own memory: right for one process; with more, a
process sees another's writes once its entry expires (``SCOREBOOK_LIVE_TTL``, a few seconds then).
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.translation import get_language

from referee.games import find_game
from scorebook.models import Match, Member
from scorebook.sheets import rules_stamp

# A rendered sheet is never stale (its key names its version): it only has to go some time.
SHEET_TTL = 60 * 60 * 24
# In every key: a deploy that changes what an entry holds bumps it, so no server reads the old shape.
SHAPE = 2


@dataclasses.dataclass(frozen=True)
class Seen:
    """What a poll needs of a match: its version, and who may see it (its owner, its share token)."""

    pk: int
    version: int
    owner: int
    token: str | None
    game: str

    @classmethod
    def of(cls, match: Match) -> Seen:
        return cls(match.pk, match.version, match.owner_id, match.share_token, match.game)


def _key(pk: int) -> str:
    return f"match:{SHAPE}:{pk}"


def _token_key(token: str) -> str:
    return f"watch:{SHAPE}:{token}"


def _store(seen: Seen, *, refill: bool) -> None:
    put = cache.add if refill else cache.set
    ttl = settings.SCOREBOOK_LIVE_TTL
    put(_key(seen.pk), (seen.version, seen.owner, seen.token, seen.game), ttl)
    if seen.token:
        put(_token_key(seen.token), seen.pk, ttl)


# ---------------------------------------------------------------- the write path


def match_changed(match: Match, *, appended: bool = False, saved: bool = False) -> None:
    """*match* was written (in the caller's transaction, its version claimed): its entry says so, and
    its kept row goes (``match_row_changed``). A deal *appended* (the most frequent write) deletes
    the kept row once it committed, and no more: reading the row again cost the append a fifth of its
    time, keeping the row its statement returned a tenth; the next page reads it. Until the commit
    the row kept of the version before is not served (the entry set here names the new one). A match
    *saved* (``Match.save``: a new one) had its row seen to by the save's signal already."""
    _store(Seen.of(match), refill=False)
    if appended:
        if settings.SCOREBOOK_SHARED_CACHE:
            transaction.on_commit(lambda: _delete_committed(_row_key(match.pk)))
    elif not saved:
        match_row_changed(match.pk)


# The keys a write deletes once it committed, held back within ``deletes_held`` (the API's append):
# sent with what its answer keeps after the commit (``keep_json``), one round trip for both.
_held: ContextVar[list[str] | None] = ContextVar("scorebook_deletes_held", default=None)


def _delete_committed(key: str) -> None:
    held = _held.get()
    if held is not None:
        held.append(key)
    else:
        cache.delete(key)


@contextmanager
def deletes_held() -> Iterator[None]:
    """Within the block, what a write deletes once it committed waits to go with the next entries
    kept (``keep_json``); whatever is still held when the block ends (an answer that failed) goes then."""
    held: list[str] = []
    reset = _held.set(held)
    try:
        yield
    finally:
        _held.reset(reset)
        if held:
            cache.delete_many(held)


def link_revoked(token: str | None) -> None:
    """The share link *token* was revoked (the match's entry, set anew, no longer names it)."""
    if token:
        cache.delete(_token_key(token))


# ---------------------------------------------------------------- the reads


def seen(pk: int) -> Seen | None:
    """Match *pk*'s entry, refilled from the database when missing (None: no such match)."""
    value = cache.get(_key(pk))
    if value is not None:
        return Seen(pk, *value)
    row = Match.objects.filter(pk=pk).values_list("version", "owner_id", "share_token", "game").first()
    if row is None:
        return None
    found = Seen(pk, *row)
    _store(found, refill=True)
    return found


@dataclasses.dataclass(frozen=True)
class Joined:
    """Someone who joined a match, as the members' entry keeps him: what a poll checks, without
    building the model (``Member(...)`` cost a poll more than a round trip to the cache did)."""

    match_id: int
    row: dict[str, Any]

    @property
    def pk(self) -> int:
        return self.row["id"]

    @property
    def user_id(self) -> int | None:
        return self.row["user_id"]

    @property
    def guest_key(self) -> str | None:
        return self.row["guest_key"]

    @property
    def role(self) -> str:
        return self.row["role"]

    def member(self) -> Member:
        return Member(match_id=self.match_id, **self.row)


def seen_and_members(pk: int, also: Sequence[str] = ()) -> tuple[Seen | None, list[Joined] | None, dict[str, Any]]:
    """``seen(pk)``, who joined match *pk* when their entry is there (None: missing, or the cache is
    not shared; ask ``members``), and the entries *also* names (None: not there), from one round
    trip to the cache: a poll's reads (*also*: the session's user, scorebook/web/people.py)."""
    if not settings.SCOREBOOK_SHARED_CACHE:
        return seen(pk), None, {}
    found = seen_read(pk, also)
    return seen_in(pk, found), joined_in(pk, found), {key: found.get(key) for key in also}


def seen_read(pk: int, also: Sequence[str] = ()) -> dict[str, Any]:
    """Match *pk*'s entry, who joined it and the entries *also* names, in one round trip (nothing
    without a shared cache); the entries not there are left out. Read by ``seen_in``, ``joined_in``."""
    if not settings.SCOREBOOK_SHARED_CACHE:
        return {}
    return cache.get_many([_key(pk), _members_key(pk), *also])


def seen_in(pk: int, found: dict[str, Any]) -> Seen | None:
    """Match *pk*'s entry from *found* (``seen_read``, ``page_read``), else ``seen(pk)``."""
    value = found.get(_key(pk))
    return Seen(pk, *value) if value is not None else seen(pk)


def seen_by_token(token: str) -> Seen | None:
    """The match shared under *token* (None: no match is, or the link was revoked)."""
    pk = cache.get(_token_key(token))
    found = seen(pk) if pk is not None else None
    if found is not None and found.token == token:
        return found
    row = (Match.objects.filter(share_token=token)
           .values_list("pk", "version", "owner_id", "share_token", "game").first())
    if row is None:
        return None
    found = Seen(*row)
    _store(found, refill=True)
    return found


# ---------------------------------------------------------------- the match's row


# The match page reads its match whole (its name, its panels' links and options, its sheet's head…):
# from a shared cache, the row as the database gave it, kept under the match's key with the values of
# its columns in the model's order (their names are in the key: a deploy that changes them reads no
# row of the old shape). As the members' entry is: every write of the row deletes it at once, in its
# transaction, and sets it anew from the database once it committed (``match_row_changed``); a
# reader that finds none reads the database and only *adds* it (``keep_match``), so a read made
# before a write committed never overwrites what the write set after it. Signals catch ``save()``
# and ``delete()`` (the admin, the cascades); each ``QuerySet.update()`` and raw statement on the row
# is in ``scorebook.services``, whose writes all call ``match_changed`` or ``match_row_changed``.
# A second guard for the writes that move the version: a kept row is read only when the match's
# entry (``Seen``, set by each of them before it commits) names the row's version. The append, the
# most frequent write, leans on it alone: it deletes the kept row once it committed, and no more
# (``match_changed(appended=True)``). It lives as long
# as that entry: a refill lost (a process gone between a commit and what follows it) is bounded too.
# From a shared cache only: in a process's own memory another process's rename would go unseen.
_ROW_FIELDS = tuple(field.attname for field in Match._meta.concrete_fields)
_ROW_VERSION = _ROW_FIELDS.index("version")
_ROW_SHAPE = zlib.crc32(" ".join(_ROW_FIELDS).encode())
# What a deleted match's kept row holds, so that a late refill cannot bring it back.
GONE = "gone"


def _row_key(pk: int) -> str:
    return f"row:{SHAPE}:{_ROW_SHAPE}:{pk}"


def _row_of(match: Match) -> tuple[Any, ...]:
    return tuple(getattr(match, name) for name in _ROW_FIELDS)


def _read_row(pk: int) -> tuple[Any, ...] | str:
    match = Match.objects.filter(pk=pk).first()
    return _row_of(match) if match is not None else GONE


def match_row_changed(pk: int) -> None:
    """Match *pk*'s row was written or deleted, in the caller's transaction."""
    if not settings.SCOREBOOK_SHARED_CACHE:
        return
    cache.delete(_row_key(pk))
    transaction.on_commit(lambda: cache.set(_row_key(pk), _read_row(pk), settings.SCOREBOOK_LIVE_TTL))


@receiver(post_save, sender=Match)
@receiver(post_delete, sender=Match)
def _match_written(sender: Any, instance: Match, **kwargs: Any) -> None:
    match_row_changed(instance.pk)


def page_read(pk: int, also: Sequence[str] = ()) -> dict[str, Any]:
    """What the match page reads of the cache before the match: match *pk*'s entry, its kept row, who
    joined it and the entries *also* names (the session's user), in one round trip (nothing without
    a shared cache). The entries not there are left out."""
    if not settings.SCOREBOOK_SHARED_CACHE:
        return {}
    return cache.get_many([_key(pk), _row_key(pk), _members_key(pk), *also])


def kept_match(pk: int, found: dict[str, Any]) -> Match | None:
    """Match *pk* as the database gave it, from its kept row in *found* (``page_read``), when the
    match's entry there names the same version (None: read the database, then ``keep_match``)."""
    row, seen = found.get(_row_key(pk)), found.get(_key(pk))
    if not isinstance(row, tuple) or seen is None or row[_ROW_VERSION] != seen[0]:
        return None
    return Match.from_db(DEFAULT_DB_ALIAS, _ROW_FIELDS, row)


def keep_match(match: Match, found: dict[str, Any]) -> None:
    """*match*, just read whole from the database, kept for the next page: added, never over a row
    a write set meanwhile; with its entry too when *found* (``page_read``) had none."""
    if not settings.SCOREBOOK_SHARED_CACHE:
        return
    cache.add(_row_key(match.pk), _row_of(match), settings.SCOREBOOK_LIVE_TTL)
    if found.get(_key(match.pk)) is None:
        _store(Seen.of(match), refill=True)


def joined_in(pk: int, found: dict[str, Any]) -> list[Joined] | None:
    """Who joined match *pk*, from *found* (``page_read``; None: not there)."""
    rows = found.get(_members_key(pk))
    return [Joined(pk, row) for row in rows] if rows is not None else None


# ---------------------------------------------------------------- who joined


# Joining, leaving and a new role or seat never move the match's version: the members have an entry
# of their own, deleted by every write at once and set anew once it committed (as a user's is,
# scorebook/accounts_cache.py: a refill that read before the write can only *add*, never overwrite it).
# From a shared cache only: in a process's own memory a removed member would keep his place in the
# other processes.
_MEMBER_FIELDS = ("id", "user_id", "guest_key", "name", "role", "seat", "joined_at")


def _members_key(pk: int) -> str:
    return f"members:{SHAPE}:{pk}"


def _read_members(pk: int) -> tuple[dict[str, Any], ...]:
    return tuple(Member.objects.filter(match_id=pk).order_by("joined_at", "id").values(*_MEMBER_FIELDS))


def members(pk: int) -> list[Member] | None:
    """Who joined match *pk* (memberships not read from the database), or None when the cache is
    not shared (the caller reads the database)."""
    if not settings.SCOREBOOK_SHARED_CACHE:
        return None
    found = cache.get(_members_key(pk))
    if found is None:
        found = _read_members(pk)
        cache.add(_members_key(pk), found, SHEET_TTL)
    return [Member(match_id=pk, **row) for row in found]


def members_changed(pk: int) -> None:
    """Someone joined match *pk*, left it, or has another role or seat (in the caller's transaction)."""
    if not settings.SCOREBOOK_SHARED_CACHE:
        return
    cache.delete(_members_key(pk))
    transaction.on_commit(lambda: cache.set(_members_key(pk), _read_members(pk), SHEET_TTL))


@receiver(post_save, sender=Member)
@receiver(post_delete, sender=Member)
def _member_written(sender: Any, instance: Member, **kwargs: Any) -> None:
    members_changed(instance.match_id)


# ---------------------------------------------------------------- the sheets, rendered


# The parts the match page keeps (scorebook/templatetags/match_cache.py), read together the first
# time one of them is wanted (one round trip, not one per part); with them the entry form of the
# reader's role and, for the owner, his panels.
PAGE_PARTS = ["html:sheet", "html:chart", "html:rules", "html:watched-sheet", "html:standings", "html:evening",
              "html:undo", "html:tools"]


def page_kinds(role: str | None, table_stamp: str | None) -> list[str]:
    """What the match page of someone of *role* reads of the cache (``table_stamp``: the owner's panels')."""
    return [*PAGE_PARTS, f"html:form:{role}", *([f"html:table:{table_stamp}"] if table_stamp else [])]


def _sheet_key(kind: str, pk: int, version: int, game: str) -> str:
    return f"sheet:{SHAPE}:{kind}:{pk}:{version}:{rules_stamp(find_game(game))}:{get_language()}"


def sheet_of(kind: str, match: Match | Seen, version: int | None = None) -> Any:
    """The *kind* of sheet (JSON, a page's fragment…) rendered for this version of the match (or for
    *version*), in the active language, or None when not rendered yet."""
    return cache.get(_sheet_key(kind, match.pk, match.version if version is None else version, match.game))


def sheets_of(kinds: list[str], match: Match | Seen) -> dict[str, Any]:
    """The *kinds* of sheet rendered for this version of the match (None: not rendered yet), in one
    round trip to the cache."""
    keys = _sheet_keys(kinds, match)
    return _sheets_in(cache.get_many(keys), kinds, keys)


def _sheet_keys(kinds: list[str], match: Match | Seen) -> list[str]:
    return [_sheet_key(kind, match.pk, match.version, match.game) for kind in kinds]


def _sheets_in(found: dict[str, Any], kinds: list[str], keys: list[str]) -> dict[str, Any]:
    """Each of *kinds* (its key in *keys*) as *found* holds it, None when not."""
    return {kind: found.get(key) for kind, key in zip(kinds, keys, strict=True)}


# What the poll's answer after a write shows of the parts the page keeps (the sheet, and its
# out-of-band chart and totals: templates/scorebook/live/_poll_oob.html).
POLL_PARTS = ["html:sheet", "html:chart", "html:standings"]


def poll_read(pk: int, seen: Seen | None) -> dict[str, Any]:
    """What a poll that found a new version reads before its match: ``page_read``'s entries and the
    poll's kept parts for the version *seen* names, in one round trip (nothing without a shared
    cache)."""
    return page_read(pk, _sheet_keys(POLL_PARTS, seen) if seen is not None else [])


def poll_parts(found: dict[str, Any], match: Match, seen: Seen | None) -> dict[str, Any] | None:
    """The poll's kept parts in *found* (``poll_read``), when they are *match*'s version's (None:
    the match moved on since; its parts are read when rendered)."""
    if not settings.SCOREBOOK_SHARED_CACHE or seen is None or seen.version != match.version:
        return None
    return _sheets_in(found, POLL_PARTS, _sheet_keys(POLL_PARTS, match))


def keep_sheet(kind: str, match: Match | Seen, rendered: Any) -> Any:
    """Keep *rendered*, made from *match* as read from the database (or from what is kept for its
    version), for its version."""
    cache.set(_sheet_key(kind, match.pk, match.version, match.game), rendered, SHEET_TTL)
    return rendered


# ---------------------------------------------------------------- the rows an append adds its row to


# The API answers an append with the version before's rows and its one row added
# (scorebook/api/common.py ``written_sheet``). Those rows are kept under the match's key, not its
# version's, with the version and the rules they are of: the append reads them in the round trip
# that reads the match's entry (``seen_and_members``), before it knows the version. Rows of another
# version or other rules are not used (read again, then rendered from the database): a write racing
# another, or a read keeping an older version's rows after a write kept the newer, costs that one
# answer a whole rendering, never a wrong sheet.


def rows_key(pk: int) -> str:
    return f"sheet-rows:{SHAPE}:{pk}:{get_language()}"


def _rows_of(value: Any, version: int, stamp: str) -> bytes | None:
    if isinstance(value, tuple) and len(value) == 3 and value[0] == version and value[1] == stamp:
        return value[2]
    return None


def kept_rows(match: Match | Seen, version: int, found: dict[str, Any] | None = None) -> bytes | None:
    """The JSON of *match*'s rendered rows at *version* (between their brackets), from *found* (read
    with the match's entry: ``rows_key``) or else from the cache; None when not kept."""
    key, stamp = rows_key(match.pk), rules_stamp(find_game(match.game))
    rows = _rows_of((found or {}).get(key), version, stamp)
    return rows if rows is not None else _rows_of(cache.get(key), version, stamp)


def keep_json(match: Match | Seen, whole: bytes, rows: bytes | None) -> None:
    """The scoresheet's JSON kept for *match*'s version (``sheet_of("json-bytes", …)``) and, when
    given, its rows for the next append (``kept_rows``), in one round trip to the cache, with the
    deletes held for it (``deletes_held``)."""
    kept: dict[str, Any] = {_sheet_key("json-bytes", match.pk, match.version, match.game): whole}
    if rows is not None:
        kept[rows_key(match.pk)] = (match.version, rules_stamp(find_game(match.game)), rows)
    held = _held.get()
    if held:
        # Both backends have it (scorebook/redis_cache.py, scorebook/local_cache.py).
        backend: Any = cache
        backend.set_many_deleting(kept, SHEET_TTL, held[:])
        held.clear()
    else:
        cache.set_many(kept, SHEET_TTL)
