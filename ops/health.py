"""``/healthz`` (the process answers) and ``/readyz`` (it can serve: each dependency checked by name).

A load balancer takes a host out of rotation on a 503 from ``/readyz``; ``/healthz`` only says the
process is alive, so a supervisor does not restart a web process because the database is down.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, JsonResponse

from scoring import __version__

logger = logging.getLogger("companion.health")

#: Seconds a readiness check may wait on a dependency before it counts as down.
CHECK_TIMEOUT_S = 2

_migrations_applied = False


class NotConfigured(Exception):
    """The dependency is not part of this deployment (e.g. no Redis in development)."""


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def check_migrations() -> None:
    # A process's code cannot gain migrations while it runs, so once applied they stay applied for it.
    global _migrations_applied
    if _migrations_applied:
        return
    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if plan:
        raise RuntimeError(f"{len(plan)} migration(s) not applied: run manage.py migrate")
    _migrations_applied = True


def _ping_redis(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_timeout=CHECK_TIMEOUT_S, socket_connect_timeout=CHECK_TIMEOUT_S)
    try:
        client.ping()
    finally:
        client.close()


def check_redis() -> None:
    if not settings.REDIS_URL:
        raise NotConfigured("REDIS_URL is not set")
    _ping_redis(settings.REDIS_URL)


def check_broker() -> None:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        raise NotConfigured("tasks run in the web process (no REDIS_URL)")
    url: str = settings.CELERY_BROKER_URL
    if url.startswith(("redis://", "rediss://")):
        _ping_redis(url)  # a plain PING: a kombu connection costs ~0.4 s per probe
        return
    from kombu import Connection

    with Connection(settings.CELERY_BROKER_URL, connect_timeout=CHECK_TIMEOUT_S) as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=CHECK_TIMEOUT_S)


CHECKS: dict[str, Callable[[], None]] = {
    "database": check_database,
    "migrations": check_migrations,
    "redis": check_redis,
    "broker": check_broker,
}


def run_check(check: Callable[[], None]) -> dict[str, object]:
    start = time.perf_counter()
    try:
        check()
    except NotConfigured as exc:
        return {"ok": True, "configured": False, "detail": str(exc)}
    except Exception as exc:  # any failure of a dependency means "not ready", never a 500
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:300]}
    return {"ok": True, "ms": round((time.perf_counter() - start) * 1000, 1)}


def healthz(request: HttpRequest) -> JsonResponse:
    # The running version (CHANGELOG.md): an operator sees which release each host serves.
    return JsonResponse({"status": "ok", "version": __version__})


def readyz(request: HttpRequest) -> JsonResponse:
    results = {name: run_check(check) for name, check in CHECKS.items()}
    ready = all(result["ok"] for result in results.values())
    response = JsonResponse(
        {"status": "ready" if ready else "not_ready", "checks": results}, status=200 if ready else 503
    )
    if not ready:
        # A probe's 503 is a warning with its reasons, not django.request's ERROR "Service Unavailable".
        failed = {name: result["error"] for name, result in results.items() if not result["ok"]}
        logger.warning("not ready: %s", failed, extra={"checks": failed})
        response._has_been_logged = True  # type: ignore[attr-defined]
    return response
