#!/usr/bin/env python3
"""Benchmark: what a live server's streams cost, and a reconnect storm (issue 23 item 4).

    .venv/bin/python bench/live_streams.py --redis redis://127.0.0.1:6379/1 \\
        --database postgres://postgres@127.0.0.1:5432/companion_liveconn_bench --streams 1600

Starts one live server as production does (deploy/gunicorn-live.conf.py, one worker) on
``--port``, pointed at ``--database`` and ``--redis``; this process beats the heartbeat, as a web
worker does. It then opens ``--streams`` streams over ``--streams / 4`` matches (four phones a table),
each with a ticket signed with the server's key (as the API issues them), and prints:

- the worker's resident memory before and with the streams open, per stream (load-independent);
- a reconnect storm: every stream cut and reopened at once; PostgreSQL backends on ``--database``
  sampled every 20 ms throughout (the live server must hold none);
- one seq published per match through Redis: how many streams heard it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def start_server(args: argparse.Namespace, key: str) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_", "COMPANION_"))}
    env.update(
        DJANGO_SECRET_KEY=key,
        DATABASE_URL=args.database,
        REDIS_URL=args.redis,
        COMPANION_LIVE_ADDRESS=f"127.0.0.1:{args.port}",
        GUNICORN_LIVE_WORKERS="1",
        GUNICORN_LIVE_CONNECTIONS=str(args.streams + 200),
    )
    config = str(ROOT / "deploy" / "gunicorn-live.conf.py")
    log = open(ROOT / "var" / "bench-live-streams.log", "wb")  # noqa: SIM115 - the child's
    command = [sys.executable, "-m", "gunicorn", "--config", config]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)


def worker_pid(master: int) -> int:
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == master:
                return int(stat.parent.name)
        except (OSError, ValueError):
            continue
    raise RuntimeError("no worker yet")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Backends(threading.Thread):
    """Samples PostgreSQL's backends connected to the benchmark's database."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        import psycopg

        self.name_ = urlsplit(url).path.strip("/")
        self.conn = psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True)
        self.most = 0
        self.samples = 0
        self.stop = threading.Event()

    def now(self) -> int:
        row = self.conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (self.name_,)).fetchone()
        return int(row[0]) if row else 0

    def run(self) -> None:
        while not self.stop.wait(0.02):
            self.most = max(self.most, self.now())
            self.samples += 1


async def open_stream(port: int, match_id: int, ticket: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET /api/v1/matches/{match_id}/live HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n"
        f"Authorization: Ticket {ticket}\r\n\r\n".encode()
    )
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(head.decode(errors="replace"))
    await reader.readuntil(b"\n\n")  # retry:
    return reader, writer


async def open_all(
    port: int, tickets: list[tuple[int, str]]
) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    gate = asyncio.Semaphore(400)  # the client's own pace: the server takes them as fast as it can

    async def one(match_id: int, ticket: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        async with gate:
            return await open_stream(port, match_id, ticket)

    return list(await asyncio.gather(*(one(m, t) for m, t in tickets)))


async def heard(streams: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]], seq: int) -> int:
    needle = f'"seq": {seq}'.encode()

    async def one(reader: asyncio.StreamReader) -> bool:
        buffer = b""
        try:
            while needle not in buffer:
                buffer = buffer[-200:] + await asyncio.wait_for(reader.read(4096), 10)
        except (TimeoutError, OSError):
            return False
        return True

    return sum(await asyncio.gather(*(one(r) for r, _ in streams)))


def close_all(streams: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]) -> None:
    for _, writer in streams:
        writer.close()


async def bench(args: argparse.Namespace, pid: int, backends: Backends) -> None:
    from companion import live

    matches = range(1, args.streams // 4 + 1)
    tickets = [(m, live.issue_ticket(user_id=1, match_id=m, seq=0)) for m in matches for _ in range(4)]
    await asyncio.sleep(1)
    before = rss_kib(pid)
    started = time.monotonic()
    streams = await open_all(args.port, tickets)
    opened_s = time.monotonic() - started
    await asyncio.sleep(2)
    with_streams = rss_kib(pid)
    print(f"streams open: {len(streams)} in {opened_s:.1f} s; worker RSS {before} KiB -> {with_streams} KiB")
    print(f"memory per stream: {(with_streams - before) / len(streams):.1f} KiB")
    backends.start()
    started = time.monotonic()
    close_all(streams)  # the storm: every phone cut, every phone back at once
    streams = await open_all(args.port, tickets)
    print(f"reconnect storm: {len(streams)} streams reopened in {time.monotonic() - started:.1f} s")
    for match_id in matches:
        live.publish(match_id, 1)
    got = await heard(streams, 1)
    print(f"after the storm, one seq per match through Redis: heard by {got}/{len(streams)} streams")
    await asyncio.sleep(5)
    print(f"streams the server holds 5 s after the storm (/healthz): {_served(args.port)} (of {len(streams)} open)")
    backends.stop.set()
    backends.join()
    print(f"PostgreSQL backends on the database during the storm: at most {backends.most} ({backends.samples} samples)")
    close_all(streams)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis", required=True)
    parser.add_argument("--database", required=True, help="a PostgreSQL database of your own (created if missing)")
    parser.add_argument("--streams", type=int, default=1600)
    parser.add_argument("--port", type=int, default=8101)
    args = parser.parse_args()
    key = secrets.token_urlsafe(50)
    os.environ.update(DJANGO_SECRET_KEY=key, REDIS_URL=args.redis, DJANGO_SETTINGS_MODULE="companion.settings")
    os.environ["DATABASE_URL"] = args.database
    import django

    django.setup()
    from companion import live

    _create_database(args.database)
    (ROOT / "var").mkdir(exist_ok=True)
    server = start_server(args, key)
    try:
        _wait_answers(args.port, server)
        live.start_heartbeat()  # this process stands for the web workers
        backends = Backends(args.database)
        print(f"PostgreSQL backends on the database before: {backends.now()}")
        asyncio.run(bench(args, worker_pid(server.pid), backends))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    print(f"load average: {os.getloadavg()[0]:.2f}")


def _served(port: int) -> int:
    import json
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
        return int(json.loads(answer.read())["streams"])


def _create_database(url: str) -> None:
    import psycopg

    name = urlsplit(url).path.strip("/")
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def _wait_answers(port: int, server: subprocess.Popen[bytes]) -> None:
    import urllib.request

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("the live server exited (var/bench-live-streams.log)")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the live server did not start")


if __name__ == "__main__":
    main()
