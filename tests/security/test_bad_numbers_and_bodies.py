"""Item 1 of issue 16: no input reaches a 500. Each test is the attacker's request and the answer."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.conftest import Person

HUGE = "99999999999999999999"  # > 2**63 - 1


def _shape(response: Any) -> dict[str, Any]:
    body = response.json()
    assert {"code", "message", "params"} <= set(body), body
    return dict(body)


@pytest.mark.parametrize(
    "url",
    [
        f"/api/v1/matches/?player={HUGE}",
        "/api/v1/matches/?league=1e45",
        "/api/v1/matches/?league=-1",
        f"/api/v1/leagues/?limit={HUGE}0",
        f"/api/v1/players/?offset={HUGE}",
        "/api/v1/players/?limit=²",
        f"/api/v1/stats/standings?league={HUGE}",
        "/api/v1/stats/standings?player=²",
    ],
)
def test_an_out_of_range_query_number_is_a_400(alice: Person, url: str) -> None:
    response = alice.get(url)
    assert response.status_code == 400
    assert _shape(response)["code"] in ("invalid", "invalid_filter")


def test_a_huge_limit_is_capped_not_refused(alice: Person) -> None:
    response = alice.get("/api/v1/leagues/?limit=100000")
    assert response.status_code == 200
    assert response.json()["results"] == []


@pytest.mark.parametrize(
    "url",
    [
        f"/api/v1/matches/{HUGE}/",
        f"/api/v1/matches/{2**63}/summary/",
        f"/api/v1/claims/{HUGE}",
        f"/api/v1/stats/players/{HUGE}",
        f"/api/v1/leagues/{HUGE}/",
    ],
)
def test_an_id_past_the_database_range_is_a_json_404(alice: Person, url: str) -> None:
    response = alice.get(url)
    assert response.status_code == 404
    assert _shape(response)["code"] == "not_found"


def test_the_largest_id_is_just_not_found(alice: Person) -> None:
    response = alice.get(f"/api/v1/matches/{2**63 - 1}/")
    assert (response.status_code, _shape(response)["code"]) == (404, "match_not_found")


def test_events_after_a_unicode_digit_is_a_400(alice: Person, hearts_match: dict[str, Any]) -> None:
    response = alice.get(f"/api/v1/matches/{hearts_match['id']}/events/?after=²")
    assert (response.status_code, _shape(response)["code"]) == (400, "invalid")


def test_a_seat_id_past_the_database_range_is_a_400(alice: Person) -> None:
    response = alice.post("/api/v1/matches/", {"game": "hearts", "players": [int(HUGE), "B", "C", "D"]})
    assert response.status_code == 400
    assert "players.0" in _shape(response)["fields"]


def test_a_body_nested_a_thousand_deep_is_a_400(alice: Person) -> None:
    body = "[" * 1000 + "]" * 1000
    response = alice.client.post("/api/v1/matches/", body, content_type="application/json")
    assert (response.status_code, _shape(response)["code"]) == (400, "json_too_deep")


def test_brackets_inside_strings_do_not_count_as_nesting(alice: Person) -> None:
    name = "[" * 200
    response = alice.post("/api/v1/players/", {"name": name[:100]})
    assert response.status_code == 201


def test_a_body_over_the_limit_is_a_json_413(alice: Person, settings: Any) -> None:
    settings.COMPANION_MAX_BODY_BYTES = 1000
    body = json.dumps({"name": "x" * 2000})
    response = alice.client.post("/api/v1/players/", body, content_type="application/json")
    assert (response.status_code, _shape(response)["code"]) == (413, "payload_too_large")


def test_a_50_mb_body_is_refused_unread_with_a_json_413(alice: Person) -> None:
    body = b'{"name": "' + b"x" * (50 * 1024 * 1024) + b'"}'
    response = alice.client.post("/api/v1/records/import", body, content_type="application/json")
    assert (response.status_code, _shape(response)["code"]) == (413, "payload_too_large")


@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete"])
@pytest.mark.parametrize(
    "url", ["/api/v1/nothing-here", "/api/v1/nothing-here/", "/api/v1/", "/api/v1/auth/guests", "/api/x"]
)
def test_an_unknown_api_url_is_a_json_404_whatever_the_method(db: None, method: str, url: str) -> None:
    client = APIClient(enforce_csrf_checks=True)
    response = getattr(client, method)(url, {"a": 1}, format="json")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert _shape(response)["code"] == "not_found"
