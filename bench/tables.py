#!/usr/bin/env python3
"""Benchmark: N live tables on the production set-up (issue 23 item 6).

    .venv/bin/python bench/tables.py --tables 50 --seconds 120
    .venv/bin/python bench/tables.py --tables 200 --seconds 120 --port 8220

Each table is a Hearts match with one writer, who records a hand (the full append answer, as the
phone asks) every 5–30 s, and three phones that hold the match's live stream and draw from its
pushes as web/static/web/js/table/push.js does: a push on the version held is applied with no
request; a gap (a seq jump, another version, a push that left something out) makes that phone fetch
the summary (and the legal actions or history rows it lacks). Every request any client makes is
counted. The server is the production one: ``scripts/serve.py`` (gunicorn with deploy/gunicorn.conf.py
and the ASGI live server of deploy/gunicorn-live.conf.py) on a fresh PostgreSQL database
``companion_livepush_<hex>`` and a Redis database of its own (``--redis``), loopback only.

Prints: HTTP requests per entry (all clients), bytes per push (mean/max), server CPU (user + system
of the web and live processes) per entry and per table-minute, p50/p99 append latency, p95 delivery
delay (from the writer's 201 to a phone holding the new state), errors, the projected tables per
2-core web host (2 CPU-seconds a second over the CPU a table-minute costs), and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench._client import Api  # noqa: E402

#: 26 points a hand, no moon (a match to 500 lasts ~75 hands: longer than any run).
HANDS = ([10, 6, 4, 6], [3, 13, 5, 5], [0, 8, 9, 9], [14, 2, 4, 6], [5, 5, 3, 13], [7, 0, 17, 2])


@dataclass
class Stats:
    requests: int = 0
    entries: int = 0
    pushes: int = 0
    push_bytes: list[int] = field(default_factory=list)
    applied: int = 0
    refetches: int = 0
    append_ms: list[float] = field(default_factory=list)
    delivery_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    wrong: int = 0
    streams: int = 0
    reasons: dict[str, int] = field(default_factory=dict)

    def because(self, reason: str) -> bool:
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        return True


class Http:
    """One keep-alive HTTP/1.1 connection (asyncio streams, standard library only)."""

    def __init__(self, port: int, token: str, stats: Stats) -> None:
        self.port, self.token, self.stats = port, token, stats
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        self.stats.requests += 1
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                return await self._once(method, path, body)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.writer = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _once(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        assert self.reader is not None and self.writer is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {self.token}\r\n"
            f"Accept: application/json\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        self.writer.write(head.encode() + data)
        status, headers = await read_head(self.reader)
        raw = await read_body(self.reader, headers)
        if headers.get("connection", "").lower() == "close":
            self.writer.close()
            self.writer = None
        return status, json.loads(raw) if raw else None


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    line = await reader.readuntil(b"\r\n")
    status = int(line.split()[1])
    headers: dict[str, str] = {}
    while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
        key, _, value = line.decode().partition(":")
        headers[key.strip().lower()] = value.strip()
    return status, headers


async def read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"]))
    chunks = []
    while size := int((await reader.readuntil(b"\r\n")).strip(), 16):
        chunks.append(await reader.readexactly(size))
        await reader.readexactly(2)
    await reader.readexactly(2)
    return b"".join(chunks)


async def sse_lines(reader: asyncio.StreamReader, chunked: bool) -> Any:
    """The stream's lines, de-chunked."""
    buffer = b""
    while True:
        if chunked:
            size = int((await reader.readuntil(b"\r\n")).strip(), 16)
            if size == 0:
                return
            buffer += await reader.readexactly(size)
            await reader.readexactly(2)
        else:
            buffer += await reader.read(65536)
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield line


class Phone:
    """One phone of a table: its stream, and push.js's rules for applying what it carries."""

    def __init__(self, table: Table, live_port: int, web_port: int, stats: Stats) -> None:
        self.table, self.live_port, self.stats = table, live_port, stats
        self.api = Http(web_port, table.token, stats)
        self.seq, self.version, self.totals = 0, "", [0, 0, 0, 0]

    async def refetch(self) -> None:
        self.stats.refetches += 1
        status, summary = await self.api.request("GET", f"/api/v1/matches/{self.table.match}/summary")
        if status == 200:
            self.seq, self.version = summary["last_seq"], summary["version"]
            self.totals = summary["summary"]["totals"]
            self.table.held(self.seq)

    def on_message(self, message: dict[str, Any], size: int) -> bool:
        """push.js's decide(): True when the phone has to fetch."""
        if message.get("seq", 0) <= self.seq:
            return False
        self.stats.pushes += 1
        self.stats.push_bytes.append(size)
        if message["seq"] != self.seq + 1 or message.get("base") != self.version:
            return self.stats.because("gap")
        if not isinstance(message.get("ops"), list):
            return self.stats.because("no ops")
        if message.get("legal_ops") is None:
            return self.stats.because("no legal actions")
        self.seq, self.version, self.totals = message["seq"], message["version"], message["totals"]
        self.stats.applied += 1
        if self.totals != self.table.expected.get(self.seq):
            self.stats.wrong += 1
        self.table.held(self.seq)
        # the board's new row: fetched when the push left it out
        return message.get("rows") is None and self.stats.because("no rows")

    async def run(self, stop: float) -> None:
        await self.refetch()
        while time.monotonic() < stop:
            try:
                await self._stream(stop)
            except (ConnectionError, asyncio.IncompleteReadError, ValueError) as exc:
                self.stats.errors.append(f"stream: {exc!r}")
                await asyncio.sleep(1)

    async def _stream(self, stop: float) -> None:
        # a stream opens with a ticket from the web server (counted: one request per stream opened)
        status, answer = await self.api.request("POST", f"/api/v1/matches/{self.table.match}/live-ticket", {})
        if status != 201:
            raise ConnectionError(f"live-ticket answered {status}")
        reader, writer = await asyncio.open_connection("127.0.0.1", self.live_port)
        writer.write(
            f"GET /api/v1/matches/{self.table.match}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Ticket {answer['ticket']}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        status, headers = await read_head(reader)
        if status != 200:
            raise ConnectionError(f"live answered {status}")
        self.stats.streams += 1
        lines = sse_lines(reader, headers.get("transfer-encoding") == "chunked")
        try:
            while time.monotonic() < stop:
                line = await asyncio.wait_for(anext(lines), timeout=max(0.1, stop - time.monotonic()))
                if line.startswith(b"data:"):
                    data = line.split(b":", 1)[1].strip()
                    if self.on_message(json.loads(data), len(data)):
                        await self.refetch()
        except (TimeoutError, StopAsyncIteration):
            pass
        finally:
            writer.close()


class Table:
    def __init__(self, token: str, match: int) -> None:
        self.token, self.match = token, match
        self.expected: dict[int, list[int]] = {0: [0, 0, 0, 0]}
        self.sent_at: dict[int, float] = {}
        self.held_at: list[tuple[int, float]] = []
        self.stats: Stats | None = None

    def held(self, seq: int) -> None:
        """A phone holds ``seq`` now (the delay from the writer's 201 is worked out at the end: the
        push often arrives before the writer has read its answer, a negative delay)."""
        self.held_at.append((seq, time.monotonic()))

    def delays(self) -> list[float]:
        return [(at - self.sent_at[seq]) * 1000 for seq, at in self.held_at if seq in self.sent_at]

    async def write(self, web_port: int, stats: Stats, stop: float, rng: random.Random) -> None:
        api = Http(web_port, self.token, stats)
        seq = 0
        await asyncio.sleep(rng.uniform(0, 5))
        while time.monotonic() + 1 < stop:
            points = HANDS[seq % len(HANDS)]
            self.expected[seq + 1] = [a + b for a, b in zip(self.expected[seq], points, strict=True)]
            body = {"type": "hand_result", "payload": {"points": points}, "expected_seq": seq + 1}
            body["client_event_id"] = str(uuid.uuid4())
            start = time.monotonic()
            try:
                status, answer = await api.request("POST", f"/api/v1/matches/{self.match}/events", body)
            except (ConnectionError, asyncio.IncompleteReadError) as exc:
                stats.errors.append(f"append: {exc!r}")
                continue
            done = time.monotonic()
            if status != 201:
                stats.errors.append(f"append {status}: {str(answer)[:120]}")
                await asyncio.sleep(1)
                continue
            seq += 1
            self.sent_at[seq] = done
            stats.entries += 1
            stats.append_ms.append((done - start) * 1000)
            await asyncio.sleep(rng.uniform(5, 30))


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def session_pids(leader: int) -> list[int]:
    """Every process of the server's session (serve.py, both gunicorn masters and their workers)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[3]) == leader:
                pids.append(int(entry.name))
    return pids


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def start_server(args: argparse.Namespace, db_url: str, tmp: Path) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_", "COMPANION_"))}
    env.update(
        DATABASE_URL=db_url,
        REDIS_URL=args.redis,
        CELERY_QUEUE=f"{Path(db_url).name}-nobody",  # no worker of anyone takes the standings tasks
        COMPANION_AUTH_RATE="100000/minute",
        COMPANION_THROTTLE_GUEST_ADDRESS="100000/minute",  # every guest of the bench comes from 127.0.0.1
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DJANGO_LOG_LEVEL="ERROR",
        GUNICORN_LOG_LEVEL="warning",
        COMPANION_ADDRESS=f"127.0.0.1:{args.port}",
        COMPANION_LIVE_ADDRESS=f"127.0.0.1:{args.port + 1}",
    )
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    log = (tmp / "server.log").open("w")
    command = [sys.executable, "scripts/serve.py"]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True), env


def wait_ready(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with {server.returncode}")
        try:
            if Api(f"http://127.0.0.1:{port}").request("GET", "/api/v1/ping")[0] in (200, 401):
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError("the server did not start")


def open_tables(port: int, count: int) -> list[Table]:
    tables = []
    for i in range(count):
        api = Api(f"http://127.0.0.1:{port}")
        status, guest = api.request("POST", "/api/v1/auth/guest", {"name": f"Writer {i}"})
        assert status == 201, guest
        api.token = guest["token"]
        body = {"game": "hearts", "players": [guest["player"]["id"], "B", "C", "D"], "variants": {"target_score": 500}}
        status, match = api.request("POST", "/api/v1/matches", body)
        assert status == 201, match
        tables.append(Table(guest["token"], match["id"]))
    return tables


async def run(tables: list[Table], args: argparse.Namespace, stats: Stats) -> None:
    stop = time.monotonic() + args.seconds
    rng = random.Random(1)
    for table in tables:
        table.stats = stats
    phones = [Phone(t, args.port + 1, args.port, stats) for t in tables for _ in range(3)]
    tasks = [asyncio.create_task(p.run(stop)) for p in phones]
    # every phone holds its stream and the summary (not counted below); the live workers' Redis
    # listeners subscribe when their first stream comes (a push before that is lost: a gap)
    while stats.streams < len(phones) and time.monotonic() < stop:
        await asyncio.sleep(0.2)
    await asyncio.sleep(2)
    stats.requests, stats.refetches = 0, 0
    for table in tables:
        table.held_at.clear()
    tasks += [asyncio.create_task(t.write(args.port, stats, stop, rng)) for t in tables]
    await asyncio.gather(*tasks)
    stats.delivery_ms = [d for t in tables for d in t.delays()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--port", type=int, default=8210, help="the web server's port; the live server's is the next")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/2")
    args = parser.parse_args()
    name = f"companion_livepush_{secrets.token_hex(4)}"
    with psycopg.connect(f"{args.pg}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    server = None
    tmp = Path(tempfile.mkdtemp(prefix="companion-tables-"))
    try:
        server, _ = start_server(args, f"{args.pg}/{name}", tmp)
        wait_ready(args.port, server)
        tables = open_tables(args.port, args.tables)
        stats = Stats()
        load_start = os.getloadavg()
        pids = session_pids(server.pid)
        cpu_before, started = cpu_seconds(pids), time.monotonic()
        asyncio.run(run(tables, args, stats))
        elapsed = time.monotonic() - started
        cpu = cpu_seconds(session_pids(server.pid)) - cpu_before
        report(args, stats, cpu, elapsed, load_start, os.getloadavg())
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        with psycopg.connect(f"{args.pg}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def report(args: argparse.Namespace, stats: Stats, cpu: float, elapsed: float, load_start: Any, load_end: Any) -> None:
    entries = max(1, stats.entries)
    table_minutes = args.tables * elapsed / 60
    per_table_minute = cpu / table_minutes
    print(f"tables {args.tables}, {elapsed:.0f} s, {stats.entries} entries, {stats.pushes} pushes heard")
    print(
        f"requests per entry      {stats.requests / entries:.3f} ({stats.requests} requests, {stats.refetches} refetches: {stats.reasons})"
    )
    print(
        f"bytes per push          mean {sum(stats.push_bytes) / max(1, len(stats.push_bytes)):.0f}, max {max(stats.push_bytes, default=0)}"
    )
    print(
        f"server CPU              {cpu:.1f} s: {cpu * 1000 / entries:.1f} ms per entry, {per_table_minute * 1000:.1f} ms per table-minute"
    )
    print(f"append latency          p50 {pct(stats.append_ms, 0.5):.1f} ms, p99 {pct(stats.append_ms, 0.99):.1f} ms")
    print(
        f"delivery delay          p50 {pct(stats.delivery_ms, 0.5):.1f} ms, p95 {pct(stats.delivery_ms, 0.95):.1f} ms"
    )
    print(f"errors                  {len(stats.errors)} {stats.errors[:3]}; wrong totals shown {stats.wrong}")
    print(
        f"projected tables/2-core {2 * 60 / per_table_minute:.0f} at 100 % CPU, {0.7 * 2 * 60 / per_table_minute:.0f} at 70 %"
    )
    print(
        f"load average            start {load_start[0]:.1f} {load_start[1]:.1f}, end {load_end[0]:.1f} {load_end[1]:.1f}"
    )


if __name__ == "__main__":
    main()
