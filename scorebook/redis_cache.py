"""Django's Redis cache backend, made cheaper per round trip; every hot request makes one or more
(a poll makes exactly one), so what redis-py spends around each command is a large part of it.

- One Redis client per connection pool instead of a new one for every cache operation: making the
  client (redis-py builds its retry and callback tables each time) cost about as much as the round
  trip itself.
- Each thread sends its commands on a connection it keeps (``KeptConnectionRedis``), not one taken
  from the pool and given back per command: the pool's lock, its check that the connection has no
  data waiting (one more system call) and redis-py's per-command retry and metrics wrappers cost
  ~25 µs of CPU a command here (docs/performance.md). A failed connection is dropped, and the
  command sent once more the ordinary way, with redis-py's own retries, as before.
- No check of each key against memcached's rules (Django warns about keys memcached would refuse:
  Redis takes any key).
- ``set_many_deleting``: ``set_many`` and ``delete_many`` in one round trip (what an append keeps
  and deletes once it committed; scorebook/local_cache.py has the same call for the local memory).

A client is safe to share between threads: the kept connections are per thread (and per process:
a forked worker opens its own).
"""

from __future__ import annotations

import os
import threading
from typing import Any

import redis
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError


class KeptConnectionRedis(redis.Redis):
    """``redis.Redis`` whose commands go out on a connection the calling thread keeps."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._kept = threading.local()

    def _connection(self) -> Any:
        kept = self._kept
        connection = getattr(kept, "connection", None)
        if connection is None or kept.pid != os.getpid():
            pool = self.connection_pool
            # Made as the pool makes its own, but not counted in it: it is closed when its thread
            # ends (redis-py's Connection disconnects when it is collected).
            connection = kept.connection = pool.connection_class(**pool.connection_kwargs)
            kept.pid = os.getpid()
        return connection

    def execute_command(self, *args: Any, **options: Any) -> Any:
        # What redis.Redis._send_command_parse_response does, on the kept connection.
        connection = self._connection()
        try:
            connection.send_command(*args)
            return self.parse_response(connection, args[0], **options)
        except ResponseError:
            raise  # Redis answered (the whole answer was read): the connection is fine
        except (RedisConnectionError, RedisTimeoutError, OSError):
            self._drop(connection)
            # The pool's connection and redis-py's retries, as every command went before: a Redis
            # restarted or a connection the server closed costs one more trip, not an error.
            return super().execute_command(*args, **options)
        except BaseException:
            self._drop(connection)  # an answer half read must not be read as the next one's
            raise

    def _drop(self, connection: Any) -> None:
        connection.disconnect()
        self._kept.connection = None


class ReusedClients(RedisCacheClient):
    _serializer: Any  # Django's (its stubs do not declare it)

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._client = KeptConnectionRedis
        self._clients: dict[bool, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # One for writing, one for reading (with read replicas listed, the one first picked).
        client = self._clients.get(write)
        if client is None:
            client = self._clients[write] = super().get_client(key, write=write)
        return client

    def set_many_deleting(self, data: dict[str, Any], timeout: float | None, keys: list[str]) -> None:
        # Django's set_many (MSET, then each key's EXPIRE), with the DEL in the same pipeline.
        pipeline = self.get_client(None, write=True).pipeline()
        pipeline.mset({key: self._serializer.dumps(value) for key, value in data.items()})
        if timeout is not None:
            for key in data:
                pipeline.expire(key, timeout)
        if keys:
            pipeline.delete(*keys)
        pipeline.execute()


class Redis(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` whose clients are made once per pool and
    send on a connection each thread keeps."""

    _cache: ReusedClients  # Django's (its stubs do not declare it)

    def __init__(self, server: Any, params: dict[str, Any]):
        super().__init__(server, params)
        self._class = ReusedClients

    def validate_key(self, key: str) -> None:
        """Redis takes any key: Django's warnings are about memcached's limits (length, spaces)."""

    def set_many_deleting(self, data: dict[str, Any], timeout: Any, keys: list[str]) -> None:
        """``set_many(data, timeout)`` and ``delete_many(keys)`` in one round trip."""
        self._cache.set_many_deleting({self.make_key(key): value for key, value in data.items()},
                                      self.get_backend_timeout(timeout), [self.make_key(key) for key in keys])
