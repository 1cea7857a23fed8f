"""The start screens: an account, house rules that change the entry form, errors in place."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from companion.models import Match, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_in_with_an_account_and_see_your_matches(phones: Any) -> None:
    user = get_user_model().objects.create_user(username="vera", password="a-long-secret-pw")
    Player.objects.create(name="Vera", user=user)
    phone = phones()
    page = phone.goto("/")
    page.click("#signin details summary")
    page.fill("#login-user", "vera")
    page.fill("#login-pass", "wrong-password")
    page.click("#login-form button")
    assert page.wait_for_selector("[data-error-for='login']:has-text('Wrong user name or password')")
    page.fill("#login-pass", "a-long-secret-pw")
    page.click("#login-form button")
    page.wait_for_selector("#start:not([hidden])")
    assert page.wait_for_selector("#matches li:has-text('No matches yet.')")
    match_id = phone.create_match("hearts", ["Vera", "Walt", "Xena"])
    # Vera's own seat is her player (sent by id), so the table code offers only the other seats.
    match = Match.objects.get(pk=match_id)
    assert match.seats.get(seat=0).player.user == user
    page = phone.goto("/")
    assert "Hearts" in page.wait_for_selector("#matches a").inner_text()


def test_house_rules_shape_the_entry_form_and_errors_stand_next_to_their_field(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    page = phone.goto("/new/?game=hearts")
    page.wait_for_selector('[data-variant="moon_scoring"]', state="attached")
    # One player too few: the error stands next to the players.
    page.locator("input[name=player]").nth(1).fill("Ben")
    page.locator("#players li").nth(3).locator("button").click()
    page.locator("#players li").nth(2).locator("button").click()
    page.click("#create")
    assert "3 to 6 players" in page.wait_for_selector("[data-error-for='players']:has-text('players')").inner_text()
    page.click("#add-player")
    page.locator("input[name=player]").nth(2).fill("Cleo")
    page.click("#rules-summary")  # the house rules are folded away until someone wants them
    page.select_option('[data-variant="moon_scoring"]', '"shooter_choice"')
    page.select_option('[data-variant="jack_of_diamonds"]', '"jd_minus_10"')
    page.click("#create")
    page.wait_for_url("**/m/*/")
    page.wait_for_selector("#hearts-form")
    # The J♦ house rule asks who took it; a moon lets the shooter choose.
    assert "Who took the J♦?" in page.inner_text("#hearts-form")
    page.click("#hearts-form [data-moon='2']")
    page.click("#hearts-form [data-field='jd_taker'] button[data-seat='2']")
    page.click("#moon-choice button[data-choice='subtract_from_shooter']")
    page.click("#hearts-form [data-submit]")
    page.wait_for_selector("#board tr[data-hand='0']")
    # Cleo shot the moon (−26 by her choice) and took the jack (−10).
    assert page.locator("#board tr.totals button.n").all_inner_texts() == ["0", "0", "-36"]


def test_a_wrong_table_code_is_explained(phones: Any) -> None:
    phone = phones(language="fi")
    phone.sign_in_as_guest("Aino")
    page = phone.goto("/join/")
    page.fill("#join-code", "NOPE42")
    page.click("#join-go")
    assert page.wait_for_selector("[data-error-for='code']:has-text('koodia')").inner_text() == (
        "Millään pöydällä ei ole tätä koodia. Tarkista ja yritä uudelleen."
    )
