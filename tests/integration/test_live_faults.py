"""Faults on the live path (issue 23): the live server killed, Redis killed, both, each restarted.

A real deployment in small: gunicorn with deploy/gunicorn.conf.py (its workers publish the
heartbeat), the live server with deploy/gunicorn-live.conf.py, a Redis of the test's own, PostgreSQL.
Three phones behave as table/live.js does: a ticket from the web server, a stream from the live
server, "live" only while the heartbeat comes, the summary re-read on every seq heard and on becoming
live again, a fast poll while not live. After every fault each phone says it is not live, still shows
every entry (polling), becomes live again once the fault is over and hears the next entry on its
stream; nothing acknowledged is lost, doubled or moved.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from typing import Any

import pytest

from tests.conftest import Person
from tests.integration import consistency as check
from tests.integration.processes import ROOT, Phone, Stack, free_port, kill, wait_until

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server for a Redis of its own"),
]

HANDS = ([10, 6, 4, 6], [3, 13, 5, 5], [0, 8, 9, 9], [14, 2, 4, 6], [5, 5, 3, 13], [7, 0, 17, 2])
#: As table/live.js: not live once no heartbeat came for this long (the publishers beat every 2 s).
LIVE_S = 6.0
#: The phone's poll: fast while not live, slow while live (page.js: 2.5 s and 15 s; shorter here).
FAST_POLL_S, SLOW_POLL_S = 0.5, 15.0


class TablePhone:
    """One phone at the table, in two threads: its stream and its poll."""

    def __init__(self, web: Phone, live_port: int, match_id: int) -> None:
        self.web, self.live_port, self.match_id = web, live_port, match_id
        self.beat_at = -1e9
        self.heard: list[int] = []
        self.seen: tuple[int, list[int]] = (-1, [])
        self._stop = threading.Event()
        self._was_live = False
        self._threads = [threading.Thread(target=f, daemon=True) for f in (self._listen, self._poll)]
        for thread in self._threads:
            thread.start()

    @property
    def live(self) -> bool:
        return time.monotonic() - self.beat_at < LIVE_S

    def refresh(self) -> None:
        with contextlib.suppress(OSError, AssertionError):
            status, body = self.web.call("GET", f"/api/v1/matches/{self.match_id}/summary/", timeout=5)
            if status == 200:
                self.seen = (body["last_seq"], list(body["summary"]["totals"]))

    def _poll(self) -> None:
        polled = 0.0
        while not self._stop.wait(0.1):
            if self.live and not self._was_live:
                self.refresh()  # live again: catch up at once (page.js)
            self._was_live = self.live
            if time.monotonic() - polled >= (SLOW_POLL_S if self.live else FAST_POLL_S):
                polled = time.monotonic()
                self.refresh()

    def _listen(self) -> None:
        while not self._stop.is_set():
            with contextlib.suppress(OSError, http.client.HTTPException, ValueError, KeyError):
                self._stream_once()
            self._stop.wait(0.3)

    def _stream_once(self) -> None:
        status, body = self.web.call("POST", f"/api/v1/matches/{self.match_id}/live-ticket", {}, timeout=5)
        if status != 201:
            return
        connection = http.client.HTTPConnection("127.0.0.1", self.live_port, timeout=20)
        try:
            headers = {"Accept": "text/event-stream", "Authorization": f"Ticket {body['ticket']}"}
            connection.request("GET", f"/api/v1/matches/{self.match_id}/live", headers=headers)
            stream = connection.getresponse()
            if stream.status != 200:
                return
            while not self._stop.is_set() and (line := stream.readline()):
                if line.startswith(b"event: heartbeat"):
                    self.beat_at = time.monotonic()
                elif line.startswith(b"data: ") and "seq" in (data := json.loads(line[6:])):
                    self.heard.append(int(data["seq"]))
                    self.refresh()
        finally:
            connection.close()
            self.beat_at = -1e9  # the stream dropped: not live (table/live.js says so at once too)

    def stop(self) -> None:
        self._stop.set()


def _answers(port: int) -> bool:
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
    except urllib.error.HTTPError:
        return True  # the live server's JSON 404: it answers
    except OSError:
        return False
    return True


def _redis_up(port: int) -> bool:
    return subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True, check=False).returncode == 0


class LiveStack:
    """Web server, live server and Redis, each restartable on its own port."""

    def __init__(self) -> None:
        self.redis_port, self.web_port, self.live_port = free_port(), free_port(), free_port()
        self.stack = Stack(redis_url=f"redis://127.0.0.1:{self.redis_port}/0")
        self.redis = self.start_redis()
        gunicorn = [sys.executable, "-m", "gunicorn", "--config"]
        self.stack.spawn(
            "web",
            [*gunicorn, str(ROOT / "deploy" / "gunicorn.conf.py")],
            COMPANION_ADDRESS=f"127.0.0.1:{self.web_port}",
            GUNICORN_WORKERS="2",
            GUNICORN_THREADS="4",
        )
        wait_until(lambda: _answers(self.web_port), 90, "web server")
        self.live = self.start_live()

    def start_redis(self) -> subprocess.Popen[bytes]:
        args = [
            "redis-server",
            "--port",
            str(self.redis_port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        redis = self.stack.spawn("redis", args)
        wait_until(lambda: _redis_up(self.redis_port), 10, "redis")
        return redis

    def start_live(self) -> subprocess.Popen[bytes]:
        config = str(ROOT / "deploy" / "gunicorn-live.conf.py")
        live = self.stack.spawn(
            "live",
            [sys.executable, "-m", "gunicorn", "--config", config],
            COMPANION_LIVE_ADDRESS=f"127.0.0.1:{self.live_port}",
            GUNICORN_LIVE_WORKERS="1",
        )
        wait_until(lambda: _answers(self.live_port), 60, "live server")
        return live

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        kill(process, signal.SIGKILL)
        process.wait()
        self.stack.processes.remove(process)


def test_phones_say_when_they_are_not_live_and_converge_after_the_live_server_and_redis_are_killed(
    alice: Person, bob: Person, charlie: Person, dave: Person
) -> None:
    deployment = LiveStack()
    web = Phone(f"http://127.0.0.1:{deployment.web_port}", alice.token)
    status, body = web.call(
        "POST", "/api/v1/matches/", {"game": "hearts", "players": [alice.player.pk, "Bo", "Cy", "Di"]}
    )
    assert status == 201, body
    match_id = int(body["id"])
    phones = [TablePhone(web, deployment.live_port, match_id) for _ in range(3)]
    acknowledged: dict[str, int] = {}
    totals = [0, 0, 0, 0]
    figures: dict[str, float] = {}

    def append() -> int:
        seq = len(acknowledged) + 1
        event_id = str(uuid.uuid4())
        status, body = web.append(match_id, HANDS[(seq - 1) % len(HANDS)], seq, event_id)
        assert status == 201, body
        acknowledged[event_id] = seq
        totals[:] = [t + p for t, p in zip(totals, HANDS[(seq - 1) % len(HANDS)], strict=True)]
        return seq

    def every_phone(what: str, predicate: Any, timeout: float) -> float:
        return wait_until(lambda: all(predicate(p) for p in phones), timeout, what)

    def shows_it_all(phone: TablePhone) -> bool:
        return phone.seen == (len(acknowledged), totals)

    def pushed(seq: int, name: str) -> None:
        """An entry reaches every phone on its stream (not by a poll) and every phone shows it all."""
        assert append() == seq
        figures[f"{name}_pushed_s"] = every_phone(f"seq {seq} pushed", lambda p: seq in p.heard, 5)
        every_phone("the whole record shown", shows_it_all, 5)

    def fault(name: str, restart: Any) -> None:
        figures[f"{name}_not_live_s"] = every_phone(f"{name}: not live", lambda p: not p.live, LIVE_S + 4)
        append()  # recorded meanwhile: the phones poll fast and show it
        every_phone(f"{name}: shown by polling", shows_it_all, 5)
        restart()
        figures[f"{name}_live_again_s"] = every_phone(f"{name}: live again", lambda p: p.live, 20)
        every_phone(f"{name}: the whole record shown", shows_it_all, 5)

    try:
        figures["live_s"] = every_phone("live", lambda p: p.live, 15)
        assert append() == 1
        pushed(2, "healthy")
        assert totals == [13, 19, 9, 11]  # 10+3, 6+13, 4+5, 6+5

        deployment.kill(deployment.redis)  # the relay is gone: no heartbeat, no push
        fault("redis", lambda: setattr(deployment, "redis", deployment.start_redis()))
        pushed(len(acknowledged) + 1, "after_redis")

        deployment.kill(deployment.live)  # the phones' streams break
        fault("live_server", lambda: setattr(deployment, "live", deployment.start_live()))
        pushed(len(acknowledged) + 1, "after_live_server")

        deployment.kill(deployment.live)
        deployment.kill(deployment.redis)

        def both() -> None:
            deployment.redis = deployment.start_redis()
            deployment.live = deployment.start_live()

        fault("both", both)
        pushed(len(acknowledged) + 1, "after_both")
    finally:
        for phone in phones:
            phone.stop()
        deployment.stack.stop()
    rounded = {k: round(v, 1) for k, v in figures.items()}
    check.figures("live-path", **rounded, **check.record_check(acknowledged, [match_id]))
