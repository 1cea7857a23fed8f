"""Tonk: an automatic win declared from the phone together with the other players' dealt counts
(declare.counts, docs/games/tonk.md §2.1, rules/tonk.md §2.2, §3.5): one number per player."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from companion import services
from companion.models import Event
from scoring.registry import GAME_MODULES

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("tonk" not in GAME_MODULES, reason="the Tonk engine has not landed on this branch"),
]


@pytest.mark.xfail(
    strict=False,
    reason="open (issue 23 follow-up): in the full parallel run a late redraw of the cards tab (the live "
    "catch-up read after the stream turns live, or a late legal-actions fetch) can shut the form opened "
    "right after the page loads; passes alone. Fix: keep that form's draft in the store as claims.js does.",
)
def test_an_automatic_win_is_declared_with_every_players_dealt_count(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("tonk", ["Anna", "Boris", "Clara"])
    services.event_append(
        match_id=match_id,
        type="deal",
        payload={"dealer": 0, "upcard": "5H"},
        client_event_id=uuid.uuid4(),
        expected_seq=None,
        user=None,
    )
    page = phone.page
    page.reload()
    page.click("[data-tab=cards]")
    declare = page.locator("#tab-cards details[data-action='declare']")
    declare.locator("summary").first.click()
    # Boris was dealt 50 (§2.2: an automatic win); Anna 20 and Clara 31, recorded with the hand.
    for seat, count in ((0, "20"), (1, "50"), (2, "31")):
        declare.locator(f"[data-field=counts] input[data-seat='{seat}']").fill(count)
    declare.locator("[data-submit]").click()
    page.wait_for_selector("body[data-ready='2']", state="attached")
    stored = Event.objects.get(match_id=match_id, seq=2)
    assert stored.type == "declare" and stored.payload["counts"] == [20, 50, 31]
