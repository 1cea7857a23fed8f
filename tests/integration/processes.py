"""Processes a fault test starts and stops itself (by PID): web servers, Celery workers and beat, a
Redis of its own. Each gets the test database the suite runs on and a queue of its own, so the
suite's own worker never takes its tasks."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "var" / "faults"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def database_url_of_this_run() -> str:
    """The database pytest-django created for this run, as a URL for other processes."""
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    return f"{base}/{connection.settings_dict['NAME']}"


@dataclass
class Stack:
    """One deployment's worth of processes sharing a queue: started on demand, all stopped at the end."""

    redis_url: str = field(default_factory=lambda: os.environ["REDIS_URL"])
    queue: str = field(default_factory=lambda: f"fault-{uuid.uuid4().hex[:10]}")
    extra_env: dict[str, str] = field(default_factory=dict)
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_TEST_NAME", "COMPANION_IT_WORKER")}
        env.update(DATABASE_URL=database_url_of_this_run(), REDIS_URL=self.redis_url, CELERY_QUEUE=self.queue)
        env.update(self.extra_env)
        return env

    def spawn(self, name: str, args: list[str], **env: str) -> subprocess.Popen[bytes]:
        LOGS.mkdir(parents=True, exist_ok=True)
        log = open(LOGS / f"{name}-{self.queue}.log", "ab")  # noqa: SIM115 - owned by the child
        process = subprocess.Popen(
            args, cwd=ROOT, env={**self.env(), **env}, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self.processes.append(process)
        return process

    def web(self, workers: int = 1, **env: str) -> str:
        """A gunicorn (the production server) on a free port; returns its base URL once it answers."""
        port = free_port()
        args = [sys.executable, "-m", "gunicorn", "companion.wsgi:application", "-b", f"127.0.0.1:{port}"]
        self.spawn(f"web{port}", [*args, "-w", str(workers), "--threads", "4", "--timeout", "60"], **env)
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: _answers(base), 90, f"web server {base}")
        return base

    def worker(self, *, pool: str = "solo", concurrency: int = 1) -> subprocess.Popen[bytes]:
        name = f"fault-{uuid.uuid4().hex[:8]}@{socket.gethostname()}"
        args = [sys.executable, "-m", "celery", "-A", "companion", "worker", "--loglevel=INFO", "-n", name]
        return self.spawn("worker", [*args, f"--pool={pool}", f"--concurrency={concurrency}"])

    def beat(self) -> subprocess.Popen[bytes]:
        schedule = LOGS / f"beat-{self.queue}"
        args = [sys.executable, "-m", "celery", "-A", "companion", "beat", "--loglevel=INFO", "-s", str(schedule)]
        return self.spawn("beat", args)

    def stop(self) -> None:
        for process in self.processes:
            kill(process, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                kill(process, signal.SIGKILL)
                process.wait()


def kill(process: subprocess.Popen[bytes], sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def children(pid: int) -> list[int]:
    """The PIDs whose parent is ``pid`` (a Celery worker's pool processes)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def wait_until(predicate: Any, timeout: float, what: str) -> float:
    """Seconds until ``predicate()`` held; fails the test past ``timeout``."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if predicate():
            return time.monotonic() - start
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {timeout} s")


def _answers(base: str) -> bool:
    try:
        urllib.request.urlopen(base + "/api/v1/games/", timeout=2)
    except urllib.error.HTTPError:
        return True  # 401/403: it answers
    except OSError:
        return False
    return True


class Phone:
    """A phone talking HTTP to one of the web servers, with the API token of a user."""

    def __init__(self, base: str, token: str) -> None:
        self.base, self.token = base, token

    def call(self, method: str, path: str, body: Any = None, timeout: float = 10) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", f"Token {self.token}")
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw)
            except ValueError:
                return error.code, {"html": raw[:200].decode(errors="replace")}

    def append(self, match_id: int, points: list[int], seq: int, event_id: str | None = None) -> tuple[int, Any]:
        body = {
            "type": "hand_result",
            "payload": {"points": points},
            "expected_seq": seq,
            "client_event_id": event_id or str(uuid.uuid4()),
        }
        return self.call("POST", f"/api/v1/matches/{match_id}/events/", body)

    def totals(self, match_id: int) -> list[int]:
        status, body = self.call("GET", f"/api/v1/matches/{match_id}/summary/")
        assert status == 200, body
        return list(body["summary"]["totals"])
