"""Guards that answer before a request reaches a view of the API."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse


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
