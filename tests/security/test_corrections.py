"""Item 6 of issue 16: a retried void or amend is stored once, exactly like an append."""

from __future__ import annotations

import uuid
from typing import Any

from tests.conftest import Person

HAND = {"points": [10, 6, 4, 6]}


def test_a_retried_amend_is_stored_once(alice: Person, hearts_match: dict[str, Any], record_of: Any) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    body = {"type": "hand_result", "payload": {"points": [6, 10, 4, 6]}, "client_event_id": str(uuid.uuid4())}
    url = f"/api/v1/matches/{hearts_match['id']}/events/1/amend"
    first, retry = alice.post(url, body), alice.post(url, body)
    assert (first.status_code, first.json()["created"]) == (201, True)
    assert (retry.status_code, retry.json()["created"]) == (200, False)
    assert retry.json()["event"]["seq"] == first.json()["event"]["seq"] == 2
    assert len(record_of(hearts_match["id"])) == 2


def test_a_retried_void_is_stored_once(alice: Person, hearts_match: dict[str, Any], record_of: Any) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    body = {"reason": "typo", "client_event_id": str(uuid.uuid4())}
    url = f"/api/v1/matches/{hearts_match['id']}/events/1/void"
    assert alice.post(url, body).status_code == 201
    assert alice.post(url, body).status_code == 200
    assert len(record_of(hearts_match["id"])) == 2


def test_an_id_reused_for_a_different_correction_is_a_409(
    alice: Person, hearts_match: dict[str, Any], record_of: Any
) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=2)
    same_id = str(uuid.uuid4())
    assert (
        alice.post(f"/api/v1/matches/{hearts_match['id']}/events/1/void", {"client_event_id": same_id}).status_code
        == 201
    )
    reused = alice.post(f"/api/v1/matches/{hearts_match['id']}/events/2/void", {"client_event_id": same_id})
    assert (reused.status_code, reused.json()["code"]) == (409, "client_event_id_reused")
    assert len(record_of(hearts_match["id"])) == 3


def test_a_correction_without_a_client_event_id_is_a_400(alice: Person, hearts_match: dict[str, Any]) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    response = alice.post(f"/api/v1/matches/{hearts_match['id']}/events/1/void", {"reason": "typo"})
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
    assert "client_event_id" in response.json()["fields"]
