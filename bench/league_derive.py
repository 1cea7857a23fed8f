#!/usr/bin/env python3
"""What deriving one finished match costs, against the league's size (issue 28, item 1).

    .venv/bin/python bench/league_derive.py --postgres postgres://postgres@127.0.0.1:5432/companion_league_bench
    .venv/bin/python bench/league_derive.py --root /work/main --postgres postgres://…/companion_league_bench_main

For each size (10, 1,000, 10,000 finished matches in one league: Hearts, 24 players, 4 a match, every
fifth to 50) the derived rows are written directly (``MatchRow``/``PlayerResultRow`` with
``bulk_create``, then the pools rated by ``ratings_recompute``: a league as a rebuild leaves it),
then real Hearts matches — events played through the engine and stored — finish one after another
and each is derived by ``league.services.match_derive``, as the outbox consumer runs it. Per
derivation: SQL statements, **rows read** (PostgreSQL's own count for the transaction:
``seq_tup_read + idx_tup_fetch`` of ``pg_stat_xact_user_tables``, read inside one transaction around
the derivation, so it covers the memo warming too), and CPU time of this process. ``--root`` imports
the league from another checkout (main, side by side).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROWS_READ = "SELECT coalesce(sum(seq_tup_read), 0) + coalesce(sum(idx_tup_fetch), 0) FROM pg_stat_xact_user_tables"


def setup(root: Path, url: str) -> None:
    sys.path.insert(0, str(root))
    os.chdir(root)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "1")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.DEBUG = False
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    call_command("flush", interactive=False, verbosity=0)
    call_command("migrate", verbosity=0)


def league_of(size: int) -> dict[str, Any]:
    """A league whose ``size`` finished matches exist only as derived rows (rated), like a rebuild's."""
    import random

    from django.contrib.auth import get_user_model
    from django.db import transaction

    from companion.models import League, Match, Membership, Player
    from league import services
    from league.models import MatchRow, PlayerResultRow
    from league.profiles import profile_of

    rng = random.Random(size)
    user = get_user_model().objects.create_user(username=f"bench{size}", password="bench-password-1")
    players = [Player.objects.create(name=f"P{size}-{i:02d}") for i in range(24)]
    league = League.objects.create(name=f"League {size}")
    Membership.objects.bulk_create(Membership(league=league, player=p) for p in players)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    to50 = profile_of("hearts", {"target_score": 50})[0]
    with transaction.atomic():
        matches = Match.objects.bulk_create(
            Match(league=league, game="hearts", status=Match.Status.FINISHED, created_by=user) for _ in range(size)
        )
        rows, seats = [], []
        for n, match in enumerate(matches):
            profile = to50 if n % 5 == 0 else "standard"
            at = start + timedelta(minutes=n)
            rows.append(
                MatchRow(
                    match=match,
                    league=league,
                    game="hearts",
                    profile=profile,
                    profile_label="",
                    finished_at=at,
                    hands=5,
                    winners=[0],
                )
            )
            places = rng.sample(range(1, 5), 4)
            seated = rng.sample(players, 4)
            seats += [
                PlayerResultRow(
                    match_id=match.pk,
                    seat=s,
                    player=p,
                    league=league,
                    game="hearts",
                    profile=profile,
                    finished_at=at,
                    place=places[s],
                    score=10 * places[s],
                    is_winner=places[s] == 1,
                    seats=4,
                )
                for s, p in enumerate(seated)
            ]
        MatchRow.objects.bulk_create(rows, batch_size=2000)
        PlayerResultRow.objects.bulk_create(seats, batch_size=5000)
    for profile in ("standard", to50):
        services.ratings_recompute(game="hearts", profile=profile)
    from django.db import connection

    with connection.cursor() as cursor:  # statistics, as autovacuum keeps them in a live database
        cursor.execute("ANALYZE")
    return {"user": user, "players": players, "league": league, "rng": rng}


def finish_one(info: dict[str, Any]) -> int:
    """A real Hearts match to 100 played through the engine, stored with its events (not derived)."""
    from companion.models import Event, Match, MatchSeat
    from companion.services import body_hash
    from scoring.registry import get_game

    rng, game = info["rng"], get_game("hearts")
    seated = rng.sample(info["players"], 4)
    state = game.start({}, [p.name for p in seated])
    events = []
    while game.result(state) is None:
        cuts = sorted(rng.randint(0, 26) for _ in range(3))
        points = [b - a for a, b in zip([0, *cuts], [*cuts, 26], strict=True)]
        state = game.apply_json(state, "hand_result", {"points": points})
        events.append({"points": points})
    match = Match.objects.create(
        league=info["league"],
        game="hearts",
        status=Match.Status.FINISHED,
        created_by=info["user"],
        last_seq=len(events),
    )
    MatchSeat.objects.bulk_create(MatchSeat(match=match, seat=i, player=p) for i, p in enumerate(seated))
    now = datetime(2027, 1, 1, tzinfo=UTC) + timedelta(minutes=match.pk)
    Event.objects.bulk_create(
        Event(
            match=match,
            seq=seq,
            type="hand_result",
            payload=payload,
            client_event_id=uuid.uuid4(),
            body_hash=body_hash("hand_result", payload),
            recorded_by=info["user"],
            recorded_at=now,
        )
        for seq, payload in enumerate(events, start=1)
    )
    return int(match.pk)


BY_TABLE = "SELECT relname, seq_tup_read, coalesce(idx_tup_fetch, 0) FROM pg_stat_xact_user_tables"
TABLES: dict[str, tuple[int, int]] = {}


def measure(match_id: int) -> tuple[float, ...]:
    """Statements, rows read and CPU ms of one ``match_derive``, in one transaction: the derivation
    itself (``_match_derive``: rows, ratings, outbox) and then the memo warming, apart."""
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from league import services

    out: list[float] = []
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(BY_TABLE)
        TABLES.update({t: (a, b) for t, a, b in cursor.fetchall()})
        for step in (lambda: services._match_derive(match_id=match_id), lambda: _warm(services, match_id)):
            cursor.execute(ROWS_READ)
            before = cursor.fetchone()[0]
            cpu = time.process_time()
            with CaptureQueriesContext(connection) as queries:
                step()
            cpu = (time.process_time() - cpu) * 1000
            cursor.execute(ROWS_READ)
            out += [len(queries), cursor.fetchone()[0] - before, cpu]
            if os.environ.get("BENCH_TABLES"):
                cursor.execute(BY_TABLE)
                print(
                    "   ",
                    [
                        (t, a - TABLES.get(t, (0, 0))[0], b - TABLES.get(t, (0, 0))[1])
                        for t, a, b in cursor.fetchall()
                        if (a, b) != TABLES.get(t, (0, 0))
                    ],
                )
                cursor.execute(BY_TABLE)
                TABLES.update({t: (a, b) for t, a, b in cursor.fetchall()})
    return tuple(out)


def _warm(services: Any, match_id: int) -> None:
    """What ``match_derive`` does after the derivation commits (if this checkout still does it)."""
    from companion.models import Match

    if hasattr(services, "league_warm"):
        services.league_warm(Match.objects.get(pk=match_id).league_id)


def rebuild_timed(count: int) -> None:
    """``league_rebuild`` of ``count`` matches played through the engines (bench/league.py's generator)."""
    import importlib.util

    from league import services

    spec = importlib.util.spec_from_file_location("bench_league", Path(__file__).with_name("league.py"))
    assert spec and spec.loader
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    generator.generate(count, 8)
    start = time.perf_counter()
    counts = services.league_rebuild()
    elapsed = time.perf_counter() - start
    print(
        f"league_rebuild: {counts['matches']:,} matches in {elapsed:.1f} s = {counts['matches'] / elapsed:.0f} matches/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--postgres", required=True, help="a database of your own: it is flushed")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent), help="checkout to import")
    parser.add_argument("--sizes", default="10,1000,10000")
    parser.add_argument("--finishes", type=int, default=5, help="matches finishing per size (median shown)")
    parser.add_argument("--rebuild", type=int, default=0, help="instead: time league_rebuild of this many matches")
    args = parser.parse_args()
    setup(Path(args.root), args.postgres)
    if args.rebuild:
        rebuild_timed(args.rebuild)
        return
    from django.core.management import call_command

    print(f"root {args.root}")
    print(
        "| finished matches | derivation: statements | rows read | CPU ms | then warming: statements | rows read | CPU ms |"
    )
    print("|---|---|---|---|---|---|---|")
    for size in (int(s) for s in args.sizes.split(",")):
        call_command("flush", interactive=False, verbosity=0)
        info = league_of(size)
        samples = [measure(finish_one(info)) for _ in range(args.finishes)]
        cells = [statistics.median(col) for col in zip(*samples, strict=True)]
        print(f"| {size:,} | " + " | ".join(f"{c:,.0f}" for c in cells) + " |", flush=True)


if __name__ == "__main__":
    main()
