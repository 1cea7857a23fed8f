"""Claims at the table: "the rest are mine", checked by the claims solver (docs/claims.md).

A claim is judged on the position after the match's latest event (``at_seq``). When the checker
answers within the request budget (``COMPANION_CLAIM_REQUEST_BUDGET_MS``) the ``claim`` annotation is
appended at once; otherwise a :class:`~companion.models.ClaimCheck` stays pending and the Celery task
``companion.claim_check`` reruns it with the full budget (``COMPANION_CLAIM_BUDGET_S``). Appends go
through :func:`companion.services.event_append`, so locking, permissions and idempotency are the
ones of every other event.

A claim that holds with every remaining hand known is settled at once: the remaining plays of one
line that makes the claim are appended, so the engine itself scores the hand. An accepted claim is
settled the same way when the hands are known; otherwise its acceptance is recorded and the hand is
entered as usual.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from companion import selectors, services
from companion.claim_positions import (
    HOLDS,
    UNDETERMINED,
    Judged,
    claim_prepare,
    cooperative_line,
    holding_line,
    run_check,
    timed_out,
    verdict_json,
)
from companion.db import writing
from companion.errors import Conflict, Forbidden, Invalid, NotFound, ServiceError
from companion.models import ClaimCheck, Event, Match, MatchSeat
from scoring.cards import parse_cards
from scoring.claims import REASON_RECORD_CHANGED, ClaimKind, Verdict
from scoring.claims.position import Play
from scoring.errors import ScoringError
from scoring.record import ANNOTATION_TYPES
from scoring.registry import get_game

log = logging.getLogger(__name__)


def request_budget_s() -> float:
    return float(getattr(settings, "COMPANION_CLAIM_REQUEST_BUDGET_MS", 200)) / 1000


def full_budget_s() -> float:
    return float(getattr(settings, "COMPANION_CLAIM_BUDGET_S", 2.0))


def concurrency_cap() -> int:
    return max(1, int(getattr(settings, "COMPANION_CLAIM_CONCURRENCY", 4)))


#: Claim checks running in requests of this process at once (``COMPANION_CLAIM_CONCURRENCY``):
#: each holds a thread for up to the request budget, so a burst of claims cannot take every thread.
#: A claim beyond the cap is not refused: it is stored pending and its check goes to the worker.
_SLOTS = threading.BoundedSemaphore(concurrency_cap())


def _play_payload(judged: Judged, play: Play) -> dict[str, Any]:
    payload: dict[str, Any] = {"seat": judged.setup.seats[play.seat], "card": str(play.card)}
    if play.announce:
        payload["announce"] = "marriage"
    return payload


def _only_annotations_since(match: Match, at_seq: int) -> bool:
    return not Event.objects.filter(match=match, seq__gt=at_seq).exclude(type__in=list(ANNOTATION_TYPES)).exists()


def _append_plays(
    match: Match, check: ClaimCheck, judged: Judged, line: list[Play], user: User | None, seqs: list[int]
) -> None:
    for i, play in enumerate(line):
        result = services.event_append(
            match_id=match.pk,
            type="play_card",
            payload=_play_payload(judged, play),
            client_event_id=uuid.uuid5(check.client_event_id, f"settle-{i}"),
            expected_seq=None,
            user=user,
        )
        seqs.append(result.event.seq)


@contextmanager
def _settling(match: Match, seqs: list[int]) -> Iterator[None]:
    """A savepoint for settling plays: if the engine refuses one (a house rule the checker does not
    model), none is kept — nor the cached states of their seqs — and the hand is played on."""
    try:
        with transaction.atomic():
            yield
    except Exception as exc:
        for seq in seqs:
            selectors.snapshot_forget(match, seq)
        seqs.clear()
        match.refresh_from_db(fields=["last_seq", "status"])
        if not isinstance(exc, ScoringError | ServiceError):
            raise


def _append_line(match: Match, check: ClaimCheck, judged: Judged, line: list[Play], user: User | None) -> list[int]:
    """Record the plays of ``line``: all of them, or none."""
    seqs: list[int] = []
    with _settling(match, seqs):
        _append_plays(match, check, judged, line, user, seqs)
    return seqs


# -- services ------------------------------------------------------------------------------------------------
@dataclass
class ClaimOutcome:
    check: ClaimCheck
    #: True when this request made the claim (False: a replay of the same client_event_id).
    created: bool
    event: Event | None = None
    settled_seqs: list[int] = field(default_factory=list)


def _judged_at(match: Match, check: ClaimCheck, state: Any) -> Judged:
    return claim_prepare(
        match=match, state=state, seat=check.seat, kind=check.kind, tricks=check.tricks, laid_down=check.laid_down
    )


def _state_at(match: Match, seq: int) -> Any:
    if seq == match.last_seq:
        return selectors.match_state_get(match)
    events = [e for e in selectors.recorded_events(match) if e.seq <= seq]
    return selectors.match_state_replay(match, events)


def _settles(judged: Judged, verdict: Verdict | dict[str, Any]) -> bool:
    """A claim that holds with every hand known is settled by appending a line of its plays."""
    status = verdict.status if isinstance(verdict, Verdict) else verdict.get("status")
    return status == HOLDS and judged.position.all_known


def settling_line(
    judged: Judged, verdict: Verdict | dict[str, Any], budget_s: float | None = None
) -> list[Play] | None:
    """The plays that settle a claim holding with every hand known (computed outside any transaction),
    found within ``budget_s`` (default: the full budget)."""
    if not _settles(judged, verdict):
        return None
    budget = full_budget_s() if budget_s is None else budget_s
    return holding_line(judged.position, judged.claim, budget) if budget > 0 else None


def _finish(
    check: ClaimCheck, judged: Judged, verdict: Verdict | dict[str, Any], user: User | None, line: list[Play] | None
) -> ClaimOutcome:
    """Append the claim (and ``line``, the plays settling a claim that holds); mark it done."""
    data = verdict_json(judged, verdict)
    payload: dict[str, Any] = {"at_seq": check.at_seq, "seat": check.seat, "kind": check.kind, "verdict": data}
    if check.tricks is not None:
        payload["tricks"] = check.tricks
    if check.laid_down:
        payload["laid_down"] = list(check.laid_down)
    result = services.event_append(
        match_id=check.match_id,
        type="claim",
        payload=payload,
        client_event_id=check.client_event_id,
        expected_seq=None,
        user=user,
        annotation=True,
    )
    check.status = ClaimCheck.Status.DONE
    check.verdict = data
    check.event_seq = result.event.seq
    check.finished_at = timezone.now()
    seqs: list[int] = []
    if line and _only_annotations_since(result.match, check.at_seq):
        seqs = _append_line(result.match, check, judged, line, user)
        check.settled = bool(seqs)
    check.save()
    return ClaimOutcome(check, True, result.event, seqs)


def _replayed(
    match: Match, existing: ClaimCheck, seat: int, kind: str, tricks: int | None, laid: Sequence[str]
) -> ClaimOutcome:
    """The stored outcome of a replayed ``client_event_id`` (a conflict if the claim differs)."""
    try:
        cards = [str(c) for c in parse_cards(list(laid))]
    except ScoringError:
        cards = list(laid)
    if (existing.seat, existing.kind, existing.tricks, list(existing.laid_down)) != (seat, kind, tricks, cards):
        raise Conflict(
            "client_event_id_reused",
            f"client_event_id {existing.client_event_id} was already used for a different claim.",
            claim=existing.pk,
        )
    event = None
    if existing.event_seq is not None:
        event = Event.objects.filter(match=match, seq=existing.event_seq).first()
    return ClaimOutcome(existing, False, event)


def claim_submit(
    *,
    match_id: int,
    user: User,
    seat: int,
    kind: str,
    tricks: int | None = None,
    laid_down: Sequence[str] = (),
    client_event_id: uuid.UUID,
    expected_seq: int | None = None,
) -> ClaimOutcome:
    """Make a claim: answered now when the checker decides within the request budget, else pending
    (a Celery task finishes it). Errors leave the record and the claims unchanged.

    The check runs outside the write transaction (other phones keep recording meanwhile): the claim
    names the seq it was judged after (``at_seq``), and settling plays are appended only if nothing
    but annotations was recorded since.
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise NotFound("match_not_found", f"There is no match {match_id}.", match=match_id)
    selectors.match_recording_check(user=user, match=match)
    existing = ClaimCheck.objects.filter(match=match, client_event_id=client_event_id).first()
    if existing is not None:
        return _replayed(match, existing, seat, kind, tricks, laid_down)
    if expected_seq is not None and expected_seq != match.last_seq + 1:
        raise Conflict(
            "stale_seq",
            f"The next event is {match.last_seq + 1}, not {expected_seq}: someone recorded first.",
            expected_seq=expected_seq,
            next_seq=match.last_seq + 1,
        )
    state = selectors.match_state_get(match)
    judged = claim_prepare(match=match, state=state, seat=seat, kind=kind, tricks=tricks, laid_down=laid_down)
    verdict, line, pending = _check_in_request(judged)
    return _claim_store(match, user, client_event_id, judged, verdict, line, pending=pending)


def _check_in_request(judged: Judged) -> tuple[Verdict | dict[str, Any], list[Play] | None, bool]:
    """The verdict and settling line if both fit the request budget in all, else pending (the worker
    finishes it). Beyond the per-process cap of checks at once no check starts here at all."""
    if not _SLOTS.acquire(blocking=False):
        log.info("claim check cap (%s at once) reached: sent to the worker", concurrency_cap())
        return {}, None, True
    try:
        started = time.perf_counter()
        budget = request_budget_s()
        verdict = run_check(judged, budget)
        if timed_out(verdict, budget):
            return verdict, None, True
        left = budget - (time.perf_counter() - started)
        line = settling_line(judged, verdict, left)
        # a holding claim whose settling line did not fit what was left: the worker settles it
        pending = line is None and _settles(judged, verdict)
        return verdict, line, pending
    finally:
        _SLOTS.release()


@writing
def _claim_store(
    match: Match,
    user: User,
    client_event_id: uuid.UUID,
    judged: Judged,
    verdict: Verdict | dict[str, Any],
    line: list[Play] | None,
    *,
    pending: bool,
) -> ClaimOutcome:
    Match.objects.select_for_update().filter(pk=match.pk).first()  # one claim store at a time per match
    existing = ClaimCheck.objects.filter(match=match, client_event_id=client_event_id).first()
    if existing is not None:  # the same claim sent twice at once: the first one stored wins
        return _replayed(match, existing, existing.seat, existing.kind, existing.tricks, existing.laid_down)
    claim = judged.claim
    check = ClaimCheck.objects.create(
        match=match,
        requested_by=user,
        client_event_id=client_event_id,
        at_seq=match.last_seq,
        seat=judged.setup.seats[claim.claimant],
        kind=judged.kind,
        tricks=claim.tricks if claim.kind is ClaimKind.AT_LEAST else None,
        laid_down=list(judged.laid_down),
    )
    if pending:
        check_id = check.pk
        transaction.on_commit(lambda: _queue(check_id))
        return ClaimOutcome(check, True)
    return _finish(check, judged, verdict, user, line)


def _queue(check_id: int) -> None:
    """Queue the check that did not fit the request budget (after COMMIT). The task is looked up by
    its name in Celery's registry, since ``companion.tasks`` imports this module; a broker that cannot
    take it leaves the check pending for ``companion.claims_sweep`` (``pending_checks``)."""
    try:
        current_app.tasks["companion.claim_check"].delay(check_id)
    except Exception as exc:  # the broker is down: the sweep queues it again
        log.warning("claim %s: could not queue its check: %r", check_id, exc)


def pending_checks(*, older_than_s: float, limit: int = 200) -> list[int]:
    """Checks still pending ``older_than_s`` seconds after they were made (their task was lost)."""
    cutoff = timezone.now() - timedelta(seconds=older_than_s)
    rows = ClaimCheck.objects.filter(status=ClaimCheck.Status.PENDING, created_at__lte=cutoff).order_by("id")
    return list(rows.values_list("pk", flat=True)[:limit])


def claim_check_finish(*, claim_id: int) -> str:
    """The Celery task's body: rerun a pending check with the full budget and append its claim.

    Idempotent: the check runs outside any transaction, then the row is locked and a check already
    done is left alone, so running twice (or twice at once) appends the claim once.
    """
    check = ClaimCheck.objects.filter(pk=claim_id).first()
    if check is None:
        return "missing"
    if check.status == ClaimCheck.Status.DONE:
        return "done already"
    match = Match.objects.get(pk=check.match_id)
    try:
        judged = _judged_at(match, check, _state_at(match, check.at_seq))
    except (ServiceError, ScoringError) as exc:  # the record changed under it: answer, never hang
        return _check_give_up(claim_id, exc.message)
    verdict = run_check(judged, full_budget_s())
    return _check_store(claim_id, judged, verdict, settling_line(judged, verdict))


def claim_check_out_of_time(*, claim_id: int) -> str:
    """The task's hard stop (Celery's soft time limit) came before its check ended: the claim is
    answered "undetermined" (the time limit ran out), never left pending for the sweep to rerun forever."""
    check = ClaimCheck.objects.filter(pk=claim_id).first()
    if check is None or check.status == ClaimCheck.Status.DONE:
        return "done already"
    match = Match.objects.get(pk=check.match_id)
    try:
        judged = _judged_at(match, check, _state_at(match, check.at_seq))
    except (ServiceError, ScoringError) as exc:
        return _check_give_up(claim_id, exc.message)
    verdict = {
        "status": UNDETERMINED,
        "reason": REASON_OUT_OF_TIME,
        "reason_code": "time_budget",
        "template": REASON_OUT_OF_TIME,
        "params": {},
        "positions": 0,
        "counter_line": [],
    }
    return _check_store(claim_id, judged, verdict, None)


#: Why a check the worker had to stop is undetermined (the claims catalogue translates it).
REASON_OUT_OF_TIME = "The time budget ran out."


@writing
def _check_give_up(claim_id: int, reason: str) -> str:
    check = ClaimCheck.objects.select_for_update().get(pk=claim_id)
    if check.status != ClaimCheck.Status.DONE:
        check.status = ClaimCheck.Status.DONE
        check.verdict = {
            "status": UNDETERMINED,
            "reason": REASON_RECORD_CHANGED,
            "template": REASON_RECORD_CHANGED,
            "params": {},
            "detail": reason,
        }
        check.finished_at = timezone.now()
        check.save()
    return UNDETERMINED


@writing
def _check_store(claim_id: int, judged: Judged, verdict: Verdict | dict[str, Any], line: list[Play] | None) -> str:
    check = ClaimCheck.objects.select_for_update().get(pk=claim_id)
    if check.status == ClaimCheck.Status.DONE:
        return "done already"
    _finish(check, judged, verdict, check.requested_by, line)
    return str(check.verdict["status"] if check.verdict else UNDETERMINED)


def _accepting_seat(match: Match, user: User, seat: int | None) -> int:
    mine = list(MatchSeat.objects.filter(match=match, player__user=user).values_list("seat", flat=True))
    if seat is None:
        if len(mine) != 1:
            raise Invalid("seat_required", "Say which seat accepts the claim.", fields={"seat": "required"})
        return mine[0]
    if seat in mine:
        return seat
    if not MatchSeat.objects.filter(match=match, seat=seat).exists():
        raise Invalid("no_such_seat", f"This table has no seat {seat}.", fields={"seat": "no such seat"}, seat=seat)
    # The creator or a league admin may record for the table, like any other event.
    selectors.match_recording_check(user=user, match=match)
    if not (user.is_staff or match.created_by_id == user.pk or _is_admin(match, user)):
        raise Forbidden("permission_denied", f"Only seat {seat}'s player accepts for seat {seat}.")
    return seat


def _concession(match: Match, check: ClaimCheck, judged: Judged) -> dict[str, Any] | None:
    """The ``concede`` event settling an accepted claim to every remaining trick while the other
    hands are unknown (no settling plays can be recorded; the claim held however they lie), when
    the game has one (thousand.md §16.3); ``None`` otherwise."""
    if "concede" not in get_game(match.game).codec.types:
        return None
    rest = judged.position.remaining_tricks
    if not (check.kind == ClaimKind.ALL_TRICKS or (check.kind == ClaimKind.AT_LEAST and check.tricks == rest)):
        return None
    return {"seat": check.seat, "cards": list(check.laid_down)}


def _append_concession(match: Match, check: ClaimCheck, payload: dict[str, Any], user: User | None) -> int:
    result = services.event_append(
        match_id=match.pk,
        type="concede",
        payload=payload,
        client_event_id=uuid.uuid5(check.client_event_id, "concede"),
        expected_seq=None,
        user=user,
    )
    return result.event.seq


def _is_admin(match: Match, user: User) -> bool:
    from companion.models import Membership

    return (
        match.league_id is not None
        and Membership.objects.filter(league_id=match.league_id, player__user=user, role=Membership.Role.ADMIN).exists()
    )


@writing
def claim_accept(*, claim_id: int, user: User, seat: int | None = None) -> ClaimOutcome:
    """Another seated player accepts the claim. With every hand known the hand is played out along the
    claim (the engine scores it); otherwise the acceptance is recorded and the hand entered as usual."""
    check, match = _visible_claim(user, claim_id, ClaimCheck.objects.select_for_update().filter(pk=claim_id).first())
    selectors.match_recording_check(user=user, match=match)
    accepting = _accepting_seat(match, user, seat)
    if accepting == check.seat:
        raise Forbidden("claimant_cannot_accept", "The claimant cannot accept their own claim.", seat=accepting)
    if check.accepted_by_seat is not None:
        return ClaimOutcome(check, False)
    if check.status != ClaimCheck.Status.DONE:
        raise Conflict("claim_pending", "The claim is still being checked: accept it once it is answered.")
    if check.settled:
        raise Conflict("claim_settled", "The claim held and its plays are already recorded.")
    if not _only_annotations_since(match, check.at_seq):
        raise Conflict("claim_stale", "Cards were recorded after the claim: it can no longer be accepted.")
    judged = _judged_at(match, check, selectors.match_state_get(match))
    holds = check.verdict is not None and check.verdict.get("status") == HOLDS
    line: list[Play] | None = None
    if judged.position.all_known:
        line = holding_line(judged.position, judged.claim, full_budget_s()) if holds else None
        if line is None:
            line = cooperative_line(judged.position, judged.claim)
    concession = None if line or not holds else _concession(match, check, judged)

    def accept(settled: bool) -> Event:
        return services.event_append(
            match_id=match.pk,
            type="claim_accept",
            payload={"seq": check.event_seq, "seat": accepting, "settled": settled},
            client_event_id=uuid.uuid5(check.client_event_id, "accept"),
            expected_seq=None,
            user=user,
            annotation=True,
        ).event

    seqs: list[int] = []
    event: Event | None = None
    if line or concession:
        with _settling(match, seqs):
            event = accept(True)
            seqs.append(event.seq)
            if line:
                _append_plays(match, check, judged, line, user, seqs)
            else:
                seqs.append(_append_concession(match, check, concession or {}, user))
            seqs.pop(0)
    if not seqs:
        event = accept(False)
    check.accepted_by_seat = accepting
    check.settled = bool(seqs)
    check.save(update_fields=["accepted_by_seat", "settled"])
    return ClaimOutcome(check, True, event, seqs)


def claim_get_for_user(*, user: Any, claim_id: int) -> ClaimCheck:
    return _visible_claim(user, claim_id, ClaimCheck.objects.filter(pk=claim_id).first())[0]


def _visible_claim(user: Any, claim_id: int, check: ClaimCheck | None) -> tuple[ClaimCheck, Match]:
    """The claim and its match, for one who may see it. A claim in a match the user cannot see answers
    exactly like a missing claim (``claim_not_found``): naming its match would tell an outsider
    that the id exists and where (an existence oracle, issue 24)."""
    missing = NotFound("claim_not_found", f"There is no claim {claim_id}.", claim=claim_id)
    if check is None:
        raise missing
    try:
        return check, selectors.match_get_for_user(user=user, match_id=check.match_id)
    except NotFound:
        raise missing from None
