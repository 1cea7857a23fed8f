"""A derivation never blocks a table (issue 28, item 2), on PostgreSQL with the real worker.

The worker's derivation of a finished Hearts match is made to wait on its rating pool's advisory
lock (held here, as a long derivation of the same pool would hold it). Meanwhile a correction to
that very match is accepted at once (the derivation holds no match row lock), and a match of
another pool derives at once (pools run in parallel). Once the lock is released, everything drains
and the derived rows equal a rebuild.
"""

from __future__ import annotations

import time

import psycopg
import pytest

from companion.models import Match
from league import services
from league.profiles import profile_of
from league.services import profile_lock_key
from tests.conftest import Person
from tests.integration.consistency import derived_check
from tests.integration.processes import database_url_of_this_run

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# Hearts to 50: totals [10,10,0,6] → [23,23,0,6] → [49,23,26,32] → [54,36,31,35]: seat 0 reaches 50.
HANDS = ([10, 10, 0, 6], [13, 13, 0, 0], [0, 26, 0, 0], [5, 13, 5, 3])


def _finished(person: Person, seats: list[Person], variants: dict[str, int]) -> int:
    match = person.create_match([p.player.pk for p in seats], variants=variants)
    for seq, points in enumerate(HANDS, start=1):
        response = person.append(match["id"], "hand_result", {"points": list(points)}, expected_seq=seq)
        assert response.status_code == 201, response.json()
    assert response.json()["status"] == "finished"
    return int(match["id"])


def _waiting_on_advisory_lock(holder: psycopg.Connection[tuple[int]]) -> bool:
    row = holder.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted").fetchone()
    return bool(row and row[0])


def test_a_correction_and_another_pool_never_wait_on_a_blocked_derivation(
    alice: Person, bob: Person, charlie: Person, dave: Person
) -> None:
    cast = [alice, bob, charlie, dave]
    pool = ("hearts", profile_of("hearts", {"target_score": 50})[0])
    with psycopg.connect(database_url_of_this_run(), autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", [profile_lock_key(*pool)])
        try:
            match_id = _finished(alice, cast, {"target_score": 50})
            deadline = time.monotonic() + 30
            while not _waiting_on_advisory_lock(holder):
                assert time.monotonic() < deadline, "the worker's derivation never waited on the pool lock"
                time.sleep(0.1)
            started = time.monotonic()
            response = alice.append(match_id, "void", {"seq": 4}, expected_seq=5)
            waited = time.monotonic() - started
            assert response.status_code == 201, response.json()
            assert waited < 3, f"the correction waited {waited:.1f} s on the derivation"
            other = _finished(alice, cast, {"target_score": 50, "pass_count": 0})  # another pool
            assert services.match_derive(match_id=other) is True  # in this process, at once
        finally:
            holder.execute("SELECT pg_advisory_unlock(%s)", [profile_lock_key(*pool)])
    deadline = time.monotonic() + 60
    while True:
        try:
            derived_check([match_id, other])
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)
    assert Match.objects.get(pk=match_id).status != Match.Status.FINISHED
