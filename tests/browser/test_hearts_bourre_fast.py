"""Issue 17, item 4: Hearts fills in the last player's points and takes the moon in 2 taps;
Bourré asks tricks only of who played, says names (never seat numbers) and who pays whom."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from companion.models import Event
from scoring.registry import GAME_MODULES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Boris", "Clara", "Dmitri", "Elena"]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_hearts_fills_the_last_player_and_shoots_the_moon_in_two_taps(phones: Any, language: str) -> None:
    phone = phones(language=language)
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("hearts", PLAYERS[:4])
    page = phone.page
    touches = 0
    # Three players typed; Dmitri's points follow from the engine's 26: 26 − 5 − 4 − 4 = 13.
    for seat, value in enumerate([5, 4, 4]):
        page.fill(f"#pts-{seat}", str(value))
        touches += 1
    assert page.input_value("#pts-3") == "13"
    page.click("#hearts-form [data-submit]")
    touches += 1
    assert touches == 4  # 3 numbers and Record for a 4-player hand
    page.wait_for_selector("#board tr[data-hand='0']")
    assert Event.objects.get(match_id=match_id, seq=1).payload["points"] == [5, 4, 4, 13]
    # The moon: Clara took all 26 — her moon button and Record, 2 taps.
    taps = 0
    page.click('#hearts-form [data-moon="2"]')
    taps += 1
    page.click("#hearts-form [data-submit]")
    taps += 1
    assert taps == 2
    page.wait_for_selector("#board tr[data-hand='1']")
    # hand 1: 5 4 4 13; hand 2: everyone but Clara +26 (add_to_others, hearts.md §3.2)
    assert page.locator("#board tr.totals button.n").all_inner_texts() == ["31", "30", "4", "39"]


@pytest.mark.skipif("bourre" not in GAME_MODULES, reason="the Bourré engine has not landed on this branch")
def test_bourre_asks_tricks_of_who_played_and_says_who_pays_whom_by_name(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("bourre", PLAYERS)
    page = phone.page
    form = page.locator("#tab-entry form")
    for seat in (0, 1, 2):  # Anna, Boris and Clara play; Dmitri and Elena pass
        form.locator(f"[data-field=played] button[data-seat='{seat}']").click()
    tricks = form.locator("[data-field=tricks] .seat-row")
    expect(tricks.locator("visible=true")).to_have_count(3)
    assert [t.inner_text().strip() for t in form.locator("[data-field=tricks] .seat-row:visible .name").all()] == [
        "Anna",
        "Boris",
        "Clara",
    ]
    form.locator("[data-field=tricks] input[data-seat='0']").fill("4")
    form.locator("[data-field=tricks] input[data-seat='1']").fill("1")
    # Clara's is what the 5 tricks leave: 5 − 4 − 1 = 0
    assert form.locator("[data-field=tricks] input[data-seat='2']").input_value() == "0"
    form.locator("[data-submit]").click()
    page.wait_for_selector("#board tr[data-hand='0']")
    assert Event.objects.get(match_id=match_id, seq=1).payload["tricks"] == [4, 1, 0, 0, 0]
    # Five antes of 1 make the pot 5 (bourre.md §2.5); Anna's 4 tricks take it; Clara took none and
    # matches the pot (bourré, match_pot): 5 chips.
    settle = page.inner_text("#board tr.settle")
    assert settle == "Anna takes 5 from the pot · Clara pays 5 into the pot (bourré)"
    page.click("[data-tab=log]")
    page.wait_for_selector("#log li[data-seq='1']")
    history = page.inner_text("#log li[data-seq='1'] .what")
    assert "Anna Boris Clara" in history  # who played, by name
    assert "0 1 2" not in history
