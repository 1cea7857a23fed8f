"""Issue 17, item 7: Share lists the house rules translated, only those that differ from the
defaults; the Russian tab labels fit their buttons, and the join link fits the screen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Boris", "Clara", "Dmitri"]
MOON = {"en": ("Moon scoring", "Shooter choice"), "ru": ("Счёт за луну", "Выбирает стрелявший")}
DEFAULTS = {"en": "Every house rule at its usual default.", "ru": "Все правила стола — как обычно, по умолчанию."}


def open_share(page: Any) -> Any:
    page.click("[data-tab=share]")
    page.wait_for_selector("#join-code:not(:empty)")
    page.click("#tab-share details > summary")
    return page.locator("#rules")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_share_lists_only_the_changed_house_rules_in_the_readers_language(phones: Any, language: str) -> None:
    phone = phones(language=language)
    phone.sign_in_as_guest("Anna")
    # One rule changed from its default (moon_scoring: add_to_others → shooter_choice).
    phone.create_match("hearts", PLAYERS, {"moon_scoring": '"shooter_choice"'})
    rules = open_share(phone.page)
    expect(rules.locator("dt")).to_have_count(1)
    label, value = MOON[language]
    assert " ".join(rules.locator("dt").inner_text().split()) == f"{label}: {value}"
    text = rules.inner_text()
    for raw in ("null", "true", "false", "moon_scoring", "shooter_choice", "Player count"):
        assert raw not in text


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_match_at_the_defaults_says_so_and_the_tabs_fit(phones: Any, language: str) -> None:
    phone = phones(language=language)
    phone.sign_in_as_guest("Anna")
    phone.create_match("hearts", PLAYERS)
    page = phone.page
    rules = open_share(page)
    expect(rules).to_have_text(DEFAULTS[language])
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 800})
        # No tab label overflows its button (the Russian "Поделиться" was cut off).
        overflow = page.evaluate(
            "[...document.querySelectorAll('.tabs button')].filter((b) => b.scrollWidth > b.clientWidth"
            " || b.getBoundingClientRect().right > document.documentElement.clientWidth).map((b) => b.textContent)"
        )
        assert overflow == [], (width, overflow)
        # The join link (one long word) wraps instead of widening the page past the phone's screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
