#!/usr/bin/env python3
"""Benchmark: 50 phones recording at once on PostgreSQL behind gunicorn (DESIGN.md §5).

    /work/venv/bin/python bench/phones.py                   # 50 phones, 20 s
    /work/venv/bin/python bench/phones.py --phones 20 --seconds 5

It creates its own database (``companion_bench_<random>`` on ``--pg``, dropped at the end), migrates
it, claims an empty Redis database for the cache (so the state snapshots are shared by the gunicorn
workers, as in production) and a Celery queue of its own that no worker consumes, starts gunicorn
(gthread, 2 workers × 8 threads by default) on a free port of 127.0.0.1, and runs the phones:

- Hearts tables of 4 phones (one per seat) and Thousand tables of 3 phones, every phone of a table
  recording hands into the same match (``hand_result`` / ``deal_result``), so they race on the same
  seq. Each entry has a fresh ``client_event_id`` and ``expected_seq``; on 409 ``stale_seq`` the
  phone re-reads (half of them ``GET /summary/``, half the 409's ``current``) and retries the same
  entry (same ``client_event_id``, as an outbox would). A Hearts match that ends opens the next one.
- "Outbox" phones also replay entries already acknowledged (same id and body, stale
  ``expected_seq``): the answer must be 200 ``created: false`` with the first seq.
- "Flaky" phones sometimes send one entry twice at the same moment on two connections (a retry
  after a timeout while the first request is still in flight): exactly one is stored.

Afterwards it checks from the database: every acknowledged entry is stored exactly once, at the seq
it was acknowledged with, with its body; no stored event that nobody sent; seqs 1..last_seq with
no gaps; no duplicate ``client_event_id``; each match's replayed summary (the engine, from the stored
events) equals what ``GET /summary/`` answers. It prints latency of successful appends (p50/p95/p99),
throughput, 409s, retries, lost and duplicated, with the load average. Exit status 0 only when
nothing is lost or duplicated, every check passes and no 5xx was seen.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _client import Api  # noqa: E402

from scoring.record import MatchRecord, RecordedEvent, replay  # noqa: E402
from scoring.registry import get_game  # noqa: E402

#: Hearts hands (26 points each) spread so that a match to 500 lasts about 75 hands.
HEARTS_HANDS = ([7, 6, 7, 6], [6, 7, 6, 7], [7, 7, 6, 6], [6, 6, 7, 7], [13, 0, 13, 0], [0, 13, 0, 13])
MAX_RETRIES = 60  # of one entry after 409s: bounded, a phone gives the entry up after that


@dataclass
class Ack:
    """An entry the server acknowledged: it must be in the database exactly once, at ``seq``."""

    match: int
    seq: int
    cid: str
    type: str
    payload: dict[str, Any]


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    created_ms: list[float] = field(default_factory=list)  # 201s
    replay_ms: list[float] = field(default_factory=list)  # 200 created=false
    conflict_ms: list[float] = field(default_factory=list)  # 409 stale_seq
    statuses: Counter[str] = field(default_factory=Counter)
    acks: list[Ack] = field(default_factory=list)
    sent_cids: set[tuple[int, str]] = field(default_factory=set)
    retries: int = 0
    rereads: int = 0
    given_up: int = 0
    replays_ok: int = 0
    doubles: int = 0
    new_matches: int = 0
    errors: list[str] = field(default_factory=list)

    def error(self, text: str) -> None:
        with self.lock:
            if len(self.errors) < 50:
                self.errors.append(text)


class Table:
    """One table: a game, its phones' players, and the match they are recording now."""

    def __init__(self, name: str, game: str, variants: dict[str, Any]) -> None:
        self.name, self.game, self.variants = name, game, variants
        self.players: list[int | str] = []
        self.match_id = 0
        self.matches: list[int] = []
        self.lock = threading.Lock()
        self.hand = 0  # the next hand's index (for payload variety)

    def open_match(self, api: Api, finished: int | None = None) -> int:
        """The current match; a phone that saw ``finished`` end opens the next (once per table)."""
        with self.lock:
            if finished is None or self.match_id == finished:
                body = {"game": self.game, "players": self.players, "variants": self.variants}
                status, match = api.request("POST", "/api/v1/matches", body)
                if status != 201:
                    raise RuntimeError(f"match create: {status} {match}")
                self.match_id = match["id"]
                self.matches.append(self.match_id)
            return self.match_id

    def payload(self, rng: random.Random) -> dict[str, Any]:
        with self.lock:
            self.hand += 1
            hand = self.hand
        if self.game == "hearts":
            return {"points": list(HEARTS_HANDS[(hand + rng.randrange(2)) % len(HEARTS_HANDS)])}
        # thousand.md §7.4 result entry, three players: the declarer goes down (80 < 100) or gives
        # up (rospisat) so the match never reaches 1000 and every deal is accepted.
        declarer = hand % 3
        if rng.random() < 0.2:
            return {"kind": "rospisat", "declarer": declarer, "contract": 100}
        points, tricks = [20, 20, 20], [2, 2, 2]
        points[declarer], tricks[declarer] = 80, 4
        return {
            "declarer": declarer,
            "contract": 100,
            "card_points": points,
            "tricks": tricks,
            "marriages": [[], [], []],
        }


class Phone:
    def __init__(self, index: int, base: str, table: Table, stats: Stats, stop: float, max_entries: int) -> None:
        self.index, self.base, self.table, self.stats = index, base, table, stats
        self.stop, self.max_entries = stop, max_entries
        self.pace = 0.0
        self.rng = random.Random(index)
        self.outbox = index % 5 == 0
        self.flaky = index % 5 == 1
        self.reread_by_get = index % 2 == 0
        status, body = Api(base).request("POST", "/api/v1/auth/guest", {"name": f"Phone {index}"})
        if status != 201:
            raise RuntimeError(f"guest: {status} {body}")
        self.token, self.player = body["token"], body["player"]["id"]
        self.api = Api(base, self.token)
        self.api2 = Api(base, self.token)
        self.next_seq = 1
        self.mine: list[tuple[Ack, dict[str, Any]]] = []

    def post(self, api: Api, match: int, body: dict[str, Any]) -> tuple[int, Any, float]:
        start = time.perf_counter()
        status, answer = api.request("POST", f"/api/v1/matches/{match}/events", body)
        return status, answer, (time.perf_counter() - start) * 1000

    def record(self, status: int, answer: Any, ms: float, match: int, body: dict[str, Any]) -> None:
        st = self.stats
        code = answer.get("code", "") if isinstance(answer, dict) else ""
        with st.lock:
            st.statuses[f"{status} {code}".strip()] += 1
            if status == 201:
                st.created_ms.append(ms)
            elif status == 200:
                st.replay_ms.append(ms)
            elif status == 409 and code == "stale_seq":
                st.conflict_ms.append(ms)
            if status in (200, 201):
                st.acks.append(
                    Ack(match, answer["event"]["seq"], body["client_event_id"], body["type"], body["payload"])
                )
        if status >= 500:
            self.stats.error(f"phone {self.index}: {status} {str(answer)[:300]}")

    def run(self) -> None:
        try:
            self._run()
        except Exception as exc:  # reported; the run then fails
            self.stats.error(f"phone {self.index}: {type(exc).__name__}: {exc}")

    def _run(self) -> None:
        event_type = "hand_result" if self.table.game == "hearts" else "deal_result"
        entries = 0
        while time.perf_counter() < self.stop and entries < self.max_entries:
            entries += 1
            match = self.table.match_id
            body: dict[str, Any] = {
                "type": event_type,
                "payload": self.table.payload(self.rng),
                "client_event_id": str(uuid.uuid4()),
                "expected_seq": self.next_seq,
            }
            with self.stats.lock:
                self.stats.sent_cids.add((match, body["client_event_id"]))
            for _attempt in range(MAX_RETRIES):
                if time.perf_counter() >= self.stop + 5:
                    break
                if self.flaky and self.rng.random() < 0.2:
                    status, answer, ms = self.double_send(match, body)
                else:
                    status, answer, ms = self.post(self.api, match, body)
                    self.record(status, answer, ms, match, body)
                code = answer.get("code") if isinstance(answer, dict) else None
                if status in (200, 201):
                    self.next_seq = answer["next_seq"]
                    ack = Ack(match, answer["event"]["seq"], body["client_event_id"], body["type"], body["payload"])
                    self.mine.append((ack, dict(body)))
                    break
                if status == 409 and code == "stale_seq":
                    with self.stats.lock:
                        self.stats.retries += 1
                    body["expected_seq"] = self.reread(match, answer)
                    continue
                if status == 422 and code == "match_finished":
                    match = self.table.open_match(self.api, finished=match)
                    with self.stats.lock:
                        self.stats.new_matches += 1
                    body = {**body, "client_event_id": str(uuid.uuid4()), "expected_seq": 1}
                    with self.stats.lock:
                        self.stats.sent_cids.add((match, body["client_event_id"]))
                    self.next_seq = self.reread(match, None)
                    body["expected_seq"] = self.next_seq
                    continue
                self.stats.error(f"phone {self.index}: unexpected {status} {str(answer)[:300]}")
                break
            else:
                with self.stats.lock:
                    self.stats.given_up += 1
            if self.outbox and self.mine and self.rng.random() < 0.3:
                self.replay_outbox()
            if self.pace > 0:  # the table plays the next hand: a random pause averaging ``pace`` s
                time.sleep(max(0.0, min(self.rng.uniform(0, 2 * self.pace), self.stop - time.perf_counter())))

    def reread(self, match: int, answer: Any) -> int:
        """The seq to try next: from ``GET /summary/`` or from the 409's ``current``."""
        with self.stats.lock:
            self.stats.rereads += 1
        if answer is not None and not self.reread_by_get and isinstance(answer.get("current"), dict):
            return int(answer["current"]["next_seq"])
        status, summary = self.api.request("GET", f"/api/v1/matches/{match}/summary")
        with self.stats.lock:
            self.stats.statuses[f"GET summary {status}"] += 1
        if status != 200:
            self.stats.error(f"phone {self.index}: summary {status} {str(summary)[:300]}")
            return self.next_seq
        return int(summary["next_seq"])

    def replay_outbox(self) -> None:
        """Resend an acknowledged entry as an offline outbox would: same id and body, stale seq."""
        ack, body = self.rng.choice(self.mine[-20:])
        status, answer, ms = self.post(self.api, ack.match, body)
        self.record(status, answer, ms, ack.match, body)
        ok = status == 200 and answer.get("created") is False and answer["event"]["seq"] == ack.seq
        if ok:
            with self.stats.lock:
                self.stats.replays_ok += 1
        else:
            self.stats.error(f"phone {self.index}: outbox replay of seq {ack.seq} gave {status} {str(answer)[:200]}")

    def double_send(self, match: int, body: dict[str, Any]) -> tuple[int, Any, float]:
        """The same request on two connections at once: one stores it, the other finds it stored."""
        other: list[tuple[int, Any, float]] = []
        thread = threading.Thread(target=lambda: other.append(self.post(self.api2, match, body)))
        thread.start()
        first = self.post(self.api, match, body)
        thread.join()
        with self.stats.lock:
            self.stats.doubles += 1
        for status, answer, ms in (first, *other):
            self.record(status, answer, ms, match, body)
        results = [first, *other]
        statuses = sorted(r[0] for r in results)
        if 201 in statuses:
            seqs = {r[1]["event"]["seq"] for r in results if r[0] in (200, 201)}
            if statuses != [200, 201] or len(seqs) != 1:
                self.stats.error(f"phone {self.index}: double send gave {statuses} seqs {seqs}")
            return next(r for r in results if r[0] == 201)
        if 200 in statuses:  # neither created it? only possible if an earlier attempt did
            return next(r for r in results if r[0] == 200)
        return first


# -- the server and its databases ----------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def claim_redis_db(url: str) -> tuple[redis.Redis, int]:
    """An empty Redis database (15 down to 1; 0 is the integration suite's), marked as ours."""
    for db in range(15, 0, -1):
        client = redis.Redis.from_url(url, db=db)
        if client.dbsize() == 0 and client.set("companion-bench:claimed", str(os.getpid()), nx=True):
            if client.dbsize() == 1:
                return client, db
            client.delete("companion-bench:claimed")
    sys.exit("no empty Redis database (1-15) to use")


def wait_ready(base: str, server: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.returncode}")
        try:
            if Api(base).request("GET", "/api/v1/ping")[0] in (200, 401):
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server at {base} did not start")


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of these processes so far (processes that are gone count 0)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of proc(5))
    return total / os.sysconf("SC_CLK_TCK")


def server_pids(server: subprocess.Popen[bytes], pg: str, name: str) -> list[int]:
    """gunicorn's workers and the PostgreSQL backends connected to the bench database."""
    workers = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == server.pid:
                workers.append(int(entry.name))
    with psycopg.connect(f"{pg}/postgres", autocommit=True) as conn:
        backends = [r[0] for r in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (name,))]
    return [server.pid, *workers, *backends]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


# -- checks ---------------------------------------------------------------------------------------------
def check(db_url: str, base: str, stats: Stats, tokens: dict[int, str]) -> dict[str, Any]:
    """Compare what the phones were told with what the database holds and what the API says.

    ``tokens`` gives, for each match, the token of a phone seated at it (the others may not read it).
    """
    problems: list[str] = []
    with psycopg.connect(db_url) as conn:
        rows = conn.execute(
            "SELECT match_id, seq, client_event_id::text, type, payload FROM companion_event ORDER BY match_id, seq"
        ).fetchall()
        matches = {
            r[0]: r[1:]
            for r in conn.execute("SELECT id, game, variants, player_names, last_seq, status FROM companion_match")
        }
    stored: dict[tuple[int, str], list[tuple[int, str, Any]]] = {}
    by_match: dict[int, list[int]] = {}
    for match_id, seq, cid, type_, payload in rows:
        stored.setdefault((match_id, cid), []).append((seq, type_, payload))
        by_match.setdefault(match_id, []).append(seq)
    duplicated = sum(len(v) - 1 for v in stored.values() if len(v) > 1)
    lost = 0
    acked: dict[tuple[int, str], int] = {}
    for ack in stats.acks:
        key = (ack.match, ack.cid)
        if acked.setdefault(key, ack.seq) != ack.seq:
            problems.append(f"{key} acknowledged with two seqs {acked[key]} and {ack.seq}")
        found = stored.get(key, [])
        if not any(seq == ack.seq and t == ack.type and p == ack.payload for seq, t, p in found):
            lost += 1
            problems.append(f"acknowledged {key} seq {ack.seq} not stored as sent: {found}")
    unsent = [key for key in stored if key not in stats.sent_cids]
    if unsent:
        problems.append(f"{len(unsent)} stored events nobody sent, e.g. {unsent[:3]}")
    unacked = [key for key in stored if key not in acked]  # stored but never acknowledged: not an error
    for match_id, seqs in by_match.items():
        if seqs != list(range(1, len(seqs) + 1)) or matches[match_id][3] != len(seqs):
            problems.append(f"match {match_id}: seqs {seqs[:5]}… ({len(seqs)}), last_seq {matches[match_id][3]}")
    summaries_equal = 0
    for match_id, (game, variants, names, last_seq, _status) in matches.items():
        events = tuple(
            RecordedEvent(seq=seq, type=t, payload=p)
            for seq, t, p in sorted((s, t, p) for (m, _), v in stored.items() if m == match_id for s, t, p in v)
        )
        state = replay(MatchRecord(game=game, variants=variants, players=tuple(names), events=events))
        mine = json.loads(json.dumps(get_game(game).summary(state)))
        status, theirs = Api(base, tokens[match_id]).request("GET", f"/api/v1/matches/{match_id}/summary")
        if status != 200 or theirs["summary"] != mine or theirs["last_seq"] != last_seq:
            problems.append(f"match {match_id}: API summary differs from the replay of the database")
        else:
            summaries_equal += 1
    return {
        "stored": len(rows),
        "acked_distinct": len(acked),
        "unacked_stored": len(unacked),
        "lost": lost,
        "duplicated": duplicated,
        "matches": len(matches),
        "summaries_equal": summaries_equal,
        "problems": problems,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--thousand-tables", type=int, default=2, help="3-phone Thousand tables (the rest Hearts)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the phones record")
    parser.add_argument(
        "--pace", type=float, default=0.0, help="mean seconds a phone waits between entries (0: flat out)"
    )
    parser.add_argument("--max-entries", type=int, default=2000, help="entries per phone at most")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=8, help="gunicorn threads per worker")
    parser.add_argument("--conn-max-age", type=int, default=60, help="DATABASE_CONN_MAX_AGE of the server")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432", help="PostgreSQL server (trust)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379", help="Redis server")
    parser.add_argument("--keep", action="store_true", help="keep the database (for a post-mortem)")
    args = parser.parse_args()

    load_before = os.getloadavg()
    name = f"companion_bench_{secrets.token_hex(4)}"
    db_url = f"{args.pg}/{name}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server: subprocess.Popen[bytes] | None = None
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed at the end of main
    redis_client: redis.Redis | None = None
    with psycopg.connect(f"{args.pg}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        redis_client, redis_db = claim_redis_db(args.redis)
        env = {k: v for k, v in os.environ.items() if k not in ("SQLITE_PATH", "DJANGO_DEBUG")}
        env.update(
            DATABASE_URL=db_url,
            DATABASE_CONN_MAX_AGE=str(args.conn_max_age),
            REDIS_URL=f"{args.redis}/{redis_db}",
            CELERY_QUEUE=f"{name}-nobody",  # standings tasks wait there; no worker of anyone takes them
            COMPANION_AUTH_RATE="100000/minute",  # the phones' guests all come from 127.0.0.1
            DJANGO_DEBUG="false",
            DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
            DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
            DJANGO_SECURE_SSL_REDIRECT="false",
            DJANGO_LOG_LEVEL="ERROR",
        )
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        command = [
            sys.executable, "-m", "gunicorn", "companion.wsgi", "--bind", f"127.0.0.1:{port}",
            "--workers", str(args.workers), "--threads", str(args.threads), "--worker-class", "gthread",
            "--keep-alive", "60", "--timeout", "60", "--log-level", "warning",
            "--access-logfile", "-", "--access-logformat", "ACCESS %(m)s %(U)s %(s)s %(D)s",
        ]  # fmt: skip
        # The server's log (409s are logged as warnings) goes to a file: its errors are reported below.
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, start_new_session=True, stdout=log, stderr=subprocess.STDOUT
        )
        wait_ready(base, server)

        tables: list[Table] = []
        for t in range(args.thousand_tables):
            tables.append(Table(f"thousand-{t}", "thousand", {}))
        hearts_phones = args.phones - 3 * args.thousand_tables
        for t in range((hearts_phones + 3) // 4):
            tables.append(Table(f"hearts-{t}", "hearts", {"target_score": 500}))
        stats = Stats()
        seats = [(table, 3 if table.game == "thousand" else 4) for table in tables]
        plan: list[Table] = []
        for table, n in seats:
            plan += [table] * n
        plan = plan[: args.phones]
        stop_placeholder = 0.0
        phones = [Phone(i, base, table, stats, stop_placeholder, args.max_entries) for i, table in enumerate(plan)]
        for table in tables:
            seated = [p for p in phones if p.table is table]
            size = 3 if table.game == "thousand" else 4
            # A table short of phones (the last Hearts one) fills its seats with other phones' players.
            table.players = [p.player for p in seated] + [phones[0].player] * (size - len(seated))
            table.players = list(dict.fromkeys(table.players)) + [f"Guest {i}" for i in range(size)]
            table.players = table.players[:size]
            table.open_match(seated[0].api)
        for phone in phones:  # warm up every connection and both workers (not timed)
            phone.api.request("GET", f"/api/v1/matches/{phone.table.match_id}/summary")
        load_start = os.getloadavg()
        # One round trip to PostgreSQL on this machine now: an append makes about ten of them.
        with psycopg.connect(db_url, autocommit=True) as probe:
            trips = []
            for _ in range(200):
                t0 = time.perf_counter()
                probe.execute("SELECT 1").fetchone()
                trips.append((time.perf_counter() - t0) * 1000)
        # Warm-up opened every worker's database connections (CONN_MAX_AGE): their CPU is measurable.
        pids = server_pids(server, args.pg, name)
        server_cpu = cpu_seconds(pids)
        started, client_cpu = time.perf_counter(), time.process_time()
        for phone in phones:
            phone.stop, phone.pace = started + args.seconds, args.pace
        threads = [threading.Thread(target=phone.run, name=f"phone-{phone.index}", daemon=True) for phone in phones]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=args.seconds + 120)
        elapsed = time.perf_counter() - started
        client_cpu = time.process_time() - client_cpu
        server_cpu = cpu_seconds(pids) - server_cpu
        load_end = os.getloadavg()
        if any(thread.is_alive() for thread in threads):
            stats.error("a phone did not finish in time")
        tokens = {m: next(p.token for p in phones if p.table is t) for t in tables for m in t.matches}
        result = check(db_url, base, stats, tokens)
    finally:
        if server is not None:
            try:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(timeout=20)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(timeout=10)
        if redis_client is not None:
            redis_client.flushdb()  # our claimed database only
        if not args.keep:
            with psycopg.connect(f"{args.pg}/postgres", autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    problems = result["problems"] + stats.errors
    log.seek(0)
    server_log = log.read().decode(errors="replace").splitlines()
    log.close()
    # gunicorn's own measure (µs from the request read to the response written): no client-side waits.
    server_ms = [
        int(f[4]) / 1000
        for f in (line.split() for line in server_log if line.startswith("ACCESS POST"))
        if f[2].endswith("/events/") and f[3] == "201"
    ]
    tracebacks = sum(1 for line in server_log if line.startswith("Traceback") or "Internal Server Error" in line)
    if tracebacks:
        problems.append(f"{tracebacks} errors in the server log; its last lines:")
        problems += [line for line in server_log if not line.startswith(("Conflict:", "ACCESS"))][-20:]
    fivexx = sum(v for k, v in stats.statuses.items() if k.startswith(("5", "GET summary 5")))
    created = stats.created_ms
    fmt = " ".join(f"{x:.1f}" for x in load_before)
    print(f"machine: {os.cpu_count()} cores; load average before {fmt}; at start "
          f"{' '.join(f'{x:.1f}' for x in load_start)}; at end {' '.join(f'{x:.1f}' for x in load_end)}")  # fmt: skip
    print(
        f"server: gunicorn gthread {args.workers} workers x {args.threads} threads, PostgreSQL "
        f"(CONN_MAX_AGE {args.conn_max_age}), Redis cache db {redis_db}, DJANGO_DEBUG=false"
    )
    print(f"this client ({len(phones)} threads, one process) used {client_cpu:.1f} s of CPU while the phones ran")
    print(f"PostgreSQL round trip (SELECT 1) just before: p50 {pct(trips, 0.5):.2f} ms, p99 {pct(trips, 0.99):.2f} ms")
    requests = sum(stats.statuses.values())
    print(
        f"server CPU (gunicorn + PostgreSQL backends) while the phones ran: {server_cpu:.1f} s for {requests} "
        f"requests (POST and GET), {1000 * server_cpu / max(requests, 1):.1f} ms each; "
        f"{1000 * server_cpu / max(len(created), 1):.1f} ms per stored event"
    )
    n_hearts = sum(1 for t in tables if t.game == "hearts")
    print(
        f"phones: {len(phones)} on {len(tables)} tables ({n_hearts} Hearts x 4, {args.thousand_tables} Thousand x 3), "
        f"{elapsed:.1f} s, pace {args.pace:g} s; matches: {result['matches']} ({stats.new_matches} phones saw a match end)"
    )
    print(
        f"appends stored (201): {len(created)}, {len(created) / elapsed:.1f}/s; "
        f"latency p50 {pct(created, 0.5):.1f} ms, p95 {pct(created, 0.95):.1f} ms, "
        f"p99 {pct(created, 0.99):.1f} ms, max {max(created, default=float('nan')):.1f} ms"
    )
    print(
        f"same appends as the server measures them: p50 {pct(server_ms, 0.5):.1f} ms, "
        f"p95 {pct(server_ms, 0.95):.1f} ms, p99 {pct(server_ms, 0.99):.1f} ms ({len(server_ms)} in its log)"
    )
    print(
        f"409 stale_seq: {len(stats.conflict_ms)} (p50 {pct(stats.conflict_ms, 0.5):.1f} ms, "
        f"p99 {pct(stats.conflict_ms, 0.99):.1f} ms); retries {stats.retries}, re-reads {stats.rereads}, "
        f"entries given up after {MAX_RETRIES} tries {stats.given_up}"
    )
    print(
        f"idempotent answers (200 created=false): {len(stats.replay_ms)} (p50 {pct(stats.replay_ms, 0.5):.1f} ms); "
        f"outbox replays checked {stats.replays_ok}; simultaneous double sends {stats.doubles}"
    )
    print("responses:", ", ".join(f"{k}: {v}" for k, v in sorted(stats.statuses.items())))
    print(
        f"database: {result['stored']} events, {result['acked_distinct']} acknowledged entries, "
        f"{result['unacked_stored']} stored but never acknowledged; "
        f"summaries equal to the replay: {result['summaries_equal']}/{result['matches']}"
    )
    print(f"lost = {result['lost']}, duplicated = {result['duplicated']}")
    for problem in problems[:30]:
        print("PROBLEM:", problem)
    ok = not problems and fivexx == 0 and result["lost"] == 0 and result["duplicated"] == 0
    p99_ok = pct(created, 0.99) <= 100
    print(
        "budget (0 lost or duplicated, p99 ≤ 100 ms):",
        "correctness met," if ok else "correctness NOT met,",
        "p99 met" if p99_ok else "p99 NOT met",
    )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
