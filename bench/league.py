#!/usr/bin/env python3
"""Benchmark of the league statistics and ratings (issue 8, DESIGN.md §5).

    /work/venv/bin/python bench/league.py                      # 10,000 matches, 100,000 for ratings
    /work/venv/bin/python bench/league.py --matches 2000 --rating-matches 20000   # quicker

It uses a fresh SQLite file (``--db``, deleted first) and measures:

1. **Generation** (not a budget): matches of every game with a generator below are *played through
   the pure engines* (random but legal result-entry events until the engine says finished), then the
   ``Match``, ``MatchSeat`` and ``Event`` rows are written with ``bulk_create`` — the event log is real,
   only the per-event API path is skipped. Matches are spread over two leagues, 24 players, one year.
2. **Full rebuild** of every derived row and rating from the event logs (``league_rebuild``), and
   ``league_rebuild --check`` (rebuild in a rolled-back transaction and compare).
3. **Ratings alone for 100,000 matches** (budget ≤ 10 s): the pure ``league.ratings.rate`` over
   100,000 generated finishing orders, then the same matches written as derived rows directly
   (``MatchRow``/``PlayerResultRow`` with ``bulk_create``, not timed) and re-rated through
   ``ratings_recompute`` (read, rate, write every ``RatingHistoryRow`` and ``Rating``) — timed.
4. **Reads served from the precomputed rows** (budget p99 ≤ 100 ms): the standings, player, ratings
   and records API endpoints and the league and player pages, through Django's test client: the
   first read after a change (cold: the memoised aggregates were just invalidated) and 100 more.
5. **One match finishing** (``match_derive``): the newest match (re-rates nothing after it) and the
   oldest (re-rates every later match of its game and house-rule profile: a correction's worst case).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

Events = list[tuple[str, dict[str, Any]]]


# -- random legal matches, played through the engines ----------------------------------------------------
def hearts_events(rng: random.Random, seats: int) -> Iterator[tuple[str, dict[str, Any]]]:
    while True:
        cuts = sorted(rng.randint(0, 26) for _ in range(seats - 1))
        points = [b - a for a, b in zip([0, *cuts], [*cuts, 26], strict=True)]
        yield "hand_result", {"points": points}


def tonk_events(rng: random.Random, seats: int) -> Iterator[tuple[str, dict[str, Any]]]:
    for _ in range(rng.randint(4, 12)):
        end = rng.choice(["drop", "tonk", "out_by_discard", "drop"])
        by = rng.randrange(seats)
        if end == "drop":
            yield "hand_result", {"end": end, "by": by, "counts": [rng.randint(3, 40) for _ in range(seats)]}
        else:
            yield "hand_result", {"end": end, "by": by}
    yield "end_session", {}


def tshirt_events(rng: random.Random, seats: int) -> Iterator[tuple[str, dict[str, Any]]]:
    judge = rng.randrange(seats)
    yield "start_game", {"first_judge": judge}
    number = 1
    while True:
        winner = rng.choice([s for s in range(seats) if s != judge])
        yield (
            "round_result",
            {"round": number, "judge": judge, "winner": winner, "value": rng.choice(range(100, 1300, 100))},
        )
        judge = (judge + 1) % seats
        number += 1


GENERATORS: dict[str, tuple[Callable[[random.Random, int], Iterator[tuple[str, dict[str, Any]]]], tuple[int, ...]]] = {
    "hearts": (hearts_events, (4, 4, 4, 3, 5)),
    "tonk": (tonk_events, (2, 3, 4, 5)),
    "tshirt": (tshirt_events, (3, 4, 5, 6)),
}


def play(game_name: str, rng: random.Random, seats: int, variants: dict[str, Any]) -> Events:
    """Random events applied through the engine until it reports the match finished."""
    from scoring.errors import ScoringError
    from scoring.registry import get_game

    game = get_game(game_name)
    state = game.start(variants, [f"P{i}" for i in range(seats)])
    events: Events = []
    for event_type, payload in GENERATORS[game_name][0](rng, seats):
        try:
            state = game.apply_json(state, event_type, payload)
        except ScoringError:
            continue  # e.g. a tonk the variant does not allow: try the next random event
        events.append((event_type, payload))
        if game.result(state) is not None:
            return events
        if len(events) > 400:
            break
    raise RuntimeError(f"a random {game_name} match did not finish")


# -- timing helpers -------------------------------------------------------------------------------------
@contextmanager
def timed(label: str, results: dict[str, float]) -> Iterator[None]:
    start = time.perf_counter()
    yield
    results[label] = time.perf_counter() - start
    print(f"  {label}: {results[label]:.2f} s", flush=True)


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))], p99


# -- phases ---------------------------------------------------------------------------------------------
def generate(count: int, seed: int) -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from companion.models import Event, League, Match, MatchSeat, Membership, Player
    from companion.services import body_hash
    from scoring.registry import GAME_MODULES

    rng = random.Random(seed)
    games = [g for g in sorted(GAME_MODULES) if g in GENERATORS]
    user = get_user_model().objects.create_user(username="bench", password="bench-password-1", is_staff=True)
    players = [Player.objects.create(name=f"Player {i:02d}", user=user if i == 0 else None) for i in range(24)]
    leagues = [League.objects.create(name=name) for name in ("Thursday", "Sunday")]
    for league in leagues:
        Membership.objects.bulk_create(Membership(league=league, player=p) for p in players)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    step = timedelta(days=365) / count
    matches, seats, events = [], [], []
    for n in range(count):
        game = games[n % len(games)]
        size = rng.choice(GENERATORS[game][1])
        variants = {"target_score": 50} if game == "hearts" and n % 5 == 0 else {}
        played = play(game, rng, size, variants)
        when = start + step * n
        match = Match(
            league=leagues[n % 2],
            game=game,
            variants=variants,
            status=Match.Status.FINISHED,
            join_code=f"B{n:09d}",
            last_seq=len(played),
            created_by=user,
            created_at=when,
        )
        matches.append(match)
        seated = rng.sample(players, size)
        seats.append(seated)
        events.append((played, when))
    with transaction.atomic():
        Match.objects.bulk_create(matches, batch_size=2000)
        MatchSeat.objects.bulk_create(
            (
                MatchSeat(match=m, seat=i, player=p)
                for m, s in zip(matches, seats, strict=True)
                for i, p in enumerate(s)
            ),
            batch_size=5000,
        )
        Event.objects.bulk_create(
            (
                Event(
                    match=m,
                    seq=seq,
                    type=t,
                    payload=payload,
                    client_event_id=uuid.uuid4(),
                    body_hash=body_hash(t, payload),
                    recorded_by=user,
                    recorded_at=when + timedelta(seconds=seq),
                )
                for m, (played, when) in zip(matches, events, strict=True)
                for seq, (t, payload) in enumerate(played, start=1)
            ),
            batch_size=5000,
        )
    return {
        "user": user,
        "leagues": leagues,
        "players": players,
        "games": games,
        "events": sum(len(e) for e, _ in events),
    }


def rating_matches(count: int, seed: int) -> list[Any]:
    from league.ratings import RatedMatch

    rng = random.Random(seed)
    out = []
    for n in range(count):
        size = rng.choice((3, 4, 4, 5))
        players = tuple(rng.sample(range(1, 201), size))
        places = tuple(rng.randint(1, size) for _ in range(size))
        out.append(RatedMatch(n + 1, ("hearts", "tonk", "tshirt")[n % 3], "standard", players, places))
    return out


def ratings_phase(count: int, seed: int, results: dict[str, float]) -> None:
    """Pure rating of ``count`` matches, then the same through the database (rows written directly)."""
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction

    from companion.models import Match, Player
    from league import services
    from league.models import MatchRow, PlayerResultRow, Rating, RatingHistoryRow
    from league.ratings import rate

    matches = rating_matches(count, seed)
    with timed(f"ratings: league.ratings.rate on {count:,} matches (pure)", results):
        _, steps = rate(matches)
    print(f"    {len(steps):,} rating steps", flush=True)
    # Fresh tables for the database part: the league of phase 1 is not needed any more.
    with transaction.atomic():
        for model in (RatingHistoryRow, Rating, PlayerResultRow, MatchRow):
            model.objects.all().delete()
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM companion_event")
            cursor.execute("DELETE FROM companion_matchseat")
            cursor.execute("DELETE FROM league_importedrecord")
            cursor.execute("DELETE FROM companion_match")
        user = get_user_model().objects.get(username="bench")
        have = Player.objects.count()
        Player.objects.bulk_create(Player(name=f"R{i}") for i in range(have, 201))
        ids = list(Player.objects.order_by("pk").values_list("pk", flat=True))[:200]
        start = datetime(2020, 1, 1, tzinfo=UTC)
        Match.objects.bulk_create(
            (
                Match(
                    pk=m.match_id,
                    game=m.game,
                    status=Match.Status.FINISHED,
                    join_code=f"R{m.match_id:09d}",
                    created_by=user,
                )
                for m in matches
            ),
            batch_size=5000,
        )
        MatchRow.objects.bulk_create(
            (
                MatchRow(
                    match_id=m.match_id,
                    game=m.game,
                    profile=m.profile,
                    profile_label="Standard rules",
                    finished_at=start + timedelta(minutes=m.match_id),
                    hands=1,
                    winners=[],
                )
                for m in matches
            ),
            batch_size=5000,
        )
        PlayerResultRow.objects.bulk_create(
            (
                PlayerResultRow(
                    match_id=m.match_id,
                    seat=seat,
                    player_id=ids[player - 1],
                    game=m.game,
                    profile=m.profile,
                    finished_at=start + timedelta(minutes=m.match_id),
                    place=m.places[seat],
                    score=0,
                    is_winner=m.places[seat] == 1,
                    seats=len(m.players),
                )
                for m in matches
                for seat, player in enumerate(m.players)
            ),
            batch_size=5000,
        )
    with timed(f"ratings: ratings_recompute of {count:,} matches (read, rate, write history and ratings)", results):
        rated = sum(services.ratings_recompute(game=g, profile="standard") for g in ("hearts", "tonk", "tshirt"))
    assert rated == count, rated
    print(f"    {RatingHistoryRow.objects.count():,} rating history rows written", flush=True)


def reads_phase(info: dict[str, Any], repeat: int, results: dict[str, float]) -> dict[str, tuple[float, float, float]]:
    from django.test import Client

    client = Client()
    client.force_login(info["user"])
    league = info["leagues"][0].pk
    player = info["players"][3].pk
    urls = [
        f"/api/v1/stats/standings?league={league}",
        f"/api/v1/stats/standings?league={league}&game=hearts&season_start=2025-03-01&season_end=2025-08-31",
        f"/api/v1/stats/players/{player}?league={league}",
        "/api/v1/stats/ratings?game=hearts&profile=standard",
        f"/api/v1/stats/rating-history?player={player}&game=tonk",
        f"/api/v1/stats/head-to-head?a={player}&b={info['players'][4].pk}&league={league}",
        f"/api/v1/stats/records?league={league}",
        f"/leagues/{league}/",
        f"/players/{player}/",
    ]
    from league.selectors import derived_changed

    out = {}
    for url in urls:
        # Cold: the first read after a match finished (the memoised answers were just invalidated).
        derived_changed()
        start = time.perf_counter()
        assert client.get(url).status_code == 200, url
        cold = (time.perf_counter() - start) * 1000
        for _ in range(2):
            assert client.get(url).status_code == 200, url
        samples = []
        for _ in range(repeat):
            start = time.perf_counter()
            response = client.get(url)
            samples.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, url
        out[url] = percentiles(samples)
        p50, p95, p99 = out[url]
        print(f"  {url}: p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms; cold {cold:.0f} ms", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--rating-matches", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=100, help="requests per URL for the read latencies")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--no-check", action="store_true", help="skip league_rebuild --check (a second rebuild)")
    parser.add_argument("--db", default=str(Path(tempfile.gettempdir()) / "companion-bench-league.sqlite3"))
    args = parser.parse_args()

    for suffix in ("", "-wal", "-shm"):
        Path(args.db + suffix).unlink(missing_ok=True)
    os.environ["SQLITE_PATH"] = args.db
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.DEBUG = False  # no query log
    settings.CELERY_TASK_ALWAYS_EAGER = True
    call_command("migrate", verbosity=0)

    from companion.models import Match
    from league import services
    from league.models import HandResultRow, MatchRow, PlayerStatRow, RatingHistoryRow

    results: dict[str, float] = {}
    print(f"League benchmark: {args.matches:,} matches, ratings on {args.rating_matches:,}; SQLite {args.db}")
    print("1. generate (engines + bulk insert)")
    with timed(f"generate {args.matches:,} matches", results):
        info = generate(args.matches, args.seed)
    print(f"    games {', '.join(info['games'])}; {info['events']:,} events")

    print("2. full rebuild from the event logs")
    with timed(f"league_rebuild of {args.matches:,} matches (derived rows + ratings)", results):
        counts = services.league_rebuild()
    print(
        f"    {counts['matches']:,} matches, {HandResultRow.objects.count():,} hand rows, "
        f"{PlayerStatRow.objects.count():,} stat rows, {RatingHistoryRow.objects.count():,} rating steps"
    )
    if not args.no_check:
        with timed("league_rebuild --check (rebuild, compare, roll back)", results):
            call_command("league_rebuild", "--check", verbosity=0)

    print("3. reads from precomputed rows (Django test client, one process)")
    reads = reads_phase(info, args.repeat, results)

    print("4. one match finishing (match_derive)")
    newest = MatchRow.objects.filter(game="hearts", profile="standard").order_by("-finished_at").first()
    oldest = MatchRow.objects.filter(game="hearts", profile="standard").order_by("finished_at").first()
    assert newest and oldest
    later = MatchRow.objects.filter(game="hearts", profile="standard").count()
    samples = []
    for _ in range(20):
        start = time.perf_counter()
        services.match_derive(match_id=newest.pk)
        samples.append((time.perf_counter() - start) * 1000)
    p50, _, p99 = percentiles(samples)
    print(f"  match_derive, newest Hearts match: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    with timed(f"match_derive, oldest Hearts match (re-rates {later:,} matches)", results):
        services.match_derive(match_id=oldest.pk)
    assert Match.objects.filter(status="finished").count() == args.matches

    print("5. ratings alone")
    ratings_phase(args.rating_matches, args.seed, results)

    worst = max(p99 for _, _, p99 in reads.values())
    pure = next(v for k, v in results.items() if k.startswith("ratings: league.ratings.rate"))
    print("\nBudgets (DESIGN.md §5):")
    print(f"  ratings for {args.rating_matches:,} matches ≤ 10 s: pure {pure:.2f} s → {'OK' if pure <= 10 else 'OVER'}")
    print(
        f"  standings/player pages and API p99 ≤ 100 ms: worst p99 {worst:.1f} ms → {'OK' if worst <= 100 else 'OVER'}"
    )


if __name__ == "__main__":
    main()
