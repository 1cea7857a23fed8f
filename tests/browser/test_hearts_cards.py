"""Hearts card by card with the hands entered: the pass, then legal cards offered first."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event
from scoring.registry import get_game
from tests.browser.hands import tap_hands

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
DECK = [rank + suit for suit in "CDHS" for rank in RANKS]
HANDS = [DECK[seat::4] for seat in range(4)]  # Anna: 2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS …


def test_hearts_card_by_card_offers_the_legal_cards_first(phones: Any) -> None:
    if "play_card" not in get_game("hearts").catalogue()["events"]:
        pytest.skip("Hearts card-by-card play has not landed on this branch")
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("hearts", ["Anna", "Ben", "Cleo", "Dan"])
    page = phone.page
    page.click("[data-tab=cards]")
    tap_hands(page, HANDS)
    page.wait_for_selector("body[data-ready='1']", state="attached")
    # Each player passes three cards to the left (hand 1), chosen from their own hand.
    for seat in range(4):
        chooser = page.locator(f"#tab-cards .chooser[data-seat='{seat}']")
        for card in HANDS[seat][-3:]:
            chooser.locator(f"button[data-card='{card}']").click()
        chooser.locator("button[data-send]").click()
        page.wait_for_selector(f"body[data-ready='{seat + 2}']", state="attached")
    # Anna holds the 2♣ and must lead it: it is the only legal card, the others wait folded away.
    assert page.locator("#legal-cards button").all_inner_texts() == ["2♣"]
    assert page.locator("#other-cards").count() == 0
    page.click("#legal-cards button[data-card='2C']")
    page.wait_for_selector("body[data-ready='6']", state="attached")
    # Ben must follow clubs: his legal cards are exactly his clubs.
    legal = page.locator("#legal-cards button").all_inner_texts()
    assert legal and all(card.endswith("♣") for card in legal)
    assert page.inner_text("#trick").split() == ["2♣", "Anna"]
    phone.shot("18-hearts-legal-cards")
    types = list(Event.objects.filter(match_id=match_id).values_list("type", flat=True))
    assert types == ["deal", "pass_cards", "pass_cards", "pass_cards", "pass_cards", "play_card"]
