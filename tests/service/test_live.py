"""Live updates (companion/live.py, api/live.py): a committed entry is announced to the match's
streams, a rolled-back one never; the stream starts with the current seq and then carries each new one."""

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
        assert watching.get(timeout=0) is None  # not committed yet: no phone may hear of it
    for callback in callbacks:
        callback()
    heard = watching.get(timeout=0)
    assert heard is not None and heard["seq"] == 1  # the hand is seq 1 (the match starts with none)
    assert heard["totals"] == [3, 18, 0, 5] and heard["events"][0]["payload"] == {"points": [3, 18, 0, 5]}
    assert watching.get(timeout=0) is None  # once


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
        assert subscription.get(timeout=0.2) is None
        assert (
            alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1).status_code
            == 201
        )
        heard = subscription.get(timeout=1)
        assert heard is not None and heard["seq"] == 1  # the same seq, now committed
    finally:
        live.unsubscribe(subscription)


def test_only_the_matchs_own_streams_hear_it(hearts_match: dict[str, Any], watching: live.Subscription) -> None:
    before = live.hub.count()
    other = live.subscribe(hearts_match["id"] + 1000)
    try:
        live.publish(hearts_match["id"], 7)
        assert watching.get(timeout=0) == {"seq": 7}
        assert other.get(timeout=0) is None
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


def test_the_stream_starts_with_the_current_seq_then_sends_each_new_one(
    alice: Person, hearts_match: dict[str, Any], settings: Any
) -> None:
    settings.COMPANION_LIVE_PING_S = 0.05
    before = live.hub.count()
    match_id = hearts_match["id"]
    assert alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1).status_code == 201
    response = alice.get(f"/api/v1/matches/{match_id}/live", HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["X-Accel-Buffering"] == "no"
    frames: list[str] = []
    reader = threading.Thread(target=lambda: frames.extend(_read_events(response, 4)))
    reader.start()
    live.publish(match_id, 2)
    reader.join(timeout=5)
    events = [f for f in frames if not f.startswith(":")]
    assert events[:2] == ["retry: 1000", 'id: 1\nevent: seq\ndata: {"seq": 1}']
    assert 'id: 2\nevent: seq\ndata: {"seq": 2}' in events
    assert live.hub.count() == before  # closing the response unsubscribed it


def test_a_stranger_gets_a_json_404_not_a_stream(hearts_match: dict[str, Any], db: None) -> None:
    before = live.hub.count()
    mallory = Person("mallory")
    response = mallory.get(f"/api/v1/matches/{hearts_match['id']}/live", HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 404
    assert response.json()["code"] == "match_not_found"
    assert live.hub.count() == before


def test_a_threaded_production_server_turns_streams_away(
    alice: Person, hearts_match: dict[str, Any], settings: Any
) -> None:
    settings.COMPANION_LIVE_WSGI = False
    before = live.hub.count()
    response = alice.get(f"/api/v1/matches/{hearts_match['id']}/live", HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 503
    assert response.json()["code"] == "live_unavailable"
    assert live.hub.count() == before


def _heard(subscription: live.Subscription, match_id: int, seq: int) -> int | None:
    """Publish until the relay's listener (a thread that subscribes once) has passed one on."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        live.publish(match_id, seq)
        got = subscription.get(timeout=0.1)
        if got is not None:
            return int(got["seq"])
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
        while (got := subscription.get(timeout=0.5)) is not None:
            heard.append(got["seq"])
        assert 4 not in heard
    finally:
        live.unsubscribe(subscription)
