"""A seventh game registered only here (tests/seventh/tally.py) goes through the API, the league
and the claim service without a line changed outside its module: the engine is the only place a
game is taught."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from scoring import registry
from tests.conftest import Person
from tests.league.helpers import league_create

pytestmark = pytest.mark.django_db

Committing = Callable[[], AbstractContextManager[Any]]


@pytest.fixture(autouse=True)
def tally(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.core.cache import cache

    monkeypatch.setitem(registry.GAME_MODULES, "tally", "tests.seventh.tally")
    cache.clear()  # the league memoises its reads


@pytest.fixture
def committing(django_capture_on_commit_callbacks: Any) -> Committing:
    return lambda: django_capture_on_commit_callbacks(execute=True)


def _finished_tally(alice: Person, bob: Person, committing: Committing, **fields: Any) -> int:
    """Rounds [3, 4] and [5, 7]: totals 8 and 11; Bob reached the target of 10 and wins."""
    players = [alice.player.pk, bob.player.pk]
    match = alice.create_match(players, game="tally", variants={"target_score": 10}, **fields)
    for seq, points in enumerate(([3, 4], [5, 7]), start=1):
        with committing():
            response = alice.append(match["id"], "round_result", {"points": points}, expected_seq=seq)
        assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "finished" and body["summary"]["totals"] == [8, 11]
    return int(match["id"])


def test_the_catalogue_offers_it_with_its_house_rules(alice: Person) -> None:
    games = {g["name"]: g for g in alice.get("/api/v1/games").json()}
    variants = {v["key"]: v for v in games["tally"]["variants"]}
    assert variants["target_score"]["default"] == 10
    assert "round_result" in games["tally"]["events"]


def test_a_match_is_recorded_refused_and_finished(alice: Person, bob: Person, committing: Committing) -> None:
    match = alice.create_match([alice.player.pk, bob.player.pk], game="tally")
    refused = alice.append(match["id"], "round_result", {"points": [3, -1]}, expected_seq=1)
    assert refused.status_code == 422 and refused.json()["code"] == "one_count_per_seat"
    assert _finished_tally(alice, bob, committing)


def test_the_league_ranks_its_players(alice: Person, bob: Person, committing: Committing) -> None:
    league = league_create(alice, "Tally night", [alice, bob])
    _finished_tally(alice, bob, committing, league=league)
    standings = alice.get(f"/api/v1/stats/standings?league={league}&game=tally").json()["standings"]
    by_name = {row["name"]: row for row in standings}
    # Bob won (place 1), Alice came second.
    assert by_name["Bob"]["wins"] == 1 and by_name["Alice"]["wins"] == 0
    assert by_name["Bob"]["average_place"] == 1 and by_name["Alice"]["average_place"] == 2


def test_the_claim_service_says_it_takes_no_claims(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, bob.player.pk], game="tally")
    response = alice.post(
        f"/api/v1/matches/{match['id']}/claims/",
        {"seat": 0, "kind": "all_tricks", "client_event_id": str(uuid.uuid4())},
    )
    assert response.status_code == 422 and response.json()["code"] == "claims_not_supported"
