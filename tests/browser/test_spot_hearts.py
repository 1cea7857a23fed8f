"""Spot hearts from the phone (issue 13): the hand totals 117, a number the phone takes from the
engine's entry form, and the league reads the entered hand's facts from the summary."""

from __future__ import annotations

from typing import Any

import pytest

from companion import selectors
from companion.models import Event, Match
from league.extract import state_facts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]


def create_spot_hearts_match(phone: Any) -> int:
    page = phone.goto("/new/?game=hearts")
    page.wait_for_selector('[data-game="hearts"][aria-pressed="true"]')
    inputs = page.locator("input[name=player]")
    for i, name in enumerate(PLAYERS):
        inputs.nth(i).fill(name)
    page.click("#rules-summary")
    page.check("#var-spot_hearts")
    page.click("#create")
    page.wait_for_url("**/m/*/")
    page.wait_for_selector("body[data-ready]", state="attached")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def test_a_spot_hearts_hand_is_entered_and_counted(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = create_spot_hearts_match(phone)
    page = phone.page
    # The form asks for 117 (hearts 2 + 3 + … + 14 = 104, Q♠ 13), and the moon is worth as much.
    assert "of 117" in page.inner_text("#hearts-form [data-sum]")
    assert page.inner_text('#hearts-form [data-moon="0"]') == "☾ 117"
    assert "pips" in page.inner_text("#hearts-form")
    # 26 would have been a whole hand without spot hearts: here the phone says what is missing.
    for seat, value in enumerate([13, 13, 0, 0]):
        page.fill(f"#pts-{seat}", str(value))
    page.click("#hearts-form [data-submit]")
    assert "must total 117; these total 26" in page.inner_text('#hearts-form [data-error-for="points"]')
    # Anna took the hearts 10 to A (10 + 11 + 12 + 13 + 14 = 60), Ben the Q♠ (13), Cleo the hearts
    # 2 to 9 (44): 117, and nobody reaches the game's 100 yet.
    for seat, value in enumerate([60, 13, 44, 0]):
        page.fill(f"#pts-{seat}", str(value))
    assert "Total 117 of 117" in page.inner_text("#hearts-form [data-sum]")
    page.click("#hearts-form [data-submit]")
    page.wait_for_selector("#board tr[data-hand='0']")
    assert page.locator("#board tr.totals button.n").all_inner_texts() == ["60", "13", "44", "0"]
    # A moon: Dan takes all 117; by default everyone else gets +117 (hearts.md §3.2), which ends the game.
    page.click('#hearts-form [data-moon="3"]')
    page.click("#hearts-form [data-submit]")
    page.wait_for_selector("#board tr[data-hand='1']")
    assert page.locator("#board tr.totals button.n").all_inner_texts() == ["177", "130", "161", "0"]
    stored = [e.payload for e in Event.objects.filter(match_id=match_id).order_by("seq")]
    assert stored == [{"points": [60, 13, 44, 0]}, {"points": [0, 0, 0, 117]}]

    # The league's facts, as the engine states them under the match's house rules: penalty points as entered, Dan's moon, and no
    # queen's taker guessed from a 26-point rule that spot hearts does not follow.
    match = Match.objects.get(pk=match_id)
    facts = state_facts(selectors.match_game(match), selectors.match_state_get(match))
    assert [facts.stats[s].get("penalty_points", 0) for s in range(4)] == [60, 13, 44, 117]
    assert [facts.stats[s].get("moons", 0) for s in range(4)] == [0, 0, 0, 1]
    assert all(facts.stats[s].get("qs_taken", 0) == 0 for s in range(4))
