"""Claim checks are bounded (issue 24 item 1): in the request, by a per-process cap, in the worker."""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

import pytest
from celery.exceptions import SoftTimeLimitExceeded

from companion import claims
from companion.models import ClaimCheck, Event
from companion.tasks import claim_check
from tests.conftest import Person
from tests.service.test_claims import HANDS, claim, post_events


@pytest.fixture
def laid_down_match(alice: Person, bob: Person, charlie: Person, dave: Person) -> int:
    """Hearts without passing, hands not recorded, after trick 1 (3: 2♣, 0: 2♠, 1: 2♥, 2: 2♦)."""
    match = alice.create_match(
        [alice.player.pk, bob.player.pk, charlie.player.pk, dave.player.pk], variants={"pass_count": 0}
    )
    trick_1 = [("play_card", {"seat": s, "card": c}) for s, c in ((3, "2C"), (0, "2S"), (1, "2H"), (2, "2D"))]
    post_events(alice, match["id"], [("deal", {}), *trick_1])
    return int(match["id"])


def test_the_laid_down_clubs_claim_is_answered_within_the_request(
    alice: Person, laid_down_match: int, settings: Any
) -> None:
    # The attack: this request never ended (the first deal of the unseen cards took an
    # exponential search). Dave's 12 clubs win 12 tricks whatever the others hold: holds, at once.
    settings.COMPANION_CLAIM_REQUEST_BUDGET_MS = 200
    started = time.monotonic()
    response = claim(alice, laid_down_match, seat=3, kind="at_least", tricks=12, laid_down=HANDS[3][1:])
    assert time.monotonic() - started < 10  # generous: the check itself is bounded by 0.2 s
    assert response.status_code == 201, response.json()
    assert response.json()["claim"]["verdict"] == "holds"


def test_beyond_the_cap_a_claim_goes_straight_to_the_worker(
    alice: Person, laid_down_match: int, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    # The process already runs as many checks as it may (a cap of 1, taken here): the claim is
    # stored pending and queued (202) without a check in the request.
    monkeypatch.setattr(claims, "_SLOTS", threading.BoundedSemaphore(1))
    ran: list[object] = []
    monkeypatch.setattr(claims, "run_check", lambda *a: ran.append(a))
    assert claims._SLOTS.acquire(blocking=False)
    with django_capture_on_commit_callbacks(execute=False):
        response = claim(alice, laid_down_match, seat=3, kind="at_least", tricks=12, laid_down=HANDS[3][1:])
    assert response.status_code == 202, response.json()
    assert response.json()["status"] == "pending" and ran == []
    assert ClaimCheck.objects.get(pk=response.json()["claim"]).status == ClaimCheck.Status.PENDING
    claims._SLOTS.release()
    # with the slot free again, the next claim is checked in the request
    monkeypatch.undo()
    again = claim(alice, laid_down_match, seat=3, kind="at_least", tricks=12, laid_down=HANDS[3][1:])
    assert again.status_code == 201 and again.json()["claim"]["verdict"] == "holds"


def test_the_slot_is_given_back_when_the_check_fails(
    alice: Person, laid_down_match: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(claims, "_SLOTS", threading.BoundedSemaphore(1))

    def broken(*args: Any) -> Any:
        raise RuntimeError("bug")

    monkeypatch.setattr(claims, "run_check", broken)
    response = claim(alice, laid_down_match, seat=3, kind="at_least", tricks=12, laid_down=HANDS[3][1:])
    assert response.status_code == 500
    assert claims._SLOTS.acquire(blocking=False)


def test_the_workers_soft_time_limit_answers_undetermined(
    alice: Person, laid_down_match: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    check = ClaimCheck.objects.create(
        match_id=laid_down_match,
        client_event_id=uuid.uuid4(),
        at_seq=5,
        seat=3,
        kind="at_least",
        tricks=12,
        laid_down=HANDS[3][1:],
    )

    def stopped(*args: Any) -> Any:
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(claims, "run_check", stopped)
    assert claim_check.run(check.pk) == "undetermined"
    polled = alice.get(f"/api/v1/claims/{check.pk}").json()
    assert polled["status"] == "done" and polled["verdict"] == "undetermined"
    claim_event = Event.objects.get(match_id=laid_down_match, type="claim")
    assert claim_event.payload["verdict"]["reason_code"] == "time_budget"
    # the task run again (a redelivery) appends nothing more
    assert claim_check.run(check.pk) == "done already"
    assert Event.objects.filter(match_id=laid_down_match, type="claim").count() == 1


def test_the_task_has_hard_limits(settings: Any) -> None:
    assert claim_check.soft_time_limit == settings.COMPANION_CLAIM_TASK_SOFT_LIMIT_S
    assert claim_check.time_limit == settings.COMPANION_CLAIM_TASK_TIME_LIMIT_S
    soft, hard = claim_check.soft_time_limit or 0, claim_check.time_limit or 0
    # room for the check and its settling line (one budget each) before the soft limit
    assert settings.COMPANION_CLAIM_BUDGET_S * 2 < soft < hard
