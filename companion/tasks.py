"""Celery tasks: another interface to the services. They take ids and can run twice without harm."""

from __future__ import annotations

from celery import shared_task

from companion import services
from league import services as league_services


@shared_task(name="companion.standings_rebuild", acks_late=True, time_limit=60, soft_time_limit=50)
def standings_rebuild(match_id: int) -> int:
    """Rewrite the derived standings of one match from its record."""
    rows = services.standings_write(match_id=match_id)
    # The league's derived rows and ratings follow the same trigger: finishing, or a correction.
    league_services.match_derive(match_id=match_id)
    return rows


@shared_task(name="companion.claim_check", acks_late=True, time_limit=60, soft_time_limit=50)
def claim_check(claim_id: int) -> str:
    """Finish a claim check that did not fit the request budget (idempotent: appends once)."""
    from companion.claims import claim_check_finish

    return claim_check_finish(claim_id=claim_id)
