#!/usr/bin/env python3
"""Profile the append request in process, through the whole WSGI stack (middleware, DRF, service,
answer), with cProfile; prints the functions by cumulative time and by own time.

    .venv/bin/python bench/append_profile.py                 # Prefer: return=minimal (the phone's)
    .venv/bin/python bench/append_profile.py --full          # the full summary in each answer
    .venv/bin/python bench/append_profile.py --production    # DJANGO_DEBUG=false
    .venv/bin/python bench/append_profile.py --ping          # the bare authenticated endpoint

SQLite in a temporary directory. cProfile's own overhead inflates small functions: read the shares.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import secrets
import sys
import tempfile
import time
import uuid
from pathlib import Path

HANDS = ([7, 6, 7, 6], [6, 7, 6, 7], [7, 7, 6, 6], [6, 6, 7, 7])


def _environment(production: bool) -> None:
    os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp(prefix="companion-profile-")) / "db.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings"
    os.environ["DJANGO_LOG_LEVEL"] = "ERROR"
    for key in ("DATABASE_URL", "REDIS_URL", "DJANGO_DEBUG"):
        os.environ.pop(key, None)
    if production:
        os.environ.update(
            DJANGO_DEBUG="false",
            DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
            DJANGO_ALLOWED_HOSTS="testserver",
            DJANGO_SECURE_SSL_REDIRECT="false",
        )
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=300, help="requests profiled")
    parser.add_argument("--full", action="store_true", help="no Prefer header: the full summary")
    parser.add_argument("--ping", action="store_true", help="profile GET /api/v1/ping instead")
    parser.add_argument("--production", action="store_true", help="DJANGO_DEBUG=false")
    parser.add_argument("--top", type=int, default=30, help="rows printed per table (0: no profile)")
    args = parser.parse_args()
    _environment(args.production)

    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    client = Client()
    status = client.post("/api/v1/auth/guest", {"name": "Bench"}, content_type="application/json")
    token = status.json()["token"]
    headers = {"HTTP_AUTHORIZATION": "Token " + token}
    if not args.full:
        headers["HTTP_PREFER"] = "return=minimal"
    player = status.json()["player"]["id"]
    state = {"match": 0, "seq": 61}

    def request() -> None:
        if args.ping:
            assert client.get("/api/v1/ping", **headers).status_code == 200
            return
        if state["seq"] > 60:  # a match to 500 lasts about 70 of these hands
            body = {"game": "hearts", "players": [player, "B", "C", "D"], "variants": {"target_score": 500}}
            answer = client.post("/api/v1/matches", body, content_type="application/json", **headers)
            state["match"], state["seq"] = answer.json()["id"], 1
        seq = state["seq"]
        body = {
            "type": "hand_result",
            "payload": {"points": HANDS[seq % 4]},
            "expected_seq": seq,
            "client_event_id": str(uuid.uuid4()),
        }
        path = f"/api/v1/matches/{state['match']}/events/"
        answer = client.post(path, body, content_type="application/json", **headers)
        assert answer.status_code == 201, answer.content
        state["seq"] += 1

    for _ in range(30):
        request()
    start = time.process_time()
    for _ in range(args.n):
        request()
    per = (time.process_time() - start) / args.n * 1000
    print(f"CPU per request without the profiler: {per:.3f} ms ({args.n} requests)")
    if args.top == 0:
        return
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(args.n):
        request()
    profile.disable()
    stats = pstats.Stats(profile).strip_dirs()
    stats.sort_stats("cumulative").print_stats(args.top)
    stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
