"""POST /api/v1/auth/session: the phone's token opens a browser session for the league pages."""

from __future__ import annotations

from django.test import Client

from companion import services
from tests.conftest import Person


def test_the_token_opens_a_session_that_shows_the_league_page(alice: Person) -> None:
    league = services.league_create(name="Friday club", creator=alice.user)
    browser = Client()
    assert browser.get(f"/leagues/{league.pk}/").status_code == 401  # no session yet: the sign-in page
    answer = browser.post("/api/v1/auth/session", HTTP_AUTHORIZATION=f"Token {alice.token}")
    assert answer.status_code == 204
    assert "sessionid" in answer.cookies
    page = browser.get(f"/leagues/{league.pk}/")
    assert page.status_code == 200 and "Friday club" in page.content.decode()


def test_no_session_without_a_valid_token(alice: Person) -> None:
    browser = Client()
    answer = browser.post("/api/v1/auth/session", HTTP_AUTHORIZATION="Token not-a-token")
    assert answer.status_code == 401 and answer.json()["code"] == "authentication_failed"
    assert "sessionid" not in answer.cookies
    # a session (here made by logging in) cannot mint another through this door: token only
    browser.force_login(alice.user)
    assert browser.post("/api/v1/auth/session").status_code == 401
