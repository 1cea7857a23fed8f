from __future__ import annotations

from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "ops"
    verbose_name = "Operations"

    def ready(self) -> None:
        from ops import celery_signals

        celery_signals.connect()
