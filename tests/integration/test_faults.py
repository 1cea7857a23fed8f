"""Faults injected into a real deployment: gunicorn web processes, Celery workers and beat, PostgreSQL
and Redis. Each test starts its own extra processes (tests/integration/processes.py) and stops them
by PID, then checks from the database that nothing acknowledged was lost or stored twice, that every
summary equals the replayed record and that the derived rows equal a rebuild (consistency.py).
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
import redis
from django.db import connection

from companion.models import Match
from league.profiles import profile_of
from league.services import profile_lock_key
from tests.conftest import Person
from tests.integration import consistency as check
from tests.integration.processes import Phone, Stack, children, database_url_of_this_run, free_port, kill, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

#: Hearts hands of 26 points each; the first 15, cycled, end a four-player game to 100.
HANDS = ([10, 6, 4, 6], [3, 13, 5, 5], [0, 8, 9, 9], [14, 2, 4, 6], [5, 5, 3, 13], [7, 0, 17, 2])
FAST_SWEEP = {"COMPANION_SWEEP_EVERY_S": "1", "COMPANION_OUTBOX_GRACE_S": "2"}


@pytest.fixture
def stack() -> Iterator[Stack]:
    processes = Stack(extra_env=dict(FAST_SWEEP))
    yield processes
    processes.stop()


def _new_match(phone: Phone, cast: list[Person]) -> int:
    """The phone's owner (the first of ``cast``) seats themselves and the others by name."""
    players = [cast[0].player.pk, *(p.player.name for p in cast[1:])]
    status, body = phone.call("POST", "/api/v1/matches/", {"game": "hearts", "players": players})
    assert status == 201, body
    return int(body["id"])


def _play_to_the_end(phone: Phone, match_id: int, acknowledged: dict[str, int]) -> None:
    seq = 1
    while True:
        event_id = str(uuid.uuid4())
        status, body = phone.append(match_id, HANDS[(seq - 1) % len(HANDS)], seq, event_id)
        assert status == 201, body
        acknowledged[event_id] = seq
        if body["status"] == "finished":
            return
        seq += 1


def test_a_commit_that_fails_leaves_every_web_process_serving_the_record(
    alice: Person, bob: Person, charlie: Person, dave: Person, stack: Stack
) -> None:
    """A deferred constraint trigger fails the COMMIT of one append. Two web processes had cached the
    match; afterwards both serve the replayed record, and the next hand is added to it, not to the lost one."""
    phones = [Phone(stack.web(), alice.token), Phone(stack.web(), alice.token)]
    match_id = _new_match(phones[0], [alice, bob, charlie, dave])
    acknowledged: dict[str, int] = {}
    for seq, phone in ((1, phones[0]), (2, phones[1])):
        event_id = str(uuid.uuid4())
        assert phone.append(match_id, HANDS[seq - 1], seq, event_id)[0] == 201
        acknowledged[event_id] = seq
    assert [p.totals(match_id) for p in phones] == [[13, 19, 9, 11]] * 2  # 10+3, 6+13, 4+5, 6+5
    doomed = str(uuid.uuid4())
    with _failing_commit(doomed):
        status, body = phones[0].append(match_id, [0, 8, 9, 9], 3, doomed)
    assert (status, body["code"]) == (500, "server_error")  # JSON, not an HTML page
    assert [p.totals(match_id) for p in phones] == [[13, 19, 9, 11]] * 2
    event_id = str(uuid.uuid4())
    assert phones[1].append(match_id, [14, 2, 4, 6], 3, event_id)[0] == 201
    acknowledged[event_id] = 3
    assert [p.totals(match_id) for p in phones] == [[27, 21, 13, 17]] * 2  # 13+14, 19+2, 9+4, 11+6
    check.figures("failed-commit", **check.record_check(acknowledged, [match_id]))
    check.summaries_check(phones, [match_id])


class _failing_commit:
    """A deferred constraint trigger that raises at COMMIT for one client_event_id."""

    SETUP = """
        CREATE TABLE IF NOT EXISTS fault_commit (client_event_id uuid PRIMARY KEY);
        CREATE OR REPLACE FUNCTION fault_commit_check() RETURNS trigger AS $$
        BEGIN
            IF EXISTS (SELECT 1 FROM fault_commit WHERE client_event_id = NEW.client_event_id) THEN
                RAISE EXCEPTION 'injected: COMMIT fails';
            END IF;
            RETURN NULL;
        END $$ LANGUAGE plpgsql;
        DROP TRIGGER IF EXISTS fault_commit_trigger ON companion_event;
        CREATE CONSTRAINT TRIGGER fault_commit_trigger AFTER INSERT ON companion_event
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fault_commit_check();
    """
    TEARDOWN = """
        DROP TRIGGER IF EXISTS fault_commit_trigger ON companion_event;
        DROP FUNCTION IF EXISTS fault_commit_check();
        DROP TABLE IF EXISTS fault_commit;
    """

    def __init__(self, client_event_id: str) -> None:
        self.client_event_id = client_event_id

    def __enter__(self) -> None:
        with connection.cursor() as cursor:
            cursor.execute(self.SETUP)
            cursor.execute("INSERT INTO fault_commit VALUES (%s)", [self.client_event_id])

    def __exit__(self, *exc: Any) -> None:
        with connection.cursor() as cursor:
            cursor.execute(self.TEARDOWN)


def test_a_worker_killed_with_tasks_queued_is_made_good_by_the_sweep(
    alice: Person, bob: Person, charlie: Person, dave: Person, stack: Stack
) -> None:
    """Four matches finish while no worker runs; the first worker reserves a task and is killed -9.
    Its reserved task would wait out the broker's visibility timeout: beat's sweep re-queues it."""
    phone = Phone(stack.web(), alice.token)
    cast = [alice, bob, charlie, dave]
    match_ids = [_new_match(phone, cast) for _ in range(4)]
    acknowledged: dict[str, int] = {}
    for match_id in match_ids:
        _play_to_the_end(phone, match_id, acknowledged)
    queued = _queued(stack)
    assert queued >= len(match_ids), "the finishes queued their derivations"
    doomed = stack.worker(pool="prefork", concurrency=1)
    # It connects and reserves one task (prefetch 1, acks late): the queue is one shorter.
    wait_until(lambda: _queued(stack) < queued, 30, "the doomed worker reserving a task")
    kill(doomed, signal.SIGKILL)
    doomed.wait()
    started = time.monotonic()
    stack.worker()
    stack.beat()
    wait_until(lambda: check.all_drained(match_ids), 90, "derived rows after the kill")
    converged = round(time.monotonic() - started, 1)
    check.figures("worker-killed", **check.record_check(acknowledged, match_ids), converged_s=converged)
    check.summaries_check([phone], match_ids)
    check.derived_check(match_ids)


def test_a_pool_child_killed_mid_task_hands_the_task_back(
    alice: Person, bob: Person, charlie: Person, dave: Person, stack: Stack
) -> None:
    """The derivation waits on its profile's lock (held here); the pool child running it is killed -9.
    With acks_late and reject_on_worker_lost the task goes back to the queue and a new child does it,
    without any sweep (no beat runs in this test)."""
    stack.extra_env["COMPANION_OUTBOX_GRACE_S"] = "3600"
    phone = Phone(stack.web(), alice.token)
    worker = stack.worker(pool="prefork", concurrency=1)
    match_id = _new_match(phone, [alice, bob, charlie, dave])
    match = Match.objects.get(pk=match_id)
    key = profile_lock_key("hearts", profile_of("hearts", match.variants)[0])
    acknowledged: dict[str, int] = {}
    with psycopg.connect(database_url_of_this_run(), autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", [key])
        _play_to_the_end(phone, match_id, acknowledged)
        wait_until(lambda: _waiting_on_lock(holder), 30, "the derivation waiting on its lock")
        pool = children(worker.pid)
        assert pool, "the prefork worker has a pool child"
        for child in pool:
            subprocess.run(["kill", "-9", str(child)], check=False)
        holder.execute("SELECT pg_advisory_unlock(%s)", [key])
    elapsed = wait_until(lambda: check.all_drained([match_id]), 60, "the task handed back")
    check.figures("pool-child-killed", **check.record_check(acknowledged, [match_id]), converged_s=round(elapsed, 1))
    check.derived_check([match_id])


def _waiting_on_lock(holder: psycopg.Connection[Any]) -> bool:
    row = holder.execute(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND pid <> pg_backend_pid()"
    ).fetchone()
    return bool(row and row[0])


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server for a Redis of its own")
def test_redis_stopped_during_appends_and_reads(alice: Person, bob: Person, charlie: Person, dave: Person) -> None:
    """Redis (cache and broker) stops mid-match: appends and reads still answer 2xx with the right
    totals, the finishing append's outbox row waits, and once Redis is back the sweep derives it."""
    port = free_port()
    redis_args = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    stack = Stack(redis_url=f"redis://127.0.0.1:{port}/0", extra_env=dict(FAST_SWEEP))
    try:
        redis = stack.spawn("redis", redis_args)
        wait_until(lambda: _redis_up(port), 10, "redis")
        phone = Phone(stack.web(), alice.token)
        stack.worker()
        stack.beat()
        match_id = _new_match(phone, [alice, bob, charlie, dave])
        acknowledged: dict[str, int] = {}
        for seq in (1, 2, 3):
            event_id = str(uuid.uuid4())
            assert phone.append(match_id, HANDS[seq - 1], seq, event_id)[0] == 201
            acknowledged[event_id] = seq
        kill(redis, signal.SIGKILL)
        redis.wait()
        totals = [13, 27, 18, 20]  # 10+3+0, 6+13+8, 4+5+9, 6+5+9
        assert phone.totals(match_id) == totals
        seq, down_started = 4, time.monotonic()
        while True:  # the rest of the match with Redis down
            event_id = str(uuid.uuid4())
            status, body = phone.append(match_id, HANDS[(seq - 1) % len(HANDS)], seq, event_id)
            assert status == 201, body
            acknowledged[event_id] = seq
            totals = [t + p for t, p in zip(totals, HANDS[(seq - 1) % len(HANDS)], strict=True)]
            assert body["summary"]["totals"] == totals == phone.totals(match_id)
            if body["status"] == "finished":
                break
            seq += 1
        appends_down = seq - 3
        down_s = round(time.monotonic() - down_started, 1)
        assert not check.all_drained([match_id])  # the broker could not take it: the outbox kept it
        stack.processes.remove(redis)
        redis = stack.spawn("redis", redis_args)
        wait_until(lambda: _redis_up(port), 10, "redis again")
        elapsed = wait_until(lambda: check.all_drained([match_id]), 90, "derivation after Redis came back")
        check.figures(
            "redis-stopped",
            **check.record_check(acknowledged, [match_id]),
            appends_while_down=appends_down,
            seconds_down=down_s,
            converged_s=round(elapsed, 1),
        )
        check.summaries_check([phone], [match_id])
        check.derived_check([match_id])
    finally:
        stack.stop()


def _queued(stack: Stack) -> int:
    """Tasks waiting in the stack's own Celery queue (a Redis list named after it)."""
    return int(redis.Redis.from_url(stack.redis_url).llen(stack.queue))


def _redis_up(port: int) -> bool:
    return subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True, check=False).returncode == 0


def test_database_connections_terminated_during_appends(
    alice: Person, bob: Person, charlie: Person, dave: Person, stack: Stack
) -> None:
    """pg_terminate_backend on every connection of the test database but this test's own, again and
    again, while a phone records a whole match, retrying each entry with its client_event_id as the
    phone's outbox does. Every answer is JSON; every entry is stored exactly once."""
    phone = Phone(stack.web(workers=2, DATABASE_CONN_MAX_AGE="60"), alice.token)
    stack.worker()
    stack.beat()
    match_id = _new_match(phone, [alice, bob, charlie, dave])
    stop = threading.Event()
    terminated: list[int] = []
    mine = connection.cursor().connection.info.backend_pid  # this test's own connection survives
    killer = threading.Thread(target=_terminate_backends, args=(stop, terminated, mine), daemon=True)
    killer.start()
    acknowledged: dict[str, int] = {}
    answers: dict[int, int] = {}
    try:
        seq = 1
        while True:
            event_id, points = str(uuid.uuid4()), HANDS[(seq - 1) % len(HANDS)]
            body = _append_until_acknowledged(phone, match_id, points, seq, event_id, answers)
            acknowledged[event_id] = seq
            if body["status"] == "finished":
                break
            seq += 1
    finally:
        stop.set()
        killer.join()
    elapsed = wait_until(lambda: check.all_drained([match_id]), 90, "derivation after the terminations")
    figures = check.record_check(acknowledged, [match_id])
    check.figures("connections-terminated", **figures, terminated=len(terminated), answers=answers)
    assert terminated, "the test must have terminated connections"
    check.summaries_check([phone], [match_id])
    check.derived_check([match_id])
    assert elapsed < 90


def _append_until_acknowledged(
    phone: Phone, match_id: int, points: list[int], seq: int, event_id: str, answers: dict[int, int]
) -> Any:
    for _ in range(50):
        try:
            status, body = phone.append(match_id, points, seq, event_id)
        except OSError:  # the connection dropped: the outbox sends it again
            status, body = 0, None
        answers[status] = answers.get(status, 0) + 1
        if status in (200, 201):
            return body
        assert status in (0, 503), body  # never a 500, never HTML
        time.sleep(0.1)
    raise AssertionError(f"seq {seq} never acknowledged")


def _terminate_backends(stop: threading.Event, terminated: list[int], mine: int) -> None:
    with psycopg.connect(database_url_of_this_run(), autocommit=True) as killer:
        while not stop.wait(0.4):
            rows = killer.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid NOT IN (pg_backend_pid(), %s)",
                [mine],
            ).fetchall()
            terminated.extend(1 for row in rows if row[0])
