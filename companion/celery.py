"""The Celery application. Tasks are another interface to the services (see companion/tasks.py)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

app = Celery("companion")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
