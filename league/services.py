"""Writes of the derived league tables. Every function here can run twice without changing anything.

``match_derive`` makes one match's rows agree with its record and re-rates its game and house-rule
profile from that match onward; ``league_rebuild`` rewrites every derived row from the event logs.
"""

from __future__ import annotations

import hashlib
import logging
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connections, router, transaction
from django.db.models import Model, Q

from companion import outbox, selectors
from companion.models import Event, Match, MatchChange, MatchSeat
from league.extract import hand_rows, stat_rows, state_facts
from league.models import HandResultRow, MatchRow, PlayerResultRow, PlayerStatRow, Rating, RatingHistoryRow
from league.profiles import profile_of
from league.ratings import rate
from league.rerate import PoolChange, history_insert, later_matches, pool_rerate
from league.selectors import derived_changed
from scoring.record import RecordedEvent, effective_events

log = logging.getLogger(__name__)
#: Matches whose rows a rebuild builds and inserts together.
REBUILD_BATCH = 200


@dataclass
class _Rows:
    """One finished match's derived rows, built in memory (written by ``_rows_write``)."""

    match: MatchRow
    results: list[PlayerResultRow]
    stats: list[PlayerStatRow]
    hands: list[HandResultRow]


def _rows_build(match: Match, state: Any, seats: list[tuple[int, int]], finished_at: datetime) -> _Rows | None:
    """The match's rows from its state (``None`` when it is not finished); no database access."""
    game = selectors.match_game(match)
    result = game.result(state)
    if result is None:
        return None
    profile, label = profile_of(match.game, match.variants)
    facts = state_facts(game, state)
    row = MatchRow(
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
    results = [
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
    ]
    stats = [
        PlayerStatRow(**common, player_id=player_id, key=key, value=value)
        for player_id, key, value in stat_rows(facts, seats)
    ]
    hands = [HandResultRow(match=row, **fields) for fields in hand_rows(facts, seats)]
    return _Rows(row, results, stats, hands)


def _rows_write(built: list[_Rows]) -> None:
    """Insert built rows: four ``INSERT`` statements for any number of matches."""
    MatchRow.objects.bulk_create([b.match for b in built], batch_size=1000)
    PlayerResultRow.objects.bulk_create([r for b in built for r in b.results], batch_size=2000)
    _insert_plain(PlayerStatRow, [r for b in built for r in b.stats])
    _insert_plain(HandResultRow, [r for b in built for r in b.hands])


def _insert_plain(model: type[Model], rows: list[Any]) -> None:
    """``bulk_create`` without the ORM's per-value compiler: one ``executemany`` per 5,000 rows.

    A rebuild writes tens of rows per match; the compiler's work per value cost more than the
    engines' replay. Values are still prepared by their fields, as the ORM would.
    """
    if not rows:
        return
    connection = connections[router.db_for_write(model)]
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(str(f.column)) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    prepared = [[f.get_db_prep_save(getattr(row, f.attname), connection) for f in fields] for row in rows]
    with connection.cursor() as cursor:
        for offset in range(0, len(prepared), 5000):
            cursor.executemany(sql, prepared[offset : offset + 5000])


def _rows_for(match: Match) -> MatchRow | None:
    """Rewrite the match's rows (no ratings); ``None`` when the match is not finished."""
    MatchRow.objects.filter(match=match).delete()
    events = effective_events(selectors.recorded_events(match))
    finished_at = match.events.get(seq=events[-1].seq).recorded_at if events else match.created_at
    seats = list(match.seats.order_by("seat").values_list("seat", "player_id"))
    built = _rows_build(match, selectors.match_state_get(match), seats, finished_at)
    if built is None:
        return None
    _rows_write([built])
    return built.match


def _rows_batch(matches: list[Match]) -> int:
    """Build and insert the rows of many matches (a rebuild): events and seats read in one query
    each for the batch, the states replayed in memory; returns how many are finished."""
    ids = [m.pk for m in matches]
    events: dict[int, list[RecordedEvent]] = {m: [] for m in ids}
    recorded: dict[tuple[int, int], datetime] = {}
    stored = Event.objects.filter(match_id__in=ids).order_by("match_id", "seq")
    for match_id, seq, kind, payload, at in stored.values_list("match_id", "seq", "type", "payload", "recorded_at"):
        events[match_id].append(RecordedEvent(seq=seq, type=kind, payload=payload))
        recorded[(match_id, seq)] = at
    seats: dict[int, list[tuple[int, int]]] = {m: [] for m in ids}
    for match_id, seat, player_id in (
        MatchSeat.objects.filter(match_id__in=ids)
        .order_by("match_id", "seat")
        .values_list("match_id", "seat", "player_id")
    ):
        seats[match_id].append((seat, player_id))
    built = []
    for match in matches:
        mine = [e for e in events[match.pk] if e.seq <= match.last_seq]
        counting = effective_events(mine)
        finished_at = recorded[(match.pk, counting[-1].seq)] if counting else match.created_at
        state = selectors.match_state_replay(match, mine)
        rows = _rows_build(match, state, seats[match.pk], finished_at)
        if rows is not None:
            built.append(rows)
    _rows_write(built)
    return len(built)


def ratings_recompute(*, game: str, profile: str) -> int:
    """Re-rate a whole rating pool from its first match (see ``pools_rederive``)."""
    with transaction.atomic():
        profiles_lock({(game, profile)})
        rated = _pool_recompute(game, profile)
        derived_changed()
    return rated


def pools_rederive(pools: set[tuple[str, str]]) -> int:
    """Re-rate these (game, pool) pairs from scratch, in one transaction, under their locks.

    The public entry for a change that rewrites who played what across a pool's history (a player
    merge or unmerge): ratings of every player of the pool are replayed in finishing order. Returns
    the number of matches rated. Idempotent; other pools keep running in parallel.
    """
    with transaction.atomic():
        profiles_lock(pools)
        rated = sum(_pool_recompute(game, profile) for game, profile in sorted(pools))
        derived_changed()
    return rated


def players_rederive(player_ids: set[int]) -> int:
    """Rewrite the rows of every match these players sit in (or were derived in) and re-rate every
    pool those matches are in, from scratch, in one transaction under the pools' locks.

    The public entry for a player merge or unmerge (seats moved from one player to another): call it
    after the seats are rewritten, with the old and the new player ids. Idempotent; returns the
    number of matches whose rows were rewritten.
    """
    with transaction.atomic():
        seated = set(MatchSeat.objects.filter(player_id__in=player_ids).values_list("match_id", flat=True))
        derived = set(PlayerResultRow.objects.filter(player_id__in=player_ids).values_list("match_id", flat=True))
        matches = Match.objects.filter(pk__in=seated | derived).order_by("pk")
        pools = {(m.game, profile_of(m.game, m.variants)[0]) for m in matches}
        pools |= set(MatchRow.objects.filter(match_id__in=derived).values_list("game", "profile"))
        profiles_lock(pools)
        for match in matches:
            _rows_for(match)
        for game, profile in sorted(pools):
            _pool_recompute(game, profile)
        derived_changed()
    return len(matches)


def profiles_lock(profiles: set[tuple[str, str]]) -> None:
    """Serialise the writers of each (game, rating pool) until the transaction ends.

    Two matches of a new pool finishing together would both insert its ratings (a unique
    violation); two re-derivations of one pool would interleave their replays. A PostgreSQL
    transaction-level advisory lock per pool, taken in sorted order, queues them instead; nothing
    else (no match row, no table) is locked, so appends and other pools never wait on it. SQLite
    has a single writer and needs none.
    """
    connection = connections[router.db_for_write(Rating)]
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for game, profile in sorted(profiles):
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [profile_lock_key(game, profile)])


def profile_lock_key(game: str, profile: str) -> int:
    """The advisory lock's 64-bit key for one game and rating pool."""
    return int.from_bytes(hashlib.sha256(f"league:{game}:{profile}".encode()).digest()[:8], "big", signed=True)


def _pool_recompute(game: str, profile: str) -> int:
    """Replace a pool's rating history and ratings by a replay of all its matches (caller locks)."""
    scope = Q(game=game, profile=profile)
    RatingHistoryRow.objects.filter(scope).delete()
    Rating.objects.filter(scope).delete()
    matches, finished = later_matches(scope)
    skills, steps = rate(matches)
    history_insert(game, profile, steps, finished)
    counts = Counter(s.player_id for s in steps)
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
            if counts[player_id]
        ),
        batch_size=2000,
    )
    return len(matches)


def change_consume(*, change_id: int) -> str:
    """Drain one outbox row (``companion.outbox``): derive its match; idempotent."""
    match_id = MatchChange.objects.filter(pk=change_id, drained_at__isnull=True).values_list("match_id", flat=True)
    pending = match_id.first()
    if pending is None:
        return "drained already"
    match_derive(match_id=pending)
    return "derived"


def match_derive(*, match_id: int) -> bool:
    """One match's rows and the ratings it changes (see ``_match_derive``); then the league's memo
    is warmed soon, once for a burst of finishes (``warm_soon``), not inside the derivation."""
    finished, league_id = _match_derive(match_id=match_id)
    if league_id is not None:
        warm_soon(league_id)
    return finished


#: A league's standings and records are warmed at most once per this many seconds, after the burst.
WARM_EVERY_S = 5


def warm_soon(league_id: int) -> None:
    """Queue ``league.warm`` for the league in ``WARM_EVERY_S`` unless one is queued already.

    Warming sums the whole league (standings, records), so it is kept out of the derivation — whose
    cost stays that of the match — and out of the outbox's path: twenty matches finishing together
    warm once. It is an optimisation only: a lost or failed warm means the next reader computes.
    """
    from celery import current_app
    from django.core.cache import cache

    try:
        if cache.add(f"league:warm:{league_id}", 1, WARM_EVERY_S):
            # by name: league.tasks imports this module (registered by league.apps at start)
            current_app.tasks["league.warm"].apply_async(args=(league_id,), countdown=WARM_EVERY_S)
    except Exception:  # the cache or the broker is down: the rows are committed, readers compute
        log.warning("league %s: memo not warmed", league_id, exc_info=True)


def league_warm(league_id: int) -> None:
    """Memoise the league's standings and records now, so the next reader gets them from the cache."""
    from league import selectors as reads

    flt = reads.StatsFilter(league_id=league_id)
    reads.standings(flt)
    reads.records(flt)


@transaction.atomic
def _match_derive(*, match_id: int) -> tuple[bool, int | None]:
    """Make one match's derived rows, and the ratings it changes, agree with its record.

    Run for every outbox change (a finish, a correction that touches a finished match, an import).
    Only the rating pools the match was and is rated in are locked (advisory locks, so another
    pool's derivation runs in parallel); the match row is *not* locked, so an append or a
    correction to the match never waits on a derivation. The match is read once (its ``last_seq``)
    and its state is read up to that seq, so what is marked drained here — every pending outbox
    change up to that seq — is exactly what was derived; a change committed meanwhile stays pending
    and derives again. Returns whether the match is finished, and its league.
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return False, None
    pools = {(match.game, profile_of(match.game, match.variants)[0])}
    profiles_lock(pools | _old_pools(match_id))
    old = _old_rows(match_id)
    if old is not None and (old.game, old.profile) not in pools:
        profiles_lock({(old.game, old.profile)})  # changed pool since the first look: lock it too
    row = _rows_for(match)
    for change in _pool_changes(match_id, old, row):
        pool_rerate(change)
    outbox.drained(match_id=match.pk, through_seq=match.last_seq)
    derived_changed()
    return row is not None, match.league_id


@dataclass(frozen=True)
class _OldRows:
    """What a match's rows said before this derivation replaces them."""

    game: str
    profile: str
    finished_at: datetime
    players: frozenset[int]
    history: Counter[int]


def _old_pools(match_id: int) -> set[tuple[str, str]]:
    return set(MatchRow.objects.filter(match_id=match_id).values_list("game", "profile"))


def _old_rows(match_id: int) -> _OldRows | None:
    found = MatchRow.objects.filter(match_id=match_id).values_list("game", "profile", "finished_at").first()
    if found is None:
        return None
    players = PlayerResultRow.objects.filter(match_id=match_id).values_list("player_id", flat=True)
    history = RatingHistoryRow.objects.filter(match_id=match_id).values_list("player_id", flat=True)
    return _OldRows(*found, players=frozenset(players), history=Counter(history))


def _pool_changes(match_id: int, old: _OldRows | None, row: MatchRow | None) -> list[PoolChange]:
    """Per pool touched: from where to re-rate, whose ratings, which history rows already went."""
    changes: dict[tuple[str, str], PoolChange] = {}
    if old is not None:
        changes[(old.game, old.profile)] = PoolChange(
            old.game, old.profile, (old.finished_at, match_id), set(old.players), Counter(old.history)
        )
    if row is not None:
        since = (row.finished_at, match_id)
        change = changes.setdefault((row.game, row.profile), PoolChange(row.game, row.profile, since))
        change.since = min(change.since, since)
        change.players |= set(PlayerResultRow.objects.filter(match=row).values_list("player_id", flat=True))
    return list(changes.values())


@transaction.atomic
def league_rebuild() -> dict[str, int]:
    """Rewrite every derived row and rating from the event logs.

    Outbox rows are left as they are: a pending change is derived again by the sweep, which is
    harmless (derivation is idempotent) and cannot miss a change that commits during the rebuild.
    """
    for model in (RatingHistoryRow, Rating, HandResultRow, PlayerStatRow, PlayerResultRow, MatchRow):
        model.objects.all().delete()
    finished = Match.objects.filter(status=Match.Status.FINISHED).order_by("pk")
    derived = 0
    batch: list[Match] = []
    for match in finished.iterator(chunk_size=REBUILD_BATCH):
        batch.append(match)
        if len(batch) == REBUILD_BATCH:
            derived += _rows_batch(batch)
            batch = []
    derived += _rows_batch(batch)
    rated = 0
    for game, profile in MatchRow.objects.values_list("game", "profile").distinct().order_by("game", "profile"):
        profiles_lock({(game, profile)})
        rated += _pool_recompute(game, profile)
    derived_changed()
    return {"matches": derived, "rated": rated}


def _how_line(result: dict[str, Any]) -> dict[str, Any]:
    """The translatable part of a match result's ``how`` (empty for an engine that gives none)."""
    return {k: result[k] for k in ("template", "params", "plural") if k in result}
