"""gunicorn settings for Companion's live server: the phones' event streams (api/live.py), under ASGI.

``scripts/serve.py`` starts it beside the threaded web server (deploy/gunicorn.conf.py), and nginx
sends ``/api/v1/matches/<id>/live`` here (deploy/nginx/companion-proxy.conf). A stream waits on
asyncio, not on a thread, so a few hundred open phones cost one process and no request of the web
server waits behind them. Entries reach it through Redis pub/sub (``REDIS_URL``); without Redis only
one process can hear them, so keep one worker.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

bind = os.environ.get("COMPANION_LIVE_ADDRESS", "127.0.0.1:8001")
# Streams only (api/live_server.py): anything else is a 404, and no stream touches the database.
wsgi_app = "api.live_server:application"
# gunicorn's own asyncio ASGI worker (no extra dependency), plus a header timeout
# (COMPANION_LIVE_HEADER_TIMEOUT_S, default 5 s: a half-sent request is dropped).
worker_class = "companion.live_worker.LiveWorker"
workers = int(os.environ.get("GUNICORN_LIVE_WORKERS", "1" if not os.environ.get("REDIS_URL") else "2"))
worker_connections = int(os.environ.get("GUNICORN_LIVE_CONNECTIONS", "2000"))
# Django's lifespan is not used; a stream ends by itself after COMPANION_LIVE_MAX_S.
asgi_lifespan = "off"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# Streams are cut at a restart: the phones reconnect within a second and poll meanwhile.
graceful_timeout = int(os.environ.get("GUNICORN_LIVE_GRACEFUL_TIMEOUT", "5"))
# An idle kept-alive connection (no stream on it) is closed after this many seconds.
keepalive = int(os.environ.get("GUNICORN_LIVE_KEEPALIVE", "5"))
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
proc_name = "companion-live"
# gunicorn's own lines as JSON with ISO 8601 time, like the app's (ops/logs.py), unless text is asked
# for (COMPANION_LOG_FORMAT=text, or development's DJANGO_DEBUG=true, as companion/settings.py decides).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
_DEBUG = os.environ.get("DJANGO_DEBUG", "true").lower() in ("1", "true", "yes", "on")
if os.environ.get("COMPANION_LOG_FORMAT", "text" if _DEBUG else "json") == "json":
    from ops.logs import gunicorn_logconfig

    logconfig_dict = gunicorn_logconfig(loglevel)
control_socket = os.environ.get("GUNICORN_LIVE_CONTROL_SOCKET", "")
control_socket_disable = not control_socket


def _own_metrics_directory() -> None:
    """Its own metric files (not the web server's directory, which that master empties at start)."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory:
        own = Path(directory).with_name(Path(directory).name + "-live")
        shutil.rmtree(own, ignore_errors=True)
        own.mkdir(parents=True, exist_ok=True)
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(own)


_own_metrics_directory()


def child_exit(server: Any, worker: Any) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]
