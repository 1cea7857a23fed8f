"""Incremental re-rating of one rating pool: the cost of a change is what the change touches.

OpenSkill is a sequential update, so a pool's ratings are a fold over its matches in finishing order.
When one match changes (finishes, is corrected, is voided) only the players of that match — before
and after the change — can rate differently from that match on, and a later match changes only if
one of its players already did (then all its players do). ``pool_rerate`` walks the pool's matches
from the changed one forward with that growing set of *affected* players and rewrites the rating
history and the current ratings of those players only. For the common case — the newest match of
the pool finishing — that is one match and its three to six players, whatever the league's size.

Everything else is read from the stored history: an unaffected player's rating just before a later
match is that match's ``mu_before``/``sigma_before``; an affected player's rating just before the
changed match is their latest step before it. ``Rating.matches`` moves by the rows removed and
added, so no player's whole history is ever counted. The result equals ``league_rebuild`` exactly
(the same updates on the same inputs in the same order): ``tests/league/test_incremental.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q

from league.models import MatchRow, PlayerResultRow, Rating, RatingHistoryRow
from league.ratings import INITIAL, RatedMatch, RatingStep, Skill, distinct_seats, plackett_luce

OrderKey = tuple[datetime, int]


def after(key: OrderKey | None) -> Q:
    """Rows at or after ``key`` in finishing order (``finished_at``, then match id).

    Spelt with a plain range on ``finished_at`` first, so the pool-order indexes bound the scan
    (an OR alone would read the whole pool)."""
    if key is None:
        return Q()
    return Q(finished_at__gte=key[0]) & (Q(finished_at__gt=key[0]) | Q(match_id__gte=key[1]))


def before(key: OrderKey) -> Q:
    """Rows strictly before ``key`` in finishing order (the complement of ``after``)."""
    return Q(finished_at__lte=key[0]) & (Q(finished_at__lt=key[0]) | Q(match_id__lt=key[1]))


@dataclass
class PoolChange:
    """What one derivation changed in one pool: from where, whose ratings, which old rows went."""

    game: str
    profile: str
    since: OrderKey
    #: Players of the changed match, before and after the change.
    players: set[int] = field(default_factory=set)
    #: Rating history rows already removed with the match's old rows, per player.
    removed: Counter[int] = field(default_factory=Counter)


def pool_rerate(change: PoolChange) -> int:
    """Re-rate the pool from ``change.since`` for the affected players; returns matches re-rated."""
    scope = Q(game=change.game, profile=change.profile)
    later, finished = later_matches(scope & after(change.since))
    stored = _stored_before([m.match_id for m in later])
    skills = {p: _skill_before(change, p) for p in change.players}
    affected = set(change.players)
    steps: list[RatingStep] = []
    replayed: list[int] = []
    for match in later:
        seats = distinct_seats(match)
        players = [match.players[s] for s in seats]
        if len(seats) < 2 or affected.isdisjoint(players):
            continue
        at = (finished[match.match_id], match.match_id)
        prior = [_before(change, at, p, skills, stored) for p in players]
        after_ = plackett_luce(prior, [match.places[s] for s in seats])
        for seat, player, old, new in zip(seats, players, prior, after_, strict=True):
            skills[player] = new
            steps.append(RatingStep(match.match_id, change.game, change.profile, player, match.places[seat], old, new))
        affected.update(players)
        replayed.append(match.match_id)
    again = set(replayed)
    removed = change.removed + Counter(p for (m, p) in stored if m in again)
    RatingHistoryRow.objects.filter(match_id__in=replayed).delete()
    history_insert(change.game, change.profile, steps, finished)
    _ratings_update(change, skills, removed, Counter(s.player_id for s in steps))
    return len(replayed)


def later_matches(scope: Q) -> tuple[list[RatedMatch], dict[int, datetime]]:
    """The finishing orders of the matches in ``scope``, in the order they finished."""
    finished = dict(MatchRow.objects.filter(scope).values_list("match_id", "finished_at").iterator(chunk_size=20000))
    rows = (
        PlayerResultRow.objects.filter(scope)
        .order_by("finished_at", "match_id", "seat")
        .values_list("match_id", "game", "profile", "player_id", "place")
    )
    rated: list[RatedMatch] = []
    seats: dict[int, tuple[str, str, list[int], list[int]]] = {}
    for match_id, game, profile, player_id, place in rows.iterator(chunk_size=20000):
        if match_id not in seats:
            seats[match_id] = (game, profile, [], [])
        seats[match_id][2].append(player_id)
        seats[match_id][3].append(place)
    for match_id, (game, profile, players, places) in seats.items():  # dicts keep the query's order
        rated.append(RatedMatch(match_id, game, profile, tuple(players), tuple(places)))
    return rated, finished


def _stored_before(match_ids: list[int]) -> dict[tuple[int, int], Skill]:
    """Each stored history row's rating before its match, by (match, player); by match id alone,
    so the match's index answers (the pool's columns would tempt the planner to scan the pool)."""
    if not match_ids:
        return {}
    rows = RatingHistoryRow.objects.filter(match_id__in=match_ids)
    return {
        (m, p): Skill(mu, sigma)
        for m, p, mu, sigma in rows.values_list("match_id", "player_id", "mu_before", "sigma_before")
    }


def _before(
    change: PoolChange,
    at: OrderKey,
    player_id: int,
    skills: Mapping[int, Skill | None],
    stored: Mapping[tuple[int, int], Skill],
) -> Skill:
    """A player's rating just before the match at ``at``: the replayed one once affected, else the
    stored one (unchanged, since nothing before this match changed for them)."""
    if player_id in skills:
        return skills[player_id] or INITIAL
    found = stored.get((at[1], player_id))
    if found is None:  # not stored (never expected): ask the history, as for the changed match
        found = _skill_before(change, player_id, since=at)
    return found or INITIAL


def _skill_before(change: PoolChange, player_id: int, since: OrderKey | None = None) -> Skill | None:
    """The player's rating after their latest match before ``since`` (``None``: no match before)."""
    row = (
        RatingHistoryRow.objects.filter(game=change.game, profile=change.profile, player_id=player_id)
        .filter(before(since or change.since))
        .order_by("-finished_at", "-match_id")
        .values_list("mu", "sigma")
        .first()
    )
    return None if row is None else Skill(*row)


def _ratings_update(
    change: PoolChange, skills: Mapping[int, Skill | None], removed: Counter[int], added: Counter[int]
) -> None:
    """Set each affected player's current rating and move their match count by the rows changed."""
    scope = Q(game=change.game, profile=change.profile)
    current = dict(Rating.objects.filter(scope, player_id__in=list(skills)).values_list("player_id", "matches"))
    gone: list[int] = []
    for player_id, skill in skills.items():
        matches = current.get(player_id, 0) - removed[player_id] + added[player_id]
        if skill is None or matches <= 0:
            gone.append(player_id)
            continue
        Rating.objects.update_or_create(
            game=change.game,
            profile=change.profile,
            player_id=player_id,
            defaults={"mu": skill.mu, "sigma": skill.sigma, "ordinal": skill.ordinal, "matches": matches},
        )
    if gone:
        Rating.objects.filter(scope, player_id__in=gone).delete()


_HISTORY_COLUMNS = (
    "match_id",
    "player_id",
    "game",
    "profile",
    "finished_at",
    "place",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "ordinal",
)


def history_insert(game: str, profile: str, steps: Iterable[RatingStep], finished: Mapping[int, datetime]) -> None:
    """Write rating history rows with one ``executemany`` per batch.

    A rebuild writes one row per player per match (400,000 for 100,000 matches); building model
    instances for ``bulk_create`` costs more than the rating itself, so the rows go in as plain
    tuples. Dates are prepared by the field, as the ORM would.
    """
    from django.db import connections, router

    connection = connections[router.db_for_write(RatingHistoryRow)]
    prep = RatingHistoryRow._meta.get_field("finished_at").get_db_prep_save
    when = {m: prep(at, connection) for m, at in finished.items()}
    table = connection.ops.quote_name(RatingHistoryRow._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(c) for c in _HISTORY_COLUMNS)
    sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(_HISTORY_COLUMNS))})"
    rows = [
        (
            *(s.match_id, s.player_id, game, profile, when[s.match_id], s.place),
            *(s.before.mu, s.before.sigma, s.after.mu, s.after.sigma, s.after.mu - 3 * s.after.sigma),
        )
        for s in steps
    ]
    with connection.cursor() as cursor:
        for offset in range(0, len(rows), 5000):
            cursor.executemany(sql, rows[offset : offset + 5000])
