from __future__ import annotations

from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "ops"
    verbose_name = "Operations"

    def ready(self) -> None:
        from django.conf import settings

        from ops import celery_signals

        celery_signals.connect()
        if settings.SENTRY_DSN:
            from ops.sentry import init_sentry

            init_sentry(settings.SENTRY_DSN, environment=settings.SENTRY_ENVIRONMENT)
