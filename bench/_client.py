"""A keep-alive JSON client for the benchmarks (standard library only)."""

from __future__ import annotations

import http.client
import json
from typing import Any
from urllib.parse import urlsplit


class Api:
    """A keep-alive JSON client (standard library only)."""

    def __init__(
        self, base: str, token: str | None = None, *, timeout: float = 60, headers: dict[str, str] | None = None
    ) -> None:
        self.timeout = timeout
        self.extra_headers = dict(headers or {})
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.token = token
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "Accept": "application/json", **self.extra_headers}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        data = json.dumps(body).encode() if body is not None else None
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                try:
                    parsed = json.loads(raw) if raw else None
                except ValueError:
                    parsed = raw[:500].decode(errors="replace")
                return response.status, parsed
            except (http.client.HTTPException, ConnectionError):
                self.conn = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")
