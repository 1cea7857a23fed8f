"""Live updates (companion/live.py, api/live.py, api/live_server.py): a committed entry is announced
to the match's streams, a rolled-back one never; a stream opens with a ticket from the API, starts with
the ticket's seq and then carries each new one and the publishers' heartbeat, without the database."""

from __future__ import annotations

import os
import threading
import time
import uuid
from typing import Any

import pytest
from django.db import transaction

from companion import live, services
from tests.conftest import Person


def next_seq(subscription: live.Subscription, timeout: float) -> int | None:
    """The next seq in a mailbox, past any heartbeat (a heartbeat thread may run in this process)."""
    deadline = time.monotonic() + timeout
    while (got := subscription.get(max(0.0, deadline - time.monotonic()))) == live.HEARTBEAT:
        pass
    return got


def ticket(person: Person, match_id: int) -> str:
    response = person.post(f"/api/v1/matches/{match_id}/live-ticket")
    assert response.status_code == 201, response.content
    assert response["Cache-Control"] == "no-store"
    return str(response.json()["ticket"])


def stream(match_id: int, pass_: str) -> Any:
    """A stream as the phone opens it: the ticket, and no other credential."""
    from rest_framework.test import APIClient

    return APIClient().get(
        f"/api/v1/matches/{match_id}/live", HTTP_ACCEPT="text/event-stream", HTTP_AUTHORIZATION=f"Ticket {pass_}"
    )


@pytest.fixture
def watching(hearts_match: dict[str, Any]) -> Any:
    subscription = live.subscribe(hearts_match["id"])
    yield subscription
    live.unsubscribe(subscription)


def test_an_entry_is_announced_only_after_its_transaction_commits(
    alice: Person, hearts_match: dict[str, Any], watching: live.Subscription, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert (
            alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1).status_code
            == 201
        )
        assert next_seq(watching, 0) is None  # not committed yet: no phone may hear of it
    for callback in callbacks:
        callback()
    assert next_seq(watching, 0) == 1  # the hand is seq 1 (the match starts with none)
    assert next_seq(watching, 0) is None  # once


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_entry_is_never_announced(alice: Person, hearts_match: dict[str, Any]) -> None:
    subscription = live.subscribe(hearts_match["id"])
    try:
        with pytest.raises(RuntimeError), transaction.atomic():
            services.event_append(
                match_id=hearts_match["id"],
                type="hand_result",
                payload={"points": [3, 18, 0, 5]},
                client_event_id=uuid.uuid4(),
                expected_seq=1,
                user=alice.user,
            )
            raise RuntimeError("the request failed after the append")
        assert next_seq(subscription, 0.2) is None
        assert (
            alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1).status_code
            == 201
        )
        assert next_seq(subscription, 1) == 1  # the same seq, now committed
    finally:
        live.unsubscribe(subscription)


def test_only_the_matchs_own_streams_hear_it(hearts_match: dict[str, Any], watching: live.Subscription) -> None:
    before = live.hub.count()
    other = live.subscribe(hearts_match["id"] + 1000)
    try:
        live.publish(hearts_match["id"], 7)
        assert next_seq(watching, 0) == 7
        assert next_seq(other, 0) is None
    finally:
        live.unsubscribe(other)
    assert live.hub.count() == before  # unsubscribing removed it


def _read_events(response: Any, count: int) -> list[str]:
    """The first ``count`` events or comments of a stream, read in a thread (the stream blocks)."""
    frames: list[str] = []
    chunks = iter(response.streaming_content)
    while len(frames) < count:
        frames.extend(f for f in next(chunks).decode().split("\n\n") if f)
    response.close()
    return frames


def test_the_stream_starts_with_the_tickets_seq_then_sends_each_new_one_without_the_database(
    alice: Person, hearts_match: dict[str, Any], settings: Any, django_assert_num_queries: Any
) -> None:
    settings.COMPANION_LIVE_PING_S = 0.05
    before = live.hub.count()
    match_id = hearts_match["id"]
    assert alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1).status_code == 201
    pass_ = ticket(alice, match_id)
    with django_assert_num_queries(0):  # the ticket is the credential: no session, token or match read
        response = stream(match_id, pass_)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["X-Accel-Buffering"] == "no"
    assert response["Cache-Control"] == "no-store"
    frames: list[str] = []
    reader = threading.Thread(target=lambda: frames.extend(_read_events(response, 4)))
    reader.start()
    live.publish(match_id, 2)
    reader.join(timeout=5)
    events = [f for f in frames if not f.startswith(":") and not f.startswith("event: heartbeat")]
    assert events[:2] == ["retry: 1000", 'id: 1\nevent: seq\ndata: {"seq": 1}']
    assert 'id: 2\nevent: seq\ndata: {"seq": 2}' in events
    assert live.hub.count() == before  # closing the response unsubscribed it


def test_the_publishers_heartbeat_is_passed_on_as_its_own_event(
    alice: Person, hearts_match: dict[str, Any], settings: Any
) -> None:
    settings.COMPANION_LIVE_PING_S = 0.05
    match_id = hearts_match["id"]
    response = stream(match_id, ticket(alice, match_id))
    frames: list[str] = []
    reader = threading.Thread(target=lambda: frames.extend(_read_events(response, 6)))
    reader.start()
    time.sleep(0.1)
    live.hub._forwarded_at = -1e9  # (a heartbeat thread of this process may just have beaten)
    live.hub.heartbeat()
    reader.join(timeout=5)
    assert "event: heartbeat\ndata: {}" in frames
    assert all(f.startswith(("retry", "id: 0", ":", "event: heartbeat")) for f in frames)  # no seq made up


def test_heartbeats_from_many_publishers_reach_a_stream_once_per_half_interval(
    hearts_match: dict[str, Any], watching: live.Subscription, settings: Any
) -> None:
    settings.COMPANION_LIVE_HEARTBEAT_S = 60.0  # no other beat in between
    live.hub._forwarded_at = -1e9
    assert live.hub.heartbeat() >= 1
    assert live.hub.heartbeat() == 0  # a second publisher's beat a moment later is not passed on again
    assert watching.get(timeout=0) == live.HEARTBEAT
    assert watching.get(timeout=0) is None
    assert live.hub.fresh()


def test_a_ticket_is_only_for_someone_who_sees_the_match(hearts_match: dict[str, Any], db: None) -> None:
    mallory = Person("mallory")
    response = mallory.post(f"/api/v1/matches/{hearts_match['id']}/live-ticket")
    assert response.status_code == 404
    assert response.json()["code"] == "match_not_found"


@pytest.mark.parametrize("case", ["none", "forged", "other match", "token"])
def test_a_stream_without_a_valid_ticket_is_refused_in_json(
    alice: Person, hearts_match: dict[str, Any], case: str
) -> None:
    before = live.hub.count()
    match_id = hearts_match["id"]
    good = ticket(alice, match_id)
    authorization = {
        "none": "",
        "forged": "Ticket " + good[:-3] + ("aaa" if good[-3:] != "aaa" else "bbb"),
        "other match": "Ticket " + live.issue_ticket(user_id=1, match_id=match_id + 1, seq=0),
        "token": f"Token {alice.token}",  # the API's token is not a ticket
    }[case]
    from rest_framework.test import APIClient

    response = APIClient().get(
        f"/api/v1/matches/{match_id}/live", HTTP_ACCEPT="text/event-stream", HTTP_AUTHORIZATION=authorization
    )
    assert response.status_code == 403
    assert response.json()["code"] == "live_ticket_refused"
    assert live.hub.count() == before


def test_an_old_ticket_is_refused_as_expired(alice: Person, hearts_match: dict[str, Any], settings: Any) -> None:
    pass_ = ticket(alice, hearts_match["id"])
    settings.COMPANION_LIVE_TICKET_S = -1  # any age is too old
    response = stream(hearts_match["id"], pass_)
    assert response.status_code == 401
    assert response.json()["code"] == "live_ticket_expired"


def test_a_threaded_production_server_turns_streams_away(
    alice: Person, hearts_match: dict[str, Any], settings: Any
) -> None:
    settings.COMPANION_LIVE_WSGI = False
    before = live.hub.count()
    response = stream(hearts_match["id"], ticket(alice, hearts_match["id"]))
    assert response.status_code == 503
    assert response.json()["code"] == "live_unavailable"
    assert live.hub.count() == before


def _heard(subscription: live.Subscription, match_id: int, seq: int) -> int | None:
    """Publish until the relay's listener (a thread that subscribes once) has passed one on."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        live.publish(match_id, seq)
        got = next_seq(subscription, 0.1)
        if got is not None:
            return got
    return None


@pytest.mark.integration  # needs REDIS_URL: run by `scripts/test.py --integration` (CI)
def test_through_redis_a_process_hears_its_deployment_and_no_other(settings: Any) -> None:
    url = os.environ["REDIS_URL"].rsplit("/", 1)[0]
    settings.COMPANION_LIVE_REDIS_URL = f"{url}/9"
    match_id = 900_000 + os.getpid() % 1000  # no other test's match
    subscription = live.subscribe(match_id)
    try:
        assert _heard(subscription, match_id, 3) == 3
        # another deployment on the same Redis (database 10) publishes on its own channel
        settings.COMPANION_LIVE_REDIS_URL = f"{url}/10"
        live.publish(match_id, 4)
        heard = []  # (repeats of 3 from the loop above may still arrive)
        while (got := next_seq(subscription, 0.5)) is not None:
            heard.append(got)
        assert 4 not in heard
    finally:
        live.unsubscribe(subscription)
