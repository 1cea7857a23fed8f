"""The commit rule and the outbox on the embedded path (SQLite, Celery eager).

A state snapshot is published (process memo, shared cache) only after its transaction commits; a
COMMIT that fails leaves nothing behind that a later request could serve or build on. The outbox row
of a finished match is written in the append's transaction and drained by the league consumer;
when the consumer cannot be reached the append still answers 201 and the sweep drains it later.
The same faults against PostgreSQL, Redis and real workers: tests/integration/test_faults.py.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.core.cache import cache
from django.db import OperationalError, connection

from companion import outbox, selectors
from companion.models import Event, Match, MatchChange
from league import tasks as league_tasks
from league.models import PlayerResultRow
from tests.conftest import Person
from tests.service.helpers import HANDS, finish


def _fresh_state_caches() -> None:
    cache.clear()
    selectors.memo_clear()


def test_a_state_is_published_only_when_its_transaction_commits(
    alice: Person, hearts_match: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    _fresh_state_caches()
    match = Match.objects.get(pk=hearts_match["id"])
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert alice.append(match.pk, "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1).status_code == 201
        # committed in the test's outer transaction only: no other request may see the state yet
        assert selectors.snapshot_load(match, 1) is None
    for callback in callbacks:
        callback()
    assert selectors.snapshot_load(match, 1) is not None


@pytest.mark.django_db(transaction=True)
def test_a_failed_commit_leaves_no_state_behind(
    alice: Person, hearts_match: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The COMMIT itself fails (as when the connection is lost during it): the phone gets a JSON 503,
    nothing is stored, and the next hand at the same seq is scored from the record, not from the lost one."""
    match_id = hearts_match["id"]
    _fresh_state_caches()
    real_commit = connection.commit
    failures = [OperationalError("server closed the connection unexpectedly")]  # only one COMMIT fails

    def lost_during_commit() -> None:
        if failures:
            raise failures.pop()
        real_commit()

    monkeypatch.setattr(connection, "commit", lost_during_commit)
    response = alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1)
    assert (response.status_code, response.json()["code"]) == (503, "database_unavailable")
    assert response["Retry-After"] == "2"
    assert not Event.objects.filter(match_id=match_id).exists()
    match = Match.objects.get(pk=match_id)
    assert match.last_seq == 0 and selectors.snapshot_load(match, 1) is None
    # another phone records a different hand as seq 1: 10+3, 6+18, 4+0, 6+5 would be wrong
    assert alice.append(match_id, "hand_result", {"points": [10, 6, 4, 6]}, expected_seq=1).status_code == 201
    summary = alice.get(f"/api/v1/matches/{match_id}/summary/").json()
    assert summary["summary"]["totals"] == [10, 6, 4, 6]
    match.refresh_from_db()
    whole = selectors.match_game(match).summary(selectors.match_state_replay(match))
    answer = selectors.match_summary_get(match=match)
    assert answer["summary"] == {**whole, "history": whole["history"][answer["history_page"]["from"] :]}


@pytest.mark.django_db(transaction=True)
def test_a_finish_writes_one_outbox_row_in_its_transaction_and_the_league_drains_it(
    alice: Person, hearts_match: dict[str, Any]
) -> None:
    last = finish(alice, hearts_match["id"])
    changes = list(MatchChange.objects.filter(match_id=hearts_match["id"]))
    assert [(c.seq, c.drained_at is not None) for c in changes] == [(last, True)]
    assert PlayerResultRow.objects.filter(match_id=hearts_match["id"]).count() == 4


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_still_answers_201_and_the_sweep_derives_later(
    alice: Person, hearts_match: dict[str, Any], monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """Publishing the task fails after COMMIT (Redis is down): the event is stored and acknowledged,
    the outbox row stays pending, and the sweep (Celery beat) derives the match once it can."""
    match_id = hearts_match["id"]

    def broker_down(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(league_tasks.change_consume, "delay", broker_down)
    last = finish(alice, match_id)  # asserts 201 for every hand, the finishing one included
    assert Event.objects.filter(match_id=match_id).count() == last
    assert outbox.pending(older_than_s=0) == [MatchChange.objects.get(match_id=match_id).pk]
    assert not PlayerResultRow.objects.filter(match_id=match_id).exists()
    monkeypatch.undo()
    settings.COMPANION_OUTBOX_GRACE_S = 0  # the sweep takes changes pending longer than this
    assert league_tasks.outbox_sweep.delay().get() == 1  # eager: runs the consumer at once
    assert outbox.pending(older_than_s=0) == []
    scores = PlayerResultRow.objects.filter(match_id=match_id).order_by("seat").values_list("score", flat=True)
    assert list(scores) == [91, 95, 102, 102]  # the 15 hands of tests/service/helpers.HANDS, summed by hand
    assert league_tasks.outbox_sweep.delay().get() == 0  # drained: nothing is derived twice


@pytest.mark.django_db(transaction=True)
def test_a_correction_of_a_finished_match_is_a_new_outbox_change(alice: Person, hearts_match: dict[str, Any]) -> None:
    match_id = hearts_match["id"]
    last = finish(alice, match_id)
    assert (
        alice.post(f"/api/v1/matches/{match_id}/events/{last}/void", {"client_event_id": str(uuid.uuid4())}).status_code
        == 201
    )
    assert list(MatchChange.objects.filter(match_id=match_id).values_list("seq", flat=True)) == [last, last + 1]
    assert outbox.pending(older_than_s=0) == []
    assert not PlayerResultRow.objects.filter(match_id=match_id).exists()  # no longer finished
    assert len(HANDS) == 6
