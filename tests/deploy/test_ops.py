"""Probes, metrics, request ids and JSON logs (ops/), through Django's test client."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import tomllib
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from prometheus_client import REGISTRY

from ops import health
from ops.logs import RequestIdFilter
from ops.metrics import PUBLISHED_AT_HEADER, _oldest_age

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def sample(name: str, labels: dict[str, str]) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def _latest_release() -> str:
    """The newest release CHANGELOG.md names ("## [0.1.0] — date"), read without the code."""
    match = re.search(r"^## \[(\d+\.\d+\.\d+)\]", (ROOT / "CHANGELOG.md").read_text(), re.MULTILINE)
    assert match is not None, "CHANGELOG.md names no release"
    return match.group(1)


RELEASED = _latest_release()


def test_one_version_in_the_changelog_the_app_and_the_rules_library() -> None:
    import scoring

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert pyproject["project"]["version"] == RELEASED
    assert scoring.__version__ == RELEASED
    # deploy.md's upgrade path points to the release notes, which exist and name this release.
    assert "CHANGELOG.md" in (ROOT / "docs" / "deploy.md").read_text()


def test_healthz_answers_without_a_known_host(client: Client) -> None:
    # A load balancer reaches a host by address: the probe must not depend on ALLOWED_HOSTS.
    response = client.get("/healthz", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "version": RELEASED}


def test_readyz_names_each_check(client: Client) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ready"
    assert set(body["checks"]) == {"database", "migrations", "redis", "broker"}
    assert body["checks"]["database"]["ok"] is True
    # The test settings have no Redis: those checks say so instead of failing.
    assert body["checks"]["redis"]["configured"] is False


def test_readyz_is_503_when_redis_is_down(client: Client, settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # port 1: nothing listens, the connection is refused
    response = client.get("/readyz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "not_ready"
    assert body["checks"]["redis"]["ok"] is False
    assert "error" in body["checks"]["redis"]


def test_readyz_is_503_with_unapplied_migrations(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    def pending() -> None:
        raise RuntimeError("1 migration(s) not applied")

    monkeypatch.setitem(health.CHECKS, "migrations", pending)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"]["migrations"] == {"ok": False, "error": "RuntimeError: 1 migration(s) not applied"}


def test_metrics_need_a_token_or_an_allowed_address(client: Client, settings: Any) -> None:
    settings.COMPANION_METRICS_TOKEN = "s3cret-token"
    settings.COMPANION_METRICS_ALLOW_IPS = []
    denied = client.get("/metrics")
    assert denied.status_code == 403
    assert denied.json()["code"] == "forbidden"
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 403
    ok = client.get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-token")
    assert ok.status_code == 200
    assert b"companion_append_seconds" in ok.content
    settings.COMPANION_METRICS_ALLOW_IPS = ["127.0.0.1"]
    assert client.get("/metrics").status_code == 200  # the test client's REMOTE_ADDR


def test_request_id_is_taken_from_the_proxy_or_made(client: Client) -> None:
    given = client.get("/api/v1/nothing-here", HTTP_X_REQUEST_ID="proxy-id-123")
    assert given["X-Request-ID"] == "proxy-id-123"
    made = client.get("/api/v1/nothing-here")
    assert len(made["X-Request-ID"]) == 32
    # A header that could forge log lines is replaced, not echoed.
    forged = client.get("/api/v1/nothing-here", HTTP_X_REQUEST_ID='a"\nlevel=ERROR')
    assert forged["X-Request-ID"] != 'a"\nlevel=ERROR'
    assert len(forged["X-Request-ID"]) == 32


def test_append_latency_and_rejections_are_counted(alice: Any, hearts_match: dict[str, Any]) -> None:
    match_id = hearts_match["id"]
    before_created = sample("companion_append_seconds_count", {"status": "201"})
    before_stale = sample("companion_api_rejections_total", {"route": "api:match-events", "status": "409"})
    before_rule = sample("companion_api_rejections_total", {"route": "api:match-events", "status": "422"})
    # Hearts: the points of a hand total 26 (3 + 18 + 0 + 5).
    assert alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, 1).status_code == 201
    assert alice.append(match_id, "hand_result", {"points": [3, 18, 0, 5]}, 1).status_code == 409
    assert alice.append(match_id, "hand_result", {"points": [1, 1, 1, 1]}, 2).status_code == 422
    assert sample("companion_append_seconds_count", {"status": "201"}) == before_created + 1
    assert sample("companion_api_rejections_total", {"route": "api:match-events", "status": "409"}) == before_stale + 1
    assert sample("companion_api_rejections_total", {"route": "api:match-events", "status": "422"}) == before_rule + 1


def test_queue_lag_is_the_age_of_the_oldest_message() -> None:
    message = json.dumps({"body": "…", "headers": {PUBLISHED_AT_HEADER: 1000.0}}).encode()
    assert _oldest_age(message, now=1012.5) == 12.5
    assert _oldest_age(None, now=1012.5) == 0.0  # an empty queue has no lag
    assert _oldest_age(b'{"headers": {}}', now=1012.5) == 0.0  # a message from before the stamp


def test_json_log_lines_carry_the_request_id() -> None:
    from pythonjsonlogger.json import JsonFormatter

    from ops.logs import REQUEST_ID

    formatter = JsonFormatter("%(levelname)s %(name)s %(message)s %(request_id)s")
    record = logging.LogRecord("companion.access", logging.INFO, __file__, 1, "GET / 200", None, None)
    token = REQUEST_ID.set("abc-123")
    try:
        RequestIdFilter().filter(record)
    finally:
        REQUEST_ID.reset(token)
    line = json.loads(formatter.format(record))
    assert line == {"levelname": "INFO", "name": "companion.access", "message": "GET / 200", "request_id": "abc-123"}


def test_records_export_writes_replayable_records(
    alice: Any, hearts_match: dict[str, Any], tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from django.core.management import call_command

    from scoring.record import load, replay
    from scoring.registry import get_game

    assert alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, 1).status_code == 201
    call_command("records_export", str(tmp_path))
    document = json.loads((tmp_path / "index.json").read_text())
    index = document["matches"]
    assert document["format"] == "companion-export/1"
    assert index == [
        {"id": hearts_match["id"], "file": f"match-{hearts_match['id']}.json", "game": "hearts", "events": 1}
    ]
    record = load((tmp_path / index[0]["file"]).read_text())
    # The replayed totals are the hand's points: 3 + 18 + 0 + 5 = 26, one hand, no moon.
    assert get_game("hearts").summary(replay(record))["totals"] == [3, 18, 0, 5]
    assert "exported 1 matches" in capsys.readouterr().out
    # The folder as written replays: the index is followed, not refused (exit 2 before).
    for argv in (["replay", str(tmp_path / "index.json")], ["check", str(tmp_path)]):
        done = subprocess.run([sys.executable, "-m", "scoring", *argv], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert done.stdout == f"ok {tmp_path / index[0]['file']} (hearts, events: 1)\n"


SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")


def test_claim_checks_are_timed_and_their_verdicts_counted(alice: Any, bob: Any, charlie: Any, dave: Any) -> None:
    # Each seat holds one whole suit (tests/service/test_claims.py's deal): dave (clubs) leads the
    # 2♣ and nobody can follow clubs, so his claim to every remaining trick holds.
    match = alice.create_match(
        [alice.player.pk, bob.player.pk, charlie.player.pk, dave.player.pk], variants={"pass_count": 0}
    )["id"]
    hands = [[rank + suit for rank in RANKS] for suit in SUITS]
    trick = [("play_card", {"seat": s, "card": c}) for s, c in ((3, "2C"), (0, "2S"), (1, "2H"), (2, "2D"))]
    for seq, (kind, payload) in enumerate([("deal", {"hands": hands}), *trick], start=1):
        assert alice.append(match, kind, payload, seq).status_code == 201
    before_time = sample("companion_claim_check_seconds_count", {"where": "request"})
    before_holds = sample("companion_claim_verdicts_total", {"where": "request", "verdict": "holds"})
    body = {"seat": 3, "kind": "all_tricks", "client_event_id": str(uuid.uuid4())}
    assert alice.post(f"/api/v1/matches/{match}/claims/", body).status_code == 201
    assert sample("companion_claim_check_seconds_count", {"where": "request"}) == before_time + 1
    assert sample("companion_claim_verdicts_total", {"where": "request", "verdict": "holds"}) == before_holds + 1


SENTRY_PROBE = """
import os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings"
import django
django.setup()
if "sentry_sdk" not in sys.modules:
    print("not imported")
else:
    import sentry_sdk
    client = sentry_sdk.get_client()
    print(client.is_active(), client.options["environment"], client.options["send_default_pii"])
"""


@pytest.mark.parametrize(
    ("dsn", "expected"),
    [
        ("", "not imported"),
        # Port 9 (discard) on loopback: nothing is sent anyway, no event is captured.
        ("https://public@127.0.0.1:9/1", "True production False"),
    ],
)
def test_sentry_is_imported_and_started_only_with_a_dsn(dsn: str, expected: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SENTRY_")}
    if dsn:
        env["SENTRY_DSN"] = dsn
    done = subprocess.run([sys.executable, "-c", SENTRY_PROBE], env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == expected, done.stderr


def test_sentry_ignores_bad_hosts_and_does_not_hold_up_management_commands() -> None:
    import sentry_sdk
    from django.core.exceptions import DisallowedHost

    from ops.sentry import before_send, init_sentry

    dsn = "https://public@sentry.invalid/1"  # never contacted: no event is sent in this test
    try:
        init_sentry(dsn, environment="test", argv=["manage.py", "migrate"])
        assert sentry_sdk.get_client().options["shutdown_timeout"] == 0
        init_sentry(dsn, environment="test", argv=["/srv/companion/app/.venv/bin/gunicorn"])
        assert sentry_sdk.get_client().options["shutdown_timeout"] == 2
    finally:
        sentry_sdk.get_client().close(timeout=0)
        sentry_sdk.init()  # no DSN: a client that sends nothing
    bad_host = DisallowedHost("Invalid HTTP_HOST header: 'evil.example'")
    assert before_send({"level": "error"}, {"exc_info": (DisallowedHost, bad_host, None)}) is None
    assert before_send({"logger": "django.security.DisallowedHost"}, {}) is None
    kept = {"level": "error", "logger": "django.request"}
    assert before_send(kept, {"exc_info": (ValueError, ValueError("x"), None)}) is kept


def test_json_log_lines_carry_iso_8601_time() -> None:
    from ops.logs import JSON_FORMAT, JSON_RENAMES, JsonFormatter

    formatter = JsonFormatter(JSON_FORMAT, rename_fields=JSON_RENAMES)
    record = logging.LogRecord("companion.access", logging.INFO, __file__, 1, "GET / 200", None, None)
    record.created = 1764631200.5  # 2025-12-01 23:20:00.500 UTC
    record.request_id = "-"
    assert json.loads(formatter.format(record))["time"] == "2025-12-01T23:20:00.500+00:00"


def test_the_app_creates_the_metrics_directory(tmp_path: Any) -> None:
    # Started by hand (no systemd unit to make it): the directory is made before any metric exists,
    # so the worker's metrics server and a scrape work instead of failing with ValueError.
    directory = tmp_path / "run" / "prometheus"
    code = (
        "import django; django.setup()\n"
        "from prometheus_client import generate_latest\n"
        "from ops import metrics\n"
        "metrics.APPEND_SECONDS.labels(status='201').observe(0.01)\n"
        "assert b'companion_append_seconds' in generate_latest(metrics._registry())\n"
    )
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(directory), "DJANGO_SETTINGS_MODULE": "companion.settings"}
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert any(directory.glob("histogram_*.db"))
