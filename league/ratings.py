"""OpenSkill ratings from finishing orders (Plackett–Luce by default).

Ratings are kept per game and per house-rule profile: a Hearts table that plays to 50 with the
jack of diamonds is not rated against one that plays standard rules. A match contributes its
finishing places (ties allowed: tied seats share a place). Ratings are a pure function of the
ordered list of finished matches, so a correction to an old match is handled by re-rating from that
match onward, starting from the ratings every player had just before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

Key = tuple[str, str, int]  # (game, profile, player id)


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate shown to players: mu − 3·sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatedMatch:
    match_id: int
    game: str
    profile: str
    players: tuple[int, ...]  # player id per seat
    places: tuple[int, ...]  # finishing place per seat, 1 = best


@dataclass(frozen=True, slots=True)
class RatingStep:
    """A player's rating after one match (one row of the rating history)."""

    match_id: int
    game: str
    profile: str
    player_id: int
    place: int
    before: Skill
    after: Skill


_MODEL: Any = PlackettLuce()
INITIAL = Skill(mu=_MODEL.mu, sigma=_MODEL.sigma)


def rate(
    matches: Iterable[RatedMatch], start: Mapping[Key, Skill] | None = None
) -> tuple[dict[Key, Skill], list[RatingStep]]:
    """Rate matches in order; return the final skills and one history step per player per match."""
    skills: dict[Key, Skill] = dict(start or {})
    history: list[RatingStep] = []
    model = _MODEL
    for match in matches:
        seats = _distinct_seats(match)
        if len(seats) < 2:
            continue
        keys = [(match.game, match.profile, match.players[s]) for s in seats]
        before = [skills.get(k, INITIAL) for k in keys]
        teams = [[model.rating(mu=b.mu, sigma=b.sigma)] for b in before]
        ranks = [match.places[s] for s in seats]
        updated = model.rate(teams, ranks=ranks)
        for seat, key, old, team in zip(seats, keys, before, updated, strict=True):
            new = Skill(mu=team[0].mu, sigma=team[0].sigma)
            skills[key] = new
            history.append(RatingStep(match.match_id, match.game, match.profile, key[2], match.places[seat], old, new))
    return skills, history


def _distinct_seats(match: RatedMatch) -> list[int]:
    """Seats to rate: a player seated twice (a house-rule oddity) counts once, at the better place."""
    best: dict[int, int] = {}
    for seat, player in enumerate(match.players):
        if player not in best or match.places[seat] < match.places[best[player]]:
            best[player] = seat
    return sorted(best.values())
