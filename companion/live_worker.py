"""gunicorn's ASGI worker with a header timeout, for the live server (deploy/gunicorn-live.conf.py).

gunicorn's asyncio worker bounds an idle kept-alive connection (``keepalive``) but waits for the
first request's headers for ever, so a client that sends half a request would hold a connection
(issue 24). Here a connection whose headers are not complete within
``COMPANION_LIVE_HEADER_TIMEOUT_S`` (default 5 s) is closed. Later requests on the connection are
bounded by gunicorn's own keep-alive timer, which runs until their headers are complete.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from gunicorn.asgi.protocol import ASGIProtocol
from gunicorn.workers import gasgi

HEADER_TIMEOUT_S = float(os.environ.get("COMPANION_LIVE_HEADER_TIMEOUT_S", "5"))


class HeaderTimeoutProtocol(ASGIProtocol):  # type: ignore[misc]
    """gunicorn's protocol, closing a connection that is too slow with its first request's headers."""

    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._header_timer = self.worker.loop.call_later(HEADER_TIMEOUT_S, self._headers_too_slow)

    def _on_headers_complete(self) -> Any:
        self._stop_header_timer()
        return super()._on_headers_complete()

    def connection_lost(self, exc: BaseException | None) -> None:
        self._stop_header_timer()
        super().connection_lost(exc)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        self._close_transport()
        if self._request_ready is not None:
            self._request_ready.set()  # the connection's task sees it closed and ends


class LiveWorker(gasgi.ASGIWorker):  # type: ignore[misc]
    """``worker_class = "companion.live_worker.LiveWorker"``."""

    def init_process(self) -> None:
        # The worker builds its connections' protocol by this module-level name: in this worker
        # process (only), it is the one with the header timeout.
        gasgi.ASGIProtocol = HeaderTimeoutProtocol
        super().init_process()
