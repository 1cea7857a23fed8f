"""A claim past the request budget is finished by a real Celery worker (202 → worker → verdict).

Run by ``python3 scripts/test.py --integration`` (PostgreSQL, Redis and a worker it starts).
"""

from __future__ import annotations

import random
import time
import uuid
from typing import Any

import pytest

from companion.models import ClaimCheck, Event
from tests.conftest import Person

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")


def test_a_pending_claim_is_answered_by_the_worker(
    alice: Person, bob: Person, charlie: Person, dave: Person, settings: Any
) -> None:
    # Four shuffled 13-card hands, all known, before the opening lead (as in tests/service/
    # test_claims.py): "no more points" for seat 3 needs thousands of positions, more than a zero
    # request budget allows (the solver checks the clock every 256) → 202 in this process. Only the
    # worker (not eager here) can append the claim event.
    settings.COMPANION_CLAIM_REQUEST_BUDGET_MS = 0
    deck = [r + s for s in SUITS for r in RANKS]
    random.Random(1).shuffle(deck)
    hands = [sorted(deck[i * 13 : (i + 1) * 13]) for i in range(4)]
    match = alice.create_match(
        [alice.player.pk, bob.player.pk, charlie.player.pk, dave.player.pk], variants={"pass_count": 0}
    )
    assert alice.append(match["id"], "deal", {"hands": hands}, expected_seq=1).status_code == 201
    body = {"seat": 3, "kind": "no_more_points", "client_event_id": str(uuid.uuid4())}
    response = alice.post(f"/api/v1/matches/{match['id']}/claims/", body)
    assert response.status_code == 202, response.json()
    poll = response.json()["poll"]
    deadline = time.monotonic() + 30
    polled = alice.get(poll).json()
    while polled["status"] == "pending" and time.monotonic() < deadline:
        time.sleep(0.2)
        polled = alice.get(poll).json()
    assert polled["status"] == "done", polled
    assert polled["verdict"] in ("holds", "fails") and polled["seq"] == 2
    claim_event = Event.objects.get(match_id=match["id"], seq=2)
    assert claim_event.type == "claim" and claim_event.payload["verdict"]["status"] == polled["verdict"]
    assert ClaimCheck.objects.get(pk=response.json()["claim"]).finished_at is not None
    summary = alice.get(f"/api/v1/matches/{match['id']}/summary/").json()
    assert summary["claims"][0]["verdict"] == polled["verdict"]
