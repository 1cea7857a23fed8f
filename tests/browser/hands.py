"""Entering dealt hands on the card-by-card screen by tapping cards in the pack's grid."""

from __future__ import annotations

from typing import Any


def tap_hands(page: Any, hands: list[list[str]], talon: list[str] | None = None) -> None:
    """Open the deal's "with the hands" box, tap each seat's cards (and the talon's), record it."""
    box = page.locator("#tab-cards details[data-detail='hands']")
    box.locator("summary").first.click()
    places: list[tuple[str, list[str]]] = [(str(seat), cards) for seat, cards in enumerate(hands) if cards]
    if talon:
        places.append(("talon", talon))
    for place, cards in places:
        box.locator(f"#hand-places button[data-place='{place}']").click()
        for card in cards:
            box.locator(f"#hand-cards button[data-card='{card.replace('10', 'T')}']").click()
    box.locator("[data-send='hands']").click()
