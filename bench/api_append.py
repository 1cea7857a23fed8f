#!/usr/bin/env python3
"""Benchmark: append Hearts ``hand_result`` events through the HTTP API, and compare with a bare
authenticated DRF endpoint (``/api/v1/ping``) on the same server.

    .venv/bin/python bench/api_append.py                    # starts gunicorn on a free port (SQLite)
    .venv/bin/python bench/api_append.py --url http://127.0.0.1:8000 --no-server   # target a running server
    .venv/bin/python bench/api_append.py --minimal     # appends send Prefer: return=minimal (compact answer)
    .venv/bin/python bench/api_append.py --postgres postgres://postgres@127.0.0.1:5432/postgres
    .venv/bin/python bench/api_append.py --postgres postgres://postgres@127.0.0.1:5432/bench_x   # scratch db bench_x

Prints the append latency (p50/p99, one client, sequential), the append throughput and the ping
throughput (``--clients`` concurrent clients each), and their ratio. Targets (DESIGN.md §5):
append p50 ≤ 10 ms, p99 ≤ 30 ms, append throughput ≥ 50 % of the ping throughput.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from _client import Api

ROOT = Path(__file__).resolve().parent.parent
#: Spread hands (≤ 7 points each) so a match to 500 lasts about 70 hands.
HANDS = ([7, 6, 7, 6], [6, 7, 6, 7], [7, 7, 6, 6], [6, 6, 7, 7])
EVENTS_PER_MATCH = 60


class Table:
    """One guest recording hands into matches of their own, opening a new match when one fills up."""

    def __init__(self, base: str, minimal: bool = False) -> None:
        status, body = Api(base, timeout=30).request("POST", "/api/v1/auth/guest", {"name": "Bench"})
        assert status == 201, body
        self.api = Api(base, body["token"], timeout=30, headers={"Prefer": "return=minimal"} if minimal else None)
        self.player = body["player"]["id"]
        self.match_id = 0
        self.seq = EVENTS_PER_MATCH + 1

    def new_match(self) -> None:
        body = {"game": "hearts", "players": [self.player, "B", "C", "D"], "variants": {"target_score": 500}}
        status, match = self.api.request("POST", "/api/v1/matches", body)
        assert status == 201, match
        self.match_id, self.seq = match["id"], 1

    def append(self) -> float:
        if self.seq > EVENTS_PER_MATCH:
            self.new_match()
        body = {
            "type": "hand_result",
            "payload": {"points": HANDS[self.seq % len(HANDS)]},
            "expected_seq": self.seq,
            "client_event_id": str(uuid.uuid4()),
        }
        start = time.perf_counter()
        status, answer = self.api.request("POST", f"/api/v1/matches/{self.match_id}/events", body)
        elapsed = time.perf_counter() - start
        assert status == 201, answer
        self.seq += 1
        return elapsed

    def ping(self) -> float:
        start = time.perf_counter()
        status, answer = self.api.request("GET", "/api/v1/ping")
        elapsed = time.perf_counter() - start
        assert status == 200, answer
        return elapsed


def cpu_by_pid(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds of each of these processes so far (those gone are left out)."""
    out = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    return out


def server_pids(server: subprocess.Popen[bytes] | None, database_url: str | None) -> list[int]:
    """gunicorn's processes (its session) and the PostgreSQL backends of the scratch database."""
    if server is None:
        return []
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[3]) == server.pid:  # the session gunicorn leads (start_new_session)
                pids.append(int(entry.name))
    if database_url:
        import psycopg

        base, name = database_url.rsplit("/", 1)
        with psycopg.connect(base + "/postgres", autocommit=True) as conn:
            rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (name,))
            pids += [int(r[0]) for r in rows]
    return pids


def throughput(
    tables: list[Table], action: str, seconds: float, pids: Callable[[], list[int]] = list
) -> tuple[float, float]:
    """Requests per second with one thread per table, for ``seconds``, and the server's CPU
    milliseconds per request (the machine's other work moves the first, much less the second)."""
    before = cpu_by_pid(pids())
    requests = _run(tables, action, seconds)
    after = cpu_by_pid(pids())
    used = sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())
    return requests / seconds, used * 1000 / max(1, requests)


def _run(tables: list[Table], action: str, seconds: float) -> int:
    counts = [0] * len(tables)
    stop = time.perf_counter() + seconds

    def work(i: int) -> None:
        call = getattr(tables[i], action)
        while time.perf_counter() < stop:
            call()
            counts[i] += 1

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(tables))]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds_run = time.perf_counter() - started
    return round(sum(counts) * seconds / seconds_run)  # requests, scaled to exactly ``seconds``


def start_server(
    address: str, workers: int, threads: int, production: bool, database_url: str | None = None
) -> tuple[subprocess.Popen[bytes], Path]:
    workdir = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_DEBUG")}
    env.update(SQLITE_PATH=str(workdir / "bench.sqlite3"), DJANGO_LOG_LEVEL="ERROR")
    if database_url:
        env.update(DATABASE_URL=database_url, DATABASE_CONN_MAX_AGE="600")
    if production:  # DEBUG off (no SQL logging), plain HTTP on the loopback
        env.update(
            DJANGO_DEBUG="false",
            DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
            DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
            DJANGO_SECURE_SSL_REDIRECT="false",
        )
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    command = [
        sys.executable, "-m", "gunicorn", "companion.wsgi", "--bind", address,
        "--workers", str(workers), "--threads", str(threads), "--worker-class", "gthread",
        "--keep-alive", "30", "--log-level", "warning",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    return server, workdir


def _scratch_database(server_url: str, drop: str | None = None) -> str:
    """Create (or, with ``drop``, drop) a scratch database on the PostgreSQL server at ``server_url``."""
    import psycopg

    base, named = server_url.rsplit("/", 1)
    # a URL naming a database other than the maintenance one names the scratch database itself
    scratch = named if named and named != "postgres" else f"companion_bench_{os.getpid()}"
    name = drop.rsplit("/", 1)[1] if drop else scratch
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        if drop is None:
            conn.execute(f'CREATE DATABASE "{name}"')
    return f"{base}/{name}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def port_in_use(netloc: str) -> bool:
    host, _, port = netloc.rpartition(":")
    with socket.socket() as sock:
        return sock.connect_ex((host or "127.0.0.1", int(port))) == 0


def wait_ready(base: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if Api(base, timeout=30).request("GET", "/api/v1/ping")[0] in (200, 401):
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit(f"server at {base} did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="server to target (default: a gunicorn started on a free local port)")
    parser.add_argument("--no-server", action="store_true", help="target a server that is already running")
    parser.add_argument("-n", "--events", type=int, default=1000, help="appends timed one by one (latency)")
    parser.add_argument("--clients", type=int, default=2, help="concurrent clients in the throughput runs")
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each throughput run")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=4, help="gunicorn threads per worker")
    parser.add_argument("--production", action="store_true", help="DJANGO_DEBUG=false on the started server")
    parser.add_argument("--minimal", action="store_true", help="appends ask for the compact answer (Prefer)")
    parser.add_argument(
        "--postgres", metavar="URL", help="PostgreSQL server URL (a scratch database is created and dropped)"
    )
    args = parser.parse_args()
    database_url = _scratch_database(args.postgres) if args.postgres else None

    load_before = " ".join(f"{x:.1f}" for x in os.getloadavg())
    server = None
    if args.no_server:
        if not args.url:
            sys.exit("--no-server needs --url")
    else:
        if args.url is None:
            args.url = f"http://127.0.0.1:{free_port()}"
        netloc = urlsplit(args.url).netloc
        if port_in_use(netloc):
            sys.exit(f"{netloc} is already in use: choose another --url, or --no-server to target it")
        server, _ = start_server(netloc, args.workers, args.threads, args.production, database_url)
    try:
        wait_ready(args.url)
        table = Table(args.url, args.minimal)
        for _ in range(20):  # warm up: imports, caches, first connection
            table.append()
            table.ping()
        latencies = sorted(table.append() for _ in range(args.events))
        p50 = statistics.median(latencies) * 1000
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
        tables = [Table(args.url, args.minimal) for _ in range(args.clients)]
        pids = lambda: server_pids(server, database_url)  # noqa: E731
        append_rps, append_cpu = throughput(tables, "append", args.seconds, pids)
        ping_rps, ping_cpu = throughput(tables, "ping", args.seconds, pids)
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=20)
        if database_url:
            _scratch_database(args.postgres, drop=database_url)
    ratio = append_rps / ping_rps
    mode = "DJANGO_DEBUG=false" if args.production else "default settings (DEBUG on)"
    mode += ", Prefer: return=minimal" if args.minimal else ", full summary in each answer"
    where = f"gunicorn gthread {args.workers} worker(s) x {args.threads} threads" if server else args.url
    store = "PostgreSQL" if database_url else "SQLite"
    print(f"server: {where}, {store}, {mode}; load average before: {load_before}")
    print(f"append latency ({args.events} events, 1 client): p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    print(f"append throughput ({args.clients} clients, {args.seconds:.0f} s): {append_rps:.0f} req/s")
    print(f"ping throughput   ({args.clients} clients, {args.seconds:.0f} s): {ping_rps:.0f} req/s")
    print(f"ratio append/ping: {ratio:.0%}")
    if server is not None:
        print(
            f"server CPU per request: append {append_cpu:.2f} ms, ping {ping_cpu:.2f} ms;"
            f" CPU ratio ping/append {ping_cpu / append_cpu:.0%}"
        )
    ok = p50 <= 10 and p99 <= 30 and ratio >= 0.5
    print("targets (p50 ≤ 10 ms, p99 ≤ 30 ms, ratio ≥ 50 %):", "met" if ok else "NOT met")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
