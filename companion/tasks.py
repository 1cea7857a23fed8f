"""Celery tasks: another interface to the services. They take ids and can run twice without harm."""

from __future__ import annotations

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings

from companion import claims


@shared_task(
    name="companion.claim_check",
    acks_late=True,
    time_limit=settings.COMPANION_CLAIM_TASK_TIME_LIMIT_S,
    soft_time_limit=settings.COMPANION_CLAIM_TASK_SOFT_LIMIT_S,
)
def claim_check(claim_id: int) -> str:
    """Finish a claim check that did not fit the request budget (idempotent: appends once).

    The check honours ``COMPANION_CLAIM_BUDGET_S`` by itself; the soft limit is the backstop (the
    claim is answered "undetermined"), the hard limit kills a worker process stuck anyway."""
    try:
        return claims.claim_check_finish(claim_id=claim_id)
    except SoftTimeLimitExceeded:
        return claims.claim_check_out_of_time(claim_id=claim_id)


@shared_task(name="companion.claims_sweep", time_limit=60, soft_time_limit=50)
def claims_sweep() -> int:
    """Queue again every claim check still pending well past its budget (its task was lost)."""
    stale = claims.pending_checks(older_than_s=settings.COMPANION_CLAIM_BUDGET_S + settings.COMPANION_OUTBOX_GRACE_S)
    for claim_id in stale:
        claim_check.delay(claim_id)
    return len(stale)
