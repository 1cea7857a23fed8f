"""Error reporting, only when ``SENTRY_DSN`` is set (sentry-sdk is imported then and only then)."""

from __future__ import annotations

import os
import sys
from typing import Any

#: Loggers whose errors are other people's mistakes, not ours: a request naming a host we do not
#: serve (scanners, a stale DNS entry) is answered 400 by Django and must not page anyone.
IGNORED_LOGGERS = ("django.security.DisallowedHost",)


def _is_management_command(argv: list[str]) -> bool:
    return bool(argv) and os.path.basename(argv[0]) == "manage.py" and argv[1:2] != ["runserver"]


def before_send(event: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any] | None:
    """Drop DisallowedHost however it arrives (raised in a view, or logged by Django)."""
    from django.core.exceptions import DisallowedHost

    exc_info = hint.get("exc_info")
    if exc_info and isinstance(exc_info[1], DisallowedHost):
        return None
    if event.get("logger") in IGNORED_LOGGERS:
        return None
    return event


def init_sentry(dsn: str, *, environment: str, argv: list[str] | None = None) -> None:
    import sentry_sdk
    from sentry_sdk.integrations.logging import ignore_logger

    for name in IGNORED_LOGGERS:
        ignore_logger(name)
    # A management command (migrate, records_export, ...) ends at once: its errors are in its own
    # output and exit status, so it does not wait for Sentry's flush at exit (2 s by default). The
    # servers and workers keep the default, so an error just before a restart is still sent.
    command = _is_management_command(sys.argv if argv is None else argv)
    # The Django, Celery and Redis integrations switch themselves on when those are installed.
    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
        send_default_pii=False,
        before_send=before_send,  # type: ignore[arg-type]
        shutdown_timeout=0 if command else 2,
    )
