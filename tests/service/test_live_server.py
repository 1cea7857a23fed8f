"""The live server (api/live_server.py under companion/live_worker.py): streams only, each opened with
a ticket and served without the database; everything else a JSON 404; slow headers dropped."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest

from api import live_server
from companion import live
from tests.conftest import Person

ROOT = Path(__file__).resolve().parents[2]


class Call:
    """One request to the ASGI application, its answer collected; ``leave()`` is the phone going away."""

    def __init__(self, path: str, *, method: str = "GET", authorization: str = "") -> None:
        headers = [(b"accept", b"text/event-stream")]
        if authorization:
            headers.append((b"authorization", authorization.encode()))
        self.scope = {"type": "http", "method": method, "path": path, "headers": headers}
        self.sent: list[dict[str, Any]] = []
        self._gone = asyncio.Event()

    async def receive(self) -> dict[str, Any]:
        await self._gone.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def leave(self) -> None:
        self._gone.set()

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"])

    @property
    def body(self) -> bytes:
        return b"".join(m.get("body", b"") for m in self.sent[1:])


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run``, or in a thread of its own when this thread's loop is taken (a sync Playwright
    test that ran earlier in the same pytest worker leaves its loop running)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    outcome: dict[str, Any] = {}

    def alone() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=alone)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def answer(call: Call) -> Call:
    run(asyncio.wait_for(live_server.application(call.scope, call.receive, call.send), 5))
    return call


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/v1/matches"),
        ("GET", "/api/v1/matches/1/summary"),
        ("GET", "/admin/"),
        ("GET", "/api/v1/matches/1/live/extra"),
        ("POST", "/api/v1/matches/1/live"),
        ("GET", "/"),
        ("POST", "/healthz"),
        ("GET", "/readyz"),
        ("GET", "/metrics"),
    ],
)
def test_everything_but_a_stream_is_a_json_404(method: str, path: str) -> None:
    call = answer(Call(path, method=method, authorization="Ticket x"))
    assert call.status == 404
    assert json.loads(call.body)["code"] == "not_found"


def test_the_probe_says_it_answers_and_how_many_streams_it_serves() -> None:
    call = answer(Call("/healthz"))
    assert call.status == 200
    assert json.loads(call.body) == {"status": "ok", "streams": live.hub.count()}


@pytest.mark.parametrize("authorization", ["", "Ticket forged", "Token abc"])
def test_a_stream_without_a_valid_ticket_is_refused(authorization: str) -> None:
    before = live.hub.count()
    call = answer(Call("/api/v1/matches/5/live", authorization=authorization))
    assert call.status == 403
    assert json.loads(call.body)["code"] == "live_ticket_refused"
    assert live.hub.count() == before


@pytest.mark.parametrize("path", ["/api/v1/matches/{id}/live", "/api/v1/matches/{id}/live/"])
def test_a_stream_is_served_from_the_hub_without_the_database_until_the_phone_leaves(
    alice: Person, hearts_match: dict[str, Any], settings: Any, django_assert_num_queries: Any, path: str
) -> None:
    settings.COMPANION_LIVE_PING_S = 0.05
    match_id = hearts_match["id"]
    ticket = alice.post(f"/api/v1/matches/{match_id}/live-ticket").json()["ticket"]
    before = live.hub.count()
    call = Call(path.format(id=match_id), authorization=f"Ticket {ticket}")

    async def phone() -> None:
        serving = asyncio.ensure_future(live_server.application(call.scope, call.receive, call.send))
        while live.hub.count() == before:
            await asyncio.sleep(0.01)
        live.publish(match_id, 1)
        while b'"seq": 1}' not in call.body:
            await asyncio.sleep(0.01)
        call.leave()
        await asyncio.wait_for(serving, 2)

    with django_assert_num_queries(0):
        run(phone())
    assert call.status == 200
    assert (b"content-type", b"text/event-stream") in call.sent[0]["headers"]
    assert (b"cache-control", b"no-store") in call.sent[0]["headers"]
    assert call.body.startswith(b'retry: 1000\n\nid: 0\nevent: seq\ndata: {"seq": 0}\n\n')
    assert b'id: 1\nevent: seq\ndata: {"seq": 1}\n\n' in call.body
    assert live.hub.count() == before  # the phone left: its subscription is gone


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    """Until the worker answers (the master listens before its worker has loaded Django)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, "the live server ended"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if sock.recv(16).startswith(b"HTTP/1.1"):
                    return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the live server did not start")


@pytest.fixture
def live_server_port() -> Any:
    """The live server as deploy/gunicorn-live.conf.py runs it, with a 1 s header timeout."""
    port = _free_port()
    env = {**os.environ, "COMPANION_LIVE_ADDRESS": f"127.0.0.1:{port}", "COMPANION_LIVE_HEADER_TIMEOUT_S": "1"}
    env.pop("REDIS_URL", None)
    command = [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "deploy" / "gunicorn-live.conf.py")]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for_port(port, process)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def _closed_after(sock: socket.socket) -> float:
    """Seconds until the server closes the connection (reading and dropping anything it sends)."""
    started = time.monotonic()
    sock.settimeout(10)
    while sock.recv(4096):
        pass
    return time.monotonic() - started


def test_the_real_live_server_drops_a_half_sent_request_and_answers_only_streams(live_server_port: int) -> None:
    with socket.create_connection(("127.0.0.1", live_server_port)) as sock:
        sock.sendall(b"GET /api/v1/matches/1/live HTTP/1.1\r\nHost: x\r\n")  # never the blank line
        assert _closed_after(sock) < 3  # the header timeout is 1 s (default 5 s)
    with socket.create_connection(("127.0.0.1", live_server_port)) as sock:
        assert _closed_after(sock) < 3  # nothing sent at all
    with socket.create_connection(("127.0.0.1", live_server_port)) as sock:
        sock.sendall(b"GET /api/v1/matches HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        sock.settimeout(5)
        head = sock.recv(4096)
    assert head.startswith(b"HTTP/1.1 404")
    assert b'"code": "not_found"' in head
