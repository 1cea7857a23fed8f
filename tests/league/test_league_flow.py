"""League derived rows follow every finish and correction, and a rebuild gives identical rows."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core.management import call_command

from companion.models import Match
from league import services
from league.models import HandResultRow, MatchRow, PlayerResultRow, PlayerStatRow, Rating, RatingHistoryRow
from league.profiles import profile_of
from league.ratings import INITIAL, RatedMatch, rate
from league.snapshot import derived_snapshot
from tests.conftest import Person

pytestmark = pytest.mark.django_db

HANDS = ([10, 10, 0, 6], [13, 13, 0, 0], [0, 26, 0, 0], [5, 13, 5, 3])
Committing = Callable[[], AbstractContextManager[Any]]


def play(person: Person, match_id: int, hands: Any, committing: Committing) -> dict[str, Any]:
    body: dict[str, Any] = {}
    for offset, points in enumerate(hands):
        with committing():
            response = person.append(match_id, "hand_result", {"points": list(points)}, expected_seq=1 + offset)
        assert response.status_code == 201, response.json()
        body = response.json()
    return body


def finished_match(alice: Person, seats: list[Person], committing: Committing) -> int:
    """A Hearts game to 50 that ends on the fourth hand.

    Hand scores: [10, 10, 0, 6], then [13, 13, 0, 0], then [0, 26, 0, 0] — a moon by seat 1 under
    add_to_others scores [26, 0, 26, 26]. Totals: [10,10,0,6] → [23,23,0,6] → [49,23,26,32]. Nobody
    has 50 yet, so a fourth hand [5, 13, 5, 3] gives [54, 36, 31, 35]: seat 0 reached 50, and seat 2
    wins with 31; places: seat 2 → 1, seat 3 → 2, seat 1 → 3, seat 0 → 4.
    """
    match = alice.create_match([p.player.pk for p in seats], variants={"target_score": 50})
    body = play(alice, match["id"], HANDS, committing)
    assert body["status"] == "finished"
    return int(match["id"])


def test_finishing_a_match_writes_its_rows(cast: list[Person], committing: Committing) -> None:
    alice = cast[0]
    match_id = finished_match(alice, cast, committing)
    row = MatchRow.objects.get(match_id=match_id)
    assert (row.game, row.profile, row.hands, row.winners) == (
        "hearts",
        profile_of("hearts", {"target_score": 50})[0],
        4,
        [2],
    )
    places = dict(PlayerResultRow.objects.filter(match=row).values_list("seat", "place"))
    assert places == {0: 4, 1: 3, 2: 1, 3: 2}
    scores = dict(PlayerResultRow.objects.filter(match=row).values_list("seat", "score"))
    assert scores == {0: 54, 1: 36, 2: 31, 3: 35}
    # Hand 3 was bob's moon: 26 penalty points taken, scored 0 for him.
    assert list(HandResultRow.objects.filter(match=row, hand=3).order_by("seat").values_list("score", flat=True)) == [
        26,
        0,
        26,
        26,
    ]
    stats = {
        (p, k): v for p, k, v in PlayerStatRow.objects.filter(match=row).values_list("player__name", "key", "value")
    }
    assert stats[("Bob", "moons")] == 1
    assert stats[("Bob", "penalty_points")] == 10 + 13 + 26 + 13
    assert stats[("Alice", "hands")] == 4


def test_ratings_follow_the_finishing_order(cast: list[Person], committing: Committing) -> None:
    alice = cast[0]
    finished_match(alice, cast, committing)
    ratings = {r.player.name: r for r in Rating.objects.select_related("player")}
    assert ratings["Charlie"].mu > INITIAL.mu > ratings["Alice"].mu
    assert ratings["Charlie"].ordinal > ratings["Dave"].ordinal > ratings["Bob"].ordinal > ratings["Alice"].ordinal
    assert {r.matches for r in ratings.values()} == {1}


def test_deriving_twice_changes_nothing(cast: list[Person], committing: Committing) -> None:
    alice = cast[0]
    match_id = finished_match(alice, cast, committing)
    before = derived_snapshot()
    services.match_derive(match_id=match_id)
    services.match_derive(match_id=match_id)
    assert derived_snapshot() == before


def test_a_rebuild_gives_identical_rows(cast: list[Person], committing: Committing) -> None:
    alice = cast[0]
    finished_match(alice, cast, committing)
    finished_match(alice, cast[1:] + cast[:1], committing)
    before = derived_snapshot()
    assert before["MatchRow"] and before["RatingHistoryRow"]
    services.league_rebuild()
    assert derived_snapshot() == before
    call_command("league_rebuild", "--check")


def test_a_correction_to_an_old_match_re_rates_every_later_match(cast: list[Person], committing: Committing) -> None:
    alice = cast[0]
    first = finished_match(alice, cast, committing)
    second = finished_match(alice, cast[1:] + cast[:1], committing)
    # Void the first match's last hand: it is no longer finished, so only the second match counts.
    with committing():
        response = alice.post(
            f"/api/v1/matches/{first}/events/4/void", {"client_event_id": str(uuid.uuid4()), "reason": "wrong hand"}
        )
    assert response.status_code == 201, response.json()
    assert Match.objects.get(pk=first).status == "open"
    assert not MatchRow.objects.filter(match_id=first).exists()
    profile = profile_of("hearts", {"target_score": 50})[0]
    places = dict(PlayerResultRow.objects.filter(match_id=second).values_list("player_id", "place"))
    seats = cast[1:] + cast[:1]
    expected, _ = rate(
        [
            RatedMatch(
                second, "hearts", profile, tuple(p.player.pk for p in seats), tuple(places[p.player.pk] for p in seats)
            )
        ]
    )
    for (game, prof, player_id), skill in expected.items():
        stored = Rating.objects.get(game=game, profile=prof, player_id=player_id)
        assert stored.mu == pytest.approx(skill.mu) and stored.sigma == pytest.approx(skill.sigma)
        assert stored.matches == 1
    assert set(RatingHistoryRow.objects.values_list("match_id", flat=True)) == {second}
