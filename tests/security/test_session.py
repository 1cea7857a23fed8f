"""The league pages' session (``POST /api/v1/auth/session``, README "Security"): it is opened only with
a token that still works, and ends when the phone signs out. Each test is the request and the answer."""

from __future__ import annotations

from django.test import Client

from companion import services
from tests.conftest import Person


def _league_page(alice: Person) -> str:
    return f"/leagues/{services.league_create(name='Friday club', creator=alice.user).pk}/"


def test_signing_out_on_the_phone_ends_the_league_pages_session(alice: Person) -> None:
    page = _league_page(alice)
    browser = Client()  # one browser: the phone's page and the league page share its cookies
    assert browser.post("/api/v1/auth/session", HTTP_AUTHORIZATION=f"Token {alice.token}").status_code == 204
    assert browser.get(page).status_code == 200
    # the phone's sign-out: the token in the header, the cookie sent along (web/static/web/js/api.js)
    assert browser.post("/api/v1/auth/logout", HTTP_AUTHORIZATION=f"Token {alice.token}").status_code == 204
    assert browser.get(page).status_code == 401
    again = browser.post("/api/v1/auth/session", HTTP_AUTHORIZATION=f"Token {alice.token}")
    assert (again.status_code, again.json()["code"]) == (401, "authentication_failed")


def test_a_revoked_token_opens_no_session(alice: Person) -> None:
    page = _league_page(alice)
    assert alice.post("/api/v1/auth/logout-all").status_code == 204
    browser = Client()
    answer = browser.post("/api/v1/auth/session", HTTP_AUTHORIZATION=f"Token {alice.token}")
    assert (answer.status_code, answer.json()["code"]) == (401, "authentication_failed")
    assert "sessionid" not in answer.cookies
    assert browser.get(page).status_code == 401


def test_a_session_key_planted_before_is_not_the_one_signed_in(alice: Person) -> None:
    from importlib import import_module

    from django.conf import settings

    # a session the attacker made and got the victim's browser to carry (a cookie set by a sibling site)
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store.create()
    planted = store.session_key
    browser = Client()
    browser.cookies[settings.SESSION_COOKIE_NAME] = planted
    assert browser.post("/api/v1/auth/session", HTTP_AUTHORIZATION=f"Token {alice.token}").status_code == 204
    signed_in = browser.cookies[settings.SESSION_COOKIE_NAME].value
    assert signed_in and signed_in != planted
    assert not store.exists(planted)  # the planted key is gone: it can never carry alice's sign-in
