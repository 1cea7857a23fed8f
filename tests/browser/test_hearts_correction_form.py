"""Issue 29 item 5: the Hearts correction form asks only what this table plays, in words.

Default house rules (hearts.md: no J♦ rule, moon added to the others, no no-trick bonus): correcting a
hand asks the points only — not "who took the J♦", "who took no trick" or "who reneged". With the
shooter's choice of moon scoring, the moon choice's buttons read as the entry form says them
("+26 to everyone else" / "−26 for the shooter"), never a code such as `add_to_others`.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_corrections import PLAYERS, enter_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open_correction(phone: Any, variants: dict[str, str] | None) -> Any:
    phone.sign_in_as_guest("Anna")
    phone.create_match("hearts", PLAYERS, variants)
    page = phone.page
    enter_hand(page, [13, 5, 4, 4], 1)
    page.click("[data-tab=log]")
    page.wait_for_selector("#log li")
    page.click("#log [data-amend='1']")
    return page.locator("#amend-form")


def test_with_the_default_rules_only_the_points_are_asked(phones: Any) -> None:
    phone = phones()
    form = _open_correction(phone, None)
    asked = form.locator(".field").evaluate_all("fs => fs.map(f => f.dataset.name)")
    assert asked == ["points"]
    text = form.inner_text()
    for question in ("J♦", "Jd taker", "No tricks", "Offenders", "Moon choice"):
        assert question not in text
    phone.shot("06c-hearts-correction", top=False)


def test_the_moon_choice_reads_in_words(phones: Any) -> None:
    phone = phones()
    form = _open_correction(phone, {"moon_scoring": '"shooter_choice"'})
    buttons = form.locator("[data-field='moon_choice'] button").all_inner_texts()
    assert buttons == ["+26 to everyone else", "−26 for the shooter"]
    assert all("_" not in b for b in form.locator("button").all_inner_texts())
    assert "offenders" not in form.locator(".field").evaluate_all("fs => fs.map(f => f.dataset.name)")
