"""``GET /api/v1/matches/<id>/live``: a Server-Sent Events stream of the match's new seqs.

The stream starts with the current seq, then sends one ``seq`` event per committed entry
(companion/live.py) and a comment every ``COMPANION_LIVE_PING_S`` so proxies and phones see it alive;
it ends after ``COMPANION_LIVE_MAX_S`` and the phone reconnects. An entry's event carries what it
changed (companion/push.py), in the stream's language and with the summary's ETag in it; the phone
applies it, or after a gap fetches what it lacks with the summary's ETag, as a poll does.

Under ASGI (the live server, deploy/gunicorn-live.conf.py) a stream is a coroutine and costs no
thread. Under WSGI it holds one: runserver serves it, gunicorn's threaded server answers 503
``live_unavailable`` (``COMPANION_LIVE_WSGI=false``) and the phone polls.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from api.schema import LIVE_UNAVAILABLE, errors
from companion import live, selectors
from companion.errors import ServiceError
from companion.language import pick_language
from companion.models import Match
from scoring.i18n import localize

PING = b": ping\n\n"


class LiveUnavailable(ServiceError):
    status = 503


def _frame(message: live.Message, language: str = "en") -> bytes:
    """One ``seq`` event: the seq, and what changed (companion/push.py) in the stream's language, with
    the summary's ETag in that language (a phone that applied it polls with it and gets a 304)."""
    data = localize(message, language)
    if "version" in data:
        data = {**data, "etag": f'"{data["version"]}-{language}"'}
    # (compact: a push's budget is counted so; a seq alone is written as it always was)
    text = json.dumps(data, ensure_ascii=False) if len(data) == 1 else json.dumps(data, separators=(",", ":"))
    return f"id: {message['seq']}\nevent: seq\ndata: {text}\n\n".encode()


def _first(seq: int) -> bytes:
    # retry: how soon a reader such as EventSource reconnects after the stream ends
    return b"retry: 1000\n\n" + _frame({"seq": seq})


def _sync_stream(subscription: live.Subscription, seq: int, language: str) -> Iterator[bytes]:
    yield _first(seq)
    deadline = time.monotonic() + settings.COMPANION_LIVE_MAX_S
    while (left := deadline - time.monotonic()) > 0:
        got = subscription.get(min(settings.COMPANION_LIVE_PING_S, left))
        yield PING if got is None else _frame(got, language)


async def _async_stream(subscription: live.Subscription, seq: int, language: str) -> AsyncIterator[bytes]:
    yield _first(seq)
    deadline = time.monotonic() + settings.COMPANION_LIVE_MAX_S
    while (left := deadline - time.monotonic()) > 0:
        got = await subscription.aget(min(settings.COMPANION_LIVE_PING_S, left))
        yield PING if got is None else _frame(got, language)


class _Stream(StreamingHttpResponse):
    """The stream's answer: closing it (the phone left, the server stops) ends the subscription."""

    def __init__(self, stream: Any, subscription: live.Subscription) -> None:
        super().__init__(stream, content_type="text/event-stream")
        self.subscription = subscription

    def close(self) -> None:
        live.unsubscribe(self.subscription)
        super().close()


class LiveView(APIView):
    """The phones of a table listen here; a poll of the summary stays the fallback."""

    def perform_content_negotiation(self, request: Request, force: bool = False) -> tuple[BaseRenderer, str]:
        # A reader asks for text/event-stream; the errors before the stream starts are JSON all the same.
        renderer = self.get_renderers()[0]
        return renderer, renderer.media_type

    @extend_schema(
        responses={
            # not JSON: a client reads it with EventSource (or any SSE reader), never a JSON parser
            (200, "text/event-stream"): OpenApiResponse(
                OpenApiTypes.STR,
                description='Server-Sent Events: `retry`, then `event: seq` with `data: {"seq": n}` '
                "(the match's last seq now), then one per new entry with what it changed (the event, "
                "totals, version, base, ops, history rows, legal_ops, etag: docs/phone-ui.md), "
                "`: ping` comments between",
            ),
            **errors(503, descriptions={503: LIVE_UNAVAILABLE}),
        },
    )
    def get(self, request: Request, match_id: int) -> StreamingHttpResponse:
        asgi = isinstance(request._request, ASGIRequest)
        if not asgi and not settings.COMPANION_LIVE_WSGI:
            raise LiveUnavailable("live_unavailable", "Live updates are not served here; poll the summary.")
        selectors.match_get_for_user(user=request.user, match_id=match_id)
        subscription = live.subscribe(match_id)
        # read after subscribing: an entry committed in between is in the seq or in the mailbox
        seq = Match.objects.filter(pk=match_id).values_list("last_seq", flat=True).get()
        stream: Any
        if asgi:
            # The stream may last minutes: give this request's database connection back now.
            connection.close()
            stream = _async_stream(subscription, seq, pick_language(request))
        else:
            stream = _sync_stream(subscription, seq, pick_language(request))
        response = _Stream(stream, subscription)
        response["Cache-Control"] = "no-store"
        response["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
        return response
