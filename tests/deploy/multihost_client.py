"""The phones and the slow clients of the multi-host test (runs inside the client namespace).

Standard library only. Prints ``START <unix time>`` when the phones begin, then writes a JSON report
(``--out``): what each phone sent and was acknowledged, latencies by phase, errors, the summaries the
API gave at the end, the session check across the two web hosts, and the slow-client figures.

Phases, from START: ``warmup`` (not measured: connections and caches fill), ``baseline`` (phones only), ``kill`` (the test kills one web host's gunicorn
workers with SIGKILL one second into it), ``slow`` (phones plus ``--slow-connections`` idle and
slow-header connections to nginx).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import threading
import time
import uuid
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

HOST = "companion.test"
#: Hearts, 4 seats: 10 + 8 + 5 + 3 = 26 points a hand; seat 0 reaches the target of 50 in 5 hands.
HAND = {"points": [10, 8, 5, 3]}
TARGET = 50
THINK_S = 0.05
GIVE_UP_S = 30.0


class Api:
    def __init__(self, base: str, token: str | None = None) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "", parts.port or 80
        self.token = token
        self.cookie = ""
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any, http.client.HTTPResponse]:
        headers = {"Host": HOST, "Content-Type": "application/json", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        if self.cookie:
            headers["Cookie"] = self.cookie
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=GIVE_UP_S)
        try:
            self.conn.request(
                method, path, body=json.dumps(body).encode() if body is not None else None, headers=headers
            )
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = None
            raise
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = raw[:200].decode(errors="replace")
        return response.status, data, response


def phase_of(offset: float, warmup: float, baseline: float, kill: float) -> str:
    if offset < warmup:
        return "warmup"
    offset -= warmup
    return "baseline" if offset < baseline else "kill" if offset < baseline + kill else "slow"


class Phone(threading.Thread):
    def __init__(self, number: int, proxy: str, t0: float, end: float, phases: tuple[float, float, float]) -> None:
        super().__init__(daemon=True)
        self.number, self.api, self.t0, self.end, self.phases = number, Api(proxy), t0, end, phases
        self.sent: list[list[Any]] = []
        self.acks: list[dict[str, Any]] = []
        self.latencies: list[tuple[str, float, int]] = []
        self.errors: Counter[str] = Counter()
        self.problems: list[str] = []
        self.matches: list[int] = []
        self.finished: list[int] = []

    def new_match(self) -> None:
        names = [f"P{self.number}{seat}{len(self.matches)}" for seat in "abcd"]
        body = {"game": "hearts", "players": names, "variants": {"target_score": TARGET}}
        started = time.monotonic()
        while True:
            try:
                status, data, _ = self.api.request("POST", "/api/v1/matches", body)
            except (OSError, http.client.HTTPException) as exc:
                status, data = 0, type(exc).__name__
            if status == 201:
                break
            # A lost answer may leave an extra open match behind; the phone just opens another.
            self.errors[f"{status}"] += 1
            if 400 <= status < 500 or time.monotonic() - started > GIVE_UP_S:
                raise RuntimeError(f"creating a match answered {status} {data}")
            time.sleep(0.1)
        self.matches.append(int(data["id"]))
        self.next_seq = 1

    def run(self) -> None:
        try:
            status, data, _ = self.api.request("POST", "/api/v1/auth/guest", {"name": f"Phone {self.number}"})
            if status != 201:
                raise RuntimeError(f"guest answered {status} {data}")
            self.api.token = data["token"]
            self.new_match()
            while time.monotonic() < self.end:
                self.record_one()
                time.sleep(THINK_S)
        except Exception as exc:  # reported, and the test fails on any problem
            self.problems.append(f"phone {self.number}: {type(exc).__name__}: {exc}")

    def record_one(self) -> None:
        match, cid = self.matches[-1], str(uuid.uuid4())
        body = {"type": "hand_result", "payload": HAND, "expected_seq": self.next_seq, "client_event_id": cid}
        self.sent.append([match, cid])
        started, attempts = time.monotonic(), 0
        while True:
            attempts += 1
            try:
                status, data, _ = self.api.request("POST", f"/api/v1/matches/{match}/events", body)
            except (OSError, http.client.HTTPException) as exc:
                status, data = 0, type(exc).__name__
            if status in (200, 201):
                break
            self.errors[f"{status}"] += 1
            if 400 <= status < 500 or time.monotonic() - started > GIVE_UP_S:
                self.problems.append(f"match {match} seq {self.next_seq}: {status} {data}")
                return
            time.sleep(0.1)  # an outbox retry: the same client_event_id and body
        offset = started - self.t0
        self.latencies.append((phase_of(offset, *self.phases), time.monotonic() - started, attempts))
        self.acks.append({"match": match, "cid": cid, "seq": data["event"]["seq"], "created": data["created"]})
        self.next_seq = int(data["next_seq"])
        if data["status"] == "finished":
            self.finished.append(match)
            self.new_match()


async def hold(number: int, host: str, port: int, until: float, stats: Counter[str]) -> None:
    """One connection that sends nothing (even numbers) or a header line every 2 s (odd), reopened
    whenever nginx drops it, until ``until``."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            stats["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        stats["opened"] += 1
        stats["open"] += 1
        stats["max_open"] = max(stats["max_open"], stats["open"])
        try:
            if number % 2:
                writer.write(f"POST /api/v1/matches HTTP/1.1\r\nHost: {HOST}\r\n".encode())
            while time.monotonic() < until:
                try:
                    await asyncio.wait_for(reader.read(1024), timeout=2.0)
                    stats["dropped_by_nginx"] += 1
                    break
                except TimeoutError:
                    if number % 2:
                        writer.write(b"X-Slow: 1\r\n")
                        await writer.drain()
        except OSError:
            stats["dropped_by_nginx"] += 1
        finally:
            stats["open"] -= 1
            writer.close()


def slow_clients(proxy: str, count: int, start: float, until: float, stats: Counter[str]) -> None:
    parts = urlsplit(proxy)
    time.sleep(max(0.0, start - time.monotonic()))

    async def main() -> None:
        await asyncio.gather(*(hold(n, parts.hostname or "", parts.port or 80, until, stats) for n in range(count)))

    asyncio.run(main())


def session_check(web1: str, web2: str) -> dict[str, Any]:
    """A session opened through one web host is valid on the other (same key, sessions in the database)."""
    first = Api(web1)
    status, data, response = first.request("POST", "/api/v1/auth/guest", {"name": "Session check"})
    cookies = [c.split(";", 1)[0] for c in response.headers.get_all("Set-Cookie") or []]
    second = Api(web2)
    second.cookie = "; ".join(c for c in cookies if c.startswith("sessionid="))
    me_status, me, _ = second.request("GET", "/api/v1/players/me")
    player = data.get("player", {}).get("id") if isinstance(data, dict) else None
    return {
        "guest_status": status,
        "cookie": bool(second.cookie),
        "me_status": me_status,
        "same_player": isinstance(me, dict) and me.get("id") == player,
    }


def summaries(proxy: str, phones: list[Phone]) -> dict[str, Any]:
    """Each phone's matches' summaries as the API gives them (a thread per phone: many GETs)."""
    out: dict[str, Any] = {}

    def read(phone: Phone) -> None:
        api = Api(proxy, phone.api.token)
        for match in phone.matches:
            status, data, _ = api.request("GET", f"/api/v1/matches/{match}/summary")
            out[str(match)] = data if status == 200 else {"error": status}

    threads = [threading.Thread(target=read, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--proxy", required=True)
    parser.add_argument("--web1", required=True)
    parser.add_argument("--web2", required=True)
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--baseline", type=float, default=15)
    parser.add_argument("--kill", type=float, default=15)
    parser.add_argument("--slow", type=float, default=30)
    parser.add_argument("--slow-connections", type=int, default=200)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    sessions = session_check(args.web1, args.web2)
    t0 = time.monotonic()
    slow_start = t0 + args.warmup + args.baseline + args.kill
    end = slow_start + args.slow
    print(f"START {time.time()}", flush=True)
    phones = [Phone(n, args.proxy, t0, end, (args.warmup, args.baseline, args.kill)) for n in range(args.phones)]
    for phone in phones:
        phone.start()
    slow: Counter[str] = Counter()
    slow_clients(args.proxy, args.slow_connections, slow_start, end, slow)
    for phone in phones:
        phone.join(timeout=GIVE_UP_S + 10)
    report = {
        "sessions": sessions,
        "slow_clients": dict(slow),
        "phones": [
            {
                "sent": p.sent,
                "acks": p.acks,
                "latencies": p.latencies,
                "errors": dict(p.errors),
                "problems": p.problems,
                "matches": p.matches,
                "finished": p.finished,
            }
            for p in phones
        ],
        "summaries": summaries(args.proxy, phones),
    }
    with open(args.out, "w") as handle:
        json.dump(report, handle)
    print("DONE", flush=True)


if __name__ == "__main__":
    main()
