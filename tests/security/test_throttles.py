"""Item 2 of issue 16: throttles that hold. A client cannot pick its address with X-Forwarded-For
unless the deployment says how many proxies it trusts; each scope counts per address and per user."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.conftest import Person


def _guest(address: str = "10.0.0.1", **headers: str) -> Any:
    client = APIClient(REMOTE_ADDR=address, **headers)
    return client.post("/api/v1/auth/guest", {"name": "Eve"}, format="json")


def test_a_new_x_forwarded_for_on_each_request_does_not_reset_the_count(db: None, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "guest_address": "3/hour"}
    statuses = [_guest(HTTP_X_FORWARDED_FOR=f"203.0.113.{i}").status_code for i in range(5)]
    assert statuses == [201, 201, 201, 429, 429]


def test_a_throttled_answer_is_the_error_shape_with_retry_after(db: None, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "guest_address": "1/hour"}
    _guest()
    response = _guest()
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert {"code", "message", "params"} <= set(response.json())
    assert 3500 < int(response["Retry-After"]) <= 3600
    assert response.json()["params"]["retry_after"] == int(response["Retry-After"])


def test_behind_one_trusted_proxy_the_last_forwarded_address_counts(db: None, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "guest_address": "1/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    # the proxy appends the address it saw; what the client wrote before it is ignored
    first = _guest("10.0.0.9", HTTP_X_FORWARDED_FOR="1.1.1.1, 198.51.100.7")
    spoofed = _guest("10.0.0.9", HTTP_X_FORWARDED_FOR="2.2.2.2, 198.51.100.7")
    other = _guest("10.0.0.9", HTTP_X_FORWARDED_FOR="198.51.100.8")
    assert [first.status_code, spoofed.status_code, other.status_code] == [201, 429, 201]


def test_password_guessing_on_one_account_is_throttled_from_any_address(alice: Person, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "signin_username": "3/minute"}
    answers = [
        APIClient(REMOTE_ADDR=f"10.1.0.{i}").post(
            "/api/v1/auth/token", {"username": "ALICE", "password": f"guess-{i}"}, format="json"
        )
        for i in range(4)
    ]
    assert [a.status_code for a in answers] == [400, 400, 400, 429]
    # the right password is refused too until the window passes: a guesser learns nothing from it
    right = APIClient(REMOTE_ADDR="10.1.0.99").post(
        "/api/v1/auth/token", {"username": "alice", "password": "alice-secret-pw"}, format="json"
    )
    assert right.status_code == 429


def test_joining_is_throttled_per_user(alice: Person, bob: Person, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "join_user": "5/minute"}
    codes = [bob.post("/api/v1/matches/join", {"code": f"WRONG{i}"}).status_code for i in range(6)]
    assert codes == [404] * 5 + [429]
    # another user from the same address is not blocked by bob's count
    assert alice.post("/api/v1/matches/join", {"code": "WRONG"}).status_code == 404


def test_joining_is_throttled_per_address_across_users(alice: Person, bob: Person, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "join_address": "3/minute"}
    people = [alice, bob, alice, bob]
    codes = [p.post("/api/v1/matches/join", {"code": "WRONG"}).status_code for p in people]
    assert codes == [404, 404, 404, 429]


@pytest.mark.parametrize("scope", ["claims_user", "claims_address"])
def test_claims_are_throttled(alice: Person, bob: Person, charlie: Person, settings: Any, scope: str) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, scope: "2/minute"}
    match = alice.create_match([alice.player.pk, "B", "C", "D"])
    body = {"seat": 0, "kind": "all_tricks", "client_event_id": str(uuid.uuid4())}
    codes = [alice.post(f"/api/v1/matches/{match['id']}/claims/", body).status_code for _ in range(3)]
    assert codes[2] == 429
    assert codes[0] != 429


@pytest.mark.parametrize("url", ["/api/v1/records/import", "/api/v1/records/import-many"])
def test_imports_are_throttled_per_user(alice: Person, settings: Any, url: str) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "imports_user": "2/minute"}
    codes = [alice.post(url, {"format": "nonsense"}).status_code for _ in range(3)]
    assert codes == [400, 400, 429]
