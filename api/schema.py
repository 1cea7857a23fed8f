"""Schema helpers: every documented error has the one error shape (api/exceptions.py)."""

from __future__ import annotations

from typing import Any, Literal

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
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
    415: "The body is not JSON",
    429: "Throttled: `Retry-After` says when to try again",
    503: "`database_unavailable`: the database could not be reached (api/middleware.py); nothing was "
    "lost, send it again after `Retry-After` seconds",
}
#: The live stream's 503 (api/live.py), besides the database's.
LIVE_UNAVAILABLE = (
    "`live_unavailable`: not served here (the live stream under a threaded server: poll the summary); "
    "or `database_unavailable`: send it again after `Retry-After` seconds"
)
#: Any API operation may answer these (the exception handler, and for 503 ``ApiErrorMiddleware``,
#: write them all in the error shape).
ERROR_STATUSES = (400, 401, 403, 404, 409, 413, 415, 422, 429, 503)


def errors(*statuses: int, descriptions: dict[int, str] | None = None) -> dict[int, Any]:
    """``{status: error response}`` for ``extend_schema(responses=...)``; 401 is added for every
    authenticated operation by the caller listing it. ``descriptions`` replaces a status's default
    description."""
    text = _DESCRIPTIONS | (descriptions or {})
    return {code: OpenApiResponse(ErrorOutput, description=text[code]) for code in statuses}


class KnoxTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """``Authorization: Token <token>`` (companion.authentication, django-rest-knox)."""

    target_class = "companion.authentication.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {"type": "apiKey", "in": "header", "name": "Authorization", "description": "Token <token>"}


class ExpiredGuestTokenScheme(KnoxTokenScheme):  # type: ignore[no-untyped-call]
    """``auth/upgrade`` only: the same header, where a guest's expired token still counts (docs/people.md)."""

    target_class = "companion.authentication.ExpiredGuestTokenAuthentication"
    name = "guestTokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {**super().get_security_definition(auto_schema), "description": "Token <guest token, even expired>"}


class CompanionAutoSchema(AutoSchema):
    """drf-spectacular's schema, with every error status of an operation documented as the error shape."""

    def _get_response_bodies(self, direction: Literal["request", "response"] = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        if direction == "response" and self.path.startswith("/api/v1/"):
            for code in ERROR_STATUSES:
                error = OpenApiResponse(ErrorOutput, description=_DESCRIPTIONS[code])
                body = self._get_response_for_code(error, str(code), direction=direction)  # type: ignore[no-untyped-call]
                responses.setdefault(str(code), body)
        return responses
