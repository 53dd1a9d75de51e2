"""Django's cached sessions (the cache, the database behind it), which a poll can hand the session's
cache entry it read along with the match it polls: one round trip to the cache for both
(``member_poll``, scorebook/web/people.py). The keys, the entries and the database rows are Django's
``cached_db`` ones, unchanged: switching to this engine keeps every session signed in.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import cached_db


class SessionStore(cached_db.SessionStore):
    def kept_key(self) -> str | None:
        """The cache's key of this session's entry (None: the request brought no session)."""
        # Not ``cache_key`` on a session without a key: it would make one.
        return self.cache_key if self.session_key is not None else None

    def preload(self, data: Any) -> None:
        """The session's entry, read from the cache by the caller (None: it was not there, and the
        session loads itself as ever: the cache, then the database). Must come before anything read
        the session."""
        if data is not None and not hasattr(self, "_session_cache"):
            self._session_cache = data
