"""The one exception handler: every error leaves the API as ``{"code", "message", "params"}``,
plus ``fields`` on a 400 (which input field is wrong and why) and ``current`` on a stale-seq 409."""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from companion.errors import ServiceError
from companion.text import CODE as BAD_TEXT
from scoring.errors import EventFormatError, RulesError, ScoringError
from scoring.record import ReplayError


def _flatten(detail: Any, prefix: str = "") -> dict[str, str]:
    """DRF's nested error details → ``{"field.sub": "message"}``."""
    if isinstance(detail, dict):
        out: dict[str, str] = {}
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out.update(_flatten(value, "" if name == "non_field_errors" and not prefix else name))
        return out
    if isinstance(detail, list):
        if all(not isinstance(v, (dict, list)) for v in detail):
            return {prefix or "non_field_errors": " ".join(str(v) for v in detail)}
        out = {}
        for i, value in enumerate(detail):
            out.update(_flatten(value, f"{prefix}.{i}" if prefix else str(i)))
        return out
    return {prefix or "non_field_errors": str(detail)}


def _body(code: str, message: str, params: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    # ``template`` (an engine error's message id) lets the renderer translate the message
    return {"code": code, "message": message, "params": params or {}, **{k: v for k, v in extra.items() if v}}


def _scoring_response(exc: ScoringError) -> Response:
    rules = isinstance(exc, RulesError) or (isinstance(exc, ReplayError) and exc.is_rules_error)
    if rules:
        # the field and seat the engine named (seat 0 is a seat: not dropped as falsy by _body)
        return Response({**_body(exc.code, exc.message, exc.params, template=exc.template), **exc.where()}, status=422)
    fields = exc.fields if isinstance(exc, EventFormatError) else {}
    body = _body(
        exc.code, exc.message, exc.params, fields=fields or {"non_field_errors": exc.message}, template=exc.template
    )
    return Response(body, 400)


def _drf_response(exc: exceptions.APIException) -> Response:
    if isinstance(exc, exceptions.ParseError):
        return Response(_body("malformed_json", f"The request body is not valid JSON: {exc.detail}"), 400)
    if isinstance(exc, exceptions.ValidationError):
        fields = _flatten(exc.detail)
        first = next(iter(fields.items()), ("", "invalid input"))
        message = f"{first[0]}: {first[1]}" if first[0] != "non_field_errors" else first[1]
        # text refused by the one text check keeps its own code (companion/text.py)
        code = BAD_TEXT if BAD_TEXT in _flatten(exc.get_codes()).values() else "invalid"
        return Response(_body(code, message, {}, fields=fields), 400)
    code = {
        exceptions.NotAuthenticated: "not_authenticated",
        exceptions.AuthenticationFailed: "authentication_failed",
        exceptions.PermissionDenied: "permission_denied",
        exceptions.NotFound: "not_found",
        exceptions.MethodNotAllowed: "method_not_allowed",
        exceptions.UnsupportedMediaType: "unsupported_media_type",
        exceptions.NotAcceptable: "not_acceptable",
        exceptions.Throttled: "throttled",
    }.get(type(exc), str(exc.default_code))
    response = Response(_body(code, str(exc.detail)), status=exc.status_code)
    if getattr(exc, "auth_header", None):
        response["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    if isinstance(exc, exceptions.Throttled):
        # whole seconds, rounded up: "0" would invite an immediate retry that is refused again
        wait = math.ceil(exc.wait) if getattr(exc, "wait", None) is not None else 60  # type: ignore[attr-defined]
        response["Retry-After"] = str(max(wait, 1))
        response.data["params"] = {"retry_after": max(wait, 1)}
    return response


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, ServiceError):
        extra: dict[str, Any] = {"fields": exc.fields} if exc.fields else {}
        if exc.status == 400 and not exc.fields:
            extra["fields"] = {"non_field_errors": exc.message}
        response = Response(_body(exc.code, exc.message, exc.params, **extra, **exc.extra), status=exc.status)
    elif isinstance(exc, ScoringError):
        response = _scoring_response(exc)
    elif isinstance(exc, exceptions.APIException):
        response = _drf_response(exc)
    else:
        return None  # a real bug: let Django report the 500
    set_rollback()
    return response


def error_body(code: str, message: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The error shape, for answers written outside DRF (middleware, Django's error handlers)."""
    return _body(code, message, params)


@csrf_exempt  # an unknown address is a 404 whatever the method: no CSRF page before it
def not_found_json(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Unknown /api/ URLs (any method, with or without a trailing slash), in the API's error shape."""
    return JsonResponse(_body("not_found", "There is nothing at this address."), status=status.HTTP_404_NOT_FOUND)


#: Django's own error pages (outside any DRF view), as the API's error shape under /api/.
_DJANGO_ERRORS = {
    400: ("bad_request", "The request could not be read."),
    403: ("permission_denied", "You may not do this."),
    404: ("not_found", "There is nothing at this address."),
    500: ("server_error", "Something went wrong on the server; the record is unchanged."),
}


def _django_error(status_code: int, html_view: Any) -> Any:
    def view(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
        if request.path.startswith("/api/"):
            code, message = _DJANGO_ERRORS[status_code]
            return JsonResponse(_body(code, message), status=status_code)
        page: HttpResponse = html_view(request) if status_code == 500 else html_view(request, exception)
        return page

    return view


handler400 = _django_error(400, defaults.bad_request)
handler403 = _django_error(403, defaults.permission_denied)
handler404 = _django_error(404, defaults.page_not_found)
handler500 = _django_error(500, defaults.server_error)
