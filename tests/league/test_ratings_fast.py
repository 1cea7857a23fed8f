"""The fast Plackett–Luce update equals the ``openskill`` package's, ties included."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from league.ratings import INITIAL, RatedMatch, Skill, plackett_luce, rate

MODEL = PlackettLuce()


def package(skills: list[Skill], places: list[int]) -> list[tuple[float, float]]:
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    return [(t[0].mu, t[0].sigma) for t in MODEL.rate(teams, ranks=list(places))]


skill = st.builds(Skill, st.floats(min_value=-20, max_value=60), st.floats(min_value=0.5, max_value=9))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(skill, st.integers(min_value=1, max_value=4)), min_size=2, max_size=7))
def test_equals_the_package(seats: list[tuple[Skill, int]]) -> None:
    skills = [s for s, _ in seats]
    places = [p for _, p in seats]
    fast = plackett_luce(skills, places)
    for got, (mu, sigma) in zip(fast, package(skills, places), strict=True):
        assert got.mu == pytest.approx(mu, rel=1e-9, abs=1e-9)
        assert got.sigma == pytest.approx(sigma, rel=1e-9, abs=1e-9)


def test_a_league_of_matches_equals_the_package() -> None:
    rng = random.Random(8)
    matches = []
    for i in range(300):
        n = rng.choice([3, 4, 5])
        players = tuple(rng.sample(range(12), n))
        matches.append(RatedMatch(i, "hearts", "standard", players, tuple(rng.randint(1, n) for _ in range(n))))
    skills, _ = rate(matches)
    current: dict[int, object] = {}
    for m in matches:
        teams = [[current.get(p) or MODEL.rating()] for p in m.players]
        for p, team in zip(m.players, MODEL.rate(teams, ranks=list(m.places)), strict=True):
            current[p] = team[0]
    for (_, _, player), got in skills.items():
        want = current[player]
        assert got.mu == pytest.approx(want.mu, rel=1e-9)  # type: ignore[attr-defined]
        assert got.sigma == pytest.approx(want.sigma, rel=1e-9)  # type: ignore[attr-defined]


def test_winner_gains_and_loser_drops() -> None:
    # Two new players: the winner's mu rises above 25 and the loser's falls by the same amount
    # (the update is symmetric for equal skills); both become more certain (sigma < 25/3).
    first, second = plackett_luce([INITIAL, INITIAL], [1, 2])
    assert first.mu - INITIAL.mu == pytest.approx(INITIAL.mu - second.mu)
    assert first.mu > INITIAL.mu and first.sigma < INITIAL.sigma
    tied = plackett_luce([INITIAL, INITIAL], [1, 1])
    assert tied[0] == tied[1]
