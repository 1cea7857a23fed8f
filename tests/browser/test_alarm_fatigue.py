"""Issue 29 item 6: no alarm fatigue. A show-out is a quiet note, a proven renege an alert in its
hand, and once the next hand is being played the alert is gone from the status (its row's Why
still tells it).

Hearts, card by card, hands not entered, nobody passes: Anna leads 2♣, Ben plays 3♦ (shows out of
clubs — allowed if he has none: hearts.md §6.2, only suspected), Cleo 4♣, Dan 5♣. Dan leads 6♣ and
Anna plays 8♣ and Ben follows with 7♣: he held a club when he showed out, so the renege is proven.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_show_out_is_a_note_and_a_proven_renege_an_alert_of_its_hand(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    page = phone.goto("/new/?game=hearts")
    page.wait_for_selector('[data-game="hearts"][aria-pressed="true"]')
    inputs = page.locator("input[name=player]")
    while inputs.count() < 4:
        page.click("#add-player")
    for i, name in enumerate(["Anna", "Ben", "Cleo", "Dan"]):
        inputs.nth(i).fill(name)
    page.click("#rules-summary")
    page.fill('[data-variant="pass_count"]', "0")  # nobody passes
    page.click("#create")
    page.wait_for_url("**/m/*/")
    page.wait_for_selector("body[data-ready]", state="attached")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.click("[data-tab=cards]")

    def step(selector: str) -> None:
        count = Event.objects.filter(match_id=match_id).count()
        page.evaluate("document.querySelectorAll('#play-cards details').forEach((d) => { d.open = true; })")
        page.click(selector + ":enabled")
        page.wait_for_selector(f"body[data-ready='{count + 1}']", state="attached")

    step("#quick-actions button[data-action='deal']")
    for card in ("2C", "3D"):
        step(f":is(#legal-cards, #other-cards) button[data-card='{card}']")
    # Ben's show-out: a quiet note, not a red banner.
    page.wait_for_selector("#status .chip[data-level='note']")
    assert page.locator("#status .chip.alert").count() == 0
    assert "Unproven" in page.inner_text("#status .chip[data-level='note']")
    for card in ("4C", "5C", "6C", "8C", "7C"):  # Dan leads 6♣, Anna 8♣, Ben 7♣
        step(f":is(#legal-cards, #other-cards) button[data-card='{card}']")
    # Ben follows with a club: the renege is proven, an alert of hand 1.
    page.wait_for_selector("#status .chip.alert")
    phone.shot("37-renege-proven", top=True)
    # As the status reads once hand 1 is scored and hand 2 is being played (the summary's shape):
    # the hand-1 alert is gone; a hand-2 finding would be an alert again.
    page.evaluate(
        """() => {
            const C = window.Companion;
            const s = C.S.summary;
            const proven = s.findings.filter((f) => f.status !== "suspected").map((f) => ({ ...f, hand: 1 }));
            C.S.summary = { ...s, hand: 2, history: [{ hand: 1, points: [0, 0, 0, 0] }], findings: proven,
                hand_in_play: { hand: 2, tricks: [] } };
            C.S.lastKey = null;
            C.renderAll();
        }"""
    )
    assert page.locator("#status .chip.alert").count() == 0
