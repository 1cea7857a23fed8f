"""Never a 500 on bad input, and the record never changes on an error (property-based)."""

from __future__ import annotations

import uuid
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Person

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=12,
)
event_types = st.sampled_from(["hand_result", "void", "amend", "bid", ""]) | st.text(max_size=10)
payloads = st.fixed_dictionaries(
    {},
    optional={
        "points": st.lists(st.integers(-30, 40) | json_values, max_size=7),
        "seq": st.integers(-2, 5) | json_values,
        "type": event_types,
        "payload": json_values,
        "jd_taker": json_values,
        "moon_choice": json_values,
    },
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(event_type=event_types, payload=payloads, expected_seq=st.integers(-1, 4) | json_values)
def test_no_event_body_gives_a_500_or_changes_the_record_on_error(
    alice: Person, hearts_match: dict[str, Any], record_of: Any, event_type: str, payload: Any, expected_seq: Any
) -> None:
    before = record_of(hearts_match["id"])
    body = {"type": event_type, "payload": payload, "expected_seq": expected_seq, "client_event_id": str(uuid.uuid4())}
    response = alice.post(f"/api/v1/matches/{hearts_match['id']}/events/", body)
    assert response.status_code < 500
    answer = response.json()
    if response.status_code >= 400:
        assert {"code", "message", "params"} <= set(answer)
        assert record_of(hearts_match["id"]) == before
    else:
        assert response.status_code == 201
        assert len(record_of(hearts_match["id"])) == len(before) + 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values)
def test_no_match_body_gives_a_500(alice: Person, body: Any) -> None:
    response = alice.post("/api/v1/matches/", body)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert {"code", "message", "params"} <= set(response.json())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=json_values
    | st.fixed_dictionaries(
        {"format": st.just("companion-record/1"), "game": st.just("hearts")},
        optional={"players": json_values, "variants": json_values, "events": json_values},
    )
)
def test_no_import_gives_a_500(alice: Person, body: Any) -> None:
    response = alice.post("/api/v1/records/import", body)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert {"code", "message", "params"} <= set(response.json())
