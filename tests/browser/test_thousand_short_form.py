"""Issue 29 item 7 and "faster than paper": the Thousand form at 390×844.

Counting every touch (a tap on a button or into a field): a played deal is declarer, contract chip
(the declarer's card points field takes the keyboard by itself), the declarer's points typed, one
tap into an opponent's field and their points typed (the last player's are filled in), a marriage,
Record — 5 touches + 2 numbers, with no scroll: after Record the scoreboard's new row, and every
control of the next deal's taps, are on the screen. "Card points 0 of 120" is not an error before
anything is typed; a wrong sum's error goes once the sum is right.

Deal 3's numbers (thousand.md §7.1, §7.2): Anna declares 120, takes 110 + ♠ marriage 40 = 150 ≥ 120
→ +120; Boris 10 → +10; Clara 120 − 110 − 10 = 0, filled in.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event
from tests.browser.test_thousand import played, recorded

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COUNT_TOUCHES = """() => { window.__touches = 0;
  document.addEventListener('pointerdown', (e) => { if (e.target.closest('button, input')) window.__touches += 1; }, true); }"""
IN_VIEW = """(sel) => { const e = document.querySelector(sel); if (!e) return false; const r = e.getBoundingClientRect();
  return r.top >= 60 && r.bottom <= window.innerHeight + 1 && r.height > 0; }"""


def in_view(page: Any, selector: str) -> bool:
    return bool(page.evaluate(IN_VIEW, selector))


def test_a_played_deal_in_five_touches_and_two_numbers_without_a_scroll(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("#thousand-form")
    # Nothing typed yet: the sum is not red.
    assert "bad" not in (page.get_attribute("#thousand-form [data-sum]", "class") or "")
    played(page, 0, 100, 90, (1, 20))
    recorded(page, 1)
    played(page, 1, 100, 90, (2, 20))
    recorded(page, 2)
    # After Record: the new row (deal 2) and the totals are in view, and so is every control of a deal.
    page.wait_for_timeout(300)
    for selector in (
        "#board button.n[data-hand='1'][data-seat='0']",
        "#board tr.totals",
        "#thousand-form [data-field=declarer] button[data-seat='0']",
        "#thousand-form [data-contract='120']",
        "#cp-0",
        "#cp-1",
        "#cp-2",
        "#thousand-form [data-submit]",
    ):
        assert in_view(page, selector), (
            selector,
            page.evaluate(
                "(s) => { const r = document.querySelector(s).getBoundingClientRect(); const rows = [...document.querySelectorAll('#board tbody tr')]; return [r.top, r.bottom, window.scrollY, document.documentElement.scrollHeight, rows.map(x => x.className + ':' + Math.round(x.getBoundingClientRect().top))] }",
                selector,
            ),
        )
    scrolled = page.evaluate("window.scrollY")
    page.evaluate(COUNT_TOUCHES)
    page.click("#thousand-form [data-field=declarer] button[data-seat='0']")
    page.click("#thousand-form [data-contract='120']")
    assert page.evaluate("document.activeElement.id") == "cp-0"  # the keyboard is on Anna's points
    page.keyboard.type("110")
    page.click("#cp-1")
    page.keyboard.type("10")
    assert page.input_value("#cp-2") == "0"  # filled in: 120 − 110 − 10
    assert in_view(page, "#thousand-form button[data-marriage='S'][data-seat='0']")
    page.click("#thousand-form button[data-marriage='S'][data-seat='0']")
    assert in_view(page, "#thousand-form [data-submit]")
    phone.shot("35-thousand-entry", top=False)
    page.click("#thousand-form [data-submit]")
    recorded(page, 3)
    assert page.evaluate("window.__touches") == 5
    assert page.evaluate("window.scrollY") >= scrolled  # nothing needed scrolling back up
    payload = Event.objects.get(match_id=match_id, seq=3).payload
    assert payload["card_points"] == [110, 10, 0] and payload["marriages"] == [["S"], [], []]
    page.wait_for_timeout(300)
    assert in_view(page, "#board button.n[data-hand='2'][data-seat='0']")
    assert page.inner_text("#board button.n[data-hand='2'][data-seat='0']").split("\n")[0] == "+120"


def test_a_wrong_sum_is_red_and_its_error_goes_once_it_is_right(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("#thousand-form")
    page.click("#thousand-form [data-field=declarer] button[data-seat='0']")
    for seat, value in enumerate((110, 10, 10)):
        page.fill(f"#cp-{seat}", str(value))
    assert "bad" in (page.get_attribute("#thousand-form [data-sum]", "class") or "")
    page.click("#thousand-form [data-submit]")
    error = page.locator("#thousand-form [data-error-for='card_points']")
    assert error.inner_text() != ""
    page.fill("#cp-2", "0")
    assert error.inner_text() == ""
    assert "ok" in (page.get_attribute("#thousand-form [data-sum]", "class") or "")
