"""/api/v1/matches/{id}/record/ export and /api/v1/records/import."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from companion.models import Event, Match, Player
from league.models import PlayerResultRow
from tests.conftest import Person

RECORDS = Path(__file__).resolve().parent.parent / "data" / "records"


def _record(name: str) -> dict[str, Any]:
    return dict(json.loads((RECORDS / name).read_text()))


def test_it_exports_the_whole_record_with_corrections(alice: Person, hearts_match: dict[str, Any]) -> None:
    alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1)
    alice.post(
        f"/api/v1/matches/{hearts_match['id']}/events/1/void", {"client_event_id": str(uuid.uuid4()), "reason": "typo"}
    )
    record = alice.get(f"/api/v1/matches/{hearts_match['id']}/record/").json()
    assert record["format"] == "companion-record/1"
    assert record["players"] == ["Alice", "Bob", "Charlie", "Dave"]
    assert [(e["seq"], e["type"]) for e in record["events"]] == [(1, "hand_result"), (2, "void")]
    assert record["events"][1]["payload"] == {"seq": 1, "reason": "typo"}
    assert record["events"][0]["recorded_by"] == "alice"


def test_an_exported_record_imports_to_the_same_summary(alice: Person, hearts_match: dict[str, Any]) -> None:
    alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1)
    alice.append(hearts_match["id"], "hand_result", {"points": [0, 0, 26, 0]}, expected_seq=2)
    record = alice.get(f"/api/v1/matches/{hearts_match['id']}/record/").json()
    response = alice.post("/api/v1/records/import", record)
    assert response.status_code == 201, response.json()
    imported = response.json()["id"]
    original = alice.get(f"/api/v1/matches/{hearts_match['id']}/summary/").json()["summary"]
    assert alice.get(f"/api/v1/matches/{imported}/summary/").json()["summary"] == original


def test_it_imports_a_finished_record_and_writes_its_standings(
    alice: Person, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = alice.post("/api/v1/records/import", _record("service-hearts-finished.json"))
    assert response.status_code == 201, response.json()
    match = Match.objects.get(pk=response.json()["id"])
    assert (match.status, match.last_seq) == ("finished", 17)
    # Totals by hand: six hands cycle to (39, 34, 42, 41); twelve give (78, 68, 84, 82); hands 13-15 add
    # (10,6,4,6), (3,13,5,5), (0,8,9,9) → (91, 95, 102, 102): seat 0 wins, seats 2 and 3 share third.
    rows = list(
        PlayerResultRow.objects.filter(match_id=match.pk).order_by("seat").values_list("place", "score", "is_winner")
    )
    assert rows == [(1, 91, True), (2, 95, False), (3, 102, False), (3, 102, False)]


@pytest.mark.parametrize(
    ("name", "status", "code"),
    [
        ("service-hearts-rules-broken.json", 422, "points_must_total_26"),
        ("service-hearts-malformed.json", 400, "malformed_json"),
    ],
)
def test_it_rejects_an_invalid_record_whole(alice: Person, name: str, status: int, code: str) -> None:
    players = Player.objects.count()
    response = alice.client.post(
        "/api/v1/records/import", data=(RECORDS / name).read_text(), content_type="application/json"
    )
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert (Match.objects.count(), Event.objects.count(), Player.objects.count()) == (0, 0, players)


def test_a_rejected_record_names_the_event_that_broke_a_rule(alice: Person) -> None:
    response = alice.post("/api/v1/records/import", _record("service-hearts-rules-broken.json"))
    assert response.json()["params"]["seq"] == 2


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"format": "companion-record/0"}, "invalid_record"),
        ({"game": "snap"}, "unknown_game"),
        ({"players": ["A", "B"]}, "wrong_player_count"),
        ({"variants": {"jokers": True}}, "unknown_variant"),
        ({"events": [{"seq": 2, "type": "hand_result", "payload": {"points": [26, 0, 0, 0]}}]}, "invalid_record"),
        (
            {
                "events": [
                    {"seq": 1, "type": "hand_result", "payload": {"points": [26, 0, 0, 0]}, "client_event_id": "x"}
                ]
            },
            "invalid_record",
        ),
        ({"events": [{"seq": 1, "type": "void", "payload": {"seq": 5}}]}, "no_such_event"),
    ],
)
def test_it_rejects_a_malformed_record(alice: Person, change: dict[str, Any], code: str) -> None:
    record = {**_record("service-hearts-finished.json"), **change}
    response = alice.post("/api/v1/records/import", record)
    assert response.status_code in (400, 422)
    assert response.json()["code"] == code
    assert Match.objects.count() == 0


def test_the_scoring_cli_replays_the_same_record(alice: Person) -> None:
    """The offline replay and the service agree on the record's outcome."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(RECORDS / "service-hearts-finished.json")],
        capture_output=True,
        text=True,
        check=True,
    )
    match_id = alice.post("/api/v1/records/import", _record("service-hearts-finished.json")).json()["id"]
    summary = alice.get(f"/api/v1/matches/{match_id}/summary/").json()["summary"]
    history = alice.get(f"/api/v1/matches/{match_id}/history?limit=50").json()  # (the summary has the latest rows)
    assert json.loads(out.stdout)["summary"] == {**summary, "history": history["rows"]}
