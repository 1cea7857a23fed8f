"""The write transaction every service runs in.

SQLite has one writer at a time. Its busy handler makes a second writer sleep and poll (1, 2, 5,
10 … ms), which turns two phones recording at once into tens of milliseconds of waiting. Within one
process, writers therefore queue on a lock and start the moment the previous one commits; across
processes the busy timeout still applies. PostgreSQL needs none of this (rows are locked instead).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from django.db import connection, transaction

P = ParamSpec("P")
R = TypeVar("R")

_SQLITE_WRITER = threading.RLock()


def writing(func: Callable[P, R]) -> Callable[P, R]:
    """Run ``func`` in a transaction (queued behind other writers of this process on SQLite)."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        if connection.vendor != "sqlite":
            with transaction.atomic():
                return func(*args, **kwargs)
        with _SQLITE_WRITER, transaction.atomic():
            return func(*args, **kwargs)

    return wrapper
