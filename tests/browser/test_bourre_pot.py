"""Issue 29 item 4 (Bourré): the pot as the table sees it between deals, antes in, and a split pot
named under the deal.

bourre.md §2.5 and §4.4: before deal 1 five players ante 1 each: pot 0 + 5 = 5. Deal 1: Anna, Ben
and Cleo play; Anna 2, Ben 2, Cleo 1 trick: a tie for most tricks, a split pot that carries over
(§4.2), nobody bourré (Cleo took a trick). Pot after: 5. Anna and Ben tied, so they skip the next
ante (§4.5, `tied_players_skip_ante`): Cleo, Dan and Eve ante 3 → 5 + 3 = 8.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_pot_chip_counts_the_next_antes_and_a_split_pot_is_named(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    phone.create_match("bourre", ["Anna", "Ben", "Cleo", "Dan", "Eve"])
    page = phone.page
    assert page.inner_text("#status [data-key='pot']") == "Pot: 5 with the antes"
    for seat in (0, 1, 2):
        page.click(f"#tab-entry [data-field='played'] button[data-seat='{seat}']")
    page.fill("#tab-entry [data-field='tricks'] input[data-seat='0']", "2")
    page.fill("#tab-entry [data-field='tricks'] input[data-seat='1']", "2")
    page.fill("#tab-entry [data-field='tricks'] input[data-seat='2']", "1")
    page.click("#tab-entry [data-submit]")
    page.wait_for_selector("#board tr[data-settle='0']")
    assert page.inner_text("#board tr[data-settle='0']") == (
        "Anna, Ben tied with 2 tricks: split pot, it carries over (§4.2)."
    )
    page.wait_for_selector("#status [data-key='pot']:has-text('8 with the antes')")
    assert page.inner_text("#status [data-key='pot']") == "Pot: 8 with the antes"
    phone.shot("21-table-bourre")
