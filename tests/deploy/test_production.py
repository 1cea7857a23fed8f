"""The production path, end to end, as docs/deploy.md and the README tell an operator to run it:
production variables, ``check --deploy`` clean, ``migrate``, then ``scripts/serve.py`` (collectstatic
and gunicorn), answering as nginx would ask it (``X-Forwarded-Proto: https``, the public host name).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST = "companion.test"
TOKEN = secrets.token_urlsafe(24)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


LIVE_PORT = free_port()
LIVE_REDIS = os.environ.get("REDIS_URL", "")


def production_env(tmp: Path, port: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_", "COMPANION_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="companion.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=f"{HOST},127.0.0.1",
        DJANGO_CSRF_TRUSTED_ORIGINS=f"https://{HOST}",
        SQLITE_PATH=str(tmp / "companion.sqlite3"),
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        COMPANION_ADDRESS=f"127.0.0.1:{port}",
        COMPANION_METRICS_TOKEN=TOKEN,
        PROMETHEUS_MULTIPROC_DIR=str(tmp / "prometheus"),
        GUNICORN_WORKERS="2",
        GUNICORN_THREADS="2",
    )
    if LIVE_REDIS:  # the live server hears the web server through Redis pub/sub (only that: no cache, no Celery)
        env.update(COMPANION_LIVE_ADDRESS=f"127.0.0.1:{LIVE_PORT}", COMPANION_LIVE_REDIS_URL=LIVE_REDIS)
    return env


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(ROOT / "manage.py"), *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)


def get(port: int, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    for name, value in {"Host": HOST, "X-Forwarded-Proto": "https", **headers}.items():
        request.add_header(name, value)
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    tmp = tmp_path_factory.mktemp("production")
    port = free_port()
    env = production_env(tmp, port)
    check = manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert check.returncode == 0, check.stdout + check.stderr
    migrate = manage(env, "migrate", "--noinput")
    assert migrate.returncode == 0, migrate.stderr
    log = tmp / "server.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "serve.py")],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_healthy(port, process, log)
        yield port, log
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _wait_healthy(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the server exited:\n{log.read_text()}"
        try:
            if get(port, "/healthz")[0] == 200 and (not LIVE_REDIS or get(LIVE_PORT, "/healthz")[0] == 200):
                return
        except OSError:
            pass
        time.sleep(0.3)
    pytest.fail(f"the server did not answer /healthz in 120 s:\n{log.read_text()}")


def test_pages_docs_and_schema_answer(server: tuple[int, Path]) -> None:
    port, _ = server
    for path in ("/", "/api/docs/", "/api/schema/", "/admin/login/"):
        status, _, body = get(port, path)
        assert status == 200, (path, body[:500])


def test_static_files_are_hashed_compressed_and_cached(server: tuple[int, Path]) -> None:
    port, _ = server
    _, _, page = get(port, "/api/docs/")
    # The Swagger UI page links its bundle by a hashed name from the manifest.
    hashed = re.findall(rb"/static/[\w/.-]+\.[0-9a-f]{12}\.(?:js|css)", page)
    assert hashed, page[:1000]
    status, headers, body = get(port, hashed[0].decode(), **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers.get("Content-Encoding") == "gzip"
    assert "max-age=315360000" in headers.get("Cache-Control", "")
    assert body[:2] == b"\x1f\x8b"  # a gzip stream


def test_unknown_api_url_is_a_json_404(server: tuple[int, Path]) -> None:
    port, _ = server
    status, headers, body = get(port, "/api/v1/no-such-thing/")
    assert status == 404
    assert headers["Content-Type"].startswith("application/json")
    assert json.loads(body)["code"] == "not_found"


def test_plain_http_is_redirected_to_https(server: tuple[int, Path]) -> None:
    port, _ = server
    status, headers, _ = get(port, "/", **{"X-Forwarded-Proto": "http"})
    assert status == 301
    assert headers["Location"] == f"https://{HOST}/"


def test_probes_metrics_and_request_ids(server: tuple[int, Path]) -> None:
    port, log = server
    status, _, body = get(port, "/readyz", Host="10.1.2.3")  # by address, as a load balancer asks
    assert status == 200, body
    assert json.loads(body)["checks"]["migrations"]["ok"] is True
    assert get(port, "/metrics")[0] == 403
    for _ in range(3):
        get(port, "/api/v1/ping")
    status, _, metrics = get(port, "/metrics", Authorization=f"Bearer {TOKEN}")
    assert status == 200
    assert b"django_http_requests_total_by_method_total" in metrics
    status, headers, _ = get(port, "/api/v1/ping", **{"X-Request-ID": "rid-from-nginx-42"})
    assert headers["X-Request-ID"] == "rid-from-nginx-42"
    _wait_for_line(log, "rid-from-nginx-42")


def _wait_for_line(log: Path, needle: str) -> None:
    """The access line is JSON and carries the request id (written by another process: poll)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for line in log.read_text().splitlines():
            if needle in line:
                entry = json.loads(line)
                assert entry["request_id"] == needle
                assert entry["path"] == "/api/v1/ping"
                assert entry["status"] in (200, 401)
                return
        time.sleep(0.2)
    pytest.fail(f"no JSON access line with {needle}:\n{log.read_text()[-3000:]}")


def post(port: int, path: str, body: dict[str, Any], token: str | None = None) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Host": HOST, "X-Forwarded-Proto": "https", "Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    connection.request("POST", path, body=json.dumps(body), headers=headers)
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def _next_seq(stream: http.client.HTTPResponse) -> int:
    """The next ``seq`` event of a Server-Sent Events stream (comments and other lines skipped)."""
    while line := stream.readline():
        if line.startswith(b"data: ") and "seq" in (data := json.loads(line[6:])):  # (not a heartbeat)
            return int(data["seq"])
    raise AssertionError("the stream ended")


def _next_line(stream: http.client.HTTPResponse, start: bytes) -> bytes:
    while line := stream.readline():
        if line.startswith(start):
            return line
    raise AssertionError("the stream ended")


@pytest.mark.integration  # the live server needs REDIS_URL (pub/sub from the web server): CI runs it
def test_the_live_server_streams_an_entry_recorded_on_the_web_server(server: tuple[int, Path]) -> None:
    port, _ = server
    status, guest = post(port, "/api/v1/auth/guest", {"name": "Ann"})
    assert status == 201, guest
    token = guest["token"]
    status, match = post(port, "/api/v1/matches/", {"game": "hearts", "players": ["Ann", "Bo", "Cy", "Di"]}, token)
    assert status == 201, match
    path = f"/api/v1/matches/{match['id']}/live"
    # the threaded web server never ties a thread to a stream: the phone polls instead
    status, _, body = get(port, path, Authorization=f"Token {token}")
    assert (status, json.loads(body)["code"]) == (503, "live_unavailable")
    # the live server serves streams only, and only with a ticket from the web server
    assert get(LIVE_PORT, f"/api/v1/matches/{match['id']}", Authorization=f"Token {token}")[0] == 404
    assert get(LIVE_PORT, path, Authorization=f"Token {token}")[0] == 403
    status, ticket = post(port, f"/api/v1/matches/{match['id']}/live-ticket", {}, token)
    assert status == 201, ticket
    connection = http.client.HTTPConnection("127.0.0.1", LIVE_PORT, timeout=10)
    headers = {"Host": HOST, "X-Forwarded-Proto": "https", "Authorization": f"Ticket {ticket['ticket']}"}
    connection.request("GET", path, headers={**headers, "Accept": "text/event-stream"})
    stream = connection.getresponse()
    assert stream.status == 200
    assert stream.getheader("Content-Type") == "text/event-stream"
    assert _next_seq(stream) == 0  # a new match has no entry yet
    # the web workers' heartbeat comes through Redis (every 2 s): the phone knows it is live
    assert _next_line(stream, b"event: heartbeat") == b"event: heartbeat\n"
    hand = {"type": "hand_result", "payload": {"points": [3, 18, 0, 5]}, "client_event_id": str(uuid.uuid4())}
    status, body = post(port, f"/api/v1/matches/{match['id']}/events/", {**hand, "expected_seq": 1}, token)
    assert status == 201, body
    assert _next_seq(stream) == 1
    connection.close()
