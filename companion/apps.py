from django.apps import AppConfig
from django.urls import register_converter


class CompanionConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "companion"
    verbose_name = "Companion"

    def ready(self) -> None:
        import companion.sessions  # noqa: F401  (records every sign-in's session: companion/sessions.py)
        from companion.limits import IdConverter

        # before any URLconf is imported: ``<id:...>`` is a database-sized id (companion/limits.py)
        register_converter(IdConverter, "id")
