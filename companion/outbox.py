"""The transactional outbox: companion publishes "match changed", consumers (the league) drain it.

Derived data flows one way: an append that changes a match's result writes a :class:`MatchChange`
row in its own transaction (:func:`publish`). After COMMIT the :data:`match_changed` signal tells the
consumers, which queue their own work; nothing here knows who they are, so companion never imports
the league. A consumer marks what it has covered (:func:`drained`); a periodic sweep hands every row
still pending after a grace period to the consumers again (:func:`pending`), so a task lost to a
killed worker or an unreachable broker is redone, and consumers are idempotent, so redoing is safe.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from companion.models import MatchChange

log = logging.getLogger(__name__)

#: Sent after COMMIT with ``change_id`` (a :class:`MatchChange` pk). Receivers queue work; an error
#: in one (the broker is down) is logged and the sweep retries later.
match_changed = Signal()


def publish(*, match_id: int, seq: int) -> MatchChange:
    """Record, in the caller's transaction, that the match's result changed at ``seq``."""
    change = MatchChange.objects.create(match_id=match_id, seq=seq)
    change_id = change.pk
    transaction.on_commit(lambda: announce(change_id), robust=True)
    return change


def announce(change_id: int) -> int:
    """Tell the consumers about one change; returns how many receivers failed (they were logged)."""
    failures = 0
    for receiver, outcome in match_changed.send_robust(sender=MatchChange, change_id=change_id):
        if isinstance(outcome, Exception):
            failures += 1
            log.warning("outbox: %s could not take change %s: %r", receiver, change_id, outcome)
    return failures


def pending(*, older_than_s: float | None = None, limit: int = 500) -> list[int]:
    """Changes not drained ``older_than_s`` seconds after they were written, oldest first."""
    grace = settings.COMPANION_OUTBOX_GRACE_S if older_than_s is None else older_than_s
    cutoff = timezone.now() - timedelta(seconds=grace)
    rows = MatchChange.objects.filter(drained_at__isnull=True, created_at__lte=cutoff).order_by("id")
    return list(rows.values_list("pk", flat=True)[:limit])


def drained(*, match_id: int, through_seq: int) -> int:
    """Mark every pending change of a match up to ``through_seq`` as covered (in the caller's
    transaction, together with the derived rows it wrote)."""
    rows = MatchChange.objects.filter(match_id=match_id, drained_at__isnull=True, seq__lte=through_seq)
    return rows.update(drained_at=timezone.now())
