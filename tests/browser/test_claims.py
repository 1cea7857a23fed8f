"""Claims from the card-by-card screen: the verdict, the line that beats a failing claim, accepting.

The deal gives each seat one whole suit: Anna (0) the spades, Ben (1) the hearts, Cleo (2) the
diamonds and Dan (3) the clubs, and nobody passes. Dan holds the 2♣ and leads; nobody else can
follow a club, so Dan wins every trick he leads — and he always leads. So, with three cards left:
Anna's "the rest are mine" fails (Dan leads a club, Anna cannot follow, Dan wins it), and Dan's
holds (hearts.md: he then took every heart and the Q♠, a moon: the others score 26 each).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import ClaimCheck, Event
from scoring.registry import get_game
from tests.browser.hands import tap_hands

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
NAMES = ["Anna", "Ben", "Cleo", "Dan"]
HANDS = [[rank + suit for rank in RANKS] for suit in "SHDC"]  # seat i holds the whole suit "SHDC"[i]
TRICKS_PLAYED = 10  # three cards each are left to claim


def _deal_and_play(phone: Any) -> tuple[Any, int]:
    if "play_card" not in get_game("hearts").catalogue()["events"]:
        pytest.skip("Hearts card-by-card play has not landed on this branch")
    phone.sign_in_as_guest("Anna")
    page = phone.goto("/new/?game=hearts")
    page.wait_for_selector('[data-game="hearts"][aria-pressed="true"]')
    inputs = page.locator("input[name=player]")
    while inputs.count() < len(NAMES):
        page.click("#add-player")
    for i, name in enumerate(NAMES):
        inputs.nth(i).fill(name)
    page.click("#rules-summary")
    page.fill('[data-variant="pass_count"]', "0")  # nobody passes: the hands stay whole suits
    page.click("#create")
    page.wait_for_url("**/m/*/")
    page.wait_for_selector("#board table")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.click("[data-tab=cards]")
    tap_hands(page, HANDS)
    seq = 1
    page.wait_for_selector(f"body[data-ready='{seq}']", state="attached")
    # Card by card: Dan leads his clubs from the lowest, the others drop their lowest card.
    for trick in range(TRICKS_PLAYED):
        for seat in (3, 0, 1, 2):
            card = HANDS[seat][trick]
            page.click(f"#legal-cards button[data-card='{card}']")
            seq += 1
            page.wait_for_selector(f"body[data-ready='{seq}']", state="attached")
    assert Event.objects.filter(match_id=match_id, type="play_card").count() == 4 * TRICKS_PLAYED
    return page, match_id


def _claim(page: Any, seat: int | None, kind: str = "all_tricks") -> None:
    form = page.locator("#tab-cards details[data-action='claim']")
    if not form.evaluate("box => box.open"):  # (a refused claim leaves it open)
        form.locator("summary").first.click()
    if seat is not None:
        form.locator(f"[data-field='claim_seat'] button[data-seat='{seat}']").click()
    form.locator(f"[data-field='kind'] button[data-kind='{kind}']").click()
    form.locator("[data-submit]").click()


def test_a_failing_claim_shows_the_line_that_beats_it_and_a_holding_one_settles_the_hand(phones: Any) -> None:
    phone = phones()
    page, match_id = _deal_and_play(phone)
    seq = 1 + 4 * TRICKS_PLAYED
    # The claim form offers the Hearts kinds, and the claimant is the player to act (Dan leads).
    form = page.locator("#tab-cards details[data-action='claim']")
    kinds = form.locator("[data-field='kind'] button").evaluate_all("bs => bs.map(b => b.dataset.kind)")
    assert kinds == ["all_tricks", "at_least", "no_more_points"]
    assert form.locator("[data-field='claim_seat'] button[aria-pressed='true']").get_attribute("data-seat") == "3"

    # Anna claims the rest: fails, and the line that beats it is shown per player, as cards.
    _claim(page, seat=0)
    seq += 1
    page.wait_for_selector(f"body[data-ready='{seq}']", state="attached")
    verdict = page.locator("#claim-verdict")
    assert verdict.get_attribute("data-status") == "fails"
    assert "Claim: fails" in verdict.inner_text()
    assert "Anna claims: All the remaining tricks" in verdict.inner_text()
    # The verdict comes first on the screen, above the trick and the card picker.
    assert page.evaluate("document.querySelector('#tab-cards').firstElementChild.id") == "claim-verdict"
    line = page.locator("#counter-line")
    # Trick by trick: no card is on the table, so every trick of the line has the four players' cards.
    tricks = line.locator("li")
    assert tricks.count() >= 1
    assert all(tricks.nth(i).locator(".play").count() == 4 for i in range(tricks.count()))
    assert tricks.first.locator(".play").first.get_attribute("data-seat") == "3"  # Dan leads a club first
    dan_cards = line.locator(".play[data-seat='3'] .cardface").all_inner_texts()
    assert dan_cards and all(card.endswith("♣") for card in dan_cards)
    verdict.scroll_into_view_if_needed()
    phone.shot("22-claim-fails", top=False)

    # The others may accept it; Ben does. Nobody can help Anna win a club trick: not settled.
    accept = page.locator("#claim-accept button")
    assert accept.all_inner_texts() == ["Accept — Ben", "Accept — Cleo", "Accept — Dan"]
    page.click("#claim-accept button[data-seat='1']")
    # Accepting says what it did: nobody can help Anna, so the hand is played on.
    page.wait_for_selector("#claim-verdict:has-text('Accepted by Ben, but no line of play makes the claim')")
    check = ClaimCheck.objects.get(match_id=match_id, seat=0)
    assert check.accepted_by_seat == 1 and not check.settled
    seq += 1
    page.wait_for_selector(f"body[data-ready='{seq}']", state="attached")

    # Dan claims the rest (the default seat): holds, and the hand is settled by the engine.
    _claim(page, seat=None)
    page.wait_for_selector("#claim-verdict[data-status='holds']")
    # (the settlement may reach this phone with the next summary, after the verdict)
    page.wait_for_selector("#claim-verdict:has-text('The hand is settled.')")
    assert "Dan claims: All the remaining tricks" in page.inner_text("#claim-verdict")
    assert page.locator("#claim-accept").count() == 0
    # 3 tricks × 4 cards recorded after the claim; a moon for Dan: the others 26 each.
    types = list(Event.objects.filter(match_id=match_id).order_by("seq").values_list("type", flat=True))
    assert types[-13:] == ["claim"] + ["play_card"] * 12
    assert types.count("claim") == 2 and types.count("claim_accept") == 1
    assert Event.objects.filter(match_id=match_id).count() == 1 + 4 * TRICKS_PLAYED + 3 + 12
    assert ClaimCheck.objects.get(match_id=match_id, seat=3).settled
    # The engine scored the settled hand and the phone shows it: a moon for Dan.
    # (the settling plays reach the phone by push or by the summary after them, not with the verdict)
    page.wait_for_function("() => JSON.stringify(window.Companion.S.summary.totals) === '[26,26,26,0]'", timeout=15_000)
    page.locator("#claim-verdict").scroll_into_view_if_needed()
    phone.shot("23-claim-holds", top=False)
    # The history names the claims and the acceptance.
    page.click("[data-tab=log]")
    page.wait_for_selector("#log li")  # the history tab loads its module when first opened
    log = page.inner_text("#tab-log")
    assert "Anna claims: All the remaining tricks — fails" in log
    assert f"Claim #{seq - 1} accepted by Ben" in log
    assert "Dan claims: All the remaining tricks — holds" in log


def test_a_claim_made_offline_waits_in_the_outbox(phones: Any) -> None:
    phone = phones()
    page, match_id = _deal_and_play(phone)
    # The phone takes the tricks left from the engine (claim_form): three, so its stepper stops there.
    form = page.locator("#tab-cards details[data-action='claim']")
    form.locator("summary").first.click()
    form.locator("[data-field='kind'] button[data-kind='at_least']").click()
    assert form.locator("#claim-tricks").get_attribute("max") == "3"
    # A claim the server refuses is explained: a form left open while tricks were played on another
    # phone (here: its limit lifted) asks for five of the three tricks left.
    form.locator("#claim-tricks").evaluate("el => el.removeAttribute('max')")
    form.locator("#claim-tricks").fill("5")
    form.locator("[data-submit]").click()
    page.wait_for_selector("#toast:has-text('An at-least claim names 1 to 3 of the remaining tricks.')")
    assert not ClaimCheck.objects.filter(match_id=match_id).exists()
    form.locator("#claim-tricks").fill("1")
    phone.context.set_offline(True)
    _claim(page, seat=None)
    page.wait_for_selector("#outbox[data-count='1']:not([hidden])")
    assert not ClaimCheck.objects.filter(match_id=match_id).exists()
    phone.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("#claim-verdict[data-status='holds']")
    page.wait_for_selector("#outbox[hidden]", state="attached")
    assert ClaimCheck.objects.filter(match_id=match_id).count() == 1


def test_a_claim_checked_after_the_request_is_polled_until_its_verdict(
    phones: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As if the check ran out of the request budget: the server answers 202 with the URL to poll and
    # the check finishes in the Celery task (eager here); the phone polls that URL and then shows the
    # verdict from the record. (This position is too small to run out of any real budget.)
    from companion import claims

    real, calls = claims.timed_out, {"n": 0}

    def first_times_out(verdict: Any, budget_s: float) -> bool:
        calls["n"] += 1
        return True if calls["n"] == 1 else real(verdict, budget_s)

    monkeypatch.setattr(claims, "timed_out", first_times_out)
    phone = phones()
    page, match_id = _deal_and_play(phone)
    with page.expect_request(lambda r: "/api/v1/claims/" in r.url, timeout=10_000) as polled:
        _claim(page, seat=None)
    check = ClaimCheck.objects.get(match_id=match_id)
    assert polled.value.url.endswith(f"/api/v1/claims/{check.pk}") and polled.value.method == "GET"
    page.wait_for_selector("#claim-checking", state="detached")
    page.wait_for_selector("#claim-verdict[data-status='holds']")
    # (the settlement may reach this phone with the next summary, after the verdict)
    page.wait_for_selector("#claim-verdict:has-text('The hand is settled.')")
    assert page.locator("#claim-checking").count() == 0


def test_the_laid_down_picker_offers_only_the_claimants_possible_cards(phones: Any) -> None:
    # Every hand is known (the deal gave them): the picker offers the claimant's remaining hand only.
    phone = phones()
    page, match_id = _deal_and_play(phone)
    form = page.locator("#tab-cards details[data-action='claim']")
    form.locator("summary").first.click()
    form.locator("details summary").click()  # "Cards laid down (optional)"

    def offered() -> set[str]:
        return set(form.locator("#claim-cards button").evaluate_all("bs => bs.map(b => b.dataset.card)"))

    # Dan is to act and claims by default: his three clubs left (2♣ … J♣ were played).
    assert offered() == {"QC", "KC", "AC"}
    # Another claimant, another hand: Anna's three spades.
    form.locator("[data-field='claim_seat'] button[data-seat='0']").click()
    assert offered() == {"QS", "KS", "AS"}
    for card in ("QS", "KS", "AS"):
        form.locator(f"#claim-cards button[data-card='{card}']").click()
    # A card laid down for one claimant is dropped when the claimant changes.
    form.locator("[data-field='claim_seat'] button[data-seat='1']").click()
    assert offered() == {"QH", "KH", "AH"}
    assert form.locator("#claim-cards button[aria-pressed='true']").count() == 0
    form.locator("[data-field='claim_seat'] button[data-seat='0']").click()
    for card in ("QS", "KS", "AS"):
        form.locator(f"#claim-cards button[data-card='{card}']").click()
    form.locator("[data-submit]").click()
    page.wait_for_selector("#claim-verdict[data-status='fails']")
    assert sorted(ClaimCheck.objects.get(match_id=match_id).laid_down) == ["AS", "KS", "QS"]
