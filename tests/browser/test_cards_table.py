"""Card by card at the table (issue 17, item 5): the last trick and who took it stay in view, one
undo, hands entered by tapping cards, no developer text (rules/thousand.md §2.1, §3.1, §6.1)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event
from scoring.registry import GAME_MODULES

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("thousand" not in GAME_MODULES, reason="the Thousand engine has not landed on this branch"),
]

#: thousand.md §3.1: 7 cards each and 3 in the talon; these are T-24's hands (tests/scoring/thousand_helpers).
HANDS = ["AS KS AH TH KC JD 9H", "9S JS TS 9D QD JC QC", "KD AD JH QH KH TC AC"]
TALON = ["QS", "9C", "TD"]


def ready_after(page: Any, match_id: int, action: Any) -> None:
    count = Event.objects.filter(match_id=match_id).count()
    action()
    page.wait_for_selector(f"body[data-ready='{count + 1}']", state="attached")


def test_hands_are_tapped_in_a_grid_and_the_last_trick_stays_with_its_winner(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("[data-tab=cards]")
    box = page.locator("#tab-cards details[data-detail='hands']")
    box.locator("summary").click()
    # No developer text anywhere on the screen (field names, null).
    text = page.inner_text("#tab-cards")
    assert "About this entry" not in text and "null" not in text and "``" not in text
    for seat, hand in enumerate(HANDS):
        box.locator(f"#hand-places button[data-place='{seat}']").click()
        for card in hand.split():
            box.locator(f"#hand-cards button[data-card='{card}']").click()
    box.locator("#hand-places button[data-place='talon']").click()
    for card in TALON:
        box.locator(f"#hand-cards button[data-card='{card}']").click()
    # A card already given shows whose it is; the counts are on the names.
    assert box.locator("#hand-places button[data-place='0']").inner_text() == "Anna (7)"
    assert box.locator("#hand-cards button[data-card='AS']").get_attribute("class") == "taken"
    box.locator("#hand-places").scroll_into_view_if_needed()
    phone.shot("34-hands-grid", top=False)
    ready_after(page, match_id, lambda: box.locator("[data-send='hands']").click())
    deal = Event.objects.get(match_id=match_id, seq=1)
    assert deal.type == "deal"
    assert [sorted(h) for h in deal.payload["hands"]] == [sorted(h.split()) for h in HANDS]
    assert sorted(deal.payload["talon"]) == sorted(TALON)

    # Anna deals; Boris, on her left, opens with the compulsory 100 (§4.1) and the others pass;
    # Boris takes the talon and gives one card to each of the others (§5.1).
    bid = page.locator("#tab-cards details[data-action='bid']")
    ready_after(page, match_id, lambda: bid.locator("[data-submit]").click())
    for seat in (2, 0):
        ready_after(
            page, match_id, lambda s=seat: page.click(f"#quick-actions button[data-action='pass'][data-seat='{s}']")
        )
    ready_after(page, match_id, lambda: page.click("#quick-actions button[data-action='take_talon']:enabled"))
    for card in ("QS", "9C"):
        chooser = page.locator("#tab-cards .chooser").first
        chooser.locator(f"button[data-card='{card}']").click()
        ready_after(page, match_id, lambda c=chooser: c.locator("button.big").click())
    # The hands are known, so only the engine's legal cards are offered: the first of them is played.
    for _ in range(3):
        ready_after(page, match_id, lambda: page.locator("#legal-cards button").first.click())
    last = page.locator("#last-trick")
    assert "took it" in last.inner_text()
    winner = page.evaluate("window.Companion.S.summary.current_deal.last_trick.winner")
    names = ["Anna", "Boris", "Clara"]
    assert f"Last trick: {names[winner]} took it" in last.inner_text()
    assert last.locator(".played").count() == 3 and last.locator(".played.won").count() == 1
    # The next lead does not hide it.
    ready_after(page, match_id, lambda: page.locator("#legal-cards button").first.click())
    assert page.locator("#last-trick .played").count() == 3
    # One undo button, not one "take back" per player.
    assert page.locator("#cards-undo").count() == 1
    assert page.get_by_role("button", name="Take back a card").count() == 0
    phone.shot("33-card-by-card-last-trick", top=False)
    page.click("#cards-undo")
    before = Event.objects.filter(match_id=match_id).count()
    page.click("#dialog-ok")
    page.wait_for_selector(f"body[data-ready='{before + 1}']", state="attached")
    assert Event.objects.filter(match_id=match_id).order_by("-seq").first().type == "void"
