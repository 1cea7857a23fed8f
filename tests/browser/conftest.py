"""Playwright (Python) driving Debian's Chromium at a phone-sized viewport against ``live_server``.

The browser cannot be downloaded here, so Playwright starts ``/usr/bin/chromium`` (installed by
``scripts/install_browser.sh``) headless, with background networking off. Without it, every test in
this folder is skipped with the reason shown.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
PHONE = {"width": 360, "height": 640}
_ROOT = Path(__file__).resolve().parents[2]
#: The README's screenshots are refreshed only on request (COMPANION_SCREENSHOTS=1); an ordinary run
#: writes them under var/ so that testing never changes the working tree.
SHOTS = _ROOT / ("docs/screenshots" if os.environ.get("COMPANION_SCREENSHOTS") == "1" else "var/screenshots")


def _missing() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"{CHROMIUM} is not installed (run scripts/install_browser.sh)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:  # pragma: no cover - playwright is in requirements-dev.txt
        return "playwright is not installed"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    missing = _missing()
    if missing is None:
        return
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.skip(reason=f"browser test skipped: {missing}"))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an asyncio loop on the test thread while the browser runs; the
    # ORM calls made meanwhile are still plain synchronous calls, so Django's async guard is lifted
    # for exactly that time.
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            yield chromium
            chromium.close()
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture(autouse=True)
def _static_files(settings: Any) -> None:
    # The manifest storage needs collectstatic; the live server serves files from the apps instead.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


class Phone:
    """One phone at the table: a browser context with its own storage, cookies and network."""

    def __init__(self, browser: Any, base: str, *, language: str = "en", service_workers: str = "block") -> None:
        self.base = base
        self.context = browser.new_context(
            viewport=PHONE, service_workers=service_workers, locale={"en": "en-GB"}.get(language, language)
        )
        self.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        self.context.set_default_timeout(10_000)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def goto(self, path: str) -> Any:
        self.page.goto(self.base + path)
        return self.page

    def sign_in_as_guest(self, name: str) -> None:
        page = self.goto("/")
        page.fill("#guest-name", name)
        page.click("#guest-go")
        page.wait_for_selector("#start:not([hidden])")

    def create_match(self, game: str, players: list[str], variants: dict[str, str] | None = None) -> int:
        page = self.goto(f"/new/?game={game}")
        page.wait_for_selector(f'[data-game="{game}"][aria-pressed="true"]')
        inputs = page.locator("input[name=player]")
        while inputs.count() < len(players):
            page.click("#add-player")
        for i, name in enumerate(players):
            inputs.nth(i).fill(name)
        if variants:
            page.click("#rules-summary")
        for key, value in (variants or {}).items():
            page.select_option(f'[data-variant="{key}"]', value)
        page.click("#create")
        page.wait_for_url("**/m/*/")
        page.wait_for_selector("#board table")
        # The scoreboard comes with the first answer; the forms once the game's entry is loaded.
        page.wait_for_selector("body[data-ready]", state="attached")
        return int(page.url.rstrip("/").rsplit("/", 1)[1])

    def shot(self, name: str, *, top: bool = True) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        if top:
            self.page.evaluate("window.scrollTo(0, 0)")
        self.page.screenshot(path=str(SHOTS / f"{name}.png"))

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def phones(browser: Any, live_server: Any) -> Iterator[Any]:
    made: list[Phone] = []

    def make(**kwargs: Any) -> Phone:
        phone = Phone(browser, live_server.url, **kwargs)
        made.append(phone)
        return phone

    yield make
    errors = [error for phone in made for error in phone.errors]
    for phone in made:
        phone.page.goto("about:blank")  # stop polling before the test database is flushed
    time.sleep(0.3)  # let the live server finish any request already in flight
    for phone in made:
        phone.close()
    assert not errors, errors
