"""On PostgreSQL, Redis and a real Celery worker (run by ``python3 scripts/test.py --integration``).

The worker is started by the script against the test database this suite creates, so a standings
task queued on commit here is executed there and its rows become visible to these tests.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.test import APIClient

from companion.celery import app as celery_app
from companion.models import Event, Match
from league.models import PlayerResultRow
from tests.conftest import Person

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

HANDS = ([10, 6, 4, 6], [3, 13, 5, 5], [0, 8, 9, 9], [14, 2, 4, 6], [5, 5, 3, 13], [7, 0, 17, 2])


def _finish(person: Person, match_id: int) -> int:
    """Append hands until the match ends; return the last seq."""
    seq = 1
    while True:
        response = person.append(match_id, "hand_result", {"points": HANDS[(seq - 1) % len(HANDS)]}, expected_seq=seq)
        assert response.status_code == 201, response.json()
        if response.json()["status"] == "finished":
            return seq
        seq += 1


def _wait_for(predicate: Any, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def test_it_runs_on_postgresql_redis_and_a_real_worker() -> None:
    assert connection.vendor == "postgresql"
    assert settings.CACHES["default"]["BACKEND"].endswith("RedisCache")
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    worker = os.environ.get("COMPANION_IT_WORKER")
    assert worker, "run by scripts/test.py --integration, which starts the worker"
    replies = celery_app.control.ping(destination=[worker], timeout=5.0)
    assert replies, f"the Celery worker {worker} did not answer the ping"
    queues = celery_app.control.inspect(destination=[worker], timeout=5.0).active_queues() or {}
    assert [q["name"] for q in queues.get(worker, [])] == [settings.CELERY_TASK_DEFAULT_QUEUE]


def test_a_finished_match_gets_its_standings_from_the_worker(
    alice: Person, bob: Person, charlie: Person, dave: Person
) -> None:
    match = alice.create_match([alice.player.pk, bob.player.pk, charlie.player.pk, dave.player.pk])
    _finish(alice, match["id"])
    # Nothing in this process writes standings (Celery is not eager): only the worker can.
    assert _wait_for(lambda: PlayerResultRow.objects.filter(match_id=match["id"]).count() == 4)
    summary = alice.get(f"/api/v1/matches/{match['id']}/summary/").json()["summary"]
    rows = PlayerResultRow.objects.filter(match_id=match["id"]).order_by("seat")
    assert [r.score for r in rows] == summary["result"]["scores"]
    assert [r.place for r in rows] == summary["result"]["places"]


def test_a_void_that_unfinishes_a_match_makes_the_worker_remove_its_standings(
    alice: Person, bob: Person, charlie: Person, dave: Person
) -> None:
    match = alice.create_match([alice.player.pk, bob.player.pk, charlie.player.pk, dave.player.pk])
    last = _finish(alice, match["id"])
    assert _wait_for(lambda: PlayerResultRow.objects.filter(match_id=match["id"]).count() == 4)
    response = alice.post(
        f"/api/v1/matches/{match['id']}/events/{last}/void", {"client_event_id": str(uuid.uuid4()), "reason": "typo"}
    )
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "open"
    assert _wait_for(lambda: not PlayerResultRow.objects.filter(match_id=match["id"]).exists())


def test_append_is_idempotent_and_rejects_stale_seqs_on_postgresql(alice: Person, bob: Person, charlie: Person) -> None:
    match = alice.create_match([alice.player.pk, bob.player.pk, charlie.player.pk])
    event_id = uuid.uuid4()
    first = alice.append(match["id"], "hand_result", {"points": [20, 6, 0]}, 1, client_event_id=event_id)
    again = alice.append(match["id"], "hand_result", {"points": [20, 6, 0]}, 1, client_event_id=event_id)
    stale = bob.append(match["id"], "hand_result", {"points": [0, 6, 20]}, 1)
    reused = alice.append(match["id"], "hand_result", {"points": [0, 6, 20]}, 2, client_event_id=event_id)
    assert (first.status_code, again.status_code, stale.status_code, reused.status_code) == (201, 200, 409, 409)
    assert stale.json()["code"] == "stale_seq"
    assert reused.json()["code"] == "client_event_id_reused"
    assert Event.objects.filter(match_id=match["id"]).count() == 1


def test_concurrent_appends_with_the_same_seq_store_exactly_one(alice: Person, bob: Person, charlie: Person) -> None:
    match = alice.create_match([alice.player.pk, bob.player.pk, charlie.player.pk])
    statuses: list[int] = []

    def append(token: str, points: list[int]) -> None:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        body = {
            "type": "hand_result",
            "payload": {"points": points},
            "expected_seq": 1,
            "client_event_id": str(uuid.uuid4()),
        }
        statuses.append(client.post(f"/api/v1/matches/{match['id']}/events/", body, format="json").status_code)
        connection.close()

    threads = [
        threading.Thread(target=append, args=(person.token, [26 - 2 * i, 2 * i, 0]))
        for i, person in enumerate([alice, bob, charlie] * 2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201, 409, 409, 409, 409, 409]
    assert Match.objects.get(pk=match["id"]).last_seq == 1
    assert Event.objects.filter(match_id=match["id"]).count() == 1


def test_beat_sweeps_an_outbox_change_whose_task_was_never_queued(
    alice: Person, bob: Person, charlie: Person, dave: Person
) -> None:
    """A change written without its task (the broker was down at COMMIT): the suite's beat finds it
    after the grace period (5 s here) and the worker derives the match."""
    from companion.models import MatchChange

    match = alice.create_match([alice.player.pk, bob.player.pk, charlie.player.pk, dave.player.pk])
    _finish(alice, match["id"])
    assert _wait_for(lambda: PlayerResultRow.objects.filter(match_id=match["id"]).count() == 4)
    PlayerResultRow.objects.filter(match_id=match["id"]).delete()
    change = MatchChange.objects.create(match_id=match["id"], seq=Match.objects.get(pk=match["id"]).last_seq)
    assert _wait_for(lambda: PlayerResultRow.objects.filter(match_id=match["id"]).count() == 4, timeout=40)
    change.refresh_from_db()
    assert change.drained_at is not None
