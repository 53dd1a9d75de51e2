"""Who is signed in, from the cache: the session's user with his epoch, and an API token with the
user it stands for (one entry: one round trip), so that a signed-in poll or API call costs no query
on a warm cache.

Only when the cache is shared (``SCOREBOOK_SHARED_CACHE``, on with CACHE_URL): a process's own
memory would still know a user, an epoch or a token that another process changed or deleted.

Invalidated by the writes only, as scorebook/caches.py is: a write (a user saved — a password
changed, a sign-in's ``last_login`` —, deleted, signed out everywhere; a token made or deleted)
deletes the entry at once, then, once its transaction committed, sets it anew from the database
(a deleted one to ``GONE``). A reader that finds no entry reads the database and only *adds* one
(``cache.add``): a read that saw the row before the write committed can never overwrite what the
write set after it. A token's entry holds its user too: a write of the user deletes and sets anew
the entries of his tokens as well as his own. A token's expiry is its age: checked on every request
against the entry's ``created``, so an expired token stops at once too.

A poll reads the session, its user and the match it polls in one round trip to the cache
(``read_already``, scorebook/web/people.py): the same entry, read a moment earlier. An API append
reads its token so, with the match it writes to (scorebook/api/views.py ``DealList``).

Signals, not the callers: the admin, ``createsuperuser`` and the cascades write users and tokens
too. A ``QuerySet.update()`` sends none: the code that updates a user's or a token's row that way
calls ``user_changed`` / ``token_changed`` itself (``accounts.sign_out_everywhere`` does).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from rest_framework.authtoken.models import Token

# An entry's life: writes set and delete the entries, so this only bounds what the cache keeps.
TTL = 60 * 60
# In every key: a deploy that changes what an entry holds bumps it (as caches.SHAPE).
SHAPE = 2
# What a deleted user's or token's entry holds, so that a late refill cannot bring it back.
GONE = "gone"
# Users' and tokens' entries this request already read from the cache along with other entries, by
# key (None: read, and not there): ``read_already``.
_read: ContextVar[dict[str, Any] | None] = ContextVar("scorebook_users_read", default=None)


def enabled() -> bool:
    return bool(getattr(settings, "SCOREBOOK_SHARED_CACHE", False))


def user_key(pk: Any) -> str:
    return f"user:{SHAPE}:{pk}"


def token_key(key: str) -> str:
    # The key's digest, not the key: the cache's key names are no secret (monitoring, logs).
    return f"token:{SHAPE}:{hashlib.sha256(key.encode()).hexdigest()}"


def _read_user(pk: Any) -> Any:
    """The user *pk* with his epoch joined (None: no such user)."""
    return get_user_model()._default_manager.select_related("session_epoch").filter(pk=pk).first()


def _read_token(key: str) -> Any:
    """The entry of token *key*: its user's id, when it was made and the user with his epoch (one
    query), or ``GONE``."""
    token = Token.objects.select_related("user__session_epoch").filter(key=key).first()
    return GONE if token is None else (token.user_id, token.created, token.user)


# ---------------------------------------------------------------- the reads


def user(pk: Any) -> Any:
    """User *pk* with his epoch (``user.session_epoch``), from the cache when it is shared (None:
    no such user)."""
    if not enabled():
        return _read_user(pk)
    key = user_key(pk)
    found = _entry(key)
    if found == GONE:
        return None
    if found is not None:
        return found
    found = _read_user(pk)
    cache.add(key, found if found is not None else GONE, TTL)
    return found


def _entry(key: str) -> Any:
    """The cache's entry *key*: as ``read_already`` gave it when the request read it already, else
    read now (None: not there)."""
    known = _read.get()
    return known[key] if known is not None and key in known else cache.get(key)


@contextmanager
def read_already(found: dict[str, Any]) -> Iterator[None]:
    """Within the block ``user`` and ``token`` take an entry from *found* (``user_key`` or
    ``token_key`` → the entry, None when it was not there), read by the caller along with what else
    it needed in one round trip."""
    reset = _read.set(found)
    try:
        yield
    finally:
        _read.reset(reset)


def token(key: str) -> Token | None:
    """The token *key* with its user (None: no such token, or its user is gone). From the cache when
    it is shared: then a Token not read from the database, holding what a token check needs."""
    if not enabled():
        return Token.objects.select_related("user").filter(key=key).first()
    entry = token_key(key)
    found = _entry(entry)
    if found is None:
        found = _read_token(key)
        cache.add(entry, found, TTL)
    if found == GONE:
        return None
    _user_id, created, owner = found
    return Token(key=key, user=owner, created=created)


# ---------------------------------------------------------------- the writes


def user_changed(pk: Any) -> None:
    """User *pk* was written (his row, his epoch) or deleted, in the caller's transaction: his entry
    and his tokens' (which hold him too)."""
    if not enabled():
        return
    tokens = list(Token.objects.filter(user_id=pk).values_list("key", flat=True))
    cache.delete_many([user_key(pk), *(token_key(key) for key in tokens)])

    def refill() -> None:
        found = _read_user(pk)
        cache.set(user_key(pk), found if found is not None else GONE, TTL)
        for key in tokens:  # a token made or deleted meanwhile saw to its own entry (token_changed)
            cache.set(token_key(key), _read_token(key), TTL)

    transaction.on_commit(refill)


def token_changed(key: str) -> None:
    """The token *key* was made or deleted, in the caller's transaction."""
    if not enabled():
        return
    cache.delete(token_key(key))

    def refill() -> None:
        cache.set(token_key(key), _read_token(key), TTL)

    transaction.on_commit(refill)


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
@receiver(post_delete, sender=settings.AUTH_USER_MODEL)
def _user_written(sender: Any, instance: Any, **kwargs: Any) -> None:
    user_changed(instance.pk)


@receiver(post_save, sender=Token)
@receiver(post_delete, sender=Token)
def _token_written(sender: Any, instance: Token, **kwargs: Any) -> None:
    token_changed(instance.key)
