"""Phone UI pages.

Every page is an app shell: the server renders the translated frame, and the ES modules in
``web/static/web/js`` (loaded through an import map, docs/phone-ui.md) fill it
from the REST API (``/api/v1/``), which stays the one write path (DESIGN.md §1). The pages work
without any settings beyond ``"web"`` in ``INSTALLED_APPS``: the language comes from the
``django_language`` cookie (set by the language switch, so it is remembered) or the browser.

Pages are gzipped (Django's GZipMiddleware, with its BREACH padding): they carry the import map and
the language's JavaScript catalogue inline, the first bytes a cold phone waits for.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.cache import never_cache
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_POST
from django.views.i18n import JavaScriptCatalog

from companion.language import COOKIE, localized
from companion.selectors import catalogue_version

#: The four languages of the phone UI (issue 7), in the order the switch shows them.
LANGUAGES: list[tuple[str, str]] = [("en", "English"), ("de", "Deutsch"), ("fi", "Suomi"), ("ru", "Русский")]
LANGUAGE_CODES = {code for code, _ in LANGUAGES}
#: The app's static files (web/static/web): modules, style, icon and the vendored QR library.
STATIC_DIR = Path(__file__).resolve().parent / "static"
#: Modules every page loads; a page adds its own (pages/<page>.js, or the table's and the forms').
COMMON_MODULES = ("main", "chrome", "dom", "i18n", "errors", "router", "store", "session", "api", "format", "pending")
#: The table's scoreboard; its forms, other tabs and the game's own view load once it is drawn.
PAGE_MODULES = {"table": ("table/page", "table/board", "table/live")}

View = Callable[..., HttpResponseBase]


def _static_names() -> tuple[str, ...]:
    return tuple(
        sorted(
            p.relative_to(STATIC_DIR).as_posix()
            for p in (STATIC_DIR / "web").rglob("*")
            if p.suffix in {".js", ".css", ".svg"}
        )
    )


def _shell() -> dict[str, Any]:
    """The static files' URLs (hashed by the manifest storage in production) and a cache name that
    changes with their content, so the service worker follows every change without a hand-kept version."""
    names = _static_names()
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + (STATIC_DIR / name).read_bytes())
    modules = [n for n in names if n.startswith("web/js/")]
    plain = str(getattr(staticfiles_storage, "base_url", None) or settings.STATIC_URL)
    # Modules import each other by relative URL ("./dom.js"); the import map sends each to its hashed name.
    imports = {plain + n: staticfiles_storage.url(n) for n in modules if staticfiles_storage.url(n) != plain + n}
    return {
        "name": "companion-shell-" + digest.hexdigest()[:12],
        "files": [staticfiles_storage.url(n) for n in names],
        "modules": modules,
        "import_map": json.dumps({"imports": imports}, separators=(",", ":")),
    }


_cached_shell = cache(_shell)


def shell() -> dict[str, Any]:
    # While developing, the files change under a running server: read them on every request.
    return _shell() if settings.DEBUG else _cached_shell()


def preloads(page: str, modules: list[str]) -> list[str]:
    """The modules the page needs at once, preloaded in parallel instead of found import by import."""
    own = PAGE_MODULES.get(page, (f"pages/{page}",))
    wanted = [f"web/js/{m}.js" for m in COMMON_MODULES]
    wanted += [m for m in modules if any(m.startswith(f"web/js/{prefix}") for prefix in own) and "/games/" not in m]
    return [staticfiles_storage.url(m) for m in wanted if m in modules]


def _inline_safe(script: str) -> str:
    """A script to put between <script> tags: no "</" can end the element early."""
    return script.replace("</", "<\\/")


@cache
def _boot_js() -> str:
    return _inline_safe((STATIC_DIR / "web" / "boot.js").read_text())


_catalogs: dict[str, str] = {}


def _js_catalog(request: HttpRequest) -> str:
    """The JavaScript catalogue of the active language, put in the page so that the modules need not
    wait for one more request (``/jsi18n/`` serves the same, for the service worker)."""
    language = translation.get_language()
    text = _catalogs.get(language)
    if text is None or settings.DEBUG:
        response = _CATALOG(request)
        assert isinstance(response, HttpResponse)  # JavaScriptCatalog renders, it never streams
        text = _inline_safe(response.content.decode())
        _catalogs[language] = text
    return text


def _page(request: HttpRequest, template: str, page: str, **context: Any) -> HttpResponse:
    app = shell()
    context.update(
        boot_js=_boot_js() if not settings.DEBUG else _boot_js.__wrapped__(),
        js_catalog=_js_catalog(request),
        page=page,
        languages=LANGUAGES,
        language=translation.get_language(),
        shell=app["name"],
        import_map=app["import_map"],
        preloads=preloads(page, app["modules"]),
        catalogue=catalogue_version(),
    )
    return render(request, f"web/{template}", context)


@gzip_page
@localized
def home(request: HttpRequest) -> HttpResponse:
    return _page(request, "home.html", "home")


@gzip_page
@localized
def new_match(request: HttpRequest) -> HttpResponse:
    return _page(request, "new_match.html", "new")


@gzip_page
@localized
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    return _page(request, "join.html", "join", code=code.upper())


@gzip_page
@localized
def table(request: HttpRequest, match_id: str) -> HttpResponse:
    return _page(request, "table.html", "table", match_id=match_id)


@gzip_page
@localized
def account(request: HttpRequest) -> HttpResponse:
    return _page(request, "account.html", "account")


@gzip_page
@localized
def password_reset(request: HttpRequest) -> HttpResponse:
    return _page(request, "reset.html", "reset")


@gzip_page
@localized
def invite(request: HttpRequest, secret: str) -> HttpResponse:
    return _page(request, "invite.html", "invite", secret=secret[:64])


@gzip_page
@localized
def league_people(request: HttpRequest, league_id: int) -> HttpResponse:
    return _page(request, "league_people.html", "people", league_id=league_id)


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


@gzip_page
@localized
def javascript_catalog(request: HttpRequest) -> HttpResponseBase:
    """The JS strings (with plural rules) of the user's language, from ``web/locale``."""
    return _CATALOG(request)


@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from the site root so that its scope covers every page."""
    app = shell()
    context = {
        "shell": app["name"],
        "files": json.dumps(app["files"]),
        "rules": staticfiles_storage.url("web/sw-rules.js"),
        "languages": LANGUAGES,
    }
    body = render_to_string("web/sw.js", context)
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response.headers["Service-Worker-Allowed"] = "/"
    return response


def manifest(request: HttpRequest) -> HttpResponse:
    body = render_to_string("web/manifest.webmanifest", {})
    return HttpResponse(body, content_type="application/manifest+json")
