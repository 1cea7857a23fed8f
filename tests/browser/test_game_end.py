"""Issue 17, item 3: every game ends properly — a banner names the winner(s) with the final scores
(a tie too), in a neutral mark; one tap starts a rematch with the same players and house rules; a
new match offers the players you recently sat with."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Boris", "Clara", "Dmitri"]
TIE = {"en": "Anna and Boris win — a tie!", "ru": "Anna и Boris побеждают — ничья!"}


def moon(page: Any, seat: int, hand: int) -> int:
    """Shoot the moon for ``seat``: the moon button, then Record. Returns the taps it took."""
    page.click(f'#hearts-form [data-moon="{seat}"]')
    page.click("#hearts-form [data-submit]")
    page.wait_for_selector(f"#board tr[data-hand='{hand}']")
    return 2


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_tie_is_announced_with_the_final_scores_and_a_rematch_is_one_tap(phones: Any, language: str) -> None:
    phone = phones(language=language)
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("hearts", PLAYERS)
    page = phone.page
    # Anna, Anna, Boris, Boris shoot the moon (26 to each other player, hearts.md §3.2):
    # Anna 0 + 0 + 26 + 26 = 52, Boris 26 + 26 + 0 + 0 = 52, Clara and Dmitri 4 × 26 = 104 ≥ 100:
    # the game ends, lowest total wins, and the tie shares the win (tie_break co_winners).
    taps = [moon(page, seat, hand) for hand, seat in enumerate([0, 0, 1, 1])]
    assert taps == [2, 2, 2, 2]  # the moon in 2 taps
    banner = page.locator("#board .banner")
    expect(banner).to_be_visible()
    expect(banner.locator("h2")).to_contain_text(TIE[language])
    rows = banner.locator(".standings li")
    # the engine's places and scores: the tied two share first place, the other two third (waited
    # for as a state: the board is drawn from the phone's own answer, then again from the refresh,
    # and a row read while it is being replaced has no layout, so no spaces between its parts)
    expect(rows).to_have_text(
        [
            re.compile(r"^\s*1\s+Anna\s+52\s*$"),
            re.compile(r"^\s*1\s+Boris\s+52\s*$"),
            re.compile(r"^\s*3\s+Clara\s+104\s*$"),
            re.compile(r"^\s*3\s+Dmitri\s+104\s*$"),
        ],
        use_inner_text=True,
    )
    assert banner.locator(".standings li.win").count() == 2
    # The winner's mark is neutral: no error-coloured chip.
    expect(page.locator("#status .chip.win")).to_be_visible()
    assert page.locator("#status .chip.alert").count() == 0
    # No next hand is announced once the match is over (its number, dealer, pass direction).
    next_hand = "#status [data-key=hand], #status [data-key=dealer], #status [data-key=pass_direction]"
    assert page.locator(next_hand).count() == 0
    if language == "en" and os.environ.get("COMPANION_SCREENSHOTS") == "1":
        page.set_viewport_size({"width": 390, "height": 844})
        phone.shot("table-winner-banner")

    page.click("#board [data-rematch]")  # one tap
    page.wait_for_url(lambda url: url.rstrip("/").rsplit("/", 1)[1] != str(match_id))
    page.wait_for_selector("#hearts-form")
    old = Match.objects.get(pk=match_id)
    new = Match.objects.exclude(pk=match_id).get()
    assert list(new.seats.values_list("player_id", flat=True)) == list(old.seats.values_list("player_id", flat=True))
    assert new.variants == old.variants
    # (each name has its player's initials beside it, a decorative badge hidden from screen readers)
    names = page.locator("#board thead th").evaluate_all(
        "ths => ths.map(th => [...th.childNodes].filter(n => !n.classList?.contains('badge'))"
        ".map(n => n.textContent).join(''))"
    )
    assert names[1:] == PLAYERS


def test_a_new_match_offers_the_players_you_recently_sat_with(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    phone.create_match("hearts", PLAYERS)
    page = phone.goto("/new/?game=hearts")
    roster = page.locator(".roster button:visible")
    expect(roster).to_have_count(3)
    assert roster.all_inner_texts() == ["+ Boris", "+ Clara", "+ Dmitri"]
    page.click(".roster button[data-name='Clara']")  # one tap seats Clara in the first empty seat
    assert page.locator("input[name=player]").nth(1).input_value() == "Clara"
    expect(page.locator(".roster button[data-name='Clara']")).to_be_hidden()
    page.click(".roster button[data-name='Boris']")
    page.click(".roster button[data-name='Dmitri']")
    page.click("#create")
    page.wait_for_url("**/m/*/")
    page.wait_for_selector("#board table")
    # The same players as before (sent by id: no second Clara is made).
    ids = sorted({tuple(m.seats.values_list("player_id", flat=True)) for m in Match.objects.all()})
    assert len(ids) == 2
    first, second = (list(x) for x in ids)
    assert sorted(first) == sorted(second)
