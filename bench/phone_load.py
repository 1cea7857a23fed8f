#!/usr/bin/env python3
"""Benchmark: a table page's cold load on a slow phone (issue 13, "Fast on a phone").

    .venv/bin/python bench/phone_load.py              # 5 cold loads, production settings
    .venv/bin/python bench/phone_load.py --runs 3 --hands 8

It starts gunicorn with production settings (DEBUG off, ``collectstatic`` into a temporary
STATIC_ROOT, so WhiteNoise serves the hashed, compressed files) and a fresh SQLite file on a port
of 127.0.0.1, creates a guest and a 4-player Hearts match with ``--hands`` hands recorded, then
opens ``/m/<id>/`` in Debian's Chromium (Playwright over CDP) with:

- CPU throttling 4× (``Emulation.setCPUThrottlingRate``), 150 ms latency on every request
  (``Network.emulateNetworkConditions``, no bandwidth cap), the HTTP cache disabled and service
  workers blocked: every run is a cold load;
- a phone viewport (360×640) and the guest's token already in ``localStorage``.

It prints, per run and as the median: the bytes of script and JSON transferred (CDP's
``encodedDataLength``: compressed body plus headers) and the time from navigation start until the
scoreboard (``#board table`` with the recorded hands) is in the page. Budget: ≤ 60 KB, ≤ 1.5 s.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _client import Api  # noqa: E402

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
BUDGET_BYTES = 60 * 1024
BUDGET_SECONDS = 1.5
#: Set in the page before any script runs: the moment the scoreboard shows the recorded hands.
WATCH = """
new MutationObserver((_m, obs) => {
  const rows = document.querySelectorAll('#board table tbody tr[data-hand]').length;
  if (rows >= %d && !window.__boardAt) { window.__boardAt = performance.now(); obs.disconnect(); }
}).observe(document, {subtree: true, childList: true});
"""
SETTINGS = """
from companion.settings import *  # noqa: F403
from whitenoise.storage import CompressedManifestStaticFilesStorage


class Storage(CompressedManifestStaticFilesStorage):
    patterns = tuple(p for p in CompressedManifestStaticFilesStorage.patterns if p[0] != "*.js")


STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "bench_settings.Storage"}}  # noqa: F405
"""


def free_port(low: int = 18300, high: int = 18399) -> int:
    for port in range(low, high + 1):
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) != 0:
                return port
    sys.exit("no free port in 18300-18399")


def start_server(port: int) -> tuple[subprocess.Popen[bytes], Path]:
    workdir = Path(tempfile.mkdtemp(prefix="companion-phone-load-"))
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        SQLITE_PATH=str(workdir / "bench.sqlite3"),
        DJANGO_STATIC_ROOT=str(workdir / "static"),
        DJANGO_LOG_LEVEL="ERROR",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="false",
    )
    # Production storage, minus the rewriting of JS files: collectstatic's strict source-map check
    # fails on a vendored league file whose .map is not shipped (reported; not this benchmark's subject).
    (workdir / "bench_settings.py").write_text(SETTINGS)
    env.update(DJANGO_SETTINGS_MODULE="bench_settings", PYTHONPATH=f"{workdir}{os.pathsep}{ROOT}")
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    command = [
        sys.executable, "-m", "gunicorn", "companion.wsgi", "--bind", f"127.0.0.1:{port}",
        "--workers", "1", "--threads", "4", "--worker-class", "gthread", "--log-level", "warning",
    ]  # fmt: skip
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True), workdir


def wait_ready(base: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if Api(base, timeout=30).request("GET", "/api/v1/ping")[0] in (200, 401):
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit(f"server at {base} did not start")


def make_match(base: str, hands: int) -> tuple[str, int]:
    status, body = Api(base).request("POST", "/api/v1/auth/guest", {"name": "Bench"})
    assert status == 201, body
    api = Api(base, body["token"])
    status, match = api.request("POST", "/api/v1/matches", {"game": "hearts", "players": ["A", "B", "C", "D"]})
    assert status == 201, match
    for seq in range(1, hands + 1):
        points = [[13, 5, 4, 4], [0, 10, 10, 6], [26, 0, 0, 0], [3, 3, 7, 13]][seq % 4]
        entry = {"type": "hand_result", "payload": {"points": points}, "client_event_id": _uuid(), "expected_seq": seq}
        status, answer = api.request("POST", f"/api/v1/matches/{match['id']}/events/", entry)
        assert status == 201, answer
    return body["token"], int(match["id"])


def _uuid() -> str:
    import uuid

    return str(uuid.uuid4())


def board_at(page: Any, timeout: float = 60.0) -> float:
    """``window.__boardAt`` once set. Polled through CDP's evaluate: Playwright's wait_for_function
    evaluates its predicate with eval() in the page, which the page's CSP (no 'unsafe-eval') refuses
    whenever the scoreboard is not there at the first look."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        at = page.evaluate("window.__boardAt")
        if at:
            return float(at)
        time.sleep(0.02)
    sys.exit("the scoreboard did not show within 60 s")


def load_once(
    browser: Any, base: str, token: str, match_id: int, hands: int, verbose: bool = False
) -> tuple[int, int, float, int]:
    """One cold load: (script bytes, JSON bytes, seconds until the scoreboard shows, HTML bytes).

    The HTML is reported apart: scripts put inline in the page travel in it."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    context.add_init_script(f"try{{localStorage.setItem('companion.token', JSON.stringify({token!r}))}}catch(e){{}}")
    context.add_init_script(WATCH % hands)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    kinds: dict[str, str] = {}
    sizes: dict[str, int] = {}
    urls: dict[str, str] = {}
    started: dict[str, float] = {}
    finished: dict[str, float] = {}

    def on_finished(event: dict[str, Any]) -> None:
        sizes[event["requestId"]] = int(event["encodedDataLength"])
        finished[event["requestId"]] = float(event["timestamp"])

    def on_response(event: dict[str, Any]) -> None:
        mime = event["response"].get("mimeType", "")
        kinds[event["requestId"]] = (
            "json" if "json" in mime else "script" if "javascript" in mime else "html" if "html" in mime else "other"
        )
        urls[event["requestId"]] = event["response"]["url"].replace(base, "")

    cdp.on("Network.responseReceived", on_response)
    cdp.on("Network.requestWillBeSent", lambda e: started.setdefault(e["requestId"], float(e["timestamp"])))
    cdp.on("Network.loadingFinished", on_finished)
    page.goto(f"{base}/m/{match_id}/")
    seconds = board_at(page) / 1000
    page.wait_for_load_state("networkidle")
    html = sum(n for rid, n in sizes.items() if kinds.get(rid) == "html")
    script = sum(n for rid, n in sizes.items() if kinds.get(rid) == "script")
    data = sum(n for rid, n in sizes.items() if kinds.get(rid) == "json")
    context.close()
    if verbose:  # a waterfall: when each request was sent and done, from the first one (ms)
        zero = min(started.values(), default=0.0)
        for rid in sorted(sizes, key=lambda r: started.get(r, zero)):
            sent, done = (started.get(rid, zero) - zero) * 1000, (finished.get(rid, zero) - zero) * 1000
            print(f"    {sent:6.0f}–{done:5.0f} ms {kinds.get(rid, '?'):6} {sizes[rid]:7d} B  {urls.get(rid, '?')}")
        print(f"    scoreboard at {seconds * 1000:.0f} ms after navigation start")
    return script, data, seconds, html


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=6, help="hands recorded before the page is opened")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every response of the first run")
    parser.add_argument("--port", type=int, default=0, help="the server's port (default: a free one in 18300-18399)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    server, workdir = start_server(port)
    try:
        wait_ready(base)
        token, match_id = make_match(base, args.hands)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
            runs = [
                load_once(browser, base, token, match_id, args.hands, args.verbose and i == 0) for i in range(args.runs)
            ]
            browser.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
        shutil.rmtree(workdir, ignore_errors=True)
    for i, (script, data, seconds, html) in enumerate(runs, 1):
        print(
            f"run {i}: script {script / 1024:.1f} KB, JSON {data / 1024:.1f} KB, HTML {html / 1024:.1f} KB, "
            f"scoreboard at {seconds:.2f} s"
        )
    script = int(statistics.median(r[0] for r in runs))
    data = int(statistics.median(r[1] for r in runs))
    seconds = statistics.median(r[2] for r in runs)
    fastest = min(r[2] for r in runs)
    total = script + data
    print(
        f"median: script {script / 1024:.1f} KB + JSON {data / 1024:.1f} KB = {total / 1024:.1f} KB "
        f"(budget {BUDGET_BYTES // 1024} KB: {'met' if total <= BUDGET_BYTES else 'NOT met'}); "
        f"scoreboard visible at {seconds:.2f} s (budget {BUDGET_SECONDS} s: "
        f"{'met' if seconds <= BUDGET_SECONDS else 'NOT met'}; fastest run {fastest:.2f} s); load avg {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
