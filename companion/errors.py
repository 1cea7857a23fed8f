"""The service's domain errors. The API's one exception handler turns them into
``{"code", "message", "params"}`` with the status given here (engine errors map by their class:
``RulesError`` → 422, ``EventFormatError`` → 400)."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status: int = 400

    def __init__(
        self,
        code: str,
        message: str,
        *,
        fields: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
        **params: Any,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
        self.fields = fields or {}
        #: Extra top-level keys of the error body, e.g. ``current`` (the match now) on a 409.
        self.extra = extra or {}


class Invalid(ServiceError):
    status = 400


class Forbidden(ServiceError):
    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409


class Unprocessable(ServiceError):
    status = 422
