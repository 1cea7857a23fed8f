from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "League history, statistics and ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The league subscribes to companion's "match changed"; companion never imports the league.
        from companion.outbox import match_changed

        match_changed.connect(_change_queue, dispatch_uid="league.change_consume")
        # Register the league's tasks, so services can queue ``league.warm`` by name (no import cycle).
        import league.tasks  # noqa: F401


def _change_queue(sender: Any, change_id: int, **kwargs: Any) -> None:
    """Queue the derivation of one outbox change (runs after the append's COMMIT)."""
    from league.tasks import change_consume

    change_consume.delay(change_id)
