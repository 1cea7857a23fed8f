"""Issue 29 item 1: a Thousand claim that holds, accepted at a table that did not enter the hands.

The deal of tests/scoring/test_thousand_concede.py at this table's seats: Anna deals, Boris declares
the compulsory 100, nobody records the hands. T1 Boris K♥, Clara 9♥, Anna T♥ → Anna (4+0+10 = 14);
T2 Anna 9♠, Boris T♠, Clara A♠ → Clara (0+10+11 = 21). Clara, on lead, lays down A♥ Q♥ J♥ A♣ T♣ K♣
and claims the rest: K♥ and T♥ are gone, her clubs are the three top ones, nobody announced a
marriage (no trumps) and she leads every trick — it holds however the other cards lie. Anna accepts:
the deal is scored by the engine as the claim says — Clara 21 + 85 (the 18 cards not yet won) = 106
→ 105, Anna 14 → 15, Boris 0 of 100 → −100.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import ClaimCheck, Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAID_DOWN = ["AH", "QH", "JH", "AC", "TC", "KC"]


def _to_the_claim(phone: Any) -> tuple[Any, int]:
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.click("[data-tab=cards]")

    def step(selector: str) -> None:
        count = Event.objects.filter(match_id=match_id).count()
        page.click(selector + ":enabled")
        page.wait_for_selector(f"body[data-ready='{count + 1}']", state="attached")

    step("#quick-actions button[data-action='deal']")
    step("#tab-cards details[data-action='bid'] [data-submit]")
    step("#quick-actions button[data-action='pass'][data-seat='2']")
    step("#quick-actions button[data-action='pass'][data-seat='0']")
    step("#quick-actions button[data-action='take_talon'][data-seat='1']")
    step("#quick-actions button[data-action='give_card'][data-seat='1'][data-to='2']")
    step("#quick-actions button[data-action='give_card'][data-seat='1'][data-to='0']")
    for card in ("KH", "9H", "TH", "9S", "TS", "AS"):
        step(f"#other-cards button[data-card='{card}']")
    return page, match_id


def test_an_accepted_holding_claim_finishes_the_deal(phones: Any) -> None:
    phone = phones()
    page, match_id = _to_the_claim(phone)
    form = page.locator("#tab-cards details[data-action='claim']")
    form.locator("summary").first.click()
    # Clara is to act, so she is the claimant by default.
    assert form.locator("[data-field='claim_seat'] button[aria-pressed='true']").get_attribute("data-seat") == "2"
    form.locator("[data-field='kind'] button[data-kind='all_tricks']").click()
    form.locator("details summary").click()
    for card in LAID_DOWN:
        form.locator(f"#claim-cards button[data-card='{card}']").click()
    form.locator("[data-submit]").click()
    verdict = page.locator("#claim-verdict")
    page.wait_for_selector("#claim-verdict[data-status='holds']")
    assert "Claim: holds" in verdict.inner_text()
    assert sorted(page.locator("#claim-accept button").all_inner_texts()) == ["Accept — Anna", "Accept — Boris"]

    page.click("#claim-accept button[data-seat='0']")
    page.wait_for_selector("#claim-verdict:has-text('Accepted by Anna: the rest of the hand is recorded and scored.')")
    text = verdict.inner_text()
    assert "no line of play" not in text
    assert page.locator("#claim-accept button").count() == 0  # Boris has nothing left to accept
    check = ClaimCheck.objects.get(match_id=match_id)
    assert check.accepted_by_seat == 0 and check.settled
    # The deal is over and scored as the claim says: one row on the scoreboard.
    page.wait_for_function("() => window.Companion.S.summary.history.length === 1")
    assert page.evaluate("window.Companion.S.summary.totals") == [15, -100, 105]
    board = page.inner_text("#board")
    assert "+105" in board and "-100" in board
    # The next deal can be started: the claim has finished this one.
    assert page.locator("#quick-actions button[data-action='deal']").count() == 1
    verdict.scroll_into_view_if_needed()
    phone.shot("29-thousand-claim-accepted", top=False)


def test_the_card_grid_offers_no_played_card_and_announces_a_marriage(phones: Any) -> None:
    # Issue 29 item 2. After the two tricks, Clara leads: the grid offers the 18 cards nobody has
    # played (24 − 6); leading K♣ — K♣ Q♣ may both be hers — asks whether she announces the ♣
    # marriage (thousand.md §6.4: +60, clubs trumps) or just plays the king.
    phone = phones()
    page, match_id = _to_the_claim(phone)
    offered = page.locator("#other-cards button").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert len(offered) == 18 and not {"KH", "9H", "TH", "9S", "TS", "AS"} & set(offered)
    # The kings and queens that may announce a marriage are marked in the grid.
    marked = page.locator("#other-cards button.marriage").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert marked == ["KC", "KD", "KS", "QC", "QD", "QS"] or sorted(marked) == ["KC", "KD", "KS", "QC", "QD", "QS"]
    page.click("#other-cards button[data-card='KC']")
    choice = page.locator("#marriage-choice")
    assert "Clara leads K♣" in choice.inner_text()
    assert choice.locator("button").all_inner_texts() == ["Announce the ♣ marriage", "Just play K♣"]
    phone.shot("36-thousand-marriage-from-grid", top=False)
    count = Event.objects.filter(match_id=match_id).count()
    choice.locator("button[data-announce='marriage']").click()
    page.wait_for_selector(f"body[data-ready='{count + 1}']", state="attached")
    last = Event.objects.filter(match_id=match_id).order_by("-seq").first()
    assert last is not None and last.payload == {"seat": 2, "card": "KC", "announce": "marriage"}
    # Clubs are trumps now, and the K♣ just led is not offered again.
    assert "Trump: ♣" in page.inner_text("#tab-cards .status")
    assert page.locator("#other-cards button[data-card='KC']").count() == 0
