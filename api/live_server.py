"""The live server's application (deploy/gunicorn-live.conf.py): the phones' streams and nothing else.

A plain ASGI callable, not Django's request handler: ``GET /api/v1/matches/<id>/live`` (with or
without the slash) with a valid ticket is a stream served from the hub (companion/live.py);
``GET /healthz`` says the process answers (and how many streams it serves), for probes on the host's
private address (nginx never passes it on); every other request is a JSON 404. No middleware, no session, no ORM: a stream costs no database connection
however many phones reconnect at once, only its coroutine and mailbox. A phone that goes away ends
its stream at once (``http.disconnect``), and a phone that stops reading is dropped after
``SEND_TIMEOUT_S``. Slow headers are the worker's business (companion/live_worker.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
django.setup(set_prefix=False)

from api.live import STREAM_HEADERS, async_stream, ticket_seq  # noqa: E402 - needs the apps loaded
from companion import live  # noqa: E402
from companion.errors import ServiceError  # noqa: E402

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

STREAM_PATH = re.compile(r"/api/v1/matches/([0-9]{1,18})/live/?")
#: A phone that has not taken an event within this many seconds is gone (its socket is full).
SEND_TIMEOUT_S = 15.0


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] != "http":
        return  # no lifespan, no websockets
    found = STREAM_PATH.fullmatch(scope["path"])
    if scope["path"] == "/healthz" and scope["method"] == "GET":
        await _json(send, 200, {"status": "ok", "streams": live.hub.count()})
        return
    if found is None or scope["method"] != "GET":
        await _error(send, 404, "not_found", "The live server serves only match streams.")
        return
    match_id = int(found[1])
    try:
        seq = ticket_seq(_header(scope, b"authorization"), match_id)
    except ServiceError as exc:
        await _error(send, exc.status, exc.code, exc.message)
        return
    subscription = live.subscribe(match_id)
    try:
        await send(
            {"type": "http.response.start", "status": 200, "headers": _headers(STREAM_HEADERS, "text/event-stream")}
        )
        await _serve(async_stream(subscription, seq), receive, send)
    finally:
        live.unsubscribe(subscription)


async def _serve(stream: AsyncIterator[bytes], receive: Receive, send: Send) -> None:
    """Write the stream until it ends or the phone leaves, whichever comes first."""
    writer = asyncio.ensure_future(_write(stream, send))
    gone = asyncio.ensure_future(_until_disconnect(receive))
    try:
        await asyncio.wait({writer, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (writer, gone):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


async def _write(stream: AsyncIterator[bytes], send: Send) -> None:
    async for chunk in stream:
        await asyncio.wait_for(send({"type": "http.response.body", "body": chunk, "more_body": True}), SEND_TIMEOUT_S)
    await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _until_disconnect(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return ""


def _headers(extra: tuple[tuple[str, str], ...], content_type: str) -> list[tuple[bytes, bytes]]:
    return [(b"content-type", content_type.encode())] + [(k.lower().encode(), v.encode()) for k, v in extra]


async def _error(send: Send, status: int, code: str, message: str) -> None:
    """The project's JSON error shape (api/exceptions.py), without Django's machinery."""
    await _json(send, status, {"code": code, "message": message, "params": {}})


async def _json(send: Send, status: int, data: dict[str, Any]) -> None:
    headers = _headers((("Cache-Control", "no-store"),), "application/json")
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": json.dumps(data).encode()})
