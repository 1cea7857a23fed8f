"""POST/GET /api/v1/matches/{id}/events/ — the append-only record."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.conftest import Person
from tests.service.helpers import finish

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
    # the engine names the field the error concerns (a form shows it beside the points)
    assert response.json()["field"] == "points"
    assert "seat" not in response.json()
    assert record_of(hearts_match["id"]) == []


def test_a_rules_error_names_the_seat_it_concerns(alice: Person, hearts_match: dict[str, Any]) -> None:
    # seat 0 given 27 penalty points, more than the 26 of a hand (hearts.md §1.3)
    response = alice.append(hearts_match["id"], "hand_result", {"points": [27, 0, 0, 0]}, expected_seq=1)
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["field"], response.json()["seat"]) == (
        "points_out_of_range",
        "points",
        0,
    )


def test_it_lists_events_after_a_seq(alice: Person, hearts_match: dict[str, Any]) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=2)
    events = alice.get(f"/api/v1/matches/{hearts_match['id']}/events/?after=1").json()
    assert [(e["seq"], e["type"], e["recorded_by"]) for e in events] == [(2, "hand_result", "Alice")]


def test_it_voids_an_event_and_keeps_both_in_the_record(
    alice: Person, hearts_match: dict[str, Any], record_of: Any
) -> None:
    match_id = hearts_match["id"]
    alice.append(match_id, "hand_result", HAND, expected_seq=1)
    alice.append(match_id, "hand_result", {"points": [0, 0, 26, 0]}, expected_seq=2)
    response = alice.post(
        f"/api/v1/matches/{match_id}/events/2/void",
        {"client_event_id": str(uuid.uuid4()), "reason": "wrong hand", "expected_seq": 3},
    )
    assert response.status_code == 201
    assert response.json()["summary"]["totals"] == [3, 18, 0, 5]
    assert [row[1] for row in record_of(match_id)] == ["hand_result", "hand_result", "void"]


def test_it_amends_an_event(alice: Person, hearts_match: dict[str, Any]) -> None:
    match_id = hearts_match["id"]
    alice.append(match_id, "hand_result", HAND, expected_seq=1)
    body = {"type": "hand_result", "payload": {"points": [5, 18, 0, 3]}, "reason": "swapped seats 0 and 3"}
    response = alice.post(f"/api/v1/matches/{match_id}/events/1/amend", {**body, "client_event_id": str(uuid.uuid4())})
    assert response.status_code == 201
    assert response.json()["summary"]["totals"] == [5, 18, 0, 3]
    assert response.json()["event"]["payload"]["seq"] == 1


def test_it_rejects_a_void_of_an_event_that_does_not_exist(
    alice: Person, hearts_match: dict[str, Any], record_of: Any
) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    response = alice.post(f"/api/v1/matches/{hearts_match['id']}/events/7/void", {"client_event_id": str(uuid.uuid4())})
    assert response.status_code == 422
    assert response.json()["code"] == "no_such_event"
    assert len(record_of(hearts_match["id"])) == 1


def test_it_rejects_voiding_an_event_twice(alice: Person, hearts_match: dict[str, Any], record_of: Any) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    assert (
        alice.post(
            f"/api/v1/matches/{hearts_match['id']}/events/1/void", {"client_event_id": str(uuid.uuid4())}
        ).status_code
        == 201
    )
    response = alice.post(f"/api/v1/matches/{hearts_match['id']}/events/1/void", {"client_event_id": str(uuid.uuid4())})
    assert (response.status_code, response.json()["code"]) == (422, "already_voided")
    assert len(record_of(hearts_match["id"])) == 2


def test_it_rejects_an_event_for_a_finished_match(alice: Person, hearts_match: dict[str, Any], record_of: Any) -> None:
    last = finish(alice, hearts_match["id"])
    response = alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=last + 1)
    assert response.status_code == 422
    assert response.json()["code"] == "match_finished"
    assert len(record_of(hearts_match["id"])) == last


def test_a_void_reopens_a_finished_match(alice: Person, hearts_match: dict[str, Any]) -> None:
    last = finish(alice, hearts_match["id"])
    response = alice.post(
        f"/api/v1/matches/{hearts_match['id']}/events/{last}/void", {"client_event_id": str(uuid.uuid4())}
    )
    assert response.status_code == 201
    assert response.json()["status"] == "open"
    assert response.json()["summary"]["finished"] is False


@pytest.mark.parametrize(
    ("payload", "status", "code"),
    [
        ({"points": [3, 18, 0, 5, 0]}, 422, "points_per_seat"),  # points for a seat that does not exist
        ({"points": [3, 18, 0]}, 422, "points_per_seat"),
        ({"points": [-3, 24, 0, 5]}, 422, "negative_points"),
        ({"points": [3.5, 17.5, 0, 5]}, 400, "invalid_field"),  # non-integer points
        ({"points": ["3", 18, 0, 5]}, 400, "invalid_field"),
        ({"points": [3, 18, 0, 5], "extra": 1}, 400, "unknown_field"),
        ({"points": [30, 0, 0, -4]}, 422, "points_out_of_range"),
    ],
)
def test_it_rejects_a_bad_hand_and_stores_nothing(
    alice: Person, hearts_match: dict[str, Any], record_of: Any, payload: dict[str, Any], status: int, code: str
) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    response = alice.append(hearts_match["id"], "hand_result", payload, expected_seq=2)
    assert response.status_code == status, response.json()
    assert response.json()["code"] == code
    assert set(response.json()) >= {"code", "message", "params"}
    assert record_of(hearts_match["id"]) == [(1, "hand_result", HAND)]


def test_it_rejects_an_unknown_event_type(alice: Person, hearts_match: dict[str, Any], record_of: Any) -> None:
    response = alice.append(hearts_match["id"], "bid", {"amount": 100}, expected_seq=1)
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_event_type"
    assert record_of(hearts_match["id"]) == []


def test_it_rejects_malformed_json(alice: Person, hearts_match: dict[str, Any], record_of: Any) -> None:
    response = alice.client.post(
        f"/api/v1/matches/{hearts_match['id']}/events/", data="{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "malformed_json"
    assert record_of(hearts_match["id"]) == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "hand_result", "payload": HAND, "expected_seq": 1}, "client_event_id"),
        ({"type": "hand_result", "payload": HAND, "client_event_id": "nope", "expected_seq": 1}, "client_event_id"),
        ({"type": "hand_result", "payload": HAND, "client_event_id": str(uuid.uuid4())}, "expected_seq"),
        ({"type": "hand_result", "payload": [1], "client_event_id": str(uuid.uuid4()), "expected_seq": 1}, "payload"),
    ],
)
def test_it_names_the_missing_or_wrong_field(
    alice: Person, hearts_match: dict[str, Any], record_of: Any, body: dict[str, Any], field: str
) -> None:
    response = alice.post(f"/api/v1/matches/{hearts_match['id']}/events/", body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert field in response.json()["fields"]
    assert record_of(hearts_match["id"]) == []


def test_a_seated_player_may_append(bob: Person, hearts_match: dict[str, Any]) -> None:
    assert bob.append(hearts_match["id"], "hand_result", HAND, expected_seq=1).status_code == 201


def test_an_outsider_cannot_see_or_append(hearts_match: dict[str, Any], record_of: Any) -> None:
    eve = Person("eve")
    response = eve.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    assert (response.status_code, response.json()["code"]) == (404, "match_not_found")
    assert eve.get(f"/api/v1/matches/{hearts_match['id']}/events/").status_code == 404
    assert record_of(hearts_match["id"]) == []


def test_an_anonymous_client_gets_401(hearts_match: dict[str, Any]) -> None:
    response = APIClient().get(f"/api/v1/matches/{hearts_match['id']}/events/")
    assert (response.status_code, response.json()["code"]) == (401, "not_authenticated")


def test_a_league_member_may_read_but_not_append(alice: Person, bob: Person, charlie: Person, record_of: Any) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Thursday"}).json()
    for person in (bob, charlie):
        alice.add_member(league["id"], person)
    match = alice.create_match([alice.player.pk, bob.player.pk, "Zoe"], league=league["id"])
    assert charlie.get(f"/api/v1/matches/{match['id']}/summary/").status_code == 200
    response = charlie.append(match["id"], "hand_result", {"points": [20, 6, 0]}, expected_seq=1)
    assert (response.status_code, response.json()["code"]) == (403, "permission_denied")
    assert record_of(match["id"]) == []


def test_a_league_admin_may_append_without_a_seat(alice: Person, bob: Person, charlie: Person) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Thursday"}).json()
    alice.add_member(league["id"], bob, role="recorder")  # only recorders and admins start league matches
    alice.add_member(league["id"], charlie, role="admin")
    match = bob.create_match([bob.player.pk, "Yan", "Zoe"], league=league["id"])
    assert charlie.append(match["id"], "hand_result", {"points": [20, 6, 0]}, expected_seq=1).status_code == 201


def test_the_append_answer_and_the_event_list_show_an_event_alike(alice: Person, hearts_match: dict[str, Any]) -> None:
    appended = alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1).json()["event"]
    assert alice.get(f"/api/v1/matches/{hearts_match['id']}/events/").json() == [appended]


def test_it_rejects_an_amend_of_an_event_that_does_not_exist(
    alice: Person, hearts_match: dict[str, Any], record_of: Any
) -> None:
    body = {"type": "hand_result", "payload": {"points": [26, 0, 0, 0]}}
    response = alice.post(
        f"/api/v1/matches/{hearts_match['id']}/events/3/amend", {**body, "client_event_id": str(uuid.uuid4())}
    )
    assert (response.status_code, response.json()["code"]) == (422, "no_such_event")
    assert record_of(hearts_match["id"]) == []


def test_an_amend_that_breaks_a_rule_is_rejected(alice: Person, hearts_match: dict[str, Any], record_of: Any) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    body = {"type": "hand_result", "payload": {"points": [26, 26, 0, 0]}}
    response = alice.post(
        f"/api/v1/matches/{hearts_match['id']}/events/1/amend", {**body, "client_event_id": str(uuid.uuid4())}
    )
    assert (response.status_code, response.json()["code"]) == (422, "points_must_total_26")
    assert response.json()["params"]["seq"] == 1
    assert record_of(hearts_match["id"]) == [(1, "hand_result", HAND)]


@pytest.mark.parametrize(
    ("payload", "code"),
    [({}, "invalid_field"), ({"seq": "one"}, "invalid_field"), ({"seq": 1, "why": "x"}, "unknown_field")],
)
def test_a_void_through_the_events_endpoint_is_checked(
    alice: Person, hearts_match: dict[str, Any], record_of: Any, payload: dict[str, Any], code: str
) -> None:
    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    response = alice.append(hearts_match["id"], "void", payload, expected_seq=2)
    assert (response.status_code, response.json()["code"]) == (400, code)
    assert len(record_of(hearts_match["id"])) == 1


def test_stored_events_cannot_be_changed_or_deleted(alice: Person, hearts_match: dict[str, Any]) -> None:
    from companion.models import Event

    alice.append(hearts_match["id"], "hand_result", HAND, expected_seq=1)
    event = Event.objects.get(match_id=hearts_match["id"], seq=1)
    event.payload = {"points": [26, 0, 0, 0]}
    with pytest.raises(RuntimeError, match="append-only"):
        event.save()
    with pytest.raises(RuntimeError, match="append-only"):
        event.delete()
    assert Event.objects.get(match_id=hearts_match["id"], seq=1).payload == HAND


def test_events_name_their_recorder_by_player_name(alice: Person, hearts_match: dict[str, Any]) -> None:
    response = alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1)
    assert response.json()["event"]["recorded_by_name"] == "Alice"
    events = alice.get(f"/api/v1/matches/{hearts_match['id']}/events/").json()
    assert [(e["recorded_by"], e["recorded_by_name"]) for e in events] == [("Alice", "Alice")]
