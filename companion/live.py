"""Live updates: once an entry is committed, every phone watching its match hears the new seq.

Each process keeps a :class:`Hub` of the streams it serves (api/live.py). Without Redis (the embedded
default: one process) a publish goes straight to the hub; with ``REDIS_URL`` it goes through Redis
pub/sub, and one listener thread per process hands each message to its hub, so a phone streaming from
one web host hears an entry recorded on another. A lost message costs only latency, never an entry:
every stream starts with the match's current seq and the phones keep polling as a fallback.

A stream is opened with a **ticket** (:func:`issue_ticket`): signed by the web server that checked
the user may read the match, bound to user, match and the seq then, and good for
``COMPANION_LIVE_TICKET_S``. The live server only checks the signature, so it never needs the
database. **Heartbeats** make "live" honest: every process that publishes entries (the web server's
workers, :func:`start_heartbeat`) also publishes a heartbeat every ``COMPANION_LIVE_HEARTBEAT_S``
through the same relay; the hub passes it on to every stream, and a phone that stops hearing it says
it is not live and polls fast. The live server never makes one up: no relay, no heartbeat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import queue
import threading
import time
from collections import defaultdict
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core import signing
from django.db import transaction

log = logging.getLogger(__name__)

CHANNEL_PREFIX = "companion:live:"
#: The channel suffix of the publishers' heartbeat (match channels end in the match's id).
HEARTBEAT_CHANNEL = "heartbeat"
#: What a mailbox holds for a heartbeat (seqs are never negative).
HEARTBEAT = -1
TICKET_SALT = "companion.live.ticket"


class TicketRefused(Exception):
    """A stream's ticket is forged, for another match, or too old (``expired``)."""

    def __init__(self, message: str, *, expired: bool = False) -> None:
        super().__init__(message)
        self.expired = expired


def issue_ticket(*, user_id: int | None, match_id: int, seq: int) -> str:
    """A stream's pass (timestamped and signed with the secret key): whoever holds it may hear the
    match's seqs for a while. Only issue it once the user is known to see the match."""
    return signing.dumps({"u": user_id, "m": match_id, "s": seq}, salt=TICKET_SALT)


def read_ticket(ticket: str, match_id: int) -> int:
    """The seq a valid ticket for this match was issued at; :class:`TicketRefused` otherwise."""
    try:
        data = signing.loads(ticket, salt=TICKET_SALT, max_age=settings.COMPANION_LIVE_TICKET_S)
    except signing.SignatureExpired as exc:
        raise TicketRefused("The ticket has expired: ask for a new one.", expired=True) from exc
    except signing.BadSignature as exc:
        raise TicketRefused("The ticket is not valid.") from exc
    if not isinstance(data, dict) or data.get("m") != match_id or not isinstance(data.get("s"), int):
        raise TicketRefused(f"The ticket is not for match {match_id}.")
    return int(data["s"])


def _channel_prefix(url: str) -> str:
    """Pub/sub ignores Redis's database numbers: the number goes into the channel's name, so two
    deployments (or test runs) sharing one Redis on different databases never hear each other."""
    database = urlsplit(url).path.strip("/") or "0"
    return f"{CHANNEL_PREFIX}{database}:"


class Subscription:
    """One stream's mailbox of seqs, filled from any thread; read by a thread (WSGI) or, once
    :meth:`aget` has attached it to the running loop, by a coroutine (ASGI)."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        self._seqs: queue.SimpleQueue[int] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None

    def deliver(self, seq: int) -> None:
        self._seqs.put(seq)
        if self._loop is not None and self._wake is not None:
            with contextlib.suppress(RuntimeError):  # a closed loop: that stream is gone
                self._loop.call_soon_threadsafe(self._wake.set)

    def get(self, timeout: float) -> int | None:
        try:
            return self._seqs.get(timeout=timeout)
        except queue.Empty:
            return None

    async def aget(self, timeout: float) -> int | None:
        if self._wake is None:
            self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        # clear, then look: a delivery after the look sets the event again (in this loop's order)
        self._wake.clear()
        if not self._seqs.empty():
            return self._seqs.get_nowait()
        try:
            await asyncio.wait_for(self._wake.wait(), timeout)
        except TimeoutError:
            return None
        return None if self._seqs.empty() else self._seqs.get_nowait()


class Hub:
    """The streams this process serves, by match."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[int, set[Subscription]] = defaultdict(set)
        self._heard_at = self._forwarded_at = -1e9

    def subscribe(self, match_id: int) -> Subscription:
        subscription = Subscription(match_id)
        with self._lock:
            self._subscribers[match_id].add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            subscribers = self._subscribers.get(subscription.match_id)
            if subscribers is not None:
                subscribers.discard(subscription)
                if not subscribers:
                    del self._subscribers[subscription.match_id]

    def deliver(self, match_id: int, seq: int) -> int:
        with self._lock:
            subscribers = list(self._subscribers.get(match_id, ()))
        for subscription in subscribers:
            subscription.deliver(seq)
        return len(subscribers)

    def count(self) -> int:
        with self._lock:
            return sum(len(s) for s in self._subscribers.values())

    def heartbeat(self) -> int:
        """A publisher's heartbeat came through: pass it on to every stream (at most one per half
        interval, however many publishers beat), and remember when, for streams that start meanwhile."""
        now = time.monotonic()
        with self._lock:
            self._heard_at = now
            if now - self._forwarded_at < settings.COMPANION_LIVE_HEARTBEAT_S / 2:
                return 0
            self._forwarded_at = now
            subscribers = [s for group in self._subscribers.values() for s in group]
        for subscription in subscribers:
            subscription.deliver(HEARTBEAT)
        return len(subscribers)

    def fresh(self) -> bool:
        """Whether a heartbeat came through lately (a starting stream tells its phone at once)."""
        return bool(time.monotonic() - self._heard_at < 2.5 * settings.COMPANION_LIVE_HEARTBEAT_S)


hub = Hub()


class RedisRelay:
    """Redis pub/sub between processes: ``publish`` sends, one daemon thread per process listens."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.prefix = _channel_prefix(url)
        self._lock = threading.Lock()
        self._pid = 0  # the process whose listener runs (a forked worker starts its own)
        self._client: Any = None

    def _redis(self) -> Any:
        import redis  # only with REDIS_URL

        if self._client is None or self._pid != os.getpid():
            timeout = settings.COMPANION_LIVE_REDIS_TIMEOUT_S
            self._client = redis.Redis.from_url(self.url, socket_connect_timeout=timeout, socket_timeout=timeout)
        return self._client

    def publish(self, match_id: int, seq: int) -> None:
        self._redis().publish(f"{self.prefix}{match_id}", json.dumps({"seq": seq}))

    def publish_heartbeat(self) -> None:
        self._redis().publish(self.prefix + HEARTBEAT_CHANNEL, "{}")

    def ensure_listening(self) -> None:
        with self._lock:
            if self._pid == os.getpid():
                return
            self._pid = os.getpid()
            self._client = None
            threading.Thread(target=self._listen_forever, name="companion-live", daemon=True).start()

    def _listen_forever(self) -> None:
        import redis

        pause = 0.1
        while True:
            try:
                client = redis.Redis.from_url(self.url, socket_keepalive=True, health_check_interval=20)
                pubsub = client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
                pubsub.psubscribe(self.prefix + "*")
                pause = 0.1
                for message in pubsub.listen():
                    _relay(message, self.prefix)
            except redis.RedisError as exc:  # Redis restarted or unreachable: the phones poll meanwhile
                log.warning("live: Redis listener lost (%r), retrying in %.1f s", exc, pause)
                time.sleep(pause)
                pause = min(pause * 2, 5.0)


def _relay(message: dict[str, Any], prefix: str) -> None:
    try:
        channel = message["channel"].decode() if isinstance(message["channel"], bytes) else message["channel"]
        if channel == prefix + HEARTBEAT_CHANNEL:
            hub.heartbeat()
            return
        match_id = int(channel.removeprefix(prefix))
        seq = int(json.loads(message["data"])["seq"])
    except (KeyError, ValueError, TypeError) as exc:
        log.warning("live: unreadable message %r (%r)", message, exc)
        return
    hub.deliver(match_id, seq)


_relays: dict[str, RedisRelay] = {}


def _relay_for(url: str) -> RedisRelay:
    if url not in _relays:
        _relays[url] = RedisRelay(url)
    return _relays[url]


def publish(match_id: int, seq: int) -> None:
    """Tell every stream of the match (in every process) that its record reached ``seq``."""
    url = settings.COMPANION_LIVE_REDIS_URL
    if not url:
        hub.deliver(match_id, seq)
        return
    try:
        _relay_for(url).publish(match_id, seq)
    except Exception as exc:  # a live update is a courtesy: the phones poll anyway
        log.warning("live: could not publish seq %s of match %s: %r", seq, match_id, exc)


def announce_after_commit(match_id: int, seq: int) -> None:
    """Publish once the caller's transaction commits (never for an entry that was rolled back)."""
    transaction.on_commit(lambda: publish(match_id, seq), robust=True)


def subscribe(match_id: int) -> Subscription:
    """A mailbox for the match's new seqs (subscribe before reading the current seq: nothing is missed)."""
    url = settings.COMPANION_LIVE_REDIS_URL
    if url:
        _relay_for(url).ensure_listening()
    return hub.subscribe(match_id)


def publish_heartbeat() -> None:
    """One heartbeat from this publisher to every stream of the deployment."""
    url = settings.COMPANION_LIVE_REDIS_URL
    if not url:
        hub.heartbeat()
        return
    _relay_for(url).publish_heartbeat()


_heartbeat_pid = 0
_heartbeat_lock = threading.Lock()


def start_heartbeat() -> None:
    """Beat from this process (once per process: gunicorn's web workers call it after the fork,
        deploy/gunicorn.conf.py; a web process that serves streams itself, such as runserver, when it
    serves one). Never in the live server: its own heartbeat would prove nothing."""
    global _heartbeat_pid
    with _heartbeat_lock:
        if _heartbeat_pid == os.getpid():
            return
        _heartbeat_pid = os.getpid()
    threading.Thread(target=_beat_forever, name="companion-live-heartbeat", daemon=True).start()


def _beat_forever() -> None:
    failing = False
    while True:
        try:
            publish_heartbeat()
            if failing:
                log.warning("live: heartbeat published again")
            failing = False
        except Exception as exc:  # Redis away: the phones say "not live" and poll fast meanwhile
            if not failing:
                log.warning("live: could not publish the heartbeat: %r", exc)
            failing = True
        time.sleep(settings.COMPANION_LIVE_HEARTBEAT_S)


def unsubscribe(subscription: Subscription) -> None:
    hub.unsubscribe(subscription)
