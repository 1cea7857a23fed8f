"""/api/v1/stats/ratings and /api/v1/stats/rating-history; corrections flow through; tasks are idempotent.

Expected ratings are computed with the ``openskill`` package's Plackett–Luce model directly, from the
finishing orders worked out in ``tests.league.helpers`` (m1 Jan 10, m2 Feb 10, m4 Feb 20).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from openskill.models import PlackettLuce

from league import services
from league.models import MatchRow
from league.profiles import profile_of
from league.snapshot import derived_snapshot
from tests.league.helpers import Committing, League, day

pytestmark = pytest.mark.django_db
PROFILE = profile_of("hearts", {"target_score": 50})[0]


def openskill_after(matches: Sequence[tuple[Sequence[str], Sequence[int]]]) -> dict[str, Any]:
    """Ratings by name after the matches, each (names by seat, places by seat), in order."""
    model = PlackettLuce()
    current: dict[str, Any] = {}
    for names, places in matches:
        teams = [[current.get(n) or model.rating()] for n in names]
        for name, team in zip(names, model.rate(teams, ranks=list(places)), strict=True):
            current[name] = team[0]
    return current


HEARTS_ORDER = [
    (("Alice", "Bob", "Charlie", "Dave"), (4, 3, 1, 2)),  # m1
    (("Bob", "Charlie", "Dave", "Alice"), (4, 3, 1, 2)),  # m2
    (("Alice", "Bob", "Charlie", "Dave"), (1, 4, 3, 2)),  # m4
]


def ratings_by_name(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["name"]: r for r in body["ratings"]}


def test_ratings_are_openskill_over_the_finishing_orders(league: League) -> None:
    response = league.alice.get(f"/api/v1/stats/ratings?game=hearts&profile={PROFILE}")
    assert response.status_code == 200
    got = ratings_by_name(response.json())
    expected = openskill_after(HEARTS_ORDER)
    for name, skill in expected.items():
        assert got[name]["mu"] == pytest.approx(skill.mu, abs=1e-3)
        assert got[name]["sigma"] == pytest.approx(skill.sigma, abs=1e-3)
        # The ordinal shown is mu − 3·sigma.
        assert got[name]["ordinal"] == pytest.approx(skill.mu - 3 * skill.sigma, abs=2e-3)
        assert got[name]["matches"] == 3
    # Listed best first.
    ordinals = [r["ordinal"] for r in response.json()["ratings"]]
    assert ordinals == sorted(ordinals, reverse=True)


def test_ratings_filters(league: League) -> None:
    tonk = ratings_by_name(league.alice.get("/api/v1/stats/ratings?game=tonk").json())
    # m3 only: B 1st, C 2nd, A 3rd.
    expected = openskill_after([(("Alice", "Bob", "Charlie"), (3, 1, 2))])
    assert set(tonk) == {"Alice", "Bob", "Charlie"}
    assert tonk["Bob"]["mu"] == pytest.approx(expected["Bob"].mu, abs=1e-3)
    assert tonk["Bob"]["profile"] == "standard"
    only_bob = league.alice.get(f"/api/v1/stats/ratings?player={league.bob.player.pk}").json()["ratings"]
    assert {(r["name"], r["game"]) for r in only_bob} == {("Bob", "hearts"), ("Bob", "tonk")}
    assert league.alice.get("/api/v1/stats/ratings?profile=nope").json()["code"] == "unknown_profile"


def test_rating_history_of_a_player(league: League) -> None:
    pid = league.alice.player.pk
    response = league.alice.get(f"/api/v1/stats/rating-history?player={pid}&game=hearts")
    assert response.status_code == 200
    history = response.json()["history"]
    # Alice's Hearts matches in the order they finished: m1 (4th), m2 (2nd), m4 (1st).
    assert [(h["match"], h["place"]) for h in history] == [(league.m1, 4), (league.m2, 2), (league.m4, 1)]
    steps = [openskill_after(HEARTS_ORDER[: n + 1])["Alice"] for n in range(3)]
    assert [h["mu"] for h in history] == pytest.approx([s.mu for s in steps], abs=1e-3)
    # Each step starts where the one before ended; the first starts at the model's 25 − 3·(25/3) = 0.
    assert history[0]["ordinal_before"] == pytest.approx(0.0, abs=1e-3)
    assert history[1]["ordinal_before"] == pytest.approx(history[0]["ordinal"], abs=2e-3)
    # A season keeps only its matches.
    feb = league.alice.get(
        f"/api/v1/stats/rating-history?player={pid}&season_start=2026-02-01&season_end=2026-02-28"
    ).json()["history"]
    assert [h["match"] for h in feb] == [league.m2, league.m4]


def test_rating_history_needs_a_player(league: League) -> None:
    response = league.alice.get("/api/v1/stats/rating-history?game=hearts")
    assert response.status_code == 400 and response.json()["code"] == "player_required"
    missing = league.alice.get("/api/v1/stats/rating-history?player=424242")
    assert missing.status_code == 404 and missing.json()["code"] == "player_not_found"


def test_a_correction_to_an_old_match_flows_through(league: League, committing: Committing) -> None:
    # Amend m1's fourth hand from [5, 13, 5, 3] to [13, 5, 5, 3]: totals [49+13, 23+5, 26+5, 32+3]
    # = [62, 28, 31, 35]: A reached 50, B wins with 28. Places become A 4, B 1, C 2, D 3.
    body = {"type": "hand_result", "payload": {"points": [13, 5, 5, 3]}, "reason": "points went to the wrong seats"}
    with committing():
        response = league.alice.post(
            f"/api/v1/matches/{league.m1}/events/4/amend", {**body, "client_event_id": str(uuid.uuid4())}
        )
    assert response.status_code == 201, response.json()
    row = MatchRow.objects.get(match_id=league.m1)
    assert row.winners == [1] and row.finished_at == day(1, 10)  # still the match of 10 January
    standings = {
        r["name"]: r
        for r in league.alice.get(f"/api/v1/stats/standings?league={league.thursday}&game=hearts").json()["standings"]
    }
    # Thursday Hearts now: B places 1, 4 → 1 win, average 2.5; C places 2, 3 → no win.
    assert (standings["Bob"]["wins"], standings["Bob"]["average_place"]) == (1, 2.5)
    assert standings["Charlie"]["wins"] == 0
    # Every later match (m2, m4) is re-rated from the corrected m1.
    corrected = [(HEARTS_ORDER[0][0], (4, 1, 2, 3)), *HEARTS_ORDER[1:]]
    expected = openskill_after(corrected)
    got = ratings_by_name(league.alice.get(f"/api/v1/stats/ratings?game=hearts&profile={PROFILE}").json())
    for name, skill in expected.items():
        assert got[name]["mu"] == pytest.approx(skill.mu, abs=1e-3), name
    # And the rebuild from the event log agrees with the rows the correction left.
    call_command("league_rebuild", "--check")


def test_voiding_a_hand_unfinishes_the_match_everywhere(league: League, committing: Committing) -> None:
    with committing():
        response = league.alice.post(
            f"/api/v1/matches/{league.m4}/events/4/void", {"client_event_id": str(uuid.uuid4()), "reason": "not played"}
        )
    assert response.status_code == 201
    got = {
        r["name"]: r for r in league.alice.get(f"/api/v1/stats/standings?league={league.friday}").json()["standings"]
    }
    assert got == {}
    expected = openskill_after(HEARTS_ORDER[:2])
    ratings = ratings_by_name(league.alice.get(f"/api/v1/stats/ratings?game=hearts&profile={PROFILE}").json())
    assert ratings["Alice"]["mu"] == pytest.approx(expected["Alice"].mu, abs=1e-3)
    assert ratings["Alice"]["matches"] == 2


def test_running_the_task_twice_changes_nothing(league: League) -> None:
    from companion.models import MatchChange
    from league.tasks import change_consume

    before = derived_snapshot()
    for match_id in (league.m1, league.m2, league.m3, league.m4):
        change = MatchChange.objects.filter(match_id=match_id).first()
        assert change is not None
        change_consume(change.pk)
        services.match_derive(match_id=match_id)
        services.match_derive(match_id=match_id)
    assert derived_snapshot() == before
    services.league_rebuild()
    services.league_rebuild()
    assert derived_snapshot() == before
    call_command("league_rebuild", "--check")


def test_rebuild_check_fails_when_a_row_was_tampered_with(league: League) -> None:
    MatchRow.objects.filter(match_id=league.m1).update(hands=99)
    with pytest.raises(CommandError, match="derived rows differ"):
        call_command("league_rebuild", "--check")
    services.league_rebuild()
    assert MatchRow.objects.get(match_id=league.m1).hands == 4
