"""Writes of the derived league tables. Every function here can run twice without changing anything.

``match_derive`` makes one match's rows agree with its record and re-rates its game and house-rule
profile from that match onward; ``league_rebuild`` rewrites every derived row from the event logs.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import datetime
from typing import Any

from django.db import connections, router, transaction
from django.db.models import Count, Q

from companion import outbox, selectors
from companion.models import Match, MatchChange
from league.extract import hand_rows, stat_rows, state_facts
from league.models import HandResultRow, MatchRow, PlayerResultRow, PlayerStatRow, Rating, RatingHistoryRow
from league.profiles import profile_of
from league.ratings import Key, RatedMatch, RatingStep, Skill, rate
from league.selectors import derived_changed
from scoring.record import effective_events

OrderKey = tuple[datetime, int]
log = logging.getLogger(__name__)


def _finished_at(match: Match) -> datetime:
    """When the match finished: the recording time of its last event that counts."""
    events = effective_events(selectors.recorded_events(match))
    if not events:
        return match.created_at
    return match.events.get(seq=events[-1].seq).recorded_at


def _rows_for(match: Match) -> MatchRow | None:
    """Write the match's rows (no ratings); ``None`` when the match is not finished."""
    MatchRow.objects.filter(match=match).delete()
    game = selectors.match_game(match)
    state = selectors.match_state_get(match)
    result = game.result(state)
    if result is None:
        return None
    profile, label = profile_of(match.game, match.variants)
    seats = list(match.seats.order_by("seat").values_list("seat", "player_id"))
    facts = state_facts(game, state)
    finished_at = _finished_at(match)
    row = MatchRow.objects.create(
        match=match,
        league_id=match.league_id,
        game=match.game,
        profile=profile,
        profile_label=label[:500],
        finished_at=finished_at,
        hands=len(facts.hands),
        winners=list(result.winners),
        lower_is_better=result.lower_is_better,
        how=result.how[:300],
        how_line=_how_line(result.as_json()),
    )
    common: dict[str, Any] = {
        "match": row,
        "league_id": match.league_id,
        "game": match.game,
        "profile": profile,
        "finished_at": finished_at,
    }
    PlayerResultRow.objects.bulk_create(
        PlayerResultRow(
            **common,
            seat=seat,
            player_id=player_id,
            place=result.places[seat],
            score=result.scores[seat],
            is_winner=seat in result.winners,
            seats=len(seats),
        )
        for seat, player_id in seats
    )
    PlayerStatRow.objects.bulk_create(
        PlayerStatRow(**common, player_id=player_id, key=key, value=value)
        for player_id, key, value in stat_rows(facts, seats)
    )
    HandResultRow.objects.bulk_create(HandResultRow(match=row, **fields) for fields in hand_rows(facts, seats))
    return row


def _after(key: OrderKey | None) -> Q:
    if key is None:
        return Q()
    return Q(finished_at__gt=key[0]) | Q(finished_at=key[0], match_id__gte=key[1])


def _rated_matches(scope: Q) -> tuple[list[RatedMatch], dict[int, datetime]]:
    """The finishing orders of the matches in ``scope`` (a filter on game, profile, finished_at),
    in the order they finished; one query over the player rows (no IN list of ids) and one over
    the match rows for the dates (parsed once per match, not once per seat)."""
    finished = dict(MatchRow.objects.filter(scope).values_list("match_id", "finished_at").iterator(chunk_size=20000))
    rows = (
        PlayerResultRow.objects.filter(scope)
        .order_by("finished_at", "match_id", "seat")
        .values_list("match_id", "game", "profile", "player_id", "place")
    )
    rated: list[RatedMatch] = []
    current: int | None = None
    players: list[int] = []
    places: list[int] = []
    game = profile = ""
    for match_id, g, p, player_id, place in rows.iterator(chunk_size=20000):
        if match_id != current:
            if current is not None:
                rated.append(RatedMatch(current, game, profile, tuple(players), tuple(places)))
            current, game, profile, players, places = match_id, g, p, [], []
        players.append(player_id)
        places.append(place)
    if current is not None:
        rated.append(RatedMatch(current, game, profile, tuple(players), tuple(places)))
    return rated, finished


def ratings_recompute(*, game: str, profile: str, since: OrderKey | None = None) -> int:
    """Re-rate a game and profile (see ``_ratings_recompute``) under the profile's lock."""
    with transaction.atomic():
        profiles_lock({(game, profile)})
        rated = _ratings_recompute(game=game, profile=profile, since=since)
        derived_changed()
    return rated


def profiles_lock(profiles: set[tuple[str, str]]) -> None:
    """Serialise the writers of each (game, house-rule profile) until the transaction ends.

    Two matches of a new profile finishing together would both insert its ratings (a unique
    violation); two re-derivations of one profile would lock its rows in different orders (a
    deadlock). A PostgreSQL transaction-level advisory lock per profile, taken in sorted order,
    queues them instead. SQLite has a single writer and needs none.
    """
    connection = connections[router.db_for_write(Rating)]
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for game, profile in sorted(profiles):
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [profile_lock_key(game, profile)])


def profile_lock_key(game: str, profile: str) -> int:
    """The advisory lock's 64-bit key for one game and house-rule profile."""
    return int.from_bytes(hashlib.sha256(f"league:{game}:{profile}".encode()).digest()[:8], "big", signed=True)


@transaction.atomic
def _ratings_recompute(*, game: str, profile: str, since: OrderKey | None = None) -> int:
    """Re-rate every match of a game and profile from ``since`` on (all of them when ``None``).

    Ratings before ``since`` are kept and are the starting point: a correction to one match costs
    the matches after it, not the whole history. Returns the number of matches rated.
    """
    scope = Q(game=game, profile=profile)
    # Lock the profile's match rows so two corrections re-rating the same profile queue up.
    list(MatchRow.objects.select_for_update().filter(scope).values_list("pk", flat=True))
    start: dict[Key, Skill] = {}
    if since is not None:
        earlier = RatingHistoryRow.objects.filter(scope).exclude(_after(since)).order_by("finished_at", "match_id")
        for player_id, mu, sigma in earlier.values_list("player_id", "mu", "sigma"):
            start[(game, profile, player_id)] = Skill(mu, sigma)
    RatingHistoryRow.objects.filter(scope).filter(_after(since)).delete()
    matches, finished = _rated_matches(scope & _after(since))
    skills, steps = rate(matches, start)
    _history_insert(game, profile, steps, finished)
    _ratings_store(game, profile, skills)
    return len(matches)


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


def _history_insert(game: str, profile: str, steps: list[RatingStep], finished: dict[int, datetime]) -> None:
    """Write rating history rows with one ``executemany`` per batch.

    A rebuild writes one row per player per match (400,000 for 100,000 matches); building model
    instances for ``bulk_create`` costs more than the rating itself, so the rows go in as plain
    tuples. Dates are prepared by the field, as the ORM would.
    """
    connection = connections[router.db_for_write(RatingHistoryRow)]
    field = RatingHistoryRow._meta.get_field("finished_at")
    when = {m: field.get_db_prep_save(at, connection) for m, at in finished.items()}
    table = connection.ops.quote_name(RatingHistoryRow._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(c) for c in _HISTORY_COLUMNS)
    sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(_HISTORY_COLUMNS))})"
    rows = [
        (
            s.match_id,
            s.player_id,
            game,
            profile,
            when[s.match_id],
            s.place,
            s.before.mu,
            s.before.sigma,
            s.after.mu,
            s.after.sigma,
            s.after.mu - 3 * s.after.sigma,
        )
        for s in steps
    ]
    with connection.cursor() as cursor:
        for offset in range(0, len(rows), 5000):
            cursor.executemany(sql, rows[offset : offset + 5000])


def _ratings_store(game: str, profile: str, skills: dict[Key, Skill]) -> None:
    counts = dict(
        RatingHistoryRow.objects.filter(game=game, profile=profile)
        .values("player_id")
        .annotate(n=Count("id"))
        .values_list("player_id", "n")
    )
    Rating.objects.filter(game=game, profile=profile).delete()
    Rating.objects.bulk_create(
        (
            Rating(
                game=game,
                profile=profile,
                player_id=player_id,
                mu=skill.mu,
                sigma=skill.sigma,
                ordinal=skill.ordinal,
                matches=counts[player_id],
            )
            for (_, _, player_id), skill in skills.items()
            if counts.get(player_id)
        ),
        batch_size=2000,
    )


def change_consume(*, change_id: int) -> str:
    """Drain one outbox row (``companion.outbox``): derive its match; idempotent."""
    match_id = MatchChange.objects.filter(pk=change_id, drained_at__isnull=True).values_list("match_id", flat=True)
    pending = match_id.first()
    if pending is None:
        return "drained already"
    match_derive(match_id=pending)
    return "derived"


def match_derive(*, match_id: int) -> bool:
    """One match's rows and the ratings after it (see ``_match_derive``), then warm the memo."""
    finished, league_id = _match_derive(match_id=match_id)
    if league_id is not None:
        try:
            league_warm(league_id)
        except Exception:  # warming is an optimisation; the rows are committed
            log.warning("league %s: memo not warmed", league_id, exc_info=True)
    return finished


def league_warm(league_id: int) -> None:
    """Memoise the league's standings and records now, so the next reader gets them from the cache."""
    from league import selectors as reads

    flt = reads.StatsFilter(league_id=league_id)
    reads.standings(flt)
    reads.records(flt)


@transaction.atomic
def _match_derive(*, match_id: int) -> tuple[bool, int | None]:
    """Make one match's derived rows and the ratings after it agree with its record.

    Run for every outbox change (a finish, a correction that touches a finished match, an import).
    The match row is locked first (an append to it waits), then the profiles it was and is rated
    under; every pending outbox change of the match up to the seq derived here is marked drained in
    the same transaction. Returns whether the match is finished, and its league.
    """
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        return False, None
    old = MatchRow.objects.filter(match_id=match_id).values_list("game", "profile", "finished_at").first()
    profiles_lock({(match.game, profile_of(match.game, match.variants)[0])} | ({old[:2]} if old else set()))
    row = _rows_for(match)
    keys = []
    if old is not None:
        keys.append((old[0], old[1], (old[2], match_id)))
    if row is not None:
        keys.append((row.game, row.profile, (row.finished_at, match_id)))
    for game, profile in {(g, p) for g, p, _ in keys}:
        since = min(k for g, p, k in keys if (g, p) == (game, profile))
        _ratings_recompute(game=game, profile=profile, since=since)
    outbox.drained(match_id=match.pk, through_seq=match.last_seq)
    derived_changed()
    return row is not None, match.league_id


@transaction.atomic
def league_rebuild() -> dict[str, int]:
    """Rewrite every derived row and rating from the event logs.

    Outbox rows are left as they are: a pending change is derived again by the sweep, which is
    harmless (derivation is idempotent) and cannot miss a change that commits during the rebuild.
    """
    for model in (RatingHistoryRow, Rating, HandResultRow, PlayerStatRow, PlayerResultRow, MatchRow):
        model.objects.all().delete()
    finished = Match.objects.filter(status=Match.Status.FINISHED).order_by("pk")
    derived = sum(1 for match in finished.iterator() if _rows_for(match) is not None)
    rated = 0
    for game, profile in MatchRow.objects.values_list("game", "profile").distinct().order_by("game", "profile"):
        profiles_lock({(game, profile)})
        rated += _ratings_recompute(game=game, profile=profile)
    derived_changed()
    return {"matches": derived, "rated": rated}


def _how_line(result: dict[str, Any]) -> dict[str, Any]:
    """The translatable part of a match result's ``how`` (empty for an engine that gives none)."""
    return {k: result[k] for k in ("template", "params", "plural") if k in result}
