"""Shared fixtures: a readable cast (alice, bob, charlie, dave) and helpers for the API.

Tests marked ``integration`` need PostgreSQL, Redis and a Celery worker; ``browser`` needs Chromium.
They are skipped with a visible reason when those are not configured, and they FAIL instead of
skipping when ``COMPANION_REQUIRE_SERVICES=1`` (CI), so a missing service can never pass silently.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from typing import Any

import pytest

#: CI sets these so that a missing service or browser fails the run instead of skipping tests.
REQUIRED = {
    "integration": os.environ.get("COMPANION_REQUIRE_SERVICES") == "1",
    "browser": os.environ.get("COMPANION_REQUIRE_BROWSER") == "1",
}
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")


def _integration_missing() -> str | None:
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        return "DATABASE_URL is not a PostgreSQL URL"
    if not os.environ.get("REDIS_URL"):
        return "REDIS_URL is not set"
    return None


def _browser_missing() -> str | None:
    if os.environ.get("COMPANION_BROWSER") == "0":
        return "COMPANION_BROWSER=0"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no Chromium at {CHROMIUM} (scripts/install_browser.sh installs it)"
    return None


#: Files whose tests start real servers (gunicorn, nginx, a Celery worker to kill) or fuzz the whole
#: API: with the browser tests they are ``slow``, so ``-m "not slow"`` leaves a quick run (CONTRIBUTING.md).
SLOW_FILES = (
    "tests/integration/test_faults.py",
    "tests/deploy/test_production.py",
    "tests/deploy/test_multihost.py",
    "tests/security/test_schema_fuzz.py",
)


@pytest.hookimpl(tryfirst=True)  # before pytest's own -m selection reads the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path.as_posix()
        if item.get_closest_marker("browser") is not None or path.endswith(SLOW_FILES):
            item.add_marker(pytest.mark.slow)


def pytest_runtest_setup(item: pytest.Item) -> None:
    checks = {"integration": _integration_missing, "browser": _browser_missing}
    for marker, check in checks.items():
        if item.get_closest_marker(marker) is None:
            continue
        missing = check()
        if missing and REQUIRED[marker]:
            pytest.fail(f"this {marker} test must run in CI, but {missing}", pytrace=False)
        if missing:
            pytest.skip(f"{marker} test skipped: {missing}")


# -- the cast ----------------------------------------------------------------------------------------------
class Person:
    """A user with a player and an authenticated API client."""

    def __init__(self, name: str) -> None:
        from django.contrib.auth import get_user_model
        from knox.models import AuthToken
        from rest_framework.test import APIClient

        from companion.models import Player

        self.user = get_user_model().objects.create_user(username=name, password=f"{name}-secret-pw")
        self.player = Player.objects.create(name=name.capitalize(), user=self.user)
        self.token = AuthToken.objects.create(user=self.user)[1]
        self.client = APIClient()
        self.client.credentials(HTTP_AUTHORIZATION=f"Token {self.token}")

    def get(self, url: str, **extra: Any) -> Any:
        return self.client.get(url, **extra)

    def post(self, url: str, data: Any = None, **extra: Any) -> Any:
        return self.client.post(url, data, format="json", **extra)

    def create_match(self, players: list[Any], game: str = "hearts", **fields: Any) -> dict[str, Any]:
        """Create a match; other account holders named by id take their seats with the join code,
        as consent requires (the creator may seat by id only the players they may seat)."""
        joiners = _joiners(self, players)
        seats = [joiners[i].name if i in joiners else p for i, p in enumerate(players)]
        response = self.post("/api/v1/matches/", {"game": game, "players": seats, **fields})
        assert response.status_code == 201, response.json()
        if not joiners:
            return dict(response.json())
        return _join_seats(self, dict(response.json()), joiners)

    def add_member(self, league_id: int, person: Person, role: str = "member") -> Any:
        """As the league's admin, add ``person``; they accept the invitation (account holders must)."""
        response = self.post(f"/api/v1/leagues/{league_id}/members/", {"player": person.player.pk, "role": role})
        if response.status_code != 202:
            return response
        return person.post(f"/api/v1/invitations/{response.json()['id']}/accept")

    def append(self, match_id: int, type: str, payload: dict[str, Any], expected_seq: int, **extra: Any) -> Any:
        body = {
            "type": type,
            "payload": payload,
            "expected_seq": expected_seq,
            "client_event_id": str(extra.pop("client_event_id", uuid.uuid4())),
        }
        return self.post(f"/api/v1/matches/{match_id}/events/", body, **extra)


def _joiners(creator: Person, players: list[Any]) -> dict[int, Any]:
    """Seat index → another account holder's player that ``creator`` may not seat by id."""
    from companion.models import Player
    from companion.services import _seatable

    ids = [p for p in players if isinstance(p, int)]
    allowed = _seatable(ids, creator.user)
    others = Player.objects.in_bulk([i for i in ids if i not in allowed])
    return {i: others[p] for i, p in enumerate(players) if isinstance(p, int) and p in others}


def _join_seats(creator: Person, match: dict[str, Any], joiners: dict[int, Any]) -> dict[str, Any]:
    from rest_framework.test import APIClient

    from companion.models import Player

    for seat, player in joiners.items():
        client = APIClient()
        client.force_authenticate(player.user)
        response = client.post("/api/v1/matches/join", {"code": match["join_code"], "seat": seat}, format="json")
        assert response.status_code == 200, response.json()
    # the names typed for them are no one's now: no trace of them in anyone's player list
    Player.objects.filter(user=None, seats__isnull=True, created_by=creator.user).delete()
    return dict(creator.get(f"/api/v1/matches/{match['id']}/").json())


@pytest.fixture
def alice(db: None) -> Person:
    return Person("alice")


@pytest.fixture
def bob(db: None) -> Person:
    return Person("bob")


@pytest.fixture
def charlie(db: None) -> Person:
    return Person("charlie")


@pytest.fixture
def dave(db: None) -> Person:
    return Person("dave")


@pytest.fixture
def hearts_match(alice: Person, bob: Person, charlie: Person, dave: Person) -> dict[str, Any]:
    """A 4-player Hearts match created by alice, seating alice, bob, charlie and dave."""
    return alice.create_match([alice.player.pk, bob.player.pk, charlie.player.pk, dave.player.pk])


@pytest.fixture
def record_of() -> Callable[[int], list[tuple[int, str, Any]]]:
    """The stored record of a match as (seq, type, payload) rows, to prove an error changed nothing."""
    from companion.models import Event

    def rows(match_id: int) -> list[tuple[int, str, Any]]:
        return list(Event.objects.filter(match_id=match_id).order_by("seq").values_list("seq", "type", "payload"))

    return rows


@pytest.fixture(autouse=True)
def _fresh_throttles() -> None:
    """Each test starts with no request counted against the rate limits."""
    from django.core.cache import caches

    caches["throttle"].clear()


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    """The cast's passwords need not be expensive to hash in tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
