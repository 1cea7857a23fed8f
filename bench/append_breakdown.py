#!/usr/bin/env python3
"""Where an append's CPU time goes, in process (no HTTP, no server):

    .venv/bin/python bench/append_breakdown.py

Each line is the mean CPU time (time.process_time) of one piece of the append path, measured alone,
on a SQLite file in a temporary directory with the default settings.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp(prefix="companion-breakdown-")) / "db.sqlite3")
os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings"
for key in ("DATABASE_URL", "REDIS_URL"):
    os.environ.pop(key, None)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

HANDS = ([7, 6, 7, 6], [6, 7, 6, 7], [7, 7, 6, 6], [6, 6, 7, 7])


def cpu(action: Callable[[], Any], repeat: int = 200) -> str:
    action()
    start = time.process_time()
    for _ in range(repeat):
        action()
    return f"{(time.process_time() - start) / repeat * 1000:6.3f} ms"


def main() -> None:
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import transaction
    from knox.models import AuthToken
    from rest_framework.renderers import JSONRenderer
    from rest_framework.test import APIClient

    from api import serializers
    from companion import selectors, services
    from companion.models import Event, Match

    call_command("migrate", verbosity=0)
    user = User.objects.create(username="bench")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + AuthToken.objects.create(user=user)[1])

    def fresh() -> Match:
        return services.match_create(
            game="hearts", players=["A", "B", "C", "D"], created_by=user, variants={"target_score": 500}
        )

    match = fresh()
    results: list[services.AppendResult] = []

    def append() -> None:
        seq = Match.objects.get(pk=match.pk).last_seq + 1
        body = {"points": HANDS[seq % 4]}
        results.append(
            services.event_append(
                match_id=match.pk,
                type="hand_result",
                payload=body,
                client_event_id=uuid.uuid4(),
                expected_seq=seq,
                user=user,
            )
        )

    def request(**headers: str) -> None:
        seq = Match.objects.get(pk=match.pk).last_seq + 1
        body = {
            "type": "hand_result",
            "payload": {"points": HANDS[seq % 4]},
            "expected_seq": seq,
            "client_event_id": str(uuid.uuid4()),
        }
        assert client.post(f"/api/v1/matches/{match.pk}/events", body, format="json", **headers).status_code == 201

    def lock() -> None:
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match.pk)

    def validate() -> None:
        body = {
            "type": "hand_result",
            "payload": {"points": [7, 6, 7, 6]},
            "expected_seq": 3,
            "client_event_id": str(uuid.uuid4()),
        }
        serializers.EventInput(data=body).is_valid(raise_exception=True)

    def render() -> None:
        last = results[-1]
        body = {
            "event": serializers.event_json(last.event),
            **selectors.match_summary_get(match=last.match, state=last.state),
        }
        JSONRenderer().render(body)

    print("whole ping request          ", cpu(lambda: client.get("/api/v1/ping")))
    print("whole append request        ", cpu(request, 25), "(includes one Match read to learn the seq)")
    minimal = cpu(lambda: request(HTTP_PREFER="return=minimal"), 25)
    print("whole append, return=minimal", minimal, "(the compact answer)")
    match = fresh()  # a match to 500 lasts about 75 hands: the requests above used 50 of its first
    print("  event_append service      ", cpu(append, 25))
    print("    BEGIN + lock the match  ", cpu(lock))
    print(
        "    idempotency lookup      ",
        cpu(lambda: Event.objects.filter(match=match, client_event_id=uuid.uuid4()).order_by().first()),
    )
    print("    snapshot to the cache   ", cpu(lambda: cache.set("breakdown", results[-1].state)))
    print("  EventInput validation     ", cpu(validate))
    print("  response build and render ", cpu(render))


if __name__ == "__main__":
    main()
