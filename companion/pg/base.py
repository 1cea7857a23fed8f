"""Django's PostgreSQL backend, with no wait on the database longer than a bound.

The server's own ``statement_timeout`` and ``lock_timeout`` (set per connection from the settings,
docs/deploy.md) end a slow statement or a lock wait with an error. They cannot end a wait on a
database that no longer answers at all — a network that black-holes packets, a frozen proxy, a
stopped server: the query has not reached it, or its answer never comes back, and the client waits
for ever. So every statement, commit, rollback and health check here is watched: past
``COMPANION_DB_CLIENT_TIMEOUT_S`` (the statement timeout plus a second) the socket is shut down
from a watchdog thread, the waiting call fails with ``OperationalError``, and the API answers
503 ``database_unavailable`` with ``Retry-After`` (api/middleware.py). The connection is discarded;
whether the statement had committed is what the client's retry with its ``client_event_id`` finds out.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from django.conf import settings
from django.db.backends.postgresql import base


def client_timeout_s() -> float:
    return float(getattr(settings, "COMPANION_DB_CLIENT_TIMEOUT_S", 0) or 0)


class _Watchdog:
    """One thread per process: shuts down the socket of every wait that outlived its deadline."""

    def __init__(self) -> None:
        self.reset()
        # a forked child (gunicorn, Celery's pool) has no watchdog thread: it starts its own
        os.register_at_fork(after_in_child=self.reset)

    def reset(self) -> None:
        self.lock = threading.Condition()
        self.waits: dict[int, int] = {}  # wait id → the socket's file descriptor
        self.deadlines: list[tuple[float, int]] = []
        self.ids = itertools.count()
        self.thread: threading.Thread | None = None

    def watch(self, fd: int, bound_s: float) -> int:
        with self.lock:
            wait = next(self.ids)
            self.waits[wait] = fd
            heapq.heappush(self.deadlines, (time.monotonic() + bound_s, wait))
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="db-watchdog", daemon=True)
                self.thread.start()
            if self.deadlines[0][1] == wait:  # the thread sleeps until a later deadline, or for ever
                self.lock.notify()
            return wait

    def done(self, wait: int) -> None:
        with self.lock:  # after this the fd is never touched: it may be closed and reused
            self.waits.pop(wait, None)

    def _run(self) -> None:
        with self.lock:
            while True:
                now = time.monotonic()
                while self.deadlines and (self.deadlines[0][0] <= now or self.deadlines[0][1] not in self.waits):
                    _, wait = heapq.heappop(self.deadlines)
                    fd = self.waits.pop(wait, None)
                    if fd is not None:
                        _cut(fd)
                self.lock.wait(self.deadlines[0][0] - now if self.deadlines else None)


def _cut(fd: int) -> None:
    """Shut the connection's socket down (both ways): the blocked read returns at once."""
    with contextlib.suppress(OSError):
        sock = socket.socket(fileno=fd)
        try:
            sock.shutdown(socket.SHUT_RDWR)
        finally:
            sock.detach()  # the descriptor stays psycopg's to close


WATCHDOG = _Watchdog()


@contextlib.contextmanager
def bounded(raw: Any) -> Iterator[None]:
    """Watch one wait on the psycopg connection ``raw`` (nothing when the bound is 0 or no connection)."""
    bound = client_timeout_s()
    fd = raw.fileno() if raw is not None and bound > 0 and not raw.closed else None
    if fd is None:
        yield
        return
    wait = WATCHDOG.watch(fd, bound)
    try:
        yield
    finally:
        WATCHDOG.done(wait)


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.execute_wrappers.append(self._bounded_execute)

    def _bounded_execute(
        self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
    ) -> Any:
        with bounded(self.connection):
            return execute(sql, params, many, context)

    def _commit(self) -> None:
        with bounded(self.connection):
            super()._commit()  # type: ignore[misc]  # not in django-stubs

    def _rollback(self) -> None:
        with bounded(self.connection):
            super()._rollback()  # type: ignore[misc]  # not in django-stubs

    def is_usable(self) -> bool:
        with bounded(self.connection):
            return bool(super().is_usable())
