"""Result entry for Bourré, President, Tonk and the T-Shirt Game, driven by the games catalogue.

The forms are built from each engine's event schema (no bespoke code per game): who played and
tricks (Bourré), finishing order by tapping names (President), how a hand ended and the counts
(Tonk), the judge, winner and Hot or Not value (T-Shirt Game). Games whose engine has not landed on
this branch are skipped with that reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.models import Event
from scoring.registry import GAME_MODULES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]


def seat(page: Any, field: str, number: int) -> None:
    page.click(f"#tab-entry [data-field='{field}'] button[data-seat='{number}']")


def bourre(page: Any) -> None:
    seat(page, "played", 0)
    seat(page, "played", 1)
    # The engine's form asks tricks of those who played only (the others send 0).
    assert page.locator("#tab-entry [data-field='tricks'] .seat-row:visible").count() == 2
    page.fill("#tab-entry [data-field='tricks'] input[data-seat='0']", "3")
    # The last one is filled with what is left of the deal's five tricks.
    assert page.input_value("#tab-entry [data-field='tricks'] input[data-seat='1']") == "2"


def president(page: Any) -> None:
    for number in (2, 0, 1, 3):  # Cleo out first, then Anna, Ben, Dan
        seat(page, "order", number)
    assert page.inner_text("#tab-entry [data-order='order']").split() == ["Cleo", "Anna", "Ben", "Dan"]


def tonk(page: Any) -> None:
    page.click("#tab-entry [data-field='end'] button[data-value='drop']")
    seat(page, "by", 0)
    for number, count in enumerate([5, 10, 20, 30]):
        page.fill(f"#tab-entry [data-field='counts'] input[data-seat='{number}']", str(count))


def tshirt(page: Any) -> None:
    seat(page, "first_judge", 0)  # the seating comes first: who judges round 1
    page.click("#tab-entry [data-submit]")
    page.wait_for_selector("#tab-entry [data-field='winner']")
    seat(page, "winner", 1)
    page.fill("#f-value", "2")


CASES: dict[str, tuple[Callable[[Any], None], dict[str, Any], list[str]]] = {
    # game: (fill the form, the stored result payload, totals shown afterwards)
    "bourre": (bourre, {"played": [0, 1], "tricks": [3, 2, 0, 0]}, ["3", "-1", "-1", "-1"]),
    "president": (president, {"order": [2, 0, 1, 3]}, ["1", "-1", "2", "-2"]),
    "tonk": (tonk, {"end": "drop", "by": 0, "counts": [5, 10, 20, 30]}, ["3", "-1", "-1", "-1"]),
    "tshirt": (tshirt, {"round": 1, "judge": 0, "winner": 1, "value": 2}, ["0", "2", "0", "0"]),
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_result_entry_from_the_catalogue(phones: Any, game: str) -> None:
    if game not in GAME_MODULES:
        pytest.skip(f"the {game} engine has not landed on this branch")
    fill, payload, totals = CASES[game]
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match(game, PLAYERS)
    page = phone.page
    fill(page)
    phone.shot(f"20-entry-{game}", top=False)
    page.click("#tab-entry [data-submit]")
    page.wait_for_selector("#board tr[data-hand='0']")
    stored = Event.objects.filter(match_id=match_id).order_by("seq").last()
    assert stored is not None
    assert {k: v for k, v in stored.payload.items() if k in payload} == payload
    assert page.locator("#board tr.totals button.n").all_inner_texts() == totals
    phone.shot(f"21-table-{game}")
