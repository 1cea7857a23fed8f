"""Companion's Django project and app: models, services (writes), selectors (reads), tasks."""

from companion.celery import app as celery_app

__all__ = ["celery_app"]
