"""The cache in a process's own memory (no CACHE_URL): Django's, with the one call the Redis backend
adds (scorebook/redis_cache.py), so that the code that calls it need not ask which cache it has."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.locmem import LocMemCache


class LocalMemory(LocMemCache):
    def set_many_deleting(self, data: dict[str, Any], timeout: Any, keys: list[str]) -> None:
        """``set_many(data, timeout)`` and ``delete_many(keys)``: no round trip here to save."""
        self.set_many(data, timeout)
        self.delete_many(keys)
