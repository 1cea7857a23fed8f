"""The single-host guide (docs/deploy-single-host.md) and the files it installs from deploy/.

- every deploy/ file the guide names exists; the single-host nginx file is the multi-host one
  with loopback upstreams;
- the worker unit waits longer on a stop than the longest task may run (every registered task's
  hard limit), so a restart never kills a running task;
- the shipped nginx configuration served for real (slow; needs nginx): the probes answer through
  it (over HTTPS and plain HTTP), /metrics does not, static answers carry one Cache-Control;
- the shipped backup (deploy/backup.sh) and restore (deploy/restore.sh) on PostgreSQL
  (integration): what was recorded comes back, and the export replays as written.
"""

from __future__ import annotations

import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "deploy-single-host.md"
NGINX = ROOT / "deploy" / "nginx"
#: Ports of this test's nginx (plain, TLS) and of the stand-in upstream.
HTTP_PORT, HTTPS_PORT, UPSTREAM_PORT = 8720, 8721, 8722
OPENSSL_SELF_SIGNED = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=x"]
#: nginx's workers read the test's 0700 temporary folder (as the multi-host test's nginx does).
NGINX_USER = "user root;\n" if os.geteuid() == 0 else ""
CURL = ["curl", "-sk", "-o", "/dev/null", "-D", "-", "-w", "%{http_code}"]


def test_every_deploy_file_the_guide_names_exists() -> None:
    named = set(re.findall(r"deploy/[\w./-]+\.(?:service|timer|conf|sh|example)", GUIDE.read_text()))
    assert len(named) >= 10
    assert sorted(name for name in named if not (ROOT / name).exists()) == []


def _without_comments_and_upstreams(text: str) -> list[str]:
    lines = [line.split("#", 1)[0].rstrip() for line in text.splitlines()]
    return [line for line in lines if line.strip() and not line.strip().startswith("server ")]


def test_the_single_host_nginx_file_is_the_multi_host_one_on_loopback() -> None:
    single = (NGINX / "companion-single-host.conf").read_text()
    multi = (NGINX / "companion.conf").read_text()
    assert _without_comments_and_upstreams(single) == _without_comments_and_upstreams(multi)
    assert re.findall(r"^\s*server (\d[\d.:]+)", single, re.MULTILINE) == ["127.0.0.1:8000", "127.0.0.1:8001"]


def _unit_setting(unit: str, key: str) -> str:
    text = (ROOT / "deploy" / "systemd" / unit).read_text()
    match = re.search(rf"^{key}=(.+)$", text, re.MULTILINE)
    assert match is not None, f"{unit} has no {key}"
    return match.group(1).strip()


def test_the_worker_waits_for_the_longest_task_on_a_stop() -> None:
    from django.conf import settings

    from companion.celery import app

    app.loader.import_default_modules()
    limits = {
        name: task.time_limit or settings.CELERY_TASK_TIME_LIMIT
        for name, task in app.tasks.items()
        if not name.startswith("celery.")
    }
    # Tasks run up to 300 s by default (a league rebuild is a management command, not a task).
    assert settings.CELERY_TASK_TIME_LIMIT == 300
    assert max(limits.values()) >= 300
    stop = int(_unit_setting("companion-worker.service", "TimeoutStopSec"))
    assert stop > max(limits.values()), f"TimeoutStopSec={stop} s, but a task may run {max(limits.values())} s"


# -- nginx, for real ---------------------------------------------------------------------------------------
class _Upstream(http.server.BaseHTTPRequestHandler):
    """Stands in for gunicorn: answers every path 200 with what it was asked."""

    def do_GET(self) -> None:
        body = json.dumps({"path": self.path, "host": self.headers.get("Host")}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def _nginx_conf(tmp: Path) -> Path:
    """deploy/nginx/companion-single-host.conf as shipped, on this test's ports, certificate and folders."""
    site = (NGINX / "companion-single-host.conf").read_text()
    site = re.sub(r"^\s*listen \[::\]:\d+[^;]*;\n", "", site, flags=re.MULTILINE)
    site = re.sub(r"listen 80;", f"listen 127.0.0.1:{HTTP_PORT};", site)
    site = re.sub(r"listen 443 ssl[^;]*;", f"listen 127.0.0.1:{HTTPS_PORT} ssl;", site)
    site = re.sub(r"/etc/letsencrypt/live/companion.example.org/\w+\.pem", lambda m: str(tmp / Path(m[0]).name), site)
    site = site.replace("127.0.0.1:8000", f"127.0.0.1:{UPSTREAM_PORT}").replace(
        "127.0.0.1:8001", f"127.0.0.1:{UPSTREAM_PORT}"
    )
    site = site.replace("/srv/companion/static/", f"{tmp}/static/").replace("/var/www/certbot", str(tmp))
    snippets = {name: (NGINX / name).read_text() for name in ("companion-proxy.conf", "companion-probes.conf")}
    for name, text in snippets.items():
        for other in snippets:
            text = text.replace(f"/etc/nginx/snippets/{other}", str(tmp / other))
        (tmp / name).write_text(text)
        site = site.replace(f"/etc/nginx/snippets/{name}", str(tmp / name))
    temp = "\n".join(f"    {kind}_temp_path {tmp}/nginx-{kind};" for kind in ("client_body", "proxy", "fastcgi"))
    conf = tmp / "nginx.conf"
    conf.write_text(
        f"{NGINX_USER}pid {tmp}/nginx.pid;\nerror_log {tmp}/nginx-error.log warn;\nevents {{ worker_connections 64; }}\n"
        f"http {{\n    include /etc/nginx/mime.types;\n    access_log off;\n{temp}\n{site}\n}}\n"
    )
    return conf


@pytest.fixture
def nginx(tmp_path: Path) -> Iterator[Path]:
    if shutil.which("nginx") is None:
        if os.environ.get("COMPANION_REQUIRE_NGINX") == "1":
            pytest.fail("COMPANION_REQUIRE_NGINX=1 but nginx is not installed", pytrace=False)
        pytest.skip("nginx is not installed (.ci/run installs it)")
    subprocess.run(
        [*OPENSSL_SELF_SIGNED, "-keyout", str(tmp_path / "privkey.pem"), "-out", str(tmp_path / "fullchain.pem")],
        check=True,
        capture_output=True,
    )
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "app.0123abcd.css").write_text("body { margin: 0 }\n")
    upstream = http.server.ThreadingHTTPServer(("127.0.0.1", UPSTREAM_PORT), _Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    conf = _nginx_conf(tmp_path)
    test = subprocess.run(["nginx", "-t", "-c", str(conf)], capture_output=True, text=True)
    assert test.returncode == 0, test.stderr
    server = subprocess.Popen(["nginx", "-c", str(conf), "-g", "daemon off;"])
    try:
        for _ in range(50):
            if _curl("http", "/healthz")[0] != "000":
                break
            threading.Event().wait(0.1)
        yield tmp_path
    finally:
        server.terminate()
        server.wait(timeout=10)
        upstream.shutdown()


def _curl(scheme: str, path: str) -> tuple[str, str]:
    """(status, headers) of GET path through the test's nginx, by the public name."""
    port = HTTPS_PORT if scheme == "https" else HTTP_PORT
    name = "companion.example.org"
    done = subprocess.run(
        [*CURL, "--resolve", f"{name}:{port}:127.0.0.1", f"{scheme}://{name}:{port}{path}"],
        capture_output=True,
        text=True,
    )
    headers, _, status = done.stdout.rpartition("\n")
    return status.strip() or "000", headers


@pytest.mark.slow
def test_the_shipped_nginx_passes_the_probes_and_one_cache_control(nginx: Path) -> None:
    assert _curl("https", "/healthz")[0] == "200"
    assert _curl("https", "/readyz")[0] == "200"  # from loopback: allowed
    assert _curl("http", "/healthz")[0] == "200"  # a monitor over plain HTTP
    assert _curl("http", "/readyz")[0] == "200"
    assert _curl("http", "/api/v1/ping")[0] == "301"  # everything else goes to HTTPS
    assert _curl("https", "/metrics")[0] == "404"
    status, headers = _curl("https", "/static/app.0123abcd.css")
    assert status == "200"
    cache_control = [line for line in headers.splitlines() if line.lower().startswith("cache-control:")]
    assert cache_control == ["Cache-Control: public, max-age=31536000, immutable\r"] or cache_control == [
        "Cache-Control: public, max-age=31536000, immutable"
    ]


# -- backup and restore on PostgreSQL ----------------------------------------------------------------------
def _database_url(name: str) -> str:
    from django.db import connection

    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s.get("PASSWORD") else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{name}"


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_backup_then_restore_brings_every_event_back(alice: Any, hearts_match: dict[str, Any], tmp_path: Path) -> None:
    import psycopg
    from django.db import connection

    from companion.models import Event, Match

    assert alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, 1).status_code == 201
    assert alice.append(hearts_match["id"], "hand_result", {"points": [26, 0, 0, 0]}, 2).status_code == 201
    source = _database_url(connection.settings_dict["NAME"])
    env = {**os.environ, "DATABASE_URL": source, "COMPANION_BACKUP_DIR": str(tmp_path)}
    done = subprocess.run(["sh", "deploy/backup.sh"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    (dump,) = tmp_path.glob("companion-*.dump")
    (records,) = tmp_path.glob("records-*")
    check = subprocess.run([sys.executable, "-m", "scoring", "check", str(records)], cwd=ROOT, capture_output=True)
    assert check.returncode == 0, check.stderr

    target_name = f"companion_adopt_restore_{uuid.uuid4().hex[:8]}"
    target = _database_url(target_name)
    try:
        done = subprocess.run(["sh", "deploy/restore.sh", str(dump), target], cwd=ROOT, env=env, capture_output=True)
        assert done.returncode == 0, done.stdout + done.stderr
        with psycopg.connect(target) as restored:
            events = restored.execute(f"SELECT count(*) FROM {Event._meta.db_table}").fetchone()
            matches = restored.execute(f"SELECT count(*) FROM {Match._meta.db_table}").fetchone()
        assert events == (Event.objects.count(),) and events == (2,)
        assert matches == (Match.objects.count(),)
    finally:
        with psycopg.connect(_database_url("postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{target_name}" WITH (FORCE)')
