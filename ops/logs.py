"""Request ids for log lines: one per request, taken from the proxy's ``X-Request-ID`` or made here."""

from __future__ import annotations

import logging
import re
import uuid
from contextvars import ContextVar

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
