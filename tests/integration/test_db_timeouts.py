"""A database that stops answering, or a row lock held outside: the API answers a JSON 503 with
``Retry-After`` within its bounds (docs/deploy.md, "Database timeouts"), and the phone's retries with
the same ``client_event_id`` land exactly once (issue 24 item 1)."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from tests.conftest import Person
from tests.integration import consistency as check
from tests.integration.frozen_proxy import FrozenProxy
from tests.integration.processes import Phone, Stack, database_url_of_this_run
from tests.integration.test_faults import HANDS, _new_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

STATEMENT_MS, LOCK_MS, CONNECT_S = 2000, 1000, 2
#: The client's bound (the statement timeout + 1 s) or the connect timeout, whichever is longer,
#: plus room for a loaded machine: a 503 must come well before a phone would give up (10 s).
BOUND_S = STATEMENT_MS / 1000 + 1 + 4
TIMEOUTS = {
    "DATABASE_STATEMENT_TIMEOUT_MS": str(STATEMENT_MS),
    "DATABASE_LOCK_TIMEOUT_MS": str(LOCK_MS),
    "DATABASE_CONNECT_TIMEOUT_S": str(CONNECT_S),
}


@pytest.fixture
def stack() -> Iterator[Stack]:
    processes = Stack()
    yield processes
    processes.stop()


@pytest.fixture
def proxy() -> Iterator[FrozenProxy]:
    url = psycopg.conninfo.conninfo_to_dict(os.environ["DATABASE_URL"])
    frozen = FrozenProxy((str(url.get("host") or "127.0.0.1"), int(url.get("port") or 5432)))
    yield frozen
    frozen.close()


def _via(proxy: FrozenProxy) -> str:
    """This run's database URL, through the proxy."""
    params = psycopg.conninfo.conninfo_to_dict(database_url_of_this_run())
    user = params.get("user") or "postgres"
    return f"postgres://{user}@127.0.0.1:{proxy.port}/{params['dbname']}"


def _append(phone: Phone, match_id: int, seq: int, event_id: str) -> tuple[int, Any, str | None, float]:
    """One entry as the phone's outbox sends it: status, body, Retry-After, seconds taken."""
    body = {
        "type": "hand_result",
        "payload": {"points": HANDS[(seq - 1) % len(HANDS)]},
        "expected_seq": seq,
        "client_event_id": event_id,
    }
    request = urllib.request.Request(
        f"{phone.base}/api/v1/matches/{match_id}/events/", data=json.dumps(body).encode(), method="POST"
    )
    request.add_header("Authorization", f"Token {phone.token}")
    request.add_header("Content-Type", "application/json")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read()), None, time.monotonic() - started
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), error.headers.get("Retry-After"), time.monotonic() - started


def _until_acknowledged(phone: Phone, match_id: int, seq: int, event_id: str) -> Any:
    for _ in range(60):
        status, body, _, _ = _append(phone, match_id, seq, event_id)
        if status in (200, 201):
            return body
        assert status == 503, body
        time.sleep(0.5)
    raise AssertionError(f"seq {seq} never acknowledged")


@pytest.mark.parametrize("conn_max_age", ["0", "60"])
def test_a_frozen_database_answers_503_in_time_and_loses_nothing(
    alice: Person, bob: Person, charlie: Person, dave: Person, stack: Stack, proxy: FrozenProxy, conn_max_age: str
) -> None:
    """The proxy between the web process and PostgreSQL stops forwarding. Appends and reads answer
    503 ``database_unavailable`` with Retry-After within the bound, never hang; after the thaw the
    phone sends the refused entries again with their ids: each lands once, at its seq."""
    env = {**TIMEOUTS, "DATABASE_URL": _via(proxy), "DATABASE_CONN_MAX_AGE": conn_max_age}
    phone = Phone(stack.web(1, **env), alice.token)
    match_id = _new_match(phone, [alice, bob, charlie, dave])
    acknowledged: dict[str, int] = {}
    for seq in (1, 2):
        event_id = str(uuid.uuid4())
        assert _append(phone, match_id, seq, event_id)[0] == 201
        acknowledged[event_id] = seq
    proxy.freeze()
    refused = str(uuid.uuid4())
    try:
        status, body, retry_after, took = _append(phone, match_id, 3, refused)
        assert (status, body["code"]) == (503, "database_unavailable"), body
        assert retry_after is not None and int(retry_after) >= 1
        assert took < BOUND_S, took
        status, body = phone.call("GET", f"/api/v1/matches/{match_id}/summary/", timeout=30)
        assert (status, body["code"]) == (503, "database_unavailable"), body
    finally:
        proxy.thaw()
    _until_acknowledged(phone, match_id, 3, refused)
    acknowledged[refused] = 3
    for seq in (4, 5):
        event_id = str(uuid.uuid4())
        _until_acknowledged(phone, match_id, seq, event_id)
        acknowledged[event_id] = seq
    figures = check.record_check(acknowledged, [match_id])
    check.figures(f"database-frozen-{conn_max_age}", **figures, refused_after_s=round(took, 2))
    assert figures["stored"] == 5  # the five hands, once each
    check.summaries_check([phone], [match_id])


def test_a_match_row_locked_outside_answers_503_within_the_lock_timeout(
    alice: Person, bob: Person, charlie: Person, dave: Person, stack: Stack
) -> None:
    """An outside transaction holds the match's row lock: the append waits ``lock_timeout`` (1 s
    here), not until the lock is let go, answers 503, and lands once when sent again."""
    phone = Phone(stack.web(1, **TIMEOUTS), alice.token)
    match_id = _new_match(phone, [alice, bob, charlie, dave])
    first = str(uuid.uuid4())
    assert _append(phone, match_id, 1, first)[0] == 201
    locked = str(uuid.uuid4())
    with psycopg.connect(database_url_of_this_run()) as holder:
        holder.execute("SELECT id FROM companion_match WHERE id = %s FOR UPDATE", [match_id])
        status, body, retry_after, took = _append(phone, match_id, 2, locked)
        holder.rollback()
    assert (status, body["code"]) == (503, "database_unavailable"), body
    assert "did not answer in time" in body["message"]  # PostgreSQL's lock timeout, named as such
    assert retry_after is not None and took < LOCK_MS / 1000 + 4, took
    _until_acknowledged(phone, match_id, 2, locked)
    figures = check.record_check({first: 1, locked: 2}, [match_id])
    check.figures("match-row-locked", **figures, refused_after_s=round(took, 2))
