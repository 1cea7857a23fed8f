"""Item 8 of issue 16: one trailing-slash convention. No API path ends in ``/`` (the schema lists
them so); the same path with a slash is the same resource, answered directly whatever the method
(no redirect that would drop a POST's body, no CSRF page, no 404). Unknown paths stay a JSON 404."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.conftest import Person


def test_the_schema_lists_every_path_without_a_trailing_slash(db: None) -> None:
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    assert [p for p in paths if p.endswith("/")] == []
    assert "/api/v1/matches/{match_id}/events" in paths


@pytest.mark.parametrize("url", ["/api/v1/auth/guest", "/api/v1/auth/guest/"])
def test_a_guest_signs_in_with_or_without_the_slash(db: None, url: str) -> None:
    # a session-less client with CSRF checks on, as a phone's first request is
    response = APIClient(enforce_csrf_checks=True).post(url, {"name": "Ann"}, format="json")
    assert response.status_code == 201
    assert response.json()["player"]["name"] == "Ann"


@pytest.mark.parametrize("url", ["/api/v1/matches", "/api/v1/matches/"])
def test_a_match_is_created_with_or_without_the_slash(alice: Person, url: str) -> None:
    response = alice.post(url, {"game": "hearts", "players": ["Alice", "B", "C"]})
    assert response.status_code == 201
    assert [s["player"]["name"] for s in response.json()["seats"]] == ["Alice", "B", "C"]


def test_an_append_and_a_void_answer_the_same_either_way(alice: Person, hearts_match: dict[str, Any]) -> None:
    m = hearts_match["id"]
    body = {"type": "hand_result", "payload": {"points": [26, 0, 0, 0]}, "expected_seq": 1}
    first = alice.post(f"/api/v1/matches/{m}/events", {**body, "client_event_id": str(uuid.uuid4())})
    assert (first.status_code, first.json()["event"]["seq"]) == (201, 1)
    void = alice.post(f"/api/v1/matches/{m}/events/1/void/", {"client_event_id": str(uuid.uuid4())})
    assert (void.status_code, void.json()["event"]["type"]) == (201, "void")
    with_slash = alice.get(f"/api/v1/matches/{m}/summary/").json()
    without = alice.get(f"/api/v1/matches/{m}/summary").json()
    # the only hand was voided (DESIGN.md §2: a void takes the event out of the record): no points
    assert with_slash == without and without["summary"]["totals"] == [0, 0, 0, 0]


@pytest.mark.parametrize("url", ["/api/v1/stats/records", "/api/v1/stats/records/", "/api/v1/ping/"])
def test_reads_answer_either_way(alice: Person, url: str) -> None:
    assert alice.get(url).status_code == 200


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("url", ["/api/v1/matches/join/nope", "/api/v1/matches/join/nope/"])
def test_an_unknown_path_is_still_a_json_404(alice: Person, method: str, url: str) -> None:
    response = getattr(alice.client, method)(url, {"a": 1}, format="json")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")
