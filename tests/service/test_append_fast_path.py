"""The append's fast path (one UPDATE … RETURNING, then the insert) answers exactly as the checked one.

Expected totals are sums of the hands written here.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import transaction

from api.serializers import EventInput
from api.views import _plain_event_input
from companion.models import Event, Match
from companion.services import _claim_next_seq
from tests.conftest import Person


def test_a_reused_client_event_id_at_the_next_seq_is_a_conflict_and_changes_nothing(
    alice: Person, hearts_match: dict[str, Any], record_of: Any
) -> None:
    """The insert fails on the unique constraint; the match's seq must not have moved."""
    match_id = hearts_match["id"]
    used = uuid.uuid4()
    assert alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, 1, client_event_id=used).status_code == 201
    before = record_of(match_id)
    response = alice.append(match_id, "hand_result", {"points": [10, 6, 4, 6]}, 2, client_event_id=used)
    assert (response.status_code, response.json()["code"]) == (409, "client_event_id_reused")
    assert record_of(match_id) == before
    assert Match.objects.get(pk=match_id).last_seq == 1
    again = alice.append(match_id, "hand_result", {"points": [10, 6, 4, 6]}, 2)
    assert again.json()["summary"]["totals"] == [13, 24, 4, 11]  # 3+10, 18+6, 0+4, 5+6


def test_a_retry_of_a_stored_event_gets_the_original_answer(alice: Person, hearts_match: dict[str, Any]) -> None:
    match_id, event_id = hearts_match["id"], uuid.uuid4()
    first = alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, 1, client_event_id=event_id)
    retry = alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, 1, client_event_id=event_id)
    assert (first.status_code, retry.status_code) == (201, 200)
    assert retry.json()["event"]["seq"] == 1 and retry.json()["created"] is False
    assert Event.objects.filter(match_id=match_id).count() == 1


def test_a_rules_error_on_the_fast_path_leaves_the_seq_where_it_was(
    alice: Person, hearts_match: dict[str, Any], record_of: Any
) -> None:
    match_id = hearts_match["id"]
    response = alice.append(match_id, "hand_result", {"points": [3, 18, 0, 4]}, 1)  # 25 points: not a hand
    assert response.status_code in (400, 422)
    assert record_of(match_id) == [] and Match.objects.get(pk=match_id).last_seq == 0
    assert alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, 1).status_code == 201


def test_someone_who_may_only_read_cannot_move_the_seq(
    alice: Person, bob: Person, charlie: Person, dave: Person
) -> None:
    match = alice.create_match([alice.player.pk, bob.player.pk, charlie.player.pk])
    response = dave.append(match["id"], "hand_result", {"points": [20, 6, 0]}, 1)
    assert response.status_code == 404
    assert Match.objects.get(pk=match["id"]).last_seq == 0


def test_a_minimal_answer_carries_the_seq_the_totals_and_the_summary_etag(
    alice: Person, hearts_match: dict[str, Any]
) -> None:
    match_id = hearts_match["id"]
    alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, 1)
    response = alice.append(match_id, "hand_result", {"points": [10, 6, 4, 6]}, 2, HTTP_PREFER="return=minimal")
    body = response.json()
    assert response.status_code == 201 and "summary" not in body
    assert (body["last_seq"], body["next_seq"], body["totals"]) == (2, 3, [13, 24, 4, 11])
    assert response["Preference-Applied"] == "return=minimal"
    summary = alice.get(f"/api/v1/matches/{match_id}/summary/", HTTP_IF_NONE_MATCH=response["ETag"])
    assert summary.status_code == 304  # the phone's copy of the full summary is current with that ETag


_ID = "6f1c1a52-3b7e-4d3e-9d7e-2b8f6a1c0e11"


#: Bodies the plain check reads itself: it must give exactly the serializer's validated data.
PLAIN = [
    {"type": "hand_result", "payload": {"points": [26, 0, 0, 0]}, "client_event_id": _ID, "expected_seq": 3},
    {"type": "hand_result", "client_event_id": _ID, "expected_seq": 1},  # no payload: {}
    {"type": "hand_result", "payload": {}, "client_event_id": _ID.upper(), "expected_seq": 2**63 - 1},
    {"type": "hand_result", "payload": {"a": None}, "client_event_id": _ID.replace("-", ""), "expected_seq": 7},
]
#: Bodies it leaves to the serializer, which accepts the first four (trimmed, "3" read as 3, 5 as "5",
#: 12 as the UUID of that number).
LEFT = [
    {"type": " hand_result ", "payload": {}, "client_event_id": _ID, "expected_seq": 3},
    {"type": "hand_result", "payload": {}, "client_event_id": _ID, "expected_seq": "3"},
    {"type": 5, "payload": {}, "client_event_id": _ID, "expected_seq": 3},
    {"type": "hand_result", "payload": {}, "client_event_id": 12, "expected_seq": 3},
    {"type": "hand_result", "payload": {}, "client_event_id": _ID, "expected_seq": True},
    {"type": "hand_result", "payload": {}, "client_event_id": _ID, "expected_seq": 0},
    {"type": "hand_result", "payload": {}, "client_event_id": _ID, "expected_seq": 2**63},
    {"type": "hand_result", "payload": None, "client_event_id": _ID, "expected_seq": 3},
    {"type": "hand_result", "payload": [1], "client_event_id": _ID, "expected_seq": 3},
    {"type": "", "payload": {}, "client_event_id": _ID, "expected_seq": 3},
    {"type": "x" * 41, "payload": {}, "client_event_id": _ID, "expected_seq": 3},
    {"type": "hand\x00result", "payload": {}, "client_event_id": _ID, "expected_seq": 3},
    {"type": "hand\ud800", "payload": {}, "client_event_id": _ID, "expected_seq": 3},
    {"type": "hand_result", "payload": {}, "client_event_id": "not-a-uuid", "expected_seq": 3},
    {"type": "hand_result", "payload": {}, "expected_seq": 3},
    [1, 2],
]


@pytest.mark.parametrize("body", PLAIN)
def test_the_plain_input_check_gives_the_serializers_validated_data(body: Any) -> None:
    serializer = EventInput(data=body)
    assert serializer.is_valid(), serializer.errors
    assert _plain_event_input(body) == dict(serializer.validated_data)


@pytest.mark.parametrize("body", LEFT)
def test_the_plain_input_check_leaves_every_other_body_to_the_serializer(body: Any) -> None:
    assert _plain_event_input(body) is None
    # the serializer trims the type and reads 5 as "5" and 12 as a UUID; a seq "3" is refused (issue 24)
    assert EventInput(data=body).is_valid() is (body in (LEFT[0], LEFT[2], LEFT[3]))


@pytest.mark.django_db
def test_the_claimed_match_row_reads_as_the_orm_reads_it(hearts_match: dict[str, Any]) -> None:
    """Every field of the row the fast path's UPDATE … RETURNING gives equals the ORM's reading
    (UUID, JSON, times and flags converted alike), and a seq that is not the next one claims nothing."""
    match_id = hearts_match["id"]
    with transaction.atomic():
        claimed = _claim_next_seq(match_id, 0)
        assert claimed is not None
        stored = Match.objects.get(pk=match_id)
        for field in Match._meta.concrete_fields:
            assert getattr(claimed, field.attname) == getattr(stored, field.attname), field.name
        assert claimed.last_seq == 1 and not claimed._state.adding
        assert _claim_next_seq(match_id, 0) is None  # the seq has moved on
        transaction.set_rollback(True)
