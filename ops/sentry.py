"""Error reporting, only when ``SENTRY_DSN`` is set (sentry-sdk is imported then and only then)."""

from __future__ import annotations

import os


def init_sentry(dsn: str, *, environment: str) -> None:
    import sentry_sdk

    # The Django, Celery and Redis integrations switch themselves on when those are installed.
    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
        send_default_pii=False,
    )
