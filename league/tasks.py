"""Celery tasks of the league: they take ids, call a service, and can run twice without harm."""

from __future__ import annotations

from celery import shared_task

from league import services


@shared_task(name="league.match_derive", acks_late=True, time_limit=600, soft_time_limit=570)
def match_derive(match_id: int) -> bool:
    """Rewrite one match's derived rows and re-rate its profile from that match onward."""
    return services.match_derive(match_id=match_id)


@shared_task(name="league.rebuild", acks_late=True, time_limit=3600, soft_time_limit=3500)
def rebuild() -> dict[str, int]:
    return services.league_rebuild()
