"""The player's language, read the same way by the phone pages and the API.

The language switch of the phone UI sets the ``django_language`` cookie (so it is remembered);
without it the browser's ``Accept-Language`` decides; anything else is English.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.utils import translation

from scoring.i18n import LANGUAGES

COOKIE: str = getattr(settings, "LANGUAGE_COOKIE_NAME", "django_language")


def pick_language(request: HttpRequest) -> str:
    """The cookie if it names one of our languages, else the browser's best match, else English."""
    cookie = str(request.COOKIES.get(COOKIE, ""))
    if cookie in LANGUAGES:
        return cookie
    return language_from_header(str(request.META.get("HTTP_ACCEPT_LANGUAGE", "")))


def language_from_header(header: str) -> str:
    """An ``Accept-Language`` header's best match among our languages, else English."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        code, _, rest = part.strip().partition(";")
        quality = 1.0
        if rest.strip().startswith("q="):
            try:
                quality = float(rest.strip()[2:])
            except ValueError:
                quality = 0.0
        ranked.append((-quality, position, code.strip().lower()[:2]))
    for _quality, _position, code in sorted(ranked):
        if code in LANGUAGES:
            return code
    return "en"


View = Callable[..., HttpResponseBase]


def localized(view: View) -> View:
    """Render a page view in the reader's language (no LocaleMiddleware needed)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        language = pick_language(request)
        with translation.override(language):
            request.LANGUAGE_CODE = language
            response = view(request, *args, **kwargs)
            if hasattr(response, "render") and callable(response.render):
                response.render()
        response.headers["Content-Language"] = language
        response.headers["Vary"] = "Cookie, Accept-Language"
        return response

    return wrapper
