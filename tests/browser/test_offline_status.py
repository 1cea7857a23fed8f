"""Issue 29 item 8: offline, the status chips describe the hand the form is for.

Hearts: two hands typed offline wait in the outbox. The server's summary still says hand 1 (pass
left); the form is for hand 3. The status says Hand 3 and leaves out the dealer and the pass (only
the engine can say them; they come back with the answer once the hands are sent).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_table import PLAYERS, enter_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_chips_follow_the_waiting_hands(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    phone.create_match("hearts", PLAYERS)
    page = phone.page
    assert page.inner_text("#status [data-key='hand']") == "Hand: 1"
    phone.context.set_offline(True)
    page.wait_for_function("!navigator.onLine")
    enter_hand(page, [13, 5, 4, 4])
    enter_hand(page, [1, 2, 3, 20])
    page.wait_for_selector("#outbox[data-count='2']")
    page.wait_for_selector("#status [data-key='hand']:has-text('Hand: 3')")
    assert page.locator("#status [data-key='pass_direction'], #status [data-key='dealer']").count() == 0
    assert "3" in page.inner_text("#tab-entry h2")  # the form is for hand 3 too
    phone.shot("09-offline-outbox")
    phone.context.set_offline(False)
    page.wait_for_selector("#outbox[data-count='0']", state="attached")
    page.wait_for_selector("#status [data-key='pass_direction']")
    assert page.inner_text("#status [data-key='hand']") == "Hand: 3"
