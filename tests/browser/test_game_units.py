"""Issue 17 polish: the phone names a scored unit in the game's own word (the catalogue's `unit`):
Bourré plays deals, so its "Why" dialog and its cells' spoken names say "deal", never "hand"."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from scoring.registry import GAME_MODULES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.skipif("bourre" not in GAME_MODULES, reason="the Bourré engine has not landed on this branch")
@pytest.mark.parametrize(
    ("language", "players", "heading", "spoken"),
    [
        ("en", ["Anna", "Boris", "Clara"], "Clara, deal 1", "Why? Deal 1, Clara"),
        ("ru", ["Анна", "Борис", "Клара"], "Клара, раздача 1", "Почему? Раздача 1, Клара"),
    ],
)
def test_bourre_why_speaks_of_a_deal(phones: Any, language: str, players: list[str], heading: str, spoken: str) -> None:
    phone = phones(language=language)
    phone.sign_in_as_guest(players[0])
    phone.create_match("bourre", players)
    page = phone.page
    form = page.locator("#tab-entry form")
    for seat in (0, 1, 2):
        form.locator(f"[data-field=played] button[data-seat='{seat}']").click()
    form.locator("[data-field=tricks] input[data-seat='0']").fill("3")
    form.locator("[data-field=tricks] input[data-seat='1']").fill("2")
    form.locator("[data-submit]").click()
    cell = page.locator("#board button.n[data-hand='0'][data-seat='2']")
    expect(cell.locator(".sr-only")).to_have_text(" " + spoken)
    cell.click()
    expect(page.locator("#dialog h2")).to_have_text(heading)
    why = page.inner_text("#dialog")
    assert "hand" not in why.lower()
