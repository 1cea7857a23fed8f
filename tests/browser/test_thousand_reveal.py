"""A dark talon revealed from the phone after a card-by-card deal (rules/thousand.md §16.1, §14 T-24)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from companion import services
from companion.models import Event
from tests.scoring.thousand_helpers import T24_PLAY

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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


def test_the_dark_talon_is_revealed_after_the_deal(phones: Any) -> None:
    phone = phones(language="de")
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match(
        "thousand", ["Anna", "Boris", "Clara"], variants={"talon_visibility": '"dark_always"'}
    )
    # T-24 with the talon taken dark: Anna bids 130, gives 9♣ to Boris and 9♥ to Clara, the tricks as
    # in the rules file. Without the talon the bid cannot be judged: 55 < 130 → Anna −130.
    _record(
        match_id,
        [
            ("deal", {"dealer": 2}),  # Clara deals, Anna bids first
            ("bid", {"seat": 0, "amount": 130}),
            ("pass", {"seat": 1}),
            ("pass", {"seat": 2}),
            ("take_talon", {"seat": 0}),
            ("give_card", {"seat": 0, "to": 1, "card": "9C"}),
            ("give_card", {"seat": 0, "to": 2, "card": "9H"}),
        ],
    )
    recorded = Event.objects.filter(match_id=match_id).count()
    page = phone.page
    page.reload()
    page.click("[data-tab=cards]")
    for card in T24_PLAY:
        page.wait_for_selector(
            f"#other-cards button[data-card='{card}']:enabled, #legal-cards button[data-card='{card}']:enabled"
        )
        page.click(f"#tab-cards button[data-card='{card}']:enabled >> nth=0")
        if page.locator("#marriage-choice").count():  # a K or Q led that could announce: T-24 announces none
            page.click("#marriage-choice button[data-announce='']")
        recorded += 1
        page.wait_for_selector(f"body[data-ready='{recorded}']", state="attached")
    # The engine offers the reveal; its form is labelled in German and takes the three cards.
    reveal = page.locator("#tab-cards details[data-action='reveal_talon']")
    assert reveal.locator("> summary").inner_text() == "Talon aufdecken"
    reveal.locator("> summary").click()
    reveal.locator("[data-field=cards]").fill("QS 9C TD")
    reveal.locator("[data-submit]").click()
    page.wait_for_selector(f"body[data-ready='{recorded + 1}']", state="attached")
    last = Event.objects.filter(match_id=match_id).order_by("-seq").first()
    assert last is not None and (last.type, last.payload) == ("reveal_talon", {"cards": ["QS", "9C", "TD"]})
    summary = page.evaluate("window.Companion.S.summary")
    assert summary["talon_to_reveal"] is False
    assert summary["history"][-1]["talon_revealed"] == ["QS", "9C", "TD"]
