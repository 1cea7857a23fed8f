"""Item 8 of issue 16 (for a phone): events listed after a seq, a page at a time."""

from __future__ import annotations

from typing import Any

from tests.conftest import Person

HANDS = ([10, 6, 4, 6], [3, 13, 5, 5], [0, 8, 9, 9], [14, 2, 4, 6])


def test_events_come_a_page_at_a_time_after_a_seq(alice: Person, hearts_match: dict[str, Any]) -> None:
    for seq, points in enumerate(HANDS, start=1):
        assert alice.append(hearts_match["id"], "hand_result", {"points": points}, expected_seq=seq).status_code == 201
    url = f"/api/v1/matches/{hearts_match['id']}/events/"
    assert [e["seq"] for e in alice.get(url).json()] == [1, 2, 3, 4]
    assert [e["seq"] for e in alice.get(url + "?after=1&limit=2").json()] == [2, 3]
    assert [e["seq"] for e in alice.get(url + "?after=3&limit=2").json()] == [4]
    response = alice.get(url + f"?limit={2**64}")
    assert (response.status_code, response.json()["code"]) == (400, "invalid")


def _player_queries(queries: Any) -> list[str]:
    # the queries that read players themselves (the token's query joins the caller's player in)
    return [q["sql"] for q in queries.captured_queries if 'FROM "companion_player"' in q["sql"]]


def test_events_name_their_recorder_as_the_table_knows_them_without_a_query_each(db: None) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    guest = APIClient().post("/api/v1/auth/guest", {"name": "Ann"}, format="json").json()
    ann = APIClient(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    match = ann.post("/api/v1/matches", {"game": "hearts", "players": ["Ann", "Bob", "Cat", "Dan"]}, format="json")
    url = f"/api/v1/matches/{match.json()['id']}/events"
    with CaptureQueriesContext(connection) as appending:
        body = {"type": "hand_result", "payload": {"points": [26, 0, 0, 0]}, "expected_seq": 1}
        answer = ann.post(url, {**body, "client_event_id": "00000000-0000-4000-8000-00000000000a"}, format="json")
    assert answer.json()["event"]["recorded_by"] == "Ann"
    # the player came with the token: the append answer reads no player of its own
    assert _player_queries(appending) == [], _player_queries(appending)
    for seq, points in enumerate(HANDS, start=2):
        body = {"type": "hand_result", "payload": {"points": points}, "expected_seq": seq}
        ann.post(url, {**body, "client_event_id": f"00000000-0000-4000-8000-{seq:012d}"}, format="json")
    with CaptureQueriesContext(connection) as one:
        ann.get(url + "?limit=1")
    with CaptureQueriesContext(connection) as five:
        events = ann.get(url).json()
    assert len(five.captured_queries) == len(one.captured_queries)  # not one more per event
    assert {e["recorded_by"] for e in events} == {"Ann"}
    assert guest["username"] not in str(events)  # the generated sign-in name is shown nowhere
