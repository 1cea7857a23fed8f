"""Request ids for log lines (one per request, taken from the proxy's ``X-Request-ID`` or made here),
and the JSON format of every line, gunicorn's included."""

from __future__ import annotations

import logging
import re
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime

from pythonjsonlogger.json import JsonFormatter as _JsonFormatterBase

#: The current request's (or Celery task's) id; "-" outside of one.
REQUEST_ID: ContextVar[str] = ContextVar("request_id", default="-")

# A proxy's id is kept only when it is short and plain, so a client cannot inject into log lines.
_SAFE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


def request_id_from(header: str | None) -> str:
    """The id to use for a request: the proxy's when it looks like an id, otherwise a fresh one."""
    if header and _SAFE_ID.match(header):
        return header
    return uuid.uuid4().hex


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every record, so both the JSON and the text formats can show it."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        return True


#: The fields of every JSON line, renamed to the short names docs/deploy.md lists.
JSON_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s"
JSON_RENAMES = {"asctime": "time", "levelname": "level", "name": "logger"}


class JsonFormatter(_JsonFormatterBase):
    """python-json-logger's formatter with the time in ISO 8601, UTC, to the millisecond
    (``2026-12-01T23:20:00.123+00:00``), which every log store parses without a pattern."""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return datetime.fromtimestamp(record.created, tz=UTC).isoformat(timespec="milliseconds")


def gunicorn_logconfig(level: str) -> dict[str, object]:
    """gunicorn's own lines (start, workers, errors) in the same JSON as the app's (``logconfig_dict``
    of deploy/gunicorn*.conf.py); the request id is "-" there, outside of any request."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": RequestIdFilter}},
        "formatters": {"json": {"()": JsonFormatter, "format": JSON_FORMAT, "rename_fields": JSON_RENAMES}},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "filters": ["request_id"],
                "formatter": "json",
                "stream": "ext://sys.stderr",
            }
        },
        "loggers": {
            "gunicorn.error": {"level": level.upper(), "handlers": ["console"], "propagate": False},
            "gunicorn.access": {"level": level.upper(), "handlers": ["console"], "propagate": False},
        },
    }
