"""Phone UI pages.

Every page is an app shell: the server renders the translated frame, and ``web/app.js`` fills it
from the REST API (``/api/v1/``), which stays the one write path (DESIGN.md §1). The pages work
without any settings beyond ``"web"`` in ``INSTALLED_APPS``: the language comes from the
``django_language`` cookie (set by the language switch, so it is remembered) or the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from django.views.i18n import JavaScriptCatalog

from companion.language import COOKIE, localized

#: The four languages of the phone UI (issue 7), in the order the switch shows them.
LANGUAGES: list[tuple[str, str]] = [("en", "English"), ("de", "Deutsch"), ("fi", "Suomi"), ("ru", "Русский")]
LANGUAGE_CODES = {code for code, _ in LANGUAGES}
#: Bumped whenever the app shell changes, so that the service worker drops its old cache.
SHELL_VERSION = "companion-shell-v7"

View = Callable[..., HttpResponseBase]


def _page(request: HttpRequest, template: str, page: str, **context: Any) -> HttpResponse:
    context.update(page=page, languages=LANGUAGES, language=translation.get_language(), shell=SHELL_VERSION)
    return render(request, f"web/{template}", context)


@localized
def home(request: HttpRequest) -> HttpResponse:
    return _page(request, "home.html", "home")


@localized
def new_match(request: HttpRequest) -> HttpResponse:
    return _page(request, "new_match.html", "new")


@localized
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    return _page(request, "join.html", "join", code=code.upper())


@localized
def table(request: HttpRequest, match_id: str) -> HttpResponse:
    return _page(request, "table.html", "table", match_id=match_id)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Remember the chosen language for a year and go back where the user was."""
    language = request.POST.get("language", "en")
    target = request.POST.get("next") or "/"
    if not target.startswith("/") or target.startswith("//"):
        target = "/"
    response = HttpResponseRedirect(target)
    if language in LANGUAGE_CODES:
        response.set_cookie(COOKIE, language, max_age=365 * 24 * 3600, samesite="Lax")
    return response


_CATALOG = JavaScriptCatalog.as_view(packages=["web"], domain="djangojs")


@localized
def javascript_catalog(request: HttpRequest) -> HttpResponseBase:
    """The JS strings (with plural rules) of the user's language, from ``web/locale``."""
    return _CATALOG(request)


@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from the site root so that its scope covers every page."""
    body = render_to_string("web/sw.js", {"shell": SHELL_VERSION, "languages": LANGUAGES})
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response.headers["Service-Worker-Allowed"] = "/"
    return response


def manifest(request: HttpRequest) -> HttpResponse:
    body = render_to_string("web/manifest.webmanifest", {})
    return HttpResponse(body, content_type="application/manifest+json")
