"""Guards around the API's views.

Errors that escape the views leave ``/api/`` in the API's error shape, never as an HTML page.

A lost database connection (the server restarted, the connection was terminated) becomes a JSON 503
with ``Retry-After``: the phone's outbox keeps the entry and sends it again with the same
``client_event_id``, which the append answers with the original result if the first try had in fact
committed. Anything else is a bug: logged with its traceback, answered as a JSON 500.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse

log = logging.getLogger("companion.api")

#: Seconds a client should wait before retrying after a 503.
RETRY_AFTER_S = 2
#: PostgreSQL's statement timeout (query_canceled) and lock timeout (lock_not_available): the database
#: answers, but not in time (docs/deploy.md, "Database timeouts").
TIMEOUT_SQLSTATES = frozenset({"57014", "55P03"})
UNREACHABLE_MESSAGE = "The database could not be reached. Nothing was lost: send it again shortly."
BUSY_MESSAGE = "The database did not answer in time. Nothing was lost: send it again shortly."


class ApiErrorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not request.path.startswith("/api/"):
            return None  # the pages keep Django's own error handling
        if isinstance(exception, (OperationalError, InterfaceError)):
            log.warning("database unavailable during %s %s: %r", request.method, request.path, exception)
            timed_out = getattr(exception.__cause__, "sqlstate", None) in TIMEOUT_SQLSTATES
            response = JsonResponse(
                {
                    "code": "database_unavailable",
                    "message": BUSY_MESSAGE if timed_out else UNREACHABLE_MESSAGE,
                    "params": {"retry_after": RETRY_AFTER_S},
                },
                status=503,
            )
            response["Retry-After"] = str(RETRY_AFTER_S)
            return response
        log.error("unhandled error during %s %s", request.method, request.path, exc_info=exception)
        return JsonResponse(
            {
                "code": "server_error",
                "message": "Something went wrong on the server; it has been logged.",
                "params": {},
            },
            status=500,
        )


class ApiBodySizeMiddleware:
    """A body over ``COMPANION_MAX_BODY_BYTES`` sent to ``/api/`` is refused from its Content-Length,
    unread, with a JSON 413 (the parser enforces the same bound on what it reads)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            limit = int(settings.COMPANION_MAX_BODY_BYTES)
            if length > limit:
                from api.exceptions import error_body

                body = error_body("payload_too_large", f"The request body is larger than {limit} bytes.")
                return JsonResponse(body, status=413)
        return self.get_response(request)


#: API paths have no trailing slash (README, "API paths"); these are the paths it is taken off.
API_PREFIX = "/api/v1/"


class ApiTrailingSlashMiddleware:
    """One convention: no API path ends in ``/``. The same path with a trailing slash is the same
    resource, answered directly (no redirect: a redirected POST loses its body, and a phone pays a
    round trip), so older clients and hand-typed URLs keep working whatever the method."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if path.startswith(API_PREFIX) and path.endswith("/") and len(path) > len(API_PREFIX):
            # before the URL is resolved (that happens after every middleware's __call__ has run)
            request.path_info = path.rstrip("/")
            request.path = request.path.rstrip("/")
        return self.get_response(request)
