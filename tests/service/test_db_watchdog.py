"""The client-side bound on a database wait (companion/pg/base.py): a socket whose wait outlives its
bound is shut down, so the blocked read returns; a wait that ended in time is left alone."""

from __future__ import annotations

import socket
import time

from companion.pg.base import _Watchdog


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
