"""Card by card on a phone: the actions the engine allows next, the card picker and the trick."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event
from scoring.registry import GAME_MODULES
from tests.browser.hands import tap_hands

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("thousand" not in GAME_MODULES, reason="the Thousand engine has not landed on this branch"),
]


def test_a_thousand_deal_recorded_card_by_card(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.click("[data-tab=cards]")

    def tap(action: str, seat: int | None = None, to: int | None = None) -> None:
        count = Event.objects.filter(match_id=match_id).count()
        selector = f"#quick-actions button[data-action='{action}']" + (
            f"[data-seat='{seat}']" if seat is not None else ""
        )
        selector += f"[data-to='{to}']" if to is not None else ""
        page.click(selector + ":enabled")
        page.wait_for_selector(f"body[data-ready='{count + 1}']", state="attached")

    tap("deal")
    # Boris (left of the dealer) opens with the compulsory 100: the bid form is prefilled with the minimum.
    bid = page.locator("#tab-cards details[data-action='bid']")
    assert bid.locator("#f-amount").input_value() == "100"
    bid.locator("[data-submit]").click()
    page.wait_for_selector("body[data-ready='2']", state="attached")
    tap("pass", 2)
    tap("pass", 0)
    tap("take_talon", 1)
    tap("give_card", 1, to=2)
    tap("give_card", 1, to=0)
    # Hands are not known: every card of the 24-card deck is offered, and the engine judges the play.
    assert page.locator("#other-cards button").count() == 24
    for card in ("AS", "9S", "KS"):
        count = Event.objects.filter(match_id=match_id).count()
        page.click(f"#other-cards button[data-card='{card}']:enabled")
        page.wait_for_selector(f"body[data-ready='{count + 1}']", state="attached")
        if card == "9S":
            assert page.inner_text("#trick").split() == ["A♠", "Boris", "9♠", "Clara"]
            phone.shot("15-card-by-card", top=True)
    types = list(Event.objects.filter(match_id=match_id).values_list("type", flat=True))
    assert types == [
        "deal",
        "bid",
        "pass",
        "pass",
        "take_talon",
        "give_card",
        "give_card",
        "play_card",
        "play_card",
        "play_card",
    ]
    # Boris's ace won the trick, so Boris leads again.
    assert "Boris" in page.inner_text("#tab-cards [data-to-act]")
    # The history names every entry in the words of its form: seats by name, cards as cards.
    page.click("[data-tab=log]")
    page.wait_for_selector("#log li")  # the history tab loads its module when first opened
    log = page.inner_text("#log")
    assert "Play a card — Player: Boris; Card: A♠" in log
    assert "Give a card — Player: Boris; To: Clara" in log


def test_a_failed_claim_shows_the_line_that_beats_it(phones: Any) -> None:
    # How the phone shows a claim of the match summary's `claims` (the shape of
    # companion.selectors.claim_json), here a failing Thousand contract claim, in German.
    phone = phones(language="de")
    phone.sign_in_as_guest("Anna")
    phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.click("[data-tab=cards]")
    page.wait_for_selector("#tab-cards #quick-actions button", state="attached")  # the tab's module is in
    page.evaluate(
        """() => {
            const C = window.Companion;
            C.S.claims = [{claim: 7, seq: 9, at_seq: 8, seat: 0, kind: "contract", tricks: null, laid_down: [],
                verdict: "fails", reason: "the others can beat it", accepted: false, settled: false,
                counter_line: [{seat: 1, card: "AS"}, {seat: 2, card: "TS"}, {seat: 1, card: "KS"}]}];
            C.S.lastKey = null;
            C.renderAll();
        }"""
    )
    verdict = page.inner_text("#claim-verdict")
    assert "Anspruch: hält nicht" in verdict
    assert "Anna beansprucht: Das Gebot wird erfüllt" in verdict
    # the line that beats it, trick by trick (three players a trick), who plays what
    assert page.locator("#counter-line li").all_inner_texts() == ["Boris A♠Clara 10♠Boris K♠"]
    assert page.locator("#claim-accept button").all_inner_texts() == ["Annehmen — Boris", "Annehmen — Clara"]


def test_with_four_players_the_claim_is_about_the_three_in_the_deal(phones: Any) -> None:
    # Four at the table: the dealer (Anna) sits the deal out (thousand.md §3.2, default `dealer`). Hands are
    # not recorded, so the laid-down picker offers the cards not yet seen played, and only the other
    # players of the deal may accept a claim.
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("thousand", ["Anna", "Boris", "Clara", "Dmitri"])
    page = phone.page
    page.click("[data-tab=cards]")

    def tap(action: str, seat: int | None = None, to: int | None = None) -> None:
        count = Event.objects.filter(match_id=match_id).count()
        selector = f"#quick-actions button[data-action='{action}']" + (
            f"[data-seat='{seat}']" if seat is not None else ""
        )
        selector += f"[data-to='{to}']" if to is not None else ""
        page.click(selector + ":enabled")
        page.wait_for_selector(f"body[data-ready='{count + 1}']", state="attached")

    tap("deal")
    page.locator("#tab-cards details[data-action='bid'] [data-submit]").click()
    page.wait_for_selector("body[data-ready='2']", state="attached")
    tap("pass", 2)
    tap("pass", 3)
    tap("take_talon", 1)
    tap("give_card", 1, to=2)
    tap("give_card", 1, to=3)
    page.click("#other-cards button[data-card='AS']:enabled")
    page.wait_for_selector("body[data-ready='8']", state="attached")

    form = page.locator("#tab-cards details[data-action='claim']")
    form.locator("summary").first.click()
    # Who may claim: the three in the deal; Clara is to act.
    seats = form.locator("[data-field='claim_seat'] button").evaluate_all("bs => bs.map(b => b.dataset.seat)")
    assert seats == ["1", "2", "3"]
    form.locator("details summary").click()
    offered = form.locator("#claim-cards button").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert len(offered) == 23 and "AS" not in offered  # 24 cards, the A♠ was played

    # A claim of Boris's (as the summary's `claims` shows it): Clara and Dmitri may accept, not
    # Anna (she sits out) and not Boris himself.
    page.evaluate(
        """() => {
            const C = window.Companion;
            C.S.claims = [{claim: 7, seq: 9, at_seq: 8, seat: 1, kind: "all_tricks", tricks: null, laid_down: [],
                verdict: "undetermined", reason: "", accepted: false, settled: false, counter_line: []}];
            C.S.lastKey = null;
            C.renderAll();
        }"""
    )
    accept = page.locator("#claim-accept button")
    assert accept.evaluate_all("bs => bs.map(b => b.dataset.seat)") == ["2", "3"]
    assert accept.all_inner_texts() == ["Accept — Clara", "Accept — Dmitri"]


def test_with_the_hands_recorded_the_claim_picker_offers_the_claimants_hand(phones: Any) -> None:
    # The deal records every hand and the talon; the engine's summary does not list the cards, so
    # the phone follows them through the record: Boris takes the talon, gives Q♦ to Clara and 9♦ to
    # Anna (chosen from his known hand), and leads the A♣.
    names = ["Anna", "Boris", "Clara"]
    hands = [
        ["AS", "TS", "KS", "QS", "JS", "9S", "AH"],
        ["TH", "KH", "QH", "JH", "9H", "AC", "TC"],
        ["KC", "QC", "JC", "9C", "AD", "TD", "KD"],
    ]
    talon = ["QD", "JD", "9D"]
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("thousand", names)
    page = phone.page
    page.click("[data-tab=cards]")
    tap_hands(page, hands, talon)
    page.wait_for_selector("body[data-ready='1']", state="attached")
    page.locator("#tab-cards details[data-action='bid'] [data-submit]").click()
    page.wait_for_selector("body[data-ready='2']", state="attached")
    for seq, selector in (
        (3, "#quick-actions button[data-action='pass'][data-seat='2']"),
        (4, "#quick-actions button[data-action='pass'][data-seat='0']"),
        (5, "#quick-actions button[data-action='take_talon'][data-seat='1']"),
    ):
        page.click(selector + ":enabled")
        page.wait_for_selector(f"body[data-ready='{seq}']", state="attached")
    # Giving a card from a known hand: choose it, then send (the record names the card).
    for seq, to, card in ((6, 2, "QD"), (7, 0, "9D")):
        chooser = page.locator(f"#tab-cards .chooser[data-action='give_card'][data-to='{to}']")
        chooser.locator(f"button[data-card='{card}']").click()
        chooser.locator("[data-send='give_card']").click()
        page.wait_for_selector(f"body[data-ready='{seq}']", state="attached")
    assert Event.objects.get(match_id=match_id, seq=6).payload == {"seat": 1, "to": 2, "card": "QD"}
    page.click("#legal-cards button[data-card='AC']")
    page.wait_for_selector("body[data-ready='8']", state="attached")

    form = page.locator("#tab-cards details[data-action='claim']")
    form.locator("summary").first.click()
    form.locator("details summary").click()

    def offered() -> set[str]:
        return set(form.locator("#claim-cards button").evaluate_all("bs => bs.map(b => b.dataset.card)"))

    # Clara is to act: her seven dealt cards and the Q♦ Boris gave her.
    assert offered() == {"KC", "QC", "JC", "9C", "AD", "TD", "KD", "QD"}
    # Boris: his hand, the talon, less the two cards given and the A♣ played.
    form.locator("[data-field='claim_seat'] button[data-seat='1']").click()
    assert offered() == {"TH", "KH", "QH", "JH", "9H", "TC", "JD"}
