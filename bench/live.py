#!/usr/bin/env python3
"""Benchmark: how soon the other phones of a table hear an entry (the live stream, api/live.py).

    .venv/bin/python bench/live.py                                     # embedded: runserver, SQLite
    .venv/bin/python bench/live.py --redis redis://127.0.0.1:6379/9    # scripts/serve.py + Redis

One phone records entries into a Hearts match (a hand, then its void, so the match never ends), one
every ``--every`` seconds; ``--phones`` other phones (guests who joined the table by its code, then
more of the creator's phones) listen to the stream as the phone does. For every entry and listener
it measures, from the moment the recording phone has read its 201:

- *event*: the listener has read the ``seq`` event from its stream;
- *update*: the listener has also fetched the summary (as the phone does on an event) and holds it.

A negative *event* delay means the push arrived before the recording phone read its own answer
(the event is published at COMMIT, the 201 is written after it). Prints p50/p95/max of both.

Embedded: ``manage.py runserver`` on a fresh SQLite file (the default without settings: one process,
the in-process hub). With ``--redis``: the production command, ``scripts/serve.py`` (collectstatic,
the threaded web server and the ASGI live server), the live server hearing the web server through
Redis pub/sub; the phones post to the web server and listen to the live server, as nginx routes them.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench._client import Api  # noqa: E402

HOST = "companion.test"
HEADERS = {"Host": HOST, "X-Forwarded-Proto": "https"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(args: argparse.Namespace, tmp: Path) -> tuple[subprocess.Popen[bytes], int, int]:
    web = args.port or free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_", "COMPANION_"))}
    env.update(
        SQLITE_PATH=str(tmp / "live.sqlite3"),
        COMPANION_AUTH_RATE="100000/minute",
        DJANGO_ALLOWED_HOSTS=f"{HOST},127.0.0.1",
    )
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    log = (tmp / "server.log").open("w")
    if not args.redis:
        command = [python, "manage.py", "runserver", "--noreload", f"127.0.0.1:{web}"]
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True), web, web
    live = free_port()
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=f"{HOST},127.0.0.1",
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        COMPANION_ADDRESS=f"127.0.0.1:{web}",
        COMPANION_LIVE_ADDRESS=f"127.0.0.1:{live}",
        COMPANION_LIVE_REDIS_URL=args.redis,
        GUNICORN_WORKERS="2",
        GUNICORN_THREADS="4",
        GUNICORN_LIVE_WORKERS="2",
    )
    command = [python, "scripts/serve.py"]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True), web, live


def wait_ready(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with {server.returncode}")
        try:
            if Api(f"http://127.0.0.1:{port}", headers=HEADERS).request("GET", "/healthz")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("the server did not start")


class Listener(threading.Thread):
    """One phone: reads the stream; on each new seq fetches the summary, as table/page.js does."""

    def __init__(self, web: int, live: int, token: str, match: int) -> None:
        super().__init__(daemon=True)
        self.web, self.live, self.token, self.match = web, live, token, match
        self.event_at: dict[int, float] = {}
        self.update_at: dict[int, float] = {}
        self.ready = threading.Event()

    def run(self) -> None:
        reader = Api(f"http://127.0.0.1:{self.web}", self.token, headers=HEADERS)
        status, ticket = reader.request("POST", f"/api/v1/matches/{self.match}/live-ticket", {})
        assert status == 201, ticket
        headers = {**HEADERS, "Authorization": f"Ticket {ticket['ticket']}", "Accept": "text/event-stream"}
        stream = http.client.HTTPConnection("127.0.0.1", self.live, timeout=120)
        stream.request("GET", f"/api/v1/matches/{self.match}/live", headers=headers)
        response = stream.getresponse()
        assert response.status == 200, response.read()
        while line := response.readline():
            if not line.startswith(b"data: ") or b"seq" not in line:  # (a heartbeat carries no seq)
                continue
            seq = int(json.loads(line[6:])["seq"])
            self.event_at[seq] = time.monotonic()
            self.ready.set()
            status, _ = reader.request("GET", f"/api/v1/matches/{self.match}/summary")
            if status == 200:
                self.update_at[seq] = time.monotonic()


def guest(api: Api, name: str) -> str:
    status, body = api.request("POST", "/api/v1/auth/guest", {"name": name})
    assert status == 201, body
    return str(body["token"])


def table(web: int, phones: int) -> tuple[Api, int, list[str]]:
    base = f"http://127.0.0.1:{web}"
    writer = Api(base, guest(Api(base, headers=HEADERS), "Anna"), headers=HEADERS)
    status, match = writer.request("POST", "/api/v1/matches", {"game": "hearts", "players": ["Anna", "B", "C", "D"]})
    assert status == 201, match
    tokens = []
    for seat in range(1, 4):
        if len(tokens) < phones:
            joiner = Api(base, guest(Api(base, headers=HEADERS), f"Phone {seat}"), headers=HEADERS)
            status, body = joiner.request("POST", "/api/v1/matches/join", {"code": match["join_code"], "seat": seat})
            assert status == 200, body
            tokens.append(str(joiner.token))
    tokens += [str(writer.token)] * (phones - len(tokens))  # more phones than seats: the creator's
    return writer, int(match["id"]), tokens


def record(writer: Api, match: int, entries: int, every: float) -> dict[int, float]:
    acknowledged: dict[int, float] = {}
    for seq in range(1, entries + 1):
        time.sleep(every)
        hand = seq % 2 == 1  # a hand, then its void: the match never ends
        body = {
            "type": "hand_result" if hand else "void",
            "payload": {"points": [13, 5, 4, 4]} if hand else {"seq": seq - 1},
            "client_event_id": str(uuid.uuid4()),
            "expected_seq": seq,
        }
        status, answer = writer.request("POST", f"/api/v1/matches/{match}/events", body)
        acknowledged[seq] = time.monotonic()
        assert status == 201, answer
    return acknowledged


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(kind: str, delays: list[float]) -> str:
    ms = [d * 1000 for d in delays]
    return f"{kind}: n={len(ms)} p50 {pct(ms, 0.5):.1f} ms, p95 {pct(ms, 0.95):.1f} ms, max {max(ms):.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phones", type=int, default=4, help="listening phones (besides the recording one)")
    parser.add_argument("--entries", type=int, default=60)
    parser.add_argument("--every", type=float, default=0.25, help="seconds between entries")
    parser.add_argument("--redis", default="", help="Redis URL: run scripts/serve.py with the live server")
    parser.add_argument("--port", type=int, default=0, help="the web server's port (default: a free one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="companion-live-") as directory:
        server, web, live = start_server(args, Path(directory))
        try:
            wait_ready(web, server)
            wait_ready(live, server)
            writer, match, tokens = table(web, args.phones)
            listeners = [Listener(web, live, token, match) for token in tokens]
            for listener in listeners:
                listener.start()
            for listener in listeners:
                assert listener.ready.wait(30), "a stream did not open"
            acknowledged = record(writer, match, args.entries, args.every)
            time.sleep(2)  # the last events and summaries
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    events = [ls.event_at.get(seq, float("inf")) - at for ls in listeners for seq, at in acknowledged.items()]
    updates = [ls.update_at.get(seq, float("inf")) - at for ls in listeners for seq, at in acknowledged.items()]
    missed = sum(1 for d in events if d == float("inf"))
    mode = "scripts/serve.py + ASGI live server + Redis pub/sub" if args.redis else "embedded (runserver, in-process)"
    print(f"{mode}: {args.phones} listening phones, {args.entries} entries every {args.every} s, missed {missed}")
    print(report("201 -> event on the other phones", events))
    print(report("201 -> summary fetched (the update)", updates))
    print(f"load average: {os.getloadavg()[0]:.2f}")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
