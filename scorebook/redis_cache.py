"""Django's Redis cache backend, with one Redis client per connection pool instead of a new one for
every cache operation: making the client (redis-py builds its retry and callback tables each time)
cost about as much as the round trip itself.

A client is safe to share between threads: it takes a connection from its pool for each command.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class ReusedClients(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._clients: dict[bool, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # One for writing, one for reading (with read replicas listed, the one first picked).
        client = self._clients.get(write)
        if client is None:
            client = self._clients[write] = super().get_client(key, write=write)
        return client


class Redis(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` whose clients are made once per pool."""

    def __init__(self, server: Any, params: dict[str, Any]):
        super().__init__(server, params)
        self._class = ReusedClients
