#!/usr/bin/env python3
"""The append answers, the summary and the live push at 10 and at 2,000 events (issue 23 item 3):
their size in bytes and their CPU time, for Hearts and Thousand recorded card by card.

    .venv/bin/python bench/append_lengths.py                 # 10 and 2,000 events, 20 appends each
    .venv/bin/python bench/append_lengths.py --lengths 10,500,2000 --repeat 40

In process (no HTTP server), on a SQLite file in a temporary directory with the default settings,
like bench/append_breakdown.py. Each match is recorded through the append service with random legal
events (fixed seed); then ``--repeat`` more events are appended through the API (the full answer,
then the compact one), and the summary is read as a phone does. Target: at 2,000 events each figure
≤ 1.5× its value at 10 events; a push ≤ 2 KB.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp(prefix="companion-lengths-")) / "db.sqlite3")
os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings"
for key in ("DATABASE_URL", "REDIS_URL"):
    os.environ.pop(key, None)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GAMES = {"hearts": (4, {"target_score": 500}), "thousand": (3, {})}


class Recorder:
    """One match of ``game`` recorded event by event, the next events chosen ahead (fixed seed)."""

    def __init__(self, game: str, user: Any) -> None:
        from companion import selectors, services
        from scoring.registry import get_game

        seats, variants = GAMES[game]
        self.engine = get_game(game)
        self.match = services.match_create(
            game=game, players=[f"P{i}" for i in range(seats)], created_by=user, variants=variants
        )
        self.state = selectors.match_state_get(self.match)
        self.rng = random.Random(3)
        self.seq = 0

    def next_event(self) -> tuple[str, dict[str, Any]]:
        event = self.engine.chance_event(self.state, self.rng) or self.rng.choice(self.engine.legal_events(self.state))
        return self.engine.dump_event(event)

    def advance(self, event_type: str, payload: dict[str, Any]) -> None:
        self.state = self.engine.apply_json(self.state, event_type, payload)
        self.seq += 1

    def record_to(self, events: int) -> None:
        from companion import services

        while self.seq < events:
            event_type, payload = self.next_event()
            services.event_append(
                match_id=self.match.pk,
                type=event_type,
                payload=payload,
                client_event_id=uuid.uuid4(),
                expected_seq=self.seq + 1,
                user=None,
            )
            self.advance(event_type, payload)


def measure(recorder: Recorder, client: Any, repeat: int, pushes: list[int]) -> dict[str, float]:
    """Bytes and mean CPU ms of the full append answer, the compact one and the summary read."""
    out: dict[str, float] = {}
    for name, headers in (("full", {}), ("compact", {"HTTP_PREFER": "return=minimal"})):
        sizes, cpu = [], 0.0
        for _ in range(repeat):
            event_type, payload = recorder.next_event()
            body = {
                "type": event_type,
                "payload": payload,
                "expected_seq": recorder.seq + 1,
                "client_event_id": str(uuid.uuid4()),
            }
            start = time.process_time()
            response = client.post(f"/api/v1/matches/{recorder.match.pk}/events", body, format="json", **headers)
            cpu += time.process_time() - start
            assert response.status_code == 201, response.content[:300]
            sizes.append(len(response.content))
            recorder.advance(event_type, payload)
        out[f"{name} B"], out[f"{name} ms"] = sum(sizes) / len(sizes), cpu / repeat * 1000
    start = time.process_time()
    for _ in range(repeat):
        response = client.get(f"/api/v1/matches/{recorder.match.pk}/summary")
    out["summary ms"] = (time.process_time() - start) / repeat * 1000
    out["summary B"] = len(response.content)
    out["push B"] = max(pushes[-2 * repeat :]) if pushes else 0
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lengths", default="10,2000")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from knox.models import AuthToken
    from rest_framework.test import APIClient

    from companion import live

    call_command("migrate", verbosity=0)
    user = User.objects.create(username="bench")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + AuthToken.objects.create(user=user)[1])
    pushes: list[int] = []
    real = live.publish

    def publish(match_id: int, seq: int, message: Any = None) -> None:
        pushes.append(len(json.dumps({**(message or {}), "seq": seq}, separators=(",", ":"))))
        real(match_id, seq, message) if message is not None else real(match_id, seq)  # (older code: the seq only)

    live.publish = publish  # type: ignore[assignment]
    lengths = [int(n) for n in args.lengths.split(",")]
    print(
        f"{'game':9} {'events':>6} | {'full B':>8} {'full ms':>8} | {'compact B':>9} {'compact ms':>10} | "
        f"{'summary B':>9} {'summary ms':>10} | {'push B (max)':>12}"
    )
    for game in GAMES:
        for events in lengths:
            recorder = Recorder(game, user)
            recorder.record_to(events)
            row = measure(recorder, client, args.repeat, pushes)
            print(
                f"{game:9} {events:>6} | {row['full B']:>8.0f} {row['full ms']:>8.2f} | {row['compact B']:>9.0f} "
                f"{row['compact ms']:>10.2f} | {row['summary B']:>9.0f} {row['summary ms']:>10.2f} | {row['push B']:>12.0f}"
            )
    print(f"largest push of the run: {max(pushes)} B over {len(pushes)} pushes")


if __name__ == "__main__":
    main()
