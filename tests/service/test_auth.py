"""/api/v1/auth/guest and /api/v1/auth/token; token and session authentication."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from companion.models import Player
from tests.conftest import Person


def test_a_guest_gets_a_user_a_player_and_a_token(db: None) -> None:
    response = APIClient().post("/api/v1/auth/guest", {"name": "Gus"}, format="json")
    assert response.status_code == 201
    body = response.json()
    player = Player.objects.get(pk=body["player"]["id"])
    assert (player.name, player.user.username) == ("Gus", body["username"])  # type: ignore[union-attr]
    assert not player.user.has_usable_password()  # type: ignore[union-attr]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert client.get("/api/v1/players/me").json()["name"] == "Gus"


def test_a_guest_needs_a_name(db: None) -> None:
    response = APIClient().post("/api/v1/auth/guest", {}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
    assert "name" in response.json()["fields"]


def test_it_exchanges_a_password_for_a_token(alice: Person) -> None:
    response = APIClient().post(
        "/api/v1/auth/token", {"username": "alice", "password": "alice-secret-pw"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    assert token != alice.token  # a new token per sign-in (each revocable on its own)
    assert APIClient(HTTP_AUTHORIZATION=f"Token {token}").get("/api/v1/ping").status_code == 200


def test_it_rejects_a_wrong_password(alice: Person) -> None:
    response = APIClient().post("/api/v1/auth/token", {"username": "alice", "password": "nope"}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "invalid_credentials")


def test_it_rejects_a_bad_token(db: None) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = client.get("/api/v1/ping")
    assert (response.status_code, response.json()["code"]) == (401, "authentication_failed")


def test_a_session_works_too(alice: Person) -> None:
    client = APIClient()
    client.force_login(alice.user)
    assert client.get("/api/v1/ping").json() == {"ok": True}


def test_ping_needs_authentication(db: None) -> None:
    response = APIClient().get("/api/v1/ping")
    assert (response.status_code, response.json()["code"]) == (401, "not_authenticated")


def test_the_auth_endpoints_are_throttled(db: None, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "guest_address": "2/minute"}
    statuses = [APIClient().post("/api/v1/auth/guest", {"name": "G"}, format="json").status_code for _ in range(3)]
    answer = APIClient().post("/api/v1/auth/guest", {"name": "G"}, format="json")
    assert statuses == [201, 201, 429]
    assert answer.json()["code"] == "throttled"


def test_signing_in_opens_a_session_for_the_league_pages(db: None) -> None:
    """The phone keeps the token for the API; the session lets it open the server-rendered pages."""
    from companion.models import League, Membership

    browser = APIClient(enforce_csrf_checks=True)
    body = browser.post("/api/v1/auth/guest", {"name": "Gus"}, format="json").json()
    league = League.objects.create(name="Friday")
    Membership.objects.create(league=league, player_id=body["player"]["id"])
    page = browser.get(f"/leagues/{league.pk}/")
    assert page.status_code == 200
    assert "Friday" in page.content.decode()
    # An API write with the token still needs no CSRF token, although the session cookie is there too.
    browser.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    created = browser.post("/api/v1/matches/", {"game": "hearts", "players": ["Gus", "A", "B", "C"]}, format="json")
    assert created.status_code == 201, created.json()
    # A stranger's browser without the session sees no league page (the sign-in page instead: 401).
    stranger = APIClient().get(f"/leagues/{league.pk}/")
    assert stranger.status_code == 401 and "Friday" not in stranger.content.decode()
