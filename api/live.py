"""``POST /api/v1/matches/<id>/live-ticket`` and ``GET /api/v1/matches/<id>/live``: a Server-Sent
Events stream of the match's new seqs, opened with a ticket.

The phone first asks the API (the web server, which knows who it is) for a ticket: signed, bound to
user, match and the seq then, good for ``COMPANION_LIVE_TICKET_S`` (companion/live.py). The stream
takes it as ``Authorization: Ticket <ticket>`` and checks only its signature, so serving a stream
never touches the database. The stream starts with the ticket's seq, then sends one ``seq`` event per
committed entry, an ``event: heartbeat`` whenever the publishers' heartbeat comes through the relay,
and a comment every ``COMPANION_LIVE_PING_S`` when nothing else was sent; it ends after
``COMPANION_LIVE_MAX_S`` and the phone reconnects (with a new ticket). The phone fetches what it
lacks with the summary's ETag, exactly as a poll does.

In production streams go to the live server (api/live_server.py: ASGI, streams only). Under WSGI a
stream holds a thread: runserver serves it here, gunicorn's threaded server answers 503
``live_unavailable`` (``COMPANION_LIVE_WSGI=false``) and the phone polls.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.schema import LIVE_UNAVAILABLE, errors
from companion import live, selectors
from companion.errors import ServiceError

PING = b": ping\n\n"
HEARTBEAT = b"event: heartbeat\ndata: {}\n\n"


class LiveUnavailable(ServiceError):
    status = 503


class TicketRefused(ServiceError):
    status = 403


class TicketExpired(ServiceError):
    status = 401


def _frame(seq: int) -> bytes:
    return f"id: {seq}\nevent: seq\ndata: {json.dumps({'seq': seq})}\n\n".encode()


def _first(seq: int) -> bytes:
    # retry: how soon a reader such as EventSource reconnects after the stream ends. A heartbeat
    # heard lately goes with it, so the phone says "live" at once.
    return b"retry: 1000\n\n" + _frame(seq) + (HEARTBEAT if live.hub.fresh() else b"")


def _next(got: int | None) -> bytes:
    if got is None:
        return PING
    return HEARTBEAT if got == live.HEARTBEAT else _frame(got)


def sync_stream(subscription: live.Subscription, seq: int) -> Iterator[bytes]:
    yield _first(seq)
    deadline = time.monotonic() + settings.COMPANION_LIVE_MAX_S
    while (left := deadline - time.monotonic()) > 0:
        yield _next(subscription.get(min(settings.COMPANION_LIVE_PING_S, left)))


async def async_stream(subscription: live.Subscription, seq: int) -> AsyncIterator[bytes]:
    yield _first(seq)
    deadline = time.monotonic() + settings.COMPANION_LIVE_MAX_S
    while (left := deadline - time.monotonic()) > 0:
        yield _next(await subscription.aget(min(settings.COMPANION_LIVE_PING_S, left)))


def ticket_seq(authorization: str, match_id: int) -> int:
    """The seq of the stream's ticket (``Authorization: Ticket <ticket>``), or the JSON 401/403."""
    keyword, _, ticket = authorization.partition(" ")
    if keyword != "Ticket" or not ticket:
        raise TicketRefused("live_ticket_refused", "A stream needs a ticket: POST matches/<id>/live-ticket first.")
    try:
        return live.read_ticket(ticket.strip(), match_id)
    except live.TicketRefused as exc:
        if exc.expired:
            raise TicketExpired("live_ticket_expired", str(exc)) from exc
        raise TicketRefused("live_ticket_refused", str(exc)) from exc


class _Stream(StreamingHttpResponse):
    """The stream's answer: closing it (the phone left, the server stops) ends the subscription."""

    def __init__(self, stream: Any, subscription: live.Subscription) -> None:
        super().__init__(stream, content_type="text/event-stream")
        self.subscription = subscription
        for name, value in STREAM_HEADERS:
            self[name] = value

    def close(self) -> None:
        live.unsubscribe(self.subscription)
        super().close()


#: Never stored (by a proxy or the phone's service worker), never buffered (nginx passes each event on at once).
STREAM_HEADERS = (("Cache-Control", "no-store"), ("X-Accel-Buffering", "no"))


class LiveTicketView(APIView):
    """A stream's ticket, for a user who may read the match (404 otherwise, as everywhere)."""

    @extend_schema(
        request=None,
        responses={
            201: inline_serializer(
                "LiveTicket",
                {
                    "ticket": serializers.CharField(),
                    "seq": serializers.IntegerField(),
                    "expires_in": serializers.FloatField(),
                },
            ),
            **errors(401, 404, 413, 429),
        },
    )
    def post(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        ticket = live.issue_ticket(user_id=request.user.pk, match_id=match.pk, seq=match.last_seq)
        body = {"ticket": ticket, "seq": match.last_seq, "expires_in": settings.COMPANION_LIVE_TICKET_S}
        return Response(body, status=status.HTTP_201_CREATED, headers={"Cache-Control": "no-store"})


class LiveView(APIView):
    """The phones of a table listen here (runserver, tests); a poll of the summary stays the fallback."""

    # The ticket is the only credential: no session, no token, so no database.
    authentication_classes: list[Any] = []
    permission_classes: list[Any] = []

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
                "(the ticket's seq, then each new entry's), `event: heartbeat` while the publishers' "
                "heartbeat comes through, `: ping` comments between. Needs `Authorization: Ticket <ticket>`.",
            ),
            **errors(401, 403, 503, descriptions={503: LIVE_UNAVAILABLE}),
        },
    )
    def get(self, request: Request, match_id: int) -> StreamingHttpResponse:
        asgi = isinstance(request._request, ASGIRequest)
        if not asgi and not settings.COMPANION_LIVE_WSGI:
            raise LiveUnavailable("live_unavailable", "Live updates are not served here; poll the summary.")
        seq = ticket_seq(request.headers.get("Authorization", ""), match_id)
        live.start_heartbeat()  # this process records entries too: it is a publisher
        subscription = live.subscribe(match_id)
        stream = async_stream(subscription, seq) if asgi else sync_stream(subscription, seq)
        return _Stream(stream, subscription)
