"""Companion's own Prometheus metrics, and the protected ``/metrics`` view that exports them.

django-prometheus adds the generic ones (requests by view and status, latencies, database, cache).
Each web process keeps its own counters; with several gunicorn workers set
``PROMETHEUS_MULTIPROC_DIR`` (deploy/gunicorn.conf.py clears it at start) so a scrape sums them all.
"""

from __future__ import annotations

import hmac
import json
import os
import time
from collections.abc import Iterator

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest, multiprocess
from prometheus_client.core import REGISTRY, GaugeMetricFamily
from prometheus_client.registry import Collector

APPEND_SECONDS = Histogram(
    "companion_append_seconds",
    "Latency of POST /api/v1/matches/{id}/events/ (an append), by response status.",
    ["status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
API_REJECTIONS = Counter(
    "companion_api_rejections",
    "API answers 409 (stale seq, reused id, seat taken) and 422 (a rule says no), by route.",
    ["route", "status"],
)
CLAIM_CHECK_SECONDS = Histogram(
    "companion_claim_check_seconds",
    "Time to a claim's answer: in the request (201/202) or in the Celery task.",
    ["where"],
    buckets=(0.01, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0),
)
CLAIM_VERDICTS = Counter(
    "companion_claim_verdicts",
    "Claim verdicts (holds, fails, undetermined; pending = handed to Celery), by where decided.",
    ["where", "verdict"],
)

#: The header stamped on every task message (Unix time of publishing), read back for the queue lag.
PUBLISHED_AT_HEADER = "companion_published_at"


def _oldest_age(raw: bytes | None, now: float) -> float:
    """Seconds since the oldest waiting message was published (0 when unknown or none)."""
    if raw is None:
        return 0.0
    try:
        published = float(json.loads(raw)["headers"][PUBLISHED_AT_HEADER])
    except (ValueError, KeyError, TypeError):
        return 0.0
    return max(0.0, now - published)


class CeleryQueueCollector(Collector):
    """Reads the broker (Redis) at scrape time: the queue's length and the age of its oldest message.

    kombu's Redis transport pushes on the left and pops on the right, so the oldest message is at -1.
    """

    def collect(self) -> Iterator[GaugeMetricFamily]:
        url = settings.CELERY_BROKER_URL
        if not url.startswith(("redis://", "rediss://", "unix://")):
            return
        import redis

        queue = settings.CELERY_TASK_DEFAULT_QUEUE
        length = GaugeMetricFamily("companion_celery_queue_length", "Tasks waiting in the queue.", labels=["queue"])
        lag = GaugeMetricFamily(
            "companion_celery_queue_lag_seconds", "Age of the oldest waiting task (0: none).", labels=["queue"]
        )
        client = redis.Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0)
        try:
            length.add_metric([queue], float(client.llen(queue)))
            lag.add_metric([queue], _oldest_age(client.lindex(queue, -1), time.time()))  # type: ignore[arg-type]
        except redis.RedisError:
            return  # the broker being down shows in /readyz; a scrape must still answer
        finally:
            client.close()
        yield length
        yield lag


def _registry() -> CollectorRegistry:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return registry
    return REGISTRY


_QUEUE_REGISTRY = CollectorRegistry()
_QUEUE_REGISTRY.register(CeleryQueueCollector())


def allowed(request: HttpRequest) -> bool:
    """A bearer token (``COMPANION_METRICS_TOKEN``) or an address on ``COMPANION_METRICS_ALLOW_IPS``."""
    token: str = settings.COMPANION_METRICS_TOKEN
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if token and hmac.compare_digest(header.encode(), f"Bearer {token}".encode()):
        return True
    return request.META.get("REMOTE_ADDR", "") in settings.COMPANION_METRICS_ALLOW_IPS


def metrics_view(request: HttpRequest) -> HttpResponse:
    if not allowed(request):
        body = {"code": "forbidden", "message": "Metrics need a bearer token or an allowed address.", "params": {}}
        return JsonResponse(body, status=403)
    output = generate_latest(_registry()) + generate_latest(_QUEUE_REGISTRY)
    return HttpResponse(output, content_type="text/plain; version=0.0.4; charset=utf-8")
