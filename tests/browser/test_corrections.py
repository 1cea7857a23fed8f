"""Corrections from the history: correct (amend) an entry, with confirmation; the record keeps both."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]


def enter_hand(page: Any, points: list[int], seq: int) -> None:
    for seat, value in enumerate(points):
        page.fill(f"#pts-{seat}", str(value))
    page.click("#hearts-form [data-submit]")
    page.wait_for_selector(f"body[data-ready='{seq}']", state="attached")


def test_an_entry_is_corrected_from_the_history_with_confirmation(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("hearts", PLAYERS)
    page = phone.page
    enter_hand(page, [13, 5, 4, 4], 1)
    enter_hand(page, [2, 6, 18, 0], 2)
    assert page.evaluate("window.Companion.S.summary.totals") == [15, 11, 22, 4]
    page.click("[data-tab=log]")
    page.wait_for_selector("#log li")  # the history tab loads its module when first opened

    # Correct hand 1: the form starts from what counts now.
    page.click("#log [data-amend='1']")
    form = page.locator("#amend-form")
    fields = [form.locator(f"input[aria-label='Points: {name}']") for name in PLAYERS]
    assert [f.input_value() for f in fields] == ["13", "5", "4", "4"]
    for field, value in zip(fields, [3, 5, 4, 14], strict=True):
        field.fill(str(value))
    # Asked first; "Close" keeps the record as it is.
    form.locator("[data-submit]").click()
    dialog = page.wait_for_selector("#dialog[open]")
    assert "Correct entry #1 to: Anna 3, Ben 5, Cleo 4, Dan 14?" in dialog.inner_text()
    page.click("#dialog-cancel")
    assert not Event.objects.filter(match_id=match_id, type="amend").exists()
    form.locator("[data-submit]").click()
    page.click("#dialog-ok")
    page.wait_for_selector("body[data-ready='3']", state="attached")

    amend = Event.objects.get(match_id=match_id, type="amend")
    assert amend.seq == 3
    assert amend.payload == {"seq": 1, "type": "hand_result", "payload": {"points": [3, 5, 4, 14]}}
    # Hand 1 now counts as corrected, in its own place: 3+2, 5+6, 4+18, 14+0.
    page.wait_for_function("() => JSON.stringify(window.Companion.S.summary.totals) === '[5,11,22,14]'")
    assert page.inner_text("#board button[data-total='3']") == "14"
    # The history keeps both: what was typed first, and who corrected it to what, and when.
    first = page.inner_text("#log li[data-seq='1']")
    assert "Anna 13, Ben 5, Cleo 4, Dan 4" in first
    assert "Corrected by Anna" in first and "Anna 3, Ben 5, Cleo 4, Dan 14" in first
    assert "Corrected entry #1: Anna 3, Ben 5, Cleo 4, Dan 14" in page.inner_text("#log li[data-seq='3']")
    # A correction is not itself corrected or voided; the corrected entry may be corrected again.
    assert page.locator("#log li[data-seq='3'] [data-amend], #log li[data-seq='3'] [data-void]").count() == 0
    page.click("#log [data-amend='1']")
    again = page.locator("#amend-form input[aria-label='Points: Dan']")
    assert again.input_value() == "14"
    page.click("#amend-form [data-cancel='amend']")
    assert page.locator("#amend-form").count() == 0
    phone.shot("06b-history-corrected", top=False)

    # A correction the rules refuse is explained and not recorded (26 points a hand).
    page.click("#log [data-amend='2']")
    page.locator("#amend-form input[aria-label='Points: Dan']").fill("5")
    page.locator("#amend-form [data-submit]").click()
    page.click("#dialog-ok")
    page.wait_for_selector("#toast:not([hidden])")
    assert Event.objects.filter(match_id=match_id, type="amend").count() == 1
