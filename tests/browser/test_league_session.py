"""The league from the phone's home page opens signed in at once: the phone opens the browser
session with its token before it navigates, so the league page is never answered 401 first."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_league_phone import finished_league_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_league_link_opens_the_session_before_the_page(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    league_id, _ = finished_league_match("Anna")
    page = phone.goto("/")
    answers: list[tuple[str, int]] = []
    page.on("response", lambda r: answers.append((r.url, r.status)))
    page.click(f"a[href='/leagues/{league_id}/']")
    page.wait_for_selector("table.standings")
    assert [url for url, status in answers if status == 401] == []
    # the session was opened by the phone, before the league page was asked for
    urls = [url for url, _ in answers]
    session = next(i for i, u in enumerate(urls) if u.endswith("/api/v1/auth/session"))
    league = next(i for i, u in enumerate(urls) if u.endswith(f"/leagues/{league_id}/"))
    assert session < league
    assert "Friday club" in page.inner_text("main")
