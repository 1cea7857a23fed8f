"""The client-side bound on a database wait (companion/pg/base.py): a socket whose wait outlives its
bound is shut down, so the blocked read returns; a wait that ended in time is left alone. And what
the API answers when a wait on the database ends in an error (api/middleware.py)."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest
from django.db import OperationalError, connection

from companion.models import Event
from companion.pg.base import _Watchdog
from tests.conftest import Person


def test_a_wait_past_its_bound_is_cut() -> None:
    watchdog = _Watchdog()
    ours, theirs = socket.socketpair()  # "theirs" never answers: a frozen database
    with ours, theirs:
        started = time.monotonic()
        watchdog.watch(ours.fileno(), 0.2)
        assert ours.recv(10) == b""  # without the watchdog this read blocks for ever
        assert 0.15 < time.monotonic() - started < 10
        assert ours.fileno() >= 0  # shut down, not closed: the descriptor is still the client's


def test_a_wait_that_ended_in_time_is_left_alone() -> None:
    watchdog = _Watchdog()
    ours, theirs = socket.socketpair()
    with ours, theirs:
        watchdog.done(watchdog.watch(ours.fileno(), 0.1))
        time.sleep(0.3)
        theirs.sendall(b"ok")
        assert ours.recv(10) == b"ok"
        ours.sendall(b"still open")
        assert theirs.recv(20) == b"still open"


class _LockNotAvailable(Exception):
    sqlstate = "55P03"  # what psycopg's LockNotAvailable carries: PostgreSQL's lock_timeout


@pytest.mark.django_db(transaction=True)  # the append's own COMMIT, not a test savepoint
@pytest.mark.parametrize(
    ("cause", "message"),
    [(_LockNotAvailable(), "did not answer in time"), (None, "could not be reached")],
)
def test_a_database_timeout_is_a_503_saying_so(
    alice: Person, hearts_match: dict[str, Any], monkeypatch: pytest.MonkeyPatch, cause: Exception | None, message: str
) -> None:
    """A lock or statement timeout leaves the API as the same retryable 503 as a lost connection
    (the phone's outbox sends the entry again), its message naming what happened; nothing is stored."""
    error = OperationalError("canceling statement due to lock timeout")
    error.__cause__ = cause

    def timed_out() -> None:
        raise error

    monkeypatch.setattr(connection, "commit", timed_out)
    response = alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1)
    assert (response.status_code, response.json()["code"]) == (503, "database_unavailable")
    assert response["Retry-After"] == "2" and message in response.json()["message"]
    monkeypatch.undo()
    assert not Event.objects.filter(match_id=hearts_match["id"]).exists()
