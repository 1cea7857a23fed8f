"""The derived standings: the league's result rows, written by the outbox consumer after commit
(a Celery task; eager without Redis). ``GET /matches/{id}/`` serves them as ``standings``."""

from __future__ import annotations

import uuid
from typing import Any

from companion.models import MatchChange
from league import services
from league.models import PlayerResultRow
from tests.conftest import Person
from tests.service.helpers import finish


def _rows(match_id: int) -> list[tuple[int, int, int, int, bool]]:
    return list(
        PlayerResultRow.objects.filter(match_id=match_id)
        .order_by("seat")
        .values_list("seat", "player_id", "place", "score", "is_winner")
    )


def test_finishing_a_match_writes_its_standings_on_commit(
    alice: Person, hearts_match: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        finish(alice, hearts_match["id"])
    # one outbox row, written when the match finished (not on every hand), and drained
    changes = list(MatchChange.objects.filter(match_id=hearts_match["id"]).values_list("seq", "drained_at"))
    assert [seq for seq, _ in changes] == [15] and changes[0][1] is not None
    seats = [s["player"]["id"] for s in hearts_match["seats"]]
    # 15 hands of the helper's cycle (see test_records): totals 91, 95, 102, 102.
    assert _rows(hearts_match["id"]) == [
        (0, seats[0], 1, 91, True),
        (1, seats[1], 2, 95, False),
        (2, seats[2], 3, 102, False),
        (3, seats[3], 3, 102, False),
    ]


def test_rebuilding_standings_twice_changes_nothing(
    alice: Person, hearts_match: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        finish(alice, hearts_match["id"])
    before = _rows(hearts_match["id"])
    assert services.match_derive(match_id=hearts_match["id"]) is True
    assert services.match_derive(match_id=hearts_match["id"]) is True
    assert _rows(hearts_match["id"]) == before
    served = alice.get(f"/api/v1/matches/{hearts_match['id']}/").json()["standings"]
    assert [(r["seat"], r["place"], r["score"]) for r in served] == [(0, 1, 91), (1, 2, 95), (2, 3, 102), (3, 3, 102)]


def test_a_void_that_unfinishes_the_match_removes_its_standings(
    alice: Person, hearts_match: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        last = finish(alice, hearts_match["id"])
        alice.post(f"/api/v1/matches/{hearts_match['id']}/events/{last}/void", {"client_event_id": str(uuid.uuid4())})
    assert _rows(hearts_match["id"]) == []


def test_an_amend_that_changes_the_result_rewrites_the_standings(
    alice: Person, hearts_match: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        last = finish(alice, hearts_match["id"])
        # The last hand was (0, 8, 9, 9) on (91, 87, 93, 93); as (9, 0, 9, 8) totals are (100, 87, 102, 101).
        body = {"type": "hand_result", "payload": {"points": [9, 0, 9, 8]}}
        assert (
            alice.post(
                f"/api/v1/matches/{hearts_match['id']}/events/{last}/amend",
                {**body, "client_event_id": str(uuid.uuid4())},
            ).status_code
            == 201
        )
    assert [(r[2], r[3], r[4]) for r in _rows(hearts_match["id"])] == [
        (2, 100, False),
        (1, 87, True),
        (4, 102, False),
        (3, 101, False),
    ]


def test_the_snapshot_cache_can_be_lost(alice: Person, hearts_match: dict[str, Any]) -> None:
    """Appending after the cache is cleared rebuilds the state by replay."""
    from django.core.cache import cache

    from companion import selectors

    alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1)
    cache.clear()
    selectors.memo_clear()  # the in-process memo too, or nothing is replayed
    response = alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=2)
    assert response.json()["summary"]["totals"] == [6, 36, 0, 10]


def test_a_replay_for_a_stale_read_stops_at_its_seq(
    alice: Person, hearts_match: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    """A poll reads the match (last_seq 1), another phone appends seq 2, then the poll rebuilds a lost
    snapshot. The replay must stop at seq 1: otherwise the poll answers "last_seq 1" with the totals
    of seq 2, and caches the state of seq 2 under the key of seq 1 (a key that must never change)."""
    from django.core.cache import cache

    from companion import selectors
    from companion.models import Match
    from scoring.registry import get_game

    alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1)
    stale = Match.objects.get(pk=hearts_match["id"])
    alice.append(hearts_match["id"], "hand_result", {"points": [10, 6, 4, 6]}, expected_seq=2)
    cache.clear()
    selectors.memo_clear()
    with django_capture_on_commit_callbacks(execute=True):  # a read outside a transaction publishes at once
        summary = selectors.match_summary_get(match=stale)
    assert (summary["last_seq"], summary["summary"]["totals"]) == (1, [3, 18, 0, 5])
    # the state kept under seq 1 is the state after seq 1, not the newer one the read could have met
    assert get_game("hearts").summary(selectors.snapshot_load(stale, 1))["totals"] == [3, 18, 0, 5]
    response = alice.append(hearts_match["id"], "hand_result", {"points": [0, 8, 9, 9]}, expected_seq=3)
    assert response.json()["summary"]["totals"] == [13, 32, 13, 20]  # 3+10+0, 18+6+8, 0+4+9, 5+6+9
