"""POST/GET /api/v1/matches/{id}/events/ — the append-only record."""

from __future__ import annotations

import uuid
from typing import Any

from tests.conftest import Person

HAND = {"points": [3, 18, 0, 5]}


def test_it_appends_an_event_and_returns_the_summary(alice: Person, hearts_match: dict[str, Any]) -> None:
    response = alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    assert response.status_code == 201
    body = response.json()
    assert body["event"]["seq"] == 1
    assert body["created"] is True
    assert body["next_seq"] == 2
    assert body["summary"]["totals"] == [3, 18, 0, 5]


def test_it_rejects_a_stale_seq(alice: Person, bob: Person, hearts_match: dict[str, Any], record_of: Any) -> None:
    assert alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1).status_code == 201
    response = bob.append(hearts_match["id"], "hand_result", {"points": [0, 0, 26, 0]}, expected_seq=1)
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "stale_seq"
    assert body["params"] == {"expected_seq": 1, "next_seq": 2}
    assert body["current"]["summary"]["totals"] == [3, 18, 0, 5]
    assert [row[0] for row in record_of(hearts_match["id"])] == [1]


def test_it_returns_the_original_result_for_a_replayed_client_event_id(
    alice: Person, hearts_match: dict[str, Any], record_of: Any
) -> None:
    event_id = uuid.uuid4()
    first = alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1, client_event_id=event_id)
    again = alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1, client_event_id=event_id)
    assert first.status_code == 201
    assert again.status_code == 200
    assert again.json()["created"] is False
    assert again.json()["event"] == first.json()["event"]
    assert len(record_of(hearts_match["id"])) == 1


def test_it_rejects_a_reused_client_event_id_with_a_different_body(
    alice: Person, hearts_match: dict[str, Any], record_of: Any
) -> None:
    event_id = uuid.uuid4()
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1, client_event_id=event_id)
    response = alice.append(hearts_match["id"], "hand_result", {"points": [26, 0, 0, 0]}, 2, client_event_id=event_id)
    assert response.status_code == 409
    assert response.json()["code"] == "client_event_id_reused"
    assert record_of(hearts_match["id"]) == [(1, "hand_result", HAND)]


def test_it_rejects_points_that_do_not_total_26(alice: Person, hearts_match: dict[str, Any], record_of: Any) -> None:
    response = alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 4]}, expected_seq=1)
    assert response.status_code == 422
    assert response.json()["code"] == "points_must_total_26"
    assert record_of(hearts_match["id"]) == []
