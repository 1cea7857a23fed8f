"""A Bourré hand entered after the draw from the phone, by tapping its five cards in the deck's grid
(docs/games/bourre.md §1.3, rules/bourre.md §3.1.2): known from then on, so only its cards are offered."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

from companion import services
from companion.models import Event
from scoring.registry import GAME_MODULES

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("bourre" not in GAME_MODULES, reason="the Bourré engine has not landed on this branch"),
]

HAND = ["AS", "KH", "QH", "3D", "4C"]


def _record(match_id: int, events: list[tuple[str, dict[str, Any]]]) -> None:
    for event_type, payload in events:
        services.event_append(
            match_id=match_id,
            type=event_type,
            payload=payload,
            client_event_id=uuid.uuid4(),
            expected_seq=None,
            user=None,
        )


@pytest.mark.xfail(
    strict=False,
    reason="open (issue 23 follow-up): in the full parallel run a late redraw of the cards tab (the live "
    "catch-up read after the stream turns live, or a late legal-actions fetch) can shut the form opened "
    "right after the page loads; passes alone. Fix: keep that form's draft in the store as claims.js does.",
)
def test_a_hand_after_the_draw_is_tapped_in_and_then_only_its_cards_are_offered(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("bourre", ["Anna", "Boris"])
    # Boris deals and turns 2♠ (trumps ♠); the hands are not entered; Anna plays (§3.1).
    _record(match_id, [("deal", {"dealer": 1, "up_card": "2S"}), ("declare", {"seat": 0, "play": True})])
    page = phone.page
    page.reload()
    page.click("[data-tab=cards]")
    draw = page.locator("#tab-cards details[data-action='draw']")
    draw.locator("summary").first.click()
    draw.locator("#f-count").fill("2")
    grid = draw.locator("[data-field=hand]")
    for card in [*HAND, "9C"]:  # a sixth card is one too many for a five-card hand (§2.6)
        grid.locator(f"button[data-card='{card}']").click()
    expect(grid.locator("button[aria-pressed=true]")).to_have_count(5)
    expect(grid.locator("button[data-card='9C']")).to_have_attribute("aria-pressed", "false")
    expect(draw.locator("[data-pick-status=hand]")).to_have_attribute("data-complete", "true")
    draw.locator("[data-submit]").click()
    page.wait_for_selector("body[data-ready='3']", state="attached")
    stored = Event.objects.get(match_id=match_id, seq=3)
    assert stored.type == "draw"
    assert stored.payload["count"] == 2 and sorted(stored.payload["hand"]) == sorted(HAND)
    # Boris plays and stands pat; Anna leads. Her hand is known now: her five cards, and no others.
    _record(match_id, [("declare", {"seat": 1, "play": True}), ("draw", {"seat": 1, "count": 0})])
    page.reload()
    page.click("[data-tab=cards]")
    legal = page.locator("#legal-cards button")
    expect(legal).to_have_count(5)
    assert sorted(legal.evaluate_all("bs => bs.map(b => b.dataset.card)")) == sorted(HAND)
    assert page.locator("#other-cards").count() == 0
    page.click("#legal-cards button[data-card='3D']")
    page.wait_for_selector("body[data-ready='6']", state="attached")
    assert Event.objects.get(match_id=match_id, seq=6).payload == {"seat": 0, "card": "3D"}
