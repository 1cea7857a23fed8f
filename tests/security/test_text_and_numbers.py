"""Issue 24 item 3: no text or number reaches a 500 or is stored wrong. Each test is the attack from
the issue and the answer: a 400 in the error shape with a machine-readable code, nothing stored.

Bodies are sent as JSON text written with ``json.dumps`` (it escapes a lone surrogate as
``\\ud800``, exactly what an attacker's client sends; a test client encoding it as UTF-8 could not).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from rest_framework.test import APIClient

from companion.models import Event, Match, Player
from companion.text import first_bad_text, text_problem
from tests.conftest import Person

BAD = ["\ud800", "a\udfffb", "nul\u0000here"]


def _raw(client: APIClient, url: str, body: Any) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json")


def _refused(response: Any, code: str = "invalid_text") -> dict[str, Any]:
    assert response.status_code == 400, (response.status_code, response.content[:300])
    body = response.json()
    assert {"code", "message", "params", "fields"} <= set(body), body
    assert body["code"] == code, body
    return dict(body)


@pytest.mark.parametrize("text", ["", "Zoë", "😀 pair", "tab\tand\nnewline", "\u200b"])
def test_ordinary_text_passes_the_check(text: str) -> None:
    assert text_problem(text) is None


@pytest.mark.parametrize("text", BAD)
def test_a_lone_surrogate_or_a_nul_is_named(text: str) -> None:
    assert text_problem(text) is not None
    assert first_bad_text({"players": ["Ann", text]}) == ("players.1", text_problem(text))
    assert first_bad_text({"payload": {text: 1}})[0] == "payload"  # type: ignore[index]


@pytest.mark.parametrize("text", BAD)
def test_sign_in_with_a_bad_username_is_a_400_not_a_500(db: None, text: str) -> None:
    # the sign-in limiter hashed the username and raised UnicodeEncodeError (issue 24)
    body = _refused(_raw(APIClient(), "/api/v1/auth/token", {"username": text, "password": "x"}))
    assert body["fields"] == {"username": text_problem(text)}


@pytest.mark.parametrize("text", BAD)
def test_a_guest_with_a_bad_name_is_refused_and_no_user_is_made(db: None, text: str) -> None:
    from django.contrib.auth.models import User

    _refused(_raw(APIClient(), "/api/v1/auth/guest", {"name": text}))
    assert not User.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize("text", BAD)
def test_a_bad_seat_name_is_refused_and_no_match_is_made(alice: Person, text: str) -> None:
    body = _refused(_raw(alice.client, "/api/v1/matches/", {"game": "hearts", "players": ["Ann", "Bo", "Cy", text]}))
    assert "players.3" in body["fields"]
    assert not Match.objects.exists()
    assert list(Player.objects.values_list("name", flat=True)) == ["Alice"]


@pytest.mark.parametrize("text", BAD)
def test_a_bad_event_type_is_refused_and_nothing_is_recorded(
    hearts_match: dict[str, Any], alice: Person, text: str
) -> None:
    body = {"type": text, "payload": {}, "expected_seq": 1, "client_event_id": str(uuid.uuid4())}
    _refused(_raw(alice.client, f"/api/v1/matches/{hearts_match['id']}/events/", body))
    assert not Event.objects.exists()


@pytest.mark.parametrize("text", BAD)
def test_bad_text_deep_in_a_payload_is_refused(hearts_match: dict[str, Any], alice: Person, text: str) -> None:
    body = {"type": "deal", "payload": {"note": [text]}, "expected_seq": 1, "client_event_id": str(uuid.uuid4())}
    refused = _refused(_raw(alice.client, f"/api/v1/matches/{hearts_match['id']}/events/", body))
    assert refused["fields"] == {"payload.note.0": text_problem(text)}
    assert not Event.objects.exists()


def _record(players: list[str], **event: Any) -> dict[str, Any]:
    first = {"seq": 1, "type": "hand_result", "payload": {"points": [26, 0, 0, 0]}, **event}
    return {"format": "companion-record/1", "game": "hearts", "variants": {}, "players": players, "events": [first]}


@pytest.mark.parametrize("text", BAD)
def test_an_import_with_a_bad_player_name_is_refused(alice: Person, text: str) -> None:
    _refused(_raw(alice.client, "/api/v1/records/import", _record(["Ann", "Bo", "Cy", text])))
    assert not Match.objects.exists()


@pytest.mark.parametrize("seq", [True, 1.0, "1"])
def test_an_import_numbering_its_event_true_is_refused(alice: Person, seq: Any) -> None:
    # ``true == 1`` in Python: the record's seq was accepted as 1 (issue 24)
    response = _raw(alice.client, "/api/v1/records/import", _record(["Ann", "Bo", "Cy", "Di"], seq=seq))
    assert response.status_code == 400, response.json()
    assert not Match.objects.exists()


def test_a_record_numbered_with_integers_still_imports(alice: Person) -> None:
    response = _raw(alice.client, "/api/v1/records/import", _record(["Ann", "Bo", "Cy", "Di"], seq=1))
    assert response.status_code == 201, response.json()


@pytest.mark.parametrize("league", ["1", True, 1.0])
def test_a_league_given_as_a_string_or_boolean_is_refused(alice: Person, league: Any) -> None:
    created = alice.post("/api/v1/leagues/", {"name": "Tuesday"})
    assert created.status_code == 201 and created.json()["id"] == 1
    body = {"game": "hearts", "players": ["Ann", "Bo", "Cy", "Di"], "league": league}
    refused = _refused(_raw(alice.client, "/api/v1/matches/", body), code="invalid")
    assert "league" in refused["fields"]
    assert not Match.objects.exists()


@pytest.mark.parametrize("seq", [True, "1"])
def test_an_expected_seq_given_as_a_boolean_or_string_is_refused(
    hearts_match: dict[str, Any], alice: Person, seq: Any
) -> None:
    body = {
        "type": "hand",
        "payload": {"points": [26, 0, 0, 0]},
        "expected_seq": seq,
        "client_event_id": str(uuid.uuid4()),
    }
    refused = _refused(_raw(alice.client, f"/api/v1/matches/{hearts_match['id']}/events/", body), code="invalid")
    assert "expected_seq" in refused["fields"]
    assert not Event.objects.exists()


@pytest.mark.parametrize("header", [b"Token \xff\xfe", b"Token \x00abc"])
def test_a_token_that_is_not_text_is_a_401_not_a_500(db: None, header: bytes) -> None:
    response = APIClient().get("/api/v1/players/me", HTTP_AUTHORIZATION=header.decode("latin-1"))
    assert response.status_code == 401, response.content[:200]
    assert response.json()["code"] == "authentication_failed"


@pytest.mark.parametrize(
    "url", ["/api/v1/matches/?game=%00", "/api/v1/players/?q=a%00b", "/api/v1/stats/standings?game%00=hearts"]
)
def test_a_nul_in_a_query_string_is_a_400(alice: Person, url: str) -> None:
    # PostgreSQL cannot hold a NUL in a filter's text: it was a 500 there
    body = _refused(alice.get(url))
    assert list(body["fields"].values()) == [text_problem("\x00")]


def test_an_ordinary_query_string_still_works(alice: Person) -> None:
    assert alice.get("/api/v1/matches/?game=hearts").status_code == 200


def test_a_body_in_another_charset_gets_the_same_check(db: None) -> None:
    # the parser decodes by the Content-Type's charset: the check reads the decoded text, not bytes
    raw = json.dumps({"name": "\ud800"}).encode("utf-16")
    response = APIClient().post("/api/v1/auth/guest", raw, content_type="application/json; charset=utf-16")
    _refused(response)
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    ("serializer", "data", "field"),
    [
        ("MatchInput", {"game": "hearts", "players": ["Ann", "\ud800", "Cy"]}, "players.1"),
        ("GuestInput", {"name": "nul\u0000"}, "name"),
        ("EventInput", {"type": "a\udfff", "client_event_id": str(uuid.uuid4()), "expected_seq": 1}, "type"),
    ],
)
def test_the_serializers_apply_the_same_check_whatever_parsed_the_body(serializer: str, data: Any, field: str) -> None:
    """The parser refuses first; the serializers' text fields hold the line for any other way in
    (a form body, a service called with data not from JSON), with the same code."""
    from rest_framework.exceptions import ValidationError

    from api import serializers as s
    from api.exceptions import exception_handler

    checked = getattr(s, serializer)(data=data)
    assert checked.is_valid() is False
    answer = exception_handler(ValidationError(checked.errors), {})
    assert answer is not None and answer.status_code == 400
    assert answer.data["code"] == "invalid_text" and list(answer.data["fields"]) == [field]
