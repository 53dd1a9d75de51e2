"""Django's PostgreSQL backend with a health check that costs no round trip.

Every worker keeps its connection between requests (``CONN_MAX_AGE``) and Django checks it at a
request's first query (``conn_health_checks``): by sending ``SELECT 1`` and waiting for the answer,
one round trip more on every request that reads or writes, a fifth of an append's. A connection
the server dropped (a restart, an idle timeout, ``pg_terminate_backend``) says so on its socket:
the server's farewell, then the end of the stream, are waiting to be read. An idle connection in
good health has nothing to read. So the socket is looked at first, and only a connection with
something waiting (or known broken) gets Django's own check, which closes it if it fails.
(A server that vanished without a word, the network cut, is found by neither before the query's
own timeout.)
"""

from __future__ import annotations

import select
from typing import Any

from django.db.backends.postgresql import base
from psycopg import pq


class DatabaseWrapper(base.DatabaseWrapper):
    # Django's own, which django-stubs does not declare.
    health_check_enabled: bool
    health_check_done: bool
    pool: Any

    def close_if_health_check_failed(self) -> None:
        if (self.connection is not None and self.health_check_enabled and not self.health_check_done
                and not self.pool and self._quiet()):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def _quiet(self) -> bool:
        """The connection is idle, not known broken, and the server sent nothing since its last answer."""
        connection = self.connection
        if connection.closed or connection.broken or connection.info.transaction_status != pq.TransactionStatus.IDLE:
            return False
        try:
            socket = connection.pgconn.socket
        except Exception:  # noqa: BLE001 - psycopg's OperationalError: no socket, nothing quiet about it
            return False
        waiting = select.poll()
        waiting.register(socket, select.POLLIN | select.POLLERR | select.POLLHUP)
        return not waiting.poll(0)
