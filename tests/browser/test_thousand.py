"""Thousand result entry on a phone: a player gets on the barrel (rules/thousand.md §9.1)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event
from scoring.registry import GAME_MODULES

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("thousand" not in GAME_MODULES, reason="the Thousand engine has not landed on this branch"),
]


def enter_deal(
    page: Any, *, declarer: int, contract: int, points: tuple[int, int], tricks: tuple[int, int], marriages: str
) -> None:
    form = page.locator("#thousand-form")
    form.locator(f"[data-field=declarer] button[data-seat='{declarer}']").click()
    page.fill("#contract", str(contract))
    # Two players' card points and tricks typed in; the third is filled in as what is left.
    page.fill("#cp-0", str(points[0]))
    page.fill("#cp-1", str(points[1]))
    page.fill("#tr-0", str(tricks[0]))
    page.fill("#tr-1", str(tricks[1]))
    for suit in marriages:
        form.locator(f"button[data-marriage='{suit}'][data-seat='{declarer}']").click()
    form.locator("[data-submit]").click()


def test_a_thousand_player_gets_on_the_barrel(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.wait_for_selector("#thousand-form")
    for deal in range(3):
        enter_deal(page, declarer=0, contract=300, points=(90, 20), tricks=(6, 1), marriages="HDC")
        page.wait_for_selector(f"#board tr[data-hand='{deal}']")
        if deal == 0:
            # 120 − 90 − 20: the last card points were filled in, and the tricks 8 − 6 − 1.
            assert Event.objects.get(match_id=match_id, seq=1).payload["card_points"] == [90, 20, 10]
            assert Event.objects.get(match_id=match_id, seq=1).payload["tricks"] == [6, 1, 1]
    # 300 + 300 + 300 stops at the barrel level 880 (§9.1), Anna is on the barrel with 3 deals to go.
    assert page.locator("#board tr.totals button.n").all_inner_texts()[0] == "880"
    barrel = page.inner_text("#status [data-key=barrel]")
    assert "Anna" in barrel and "3" in barrel
    phone.shot("13-thousand-barrel")
    page.click("#board button.n[data-hand='0'][data-seat='0']")
    why = page.inner_text("#dialog")
    # The engine's lines, as the server sends them (in the reader's language: English here).
    assert "Marriage ♥: +100." in why and "Marriage ♦: +80." in why and "Marriage ♣: +60." in why
    lines = page.evaluate("window.Companion.S.summary.history[0].explain.map((n) => n.text)")
    assert lines and all(line in why for line in lines)
    assert any("300" in line for line in lines)  # the contract made, +300
    page.click("#dialog-cancel")
    page.evaluate("document.querySelector('#thousand-form').scrollIntoView()")
    phone.shot("14-thousand-entry", top=False)
