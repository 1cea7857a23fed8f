"""A Hearts table from one phone: start as a guest, create the match, enter three hands."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def enter_hand(page: Any, points: list[int]) -> None:
    for seat, value in enumerate(points):
        page.fill(f"#pts-{seat}", str(value))
    page.click("#hearts-form [data-submit]")


def test_a_hearts_match_with_three_hands(phones: Any) -> None:
    phone = phones()
    page = phone.goto("/")
    phone.shot("01-start")
    phone.sign_in_as_guest("Anna")
    phone.shot("02-home")
    page = phone.goto("/new/?game=hearts")
    page.wait_for_selector('[data-variant="moon_scoring"]', state="attached")
    phone.shot("03-new-match")
    page.click("#rules-summary")
    page.evaluate("document.querySelector('#variants').scrollIntoView()")
    phone.shot("03b-house-rules", top=False)
    # Every house rule is shown with its one-line explanation and default.
    assert "Shooting the moon" in page.inner_text("#variants")
    match_id = phone.create_match("hearts", ["Anna", "Ben", "Cleo", "Dan"])

    enter_hand(page, [13, 5, 4, 4])
    page.wait_for_selector("#board tr[data-hand='0']")
    # The 26 check: 20 points cannot be recorded, and nothing is sent.
    page.fill("#pts-0", "10")
    page.fill("#pts-1", "10")
    page.click("#hearts-form [data-submit]")
    assert "total 20" in page.inner_text('#hearts-form [data-error-for="points"]')
    # The moon button: Ben took everything, so everyone else gets 26 (default add_to_others).
    page.click('#hearts-form [data-moon="1"]')
    page.click("#hearts-form [data-submit]")
    page.wait_for_selector("#board tr[data-hand='1']")
    enter_hand(page, [2, 6, 18, 0])
    page.wait_for_selector("#board tr[data-hand='2']")

    totals = page.locator("#board tr.totals button.n").all_inner_texts()
    # hand 1: 13 5 4 4; hand 2 (Ben's moon): 26 0 26 26; hand 3: 2 6 18 0
    assert totals == ["41", "11", "48", "30"]
    assert list(Event.objects.filter(match_id=match_id).values_list("seq", flat=True)) == [1, 2, 3]
    # Whose deal and the pass direction of hand 4 (left, right, across, hold).
    assert "hold" in page.inner_text("#status")
    phone.shot("04-table-hearts")

    # Tap a number: the engine's explanation of it.
    page.click("#board button.n[data-hand='1'][data-seat='0']")
    text = page.inner_text("#dialog")
    # Ben's moon, in the engine's words as the server sends them (in the reader's language).
    moon = page.evaluate(
        "window.Companion.S.summary.history[1].explain.find((n) => n.code === 'moon_add_to_others').text"
    )
    assert "moon" in moon and moon in text and "26" in text
    phone.shot("05-explain")
    page.click("#dialog-cancel")

    # Undo the last entry, with confirmation; the history shows who voided what.
    page.click("[data-tab=log]")
    page.wait_for_selector("#log li")  # the history tab loads its module when first opened
    page.click("#undo")
    page.click("#dialog-ok")
    page.wait_for_selector("#log li.voided")
    assert page.locator("#board tr.totals button.n").all_inner_texts() == ["39", "5", "30", "30"]
    assert list(Event.objects.filter(match_id=match_id).values_list("type", flat=True)) == [
        "hand_result",
        "hand_result",
        "hand_result",
        "void",
    ]
    # The history says what was changed, by whom and when.
    voided = page.inner_text("#log li.voided")
    assert "Anna 2, Ben 6, Cleo 18, Dan 0" in voided and "Voided by Anna at" in voided
    assert "Voided entry #3" in page.inner_text("#log li[data-seq='4']")
    phone.shot("06-history")
    page.click("[data-tab=share]")
    page.wait_for_selector("#qr svg")
    phone.shot("07-share-qr")
    # Dark mode for a dim room, remembered on the phone.
    page.click("[data-tab=entry]")
    page.click("#theme")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.reload()
    page.wait_for_selector("#board table")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(15, 20, 17)"
    phone.shot("16-dark-mode")
