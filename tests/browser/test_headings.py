"""Issue 29 item 9: one level-one heading on every page a player opens (axe's page-has-heading-one)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_table import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def h1s(page: Any) -> list[str]:
    return list(page.locator("h1").all_inner_texts())


def test_each_page_has_one_level_one_heading(phones: Any) -> None:
    phone = phones()
    page = phone.goto("/")
    page.wait_for_selector("#guest-name")
    assert len(h1s(page)) == 1, h1s(page)
    phone.sign_in_as_guest("Anna")
    assert len(h1s(page)) == 1, h1s(page)
    page = phone.goto("/join/")
    page.wait_for_load_state("networkidle")
    assert len(h1s(page)) == 1, h1s(page)
    match_id = phone.create_match("hearts", PLAYERS)
    assert len(h1s(phone.page)) == 1, h1s(phone.page)
    page = phone.goto("/new/?game=hearts")
    page.wait_for_selector('[data-game="hearts"][aria-pressed="true"]')
    assert len(h1s(page)) == 1, h1s(page)
    assert match_id > 0
