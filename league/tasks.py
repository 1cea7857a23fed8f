"""Celery tasks of the league: they take ids, call a service, and can run twice without harm.

The league consumes companion's outbox (``companion.outbox``): ``change_consume`` is queued after
each COMMIT that changed a match's result, and ``outbox_sweep`` (Celery beat) queues it again for
every change still pending after the grace period. Failures that a retry can mend (a deadlock, a
unique violation from a concurrent writer, a lost connection) are retried with backoff; whatever
still fails is left pending for the next sweep.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.db import IntegrityError, InterfaceError, OperationalError

from companion import outbox
from league import services

#: Errors a second attempt can succeed after (PostgreSQL deadlocks are OperationalErrors), retried with
#: exponential backoff and jitter; a derivation must finish well inside the broker's visibility timeout.
RETRYING: dict[str, Any] = {
    "autoretry_for": (OperationalError, InterfaceError, IntegrityError),
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "retry_jitter": True,
    "max_retries": 8,
    "time_limit": 300,
    "soft_time_limit": 270,
}


@shared_task(name="league.change_consume", **RETRYING)
def change_consume(change_id: int) -> str:
    """Derive the match of one outbox change (``league.services.change_consume``)."""
    return services.change_consume(change_id=change_id)


@shared_task(name="league.outbox_sweep", time_limit=60, soft_time_limit=50)
def outbox_sweep() -> int:
    """Queue every outbox change not drained within the grace period; returns how many."""
    changes = outbox.pending()
    for change_id in changes:
        change_consume.delay(change_id)
    return len(changes)


@shared_task(name="league.warm", time_limit=120, soft_time_limit=100, ignore_result=True)
def warm(league_id: int) -> None:
    """Memoise a league's standings and records (``league.services.warm_soon`` queues it)."""
    services.league_warm(league_id)
