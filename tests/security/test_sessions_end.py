"""Issue 24 item 4: sessions end when the person says so. Before, after ``auth/logout`` with the token
(sent without the cookie), the session cookie from ``auth/guest`` still read the API; after
``logout-all``, another device's session from ``auth/session`` still read ``/players/me`` and the
player page. Each browser here is a separate cookie jar; the sign-out is sent by token alone."""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.models import Session
from django.test import Client

from companion.models import UserSession
from tests.conftest import Person


def _reads(browser: Client) -> int:
    return int(browser.get("/api/v1/players/me").status_code)


def _session_of(token: str) -> Client:
    browser = Client()
    assert browser.post("/api/v1/auth/session", HTTP_AUTHORIZATION=f"Token {token}").status_code == 204
    return browser


def _token(username: str) -> str:
    answer = Client().post(
        "/api/v1/auth/token", {"username": username, "password": f"{username}-secret-pw"}, "application/json"
    )
    assert answer.status_code == 200, answer.json()
    return str(answer.json()["token"])


def test_logout_with_the_token_ends_the_guests_session(db: None) -> None:
    phone = Client()
    guest = phone.post("/api/v1/auth/guest", {"name": "Gus"}, "application/json")
    assert guest.status_code == 201 and _reads(phone) == 200  # the cookie alone reads the API
    token = guest.json()["token"]
    # sign out by token only (another client: no cookie sent along)
    assert Client().post("/api/v1/auth/logout", HTTP_AUTHORIZATION=f"Token {token}").status_code == 204
    assert _reads(phone) in (401, 403)
    assert not UserSession.objects.exists() and not Session.objects.exists()


def test_logout_ends_only_that_devices_token_and_session(alice: Person) -> None:
    other_token = _token("alice")
    this_device, other_device = _session_of(alice.token), _session_of(other_token)
    assert alice.post("/api/v1/auth/logout").status_code == 204
    assert _reads(this_device) in (401, 403)
    assert _reads(other_device) == 200
    assert Client().get("/api/v1/players/me", HTTP_AUTHORIZATION=f"Token {other_token}").status_code == 200


def test_logout_all_ends_every_token_and_every_session(alice: Person, bob: Person) -> None:
    other_token = _token("alice")
    devices = [_session_of(alice.token), _session_of(other_token)]
    admin_form = Client()
    admin_form.force_login(alice.user)  # a session opened without any token (login() elsewhere)
    bobs = _session_of(bob.token)
    assert all(_reads(d) == 200 for d in [*devices, admin_form, bobs])
    assert Client().post("/api/v1/auth/logout-all", HTTP_AUTHORIZATION=f"Token {other_token}").status_code == 204
    assert all(_reads(d) in (401, 403) for d in [*devices, admin_form])
    assert _reads(bobs) == 200  # someone else's session is untouched
    for token in (alice.token, other_token):
        assert Client().get("/api/v1/players/me", HTTP_AUTHORIZATION=f"Token {token}").status_code == 401
    assert devices[0].get(f"/players/{alice.player.pk}/").status_code == 401  # the player page too


def test_signing_out_from_a_page_ends_the_token_it_was_opened_with(alice: Person) -> None:
    page = _session_of(alice.token)
    csrf: Any = page.get("/api/v1/players/me")  # a session request: CSRF applies to its writes
    assert csrf.status_code == 200
    page_client = Client(enforce_csrf_checks=False)
    page_client.cookies = page.cookies
    assert page_client.post("/api/v1/auth/logout").status_code == 204
    assert alice.get("/api/v1/players/me").status_code == 401  # the phone's token is over too
