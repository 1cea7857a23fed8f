"""gunicorn settings for Companion's web hosts (``scripts/serve.py`` and deploy/companion-web.service use it).

Every value can be changed through the environment. gunicorn must sit behind a buffering proxy
(deploy/nginx/companion.conf): its threads block on a slow client, nginx does not.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

bind = os.environ.get("COMPANION_ADDRESS", "127.0.0.1:8000")
# A live stream would hold one of these threads for minutes: they are the live server's
# (deploy/gunicorn-live.conf.py); here a stream gets 503 live_unavailable and the phone polls.
os.environ.setdefault("COMPANION_LIVE_WSGI", "false")
wsgi_app = "companion.wsgi:application"
# Threads: requests mostly wait on PostgreSQL and Redis; processes: the engines are pure Python (GIL).
worker_class = "gthread"
workers = int(os.environ.get("GUNICORN_WORKERS", str(2 * (os.cpu_count() or 1) + 1)))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# Import Django once in the master and fork: a worker killed or recycled is replaced in milliseconds
# instead of re-importing everything (seconds on a busy host, while its queued requests wait).
# New code therefore needs a restart (systemctl restart), not a HUP.
preload_app = os.environ.get("GUNICORN_PRELOAD", "true").lower() != "false"
# A request that takes longer is a bug or a stuck dependency: the worker is replaced.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
# Keep-alive towards nginx's upstream pool (nginx's keepalive_timeout towards phones is separate).
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "15"))
# Recycle workers now and then, staggered, so a slow leak never matters.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "5000"))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "500"))
# Django writes one JSON access line per request with its request id (ops/middleware.py).
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
proc_name = "companion-web"
# gunicorn's own lines as JSON with ISO 8601 time, like the app's (ops/logs.py), unless text is asked
# for (COMPANION_LOG_FORMAT=text, or development's DJANGO_DEBUG=true, as companion/settings.py decides).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
_DEBUG = os.environ.get("DJANGO_DEBUG", "true").lower() in ("1", "true", "yes", "on")
if os.environ.get("COMPANION_LOG_FORMAT", "text" if _DEBUG else "json") == "json":
    from ops.logs import gunicorn_logconfig

    logconfig_dict = gunicorn_logconfig(loglevel)


def _empty_metrics_directory() -> None:
    """Counters of an earlier run must not be added up. Done here, when the master reads this file
    (before the preloaded app creates its metric files), and once per master (not again on a HUP)."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory and not os.environ.get("_COMPANION_METRICS_DIR_EMPTIED"):
        shutil.rmtree(directory, ignore_errors=True)
        Path(directory).mkdir(parents=True, exist_ok=True)
        os.environ["_COMPANION_METRICS_DIR_EMPTIED"] = "1"


_empty_metrics_directory()
# gunicorn's control socket (gunicornc) defaults to one path per user: two instances would share it.
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket


def when_ready(server: Any) -> None:
    """With the app preloaded, also import every URL module and view in the master (Django does it
    on the first request otherwise), so each forked worker, and one that replaces a killed worker,
    answers its first request at once instead of spending seconds importing."""
    if preload_app:
        from django.urls import get_resolver

        get_resolver().url_patterns  # noqa: B018 - the import is the point


def post_worker_init(worker: Any) -> None:
    """Each web worker records entries, so it publishes the live heartbeat (companion/live.py): the
    phones are live only while it comes through Redis to the live server."""
    from companion import live

    live.start_heartbeat()


def child_exit(server: Any, worker: Any) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]
