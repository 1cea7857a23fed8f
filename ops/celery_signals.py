"""Celery side of the metrics and logs: stamp each task message with its publishing time (read back
from the broker as the queue lag), time claim checks in the worker, carry the request id into tasks,
and export the worker's metrics on ``COMPANION_WORKER_METRICS_PORT`` when it is set."""

from __future__ import annotations

import os
import time
from typing import Any

from celery import signals

from ops import metrics
from ops.logs import REQUEST_ID

_started: dict[str, float] = {}


def _stamp(headers: dict[str, Any] | None = None, **_: Any) -> None:
    if headers is not None:
        headers[metrics.PUBLISHED_AT_HEADER] = time.time()
        headers.setdefault("companion_request_id", REQUEST_ID.get())


def _prerun(task_id: str = "", task: Any = None, **_: Any) -> None:
    _started[task_id] = time.perf_counter()
    request_id = getattr(getattr(task, "request", None), "companion_request_id", None)
    REQUEST_ID.set(str(request_id or task_id))


def _postrun(task_id: str = "", task: Any = None, retval: Any = None, **_: Any) -> None:
    start = _started.pop(task_id, None)
    REQUEST_ID.set("-")
    if start is None or getattr(task, "name", "") != "companion.claim_check":
        return
    metrics.CLAIM_CHECK_SECONDS.labels(where="worker").observe(time.perf_counter() - start)
    metrics.CLAIM_VERDICTS.labels(where="worker", verdict=str(retval)).inc()


def _serve_worker_metrics(**_: Any) -> None:
    port = os.environ.get("COMPANION_WORKER_METRICS_PORT")
    if not port:
        return
    from prometheus_client import start_http_server

    address = os.environ.get("COMPANION_WORKER_METRICS_ADDRESS", "127.0.0.1")
    start_http_server(int(port), addr=address, registry=metrics._registry())


def connect() -> None:
    signals.before_task_publish.connect(_stamp, weak=False)
    signals.task_prerun.connect(_prerun, weak=False)
    signals.task_postrun.connect(_postrun, weak=False)
    signals.worker_ready.connect(_serve_worker_metrics, weak=False)
