from __future__ import annotations

from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "League history, statistics and ratings"
    default_auto_field = "django.db.models.BigAutoField"
