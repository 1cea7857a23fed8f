"""Issue 24 item 4: ``/?next=//evil.example/phish``, then "Continue as a guest", landed on
evil.example. The start page now follows ``next`` only to a path on this site."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("next_", ["//evil.example/phish", "/%5Cevil.example/phish", "https://evil.example/"])
def test_a_next_to_another_site_goes_home(phones: Any, next_: str) -> None:
    phone = phones()
    asked: list[str] = []

    def refuse(route: Any) -> None:
        asked.append(route.request.url)
        route.abort()

    phone.context.route(lambda url: urlsplit(url).hostname == "evil.example", refuse)
    page = phone.goto(f"/?next={next_}")
    page.fill("#guest-name", "Gus")
    page.click("#guest-go")
    page.wait_for_selector("#start:not([hidden])")
    assert page.url == phone.base + "/"
    assert asked == []


def test_a_next_on_this_site_is_followed(phones: Any) -> None:
    phone = phones()
    page = phone.goto("/?next=/new/%3Fgame%3Dhearts")
    page.fill("#guest-name", "Gus")
    page.click("#guest-go")
    page.wait_for_url("**/new/?game=hearts")
