"""Accessibility at a phone's size: axe-core (tests/browser/vendor/, never shipped to users) finds no
serious or critical violation on the start, new-match, table (light and dark) and league pages, and
every control a thumb must hit is at least 44 × 44 CSS px (WCAG 2.5.5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.models import Match
from tests.browser.test_table import PLAYERS, enter_hand, stored

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = (Path(__file__).parent / "vendor" / "axe-4.14.1.min.js").read_text()
#: Controls a finger must hit (links inside running text are exempt, as WCAG allows).
CONTROLS = "button, select, input:not([type=hidden]), [role=button], [role=tab], nav a, a.button"


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings, one line each: rule, impact, the first nodes."""
    # Evaluated through the debugging protocol: the page's Content-Security-Policy does not apply.
    page.evaluate(AXE)
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then((r) => r.violations)")
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]} {v['help']}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def small_targets(page: Any) -> list[str]:
    return list(
        page.evaluate(
            """(sel) => [...document.querySelectorAll(sel)].filter((el) => {
                // a box inside its label (or named by one) is hit anywhere on the label
                const target = ["checkbox", "radio"].includes(el.type) ? (el.closest("label") || el.labels[0] || el) : el;
                const r = target.getBoundingClientRect();
                return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"
                  && (r.width < 44 || r.height < 44);
            }).map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className} ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`)""",
            CONTROLS,
        )
    )


def test_start_and_new_match_pages(phones: Any) -> None:
    phone = phones()
    page = phone.goto("/")
    page.wait_for_selector("#guest-name")
    assert serious_violations(page) == []
    assert small_targets(page) == []
    phone.sign_in_as_guest("Anna")
    assert serious_violations(page) == []
    page = phone.goto("/new/?game=hearts")
    page.wait_for_selector('[data-game="hearts"][aria-pressed="true"]')
    assert serious_violations(page) == []
    assert small_targets(page) == []


def test_table_page_light_and_dark(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("hearts", PLAYERS)
    page = phone.page
    enter_hand(page, [13, 5, 4, 4])
    stored(match_id, 1)
    page.wait_for_selector("#board tr[data-hand='0']")
    assert Match.objects.get(pk=match_id).last_seq == 1
    assert serious_violations(page) == []
    assert small_targets(page) == []
    page.click("#theme")
    page.wait_for_selector("html[data-theme='dark']")
    assert serious_violations(page) == []


def test_thousand_table_page(phones: Any) -> None:
    # Issue 29: the short Thousand form (one line per player, the marriages one tap away) stays
    # clean for axe and keeps every control at least 44 × 44 px.
    phone = phones()
    phone.sign_in_as_guest("Anna")
    phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("#thousand-form")
    page.click("#thousand-form [data-field=declarer] button[data-seat='0']")
    page.click("#thousand-form [data-marr-toggle='1']")
    assert serious_violations(page) == []
    assert small_targets(page) == []
