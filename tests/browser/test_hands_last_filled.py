"""Issue 29 item 9: the last hand is filled in. Hearts, four players: tapping three hands of 13
records all four — the fourth is the 13 cards nobody tapped (52 − 39) — 39 card taps, not 52."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event
from tests.browser.hands import tap_hands
from tests.browser.test_hearts_cards import HANDS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_three_hands_tapped_record_four(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("hearts", ["Anna", "Ben", "Cleo", "Dan"])
    page = phone.page
    page.click("[data-tab=cards]")
    tap_hands(page, [*HANDS[:3], []])
    page.wait_for_selector("body[data-ready='1']", state="attached")
    deal = Event.objects.get(match_id=match_id, seq=1)
    assert deal.type == "deal"
    assert sorted(deal.payload["hands"][3]) == sorted(HANDS[3])
