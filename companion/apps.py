from typing import Any

from django.apps import AppConfig
from django.urls import register_converter


class CompanionConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "companion"
    verbose_name = "Companion"

    def ready(self) -> None:
        import companion.sessions  # noqa: F401  (records every sign-in's session: companion/sessions.py)
        from companion.claims import claim_pending
        from companion.limits import IdConverter

        # before any URLconf is imported: ``<id:...>`` is a database-sized id (companion/limits.py)
        register_converter(IdConverter, "id")
        claim_pending.connect(_claim_check_queue, dispatch_uid="companion.claim_check")


def _claim_check_queue(sender: Any, claim_id: int, **kwargs: Any) -> None:
    from companion.tasks import claim_check

    claim_check.delay(claim_id)
