"""Issue 29 items 3 and 9 (Tonk): the board names who pays whom in the engine's words, and the form
does not start on "automatic win".

tonk.md: out by discarding the last card, single — each other player pays the winner 1 stake (the
default stake 1): Ben and Cleo each pay Anna 1, so Anna +2, Ben −1, Cleo −1.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_board_says_who_pays_whom_and_nothing_starts_selected(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    phone.create_match("tonk", ["Anna", "Ben", "Cleo"])
    page = phone.page
    end = page.locator("#tab-entry [data-field='end']")
    assert end.locator("button[aria-pressed='true']").count() == 0  # no "automatic win" chosen for us
    # Recording without saying how the hand ended asks for it, and sends nothing.
    page.click("#tab-entry [data-submit]")
    assert page.inner_text("#tab-entry [data-error-for='end']") == "Choose one."
    assert page.locator("#board tr[data-hand='0']").count() == 0
    end.locator("button[data-value='out_by_discard']").click()
    page.click("#tab-entry [data-field='by'] button[data-seat='0']")
    page.click("#tab-entry [data-submit]")
    page.wait_for_selector("#board tr[data-settle='0']")
    settle = page.inner_text("#board tr[data-settle='0']")
    assert "undefined" not in settle
    assert settle == (
        "Ben pays Anna 1 stake (1): out by discarding the last card, single. · "
        "Cleo pays Anna 1 stake (1): out by discarding the last card, single."
    )
    assert page.locator("#board tr.totals button.n").all_inner_texts() == ["2", "-1", "-1"]
    assert "undefined" not in page.inner_text("body")
    phone.shot("21-table-tonk")
