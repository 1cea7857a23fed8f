"""Schema helpers: every documented error has the one error shape (api/exceptions.py)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse

from api.serializers import ErrorOutput

_DESCRIPTIONS = {
    400: "Unreadable or invalid input (`fields` says which)",
    401: "No valid token",
    403: "Not allowed",
    404: "Not found, or not visible to you",
    409: "Conflict (stale seq, reused client_event_id, seat taken); `current` on a stale seq",
    413: "Request body too large",
    422: "A rule of the game says no",
    429: "Throttled: `Retry-After` says when to try again",
}


def errors(*statuses: int) -> dict[int, Any]:
    """``{status: error response}`` for ``extend_schema(responses=...)``; 401 is added for every
    authenticated operation by the caller listing it."""
    return {code: OpenApiResponse(ErrorOutput, description=_DESCRIPTIONS[code]) for code in statuses}


class KnoxTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """``Authorization: Token <token>`` (api.authentication, django-rest-knox)."""

    target_class = "api.authentication.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {"type": "apiKey", "in": "header", "name": "Authorization", "description": "Token <token>"}
