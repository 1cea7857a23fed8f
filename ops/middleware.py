"""Two middlewares. ``RequestIdMiddleware`` (first): the request id, the JSON access line, the metrics
around appends, rejections and claims. ``ProbeMiddleware`` (before SecurityMiddleware): answers
``/healthz``, ``/readyz`` and ``/metrics`` before the host check and the HTTPS redirect, because load
balancers and Prometheus reach a web host by its address and over plain HTTP."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse

from ops import health, metrics
from ops.logs import REQUEST_ID, request_id_from

access_log = logging.getLogger("companion.access")

PROBES: dict[str, Callable[[HttpRequest], HttpResponse]] = {
    "/healthz": health.healthz,
    "/readyz": health.readyz,
    "/metrics": metrics.metrics_view,
}

Handler = Callable[[HttpRequest], HttpResponse]


class ProbeMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        probe = PROBES.get(request.path_info)
        if probe is not None and request.method in ("GET", "HEAD"):
            return probe(request)
        return self.get_response(request)


def _route(request: HttpRequest) -> str:
    match = getattr(request, "resolver_match", None)
    return match.view_name if match is not None else "unresolved"


def _observe(request: HttpRequest, response: HttpResponse, seconds: float) -> None:
    route = _route(request)
    status = response.status_code
    if status in (409, 422):
        metrics.API_REJECTIONS.labels(route=route, status=str(status)).inc()
    if request.method != "POST":
        return
    if route == "api:match-events":
        metrics.APPEND_SECONDS.labels(status=str(status)).observe(seconds)
    elif route == "api:match-claims" and status in (201, 202):
        metrics.CLAIM_CHECK_SECONDS.labels(where="request").observe(seconds)
        metrics.CLAIM_VERDICTS.labels(where="request", verdict=_verdict(response)).inc()


def _verdict(response: HttpResponse) -> str:
    if response.status_code == 202:
        return "pending"
    data: Any = getattr(response, "data", None)
    claim = data.get("claim", data) if isinstance(data, dict) else {}
    verdict = claim.get("verdict") if isinstance(claim, dict) else None
    if isinstance(verdict, dict):  # the verdict document, when a selector gives it whole
        verdict = verdict.get("status")
    return str(verdict or "unknown")


class RequestIdMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_from(request.META.get("HTTP_X_REQUEST_ID"))
        token = REQUEST_ID.set(request_id)
        start = time.perf_counter()
        try:
            response = self.get_response(request)
            seconds = time.perf_counter() - start
            response["X-Request-ID"] = request_id
            _observe(request, response, seconds)
            access_log.info(
                "%s %s %s",
                request.method,
                request.path,
                response.status_code,
                extra={
                    "method": request.method,
                    "path": request.path,
                    "status": response.status_code,
                    "duration_ms": round(seconds * 1000, 1),
                    "remote_addr": request.META.get("REMOTE_ADDR", ""),
                },
            )
            return response
        finally:
            REQUEST_ID.reset(token)
