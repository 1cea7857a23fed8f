from django.apps import AppConfig
from django.urls import register_converter


class CompanionConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "companion"
    verbose_name = "Companion"

    def ready(self) -> None:
        # records every sign-in's session (companion/sessions.py); registers the tasks services queue by name
        import companion.sessions
        import companion.tasks  # noqa: F401
        from companion.limits import IdConverter

        # before any URLconf is imported: ``<id:...>`` is a database-sized id (companion/limits.py)
        register_converter(IdConverter, "id")
