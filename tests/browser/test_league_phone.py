"""The league from the phone: the phone's sign-in (a token) opens the league and player pages too,
which fit a phone (cards, no clipped table), give ratings in words, switch language and theme, show
no error code, and have no serious accessibility violation (axe-core)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from companion import services
from companion.models import Match, Player
from tests.browser.test_accessibility import serious_violations, small_targets
from tests.browser.test_table import PLAYERS
from tests.service.helpers import HANDS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


#: The cells of a table that reach past the phone's screen (cut off, or only seen by scrolling).
CLIPPED = """(sel) => [...document.querySelectorAll(sel + ' td')]
  .filter((td) => td.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .map((td) => td.textContent)"""


def finished_league_match(name: str) -> tuple[int, int]:
    """A league of the guest ``name`` with one finished Hearts match (the hands of tests/service)."""
    user = Player.objects.get(name=name).user
    league = services.league_create(name="Friday club", creator=user)
    match = services.match_create(game="hearts", players=PLAYERS, created_by=user, league=league)
    seq = 0
    while Match.objects.get(pk=match.pk).status != Match.Status.FINISHED:
        seq += 1
        services.event_append(
            match_id=match.pk,
            type="hand_result",
            payload={"points": HANDS[(seq - 1) % len(HANDS)]},
            client_event_id=uuid.uuid4(),
            expected_seq=seq,
            user=user,
        )
    return league.pk, match.pk


def open_league_from_home(phone: Any, league_id: int) -> Any:
    page = phone.goto("/")
    page.click(f"a[href='/leagues/{league_id}/']")
    page.wait_for_selector("table.standings")
    return page


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_phone_opens_its_league_signed_in_and_it_fits(phones: Any, language: str) -> None:
    phone = phones(language=language)
    phone.sign_in_as_guest("Anna")
    league_id, _ = finished_league_match("Anna")
    page = open_league_from_home(phone, league_id)
    text = page.inner_text("main")
    assert "league_not_found" not in text and "_" not in page.inner_text("table.standings")
    # the rating in words: the estimate and the range it likely lies in (μ ± 2σ, hand-checked below)
    rating = page.inner_text("table.standings tbody tr:first-child td.rating")
    assert ("likely between" if language == "en" else "вероятно, от") in rating
    # nothing wider than the phone: the standings are cards, not a clipped table
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    # ...and so is the rating history beside its chart: each match a card, each value named
    assert page.evaluate(CLIPPED, "table.rating-history") == []
    assert page.locator("table.rating-history td[data-label='Anna']").count() == 1
    # the house rules' profile in the reader's language (the catalogue has it; no raw key)
    profile = page.inner_text("h3:has(+ .pair) .muted")
    assert profile == ("(standard)" if language == "en" else "(стандартные правила)")
    assert serious_violations(page) == []
    assert small_targets(page) == []
    page.click("#theme")
    page.wait_for_selector("html[data-theme='dark']")
    assert serious_violations(page) == []
    if language == "en":
        phone.shot("league-phone")
    page.click("table.standings tbody tr:first-child a")
    page.wait_for_selector("table.rivals")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert serious_violations(page) == []


def test_the_language_switch_on_the_league_page(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    league_id, _ = finished_league_match("Anna")
    page = open_league_from_home(phone, league_id)
    page.select_option("#language", "ru")
    page.wait_for_selector("html[lang='ru']")
    assert "Рейтинг" in page.inner_text("main")


def test_a_league_the_phone_may_not_see_says_so_in_words(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    page = phone.goto("/leagues/999999/")
    heading = page.wait_for_selector("main h1")  # the page's one level-one heading
    assert "999999" in heading.inner_text()
    assert "league_not_found" not in page.inner_text("main")


def test_without_a_sign_in_the_league_page_offers_one(phones: Any) -> None:
    page = phones().goto("/leagues/1/")
    page.wait_for_selector("#signin:not([hidden])")
    assert page.get_attribute("#signin a", "href") == "/?next=/leagues/1/"


def test_signing_out_ends_the_token_and_the_league_pages_session(phones: Any) -> None:
    from knox.models import AuthToken

    phone = phones()
    phone.sign_in_as_guest("Anna")
    league_id, _ = finished_league_match("Anna")
    open_league_from_home(phone, league_id)  # the token became a session here
    user = Player.objects.get(name="Anna").user
    assert AuthToken.objects.filter(user=user).count() == 1
    page = phone.goto("/")
    page.click("#signout")
    page.wait_for_selector("#guest-name")
    assert AuthToken.objects.filter(user=user).count() == 0  # revoked on the server, not only forgotten
    # the league page has no session left, and no token to open one with: it offers sign-in
    page = phone.goto(f"/leagues/{league_id}/")
    page.wait_for_selector("#signin:not([hidden])")
    assert page.locator("table.standings").count() == 0
