from __future__ import annotations

from django.apps import AppConfig


class WebConfig(AppConfig):
    """Phone UI pages, service worker and translations (issue 7)."""

    name = "web"
    verbose_name = "Companion phone UI"
