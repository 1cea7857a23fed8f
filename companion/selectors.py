"""Reads. Nothing here writes to the database (the state snapshot cache is not the database)."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import pickle
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q, QuerySet

import scoring
from companion.errors import Forbidden, NotFound
from companion.models import MARK_TYPES, ClaimCheck, Event, League, Match, MatchSeat, Membership, Player
from scoring.claims.form import claim_form
from scoring.protocol import Game
from scoring.record import (
    ANNOTATION_TYPES,
    CORRECTION_TYPES,
    FORMAT,
    RecordedEvent,
    effective_events,
    replay_events,
)
from scoring.registry import get_game

UserLike = User | AnonymousUser


# -- state snapshots -------------------------------------------------------------------------------------
def _engine_version() -> str:
    """A digest of the engines' source: a deploy that changes an engine never unpickles an old state."""
    digest = hashlib.sha256()
    root = Path(scoring.__file__).parent
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


ENGINE_VERSION = _engine_version()


def snapshot_key(match: Match, seq: int) -> str:
    """Events are immutable, so the state after seq N of a match never changes: the key is exact.

    The match's uid (not its id) keys it, so a recreated database never meets an old snapshot, and
    the engines' version too, so a state pickled by older engine code is never read back.
    """
    return f"companion:state:{ENGINE_VERSION}:{match.uid.hex}:{seq}"


#: The latest states this process computed, unpickled, with their estimated size in bytes. States are
#: immutable, so sharing them is safe; the Django cache (shared by every process, pickled) keeps every
#: ``COMPANION_SNAPSHOT_EVERY``-th state for the other workers.
_LIVE_STATES: OrderedDict[str, tuple[Any, int]] = OrderedDict()
_LIVE_BYTES = 0
#: Each match's state size as last measured (its pickle, taken at the snapshot schedule).
_STATE_BYTES: dict[str, int] = {}
_DEFAULT_STATE_BYTES = 16 * 1024
_LIVE_LOCK = threading.Lock()
log = logging.getLogger(__name__)


def snapshot_store(match: Match, seq: int, state: Any) -> None:
    """Keep the state after ``seq`` once the transaction that stored event ``seq`` has committed.

    The commit rule (README, Architecture): a state is published to the process memo and the shared
    cache only after COMMIT. A COMMIT that fails (a lost connection, a deferred constraint) runs no
    on-commit callback, so no process can ever serve or build on an event the database does not have.
    Outside a transaction the callback runs at once.
    """
    key = snapshot_key(match, seq)
    uid = match.uid.hex
    transaction.on_commit(lambda: _snapshot_publish(key, uid, seq, state), robust=True)


def _scheduled(seq: int) -> bool:
    return seq % max(1, int(settings.COMPANION_SNAPSHOT_EVERY)) == 0


def _snapshot_publish(key: str, uid: str, seq: int, state: Any) -> None:
    data = pickle.dumps(state, pickle.HIGHEST_PROTOCOL) if _scheduled(seq) else None
    if data is not None:
        _STATE_BYTES[uid] = len(data)
    _memo_put(key, state, _STATE_BYTES.get(uid, _DEFAULT_STATE_BYTES))
    if data is None or not _cache_is_shared():
        return  # a local-memory cache is this process's: the memo above already holds the state
    try:
        cache.set(key, state, timeout=settings.COMPANION_SNAPSHOT_TIMEOUT)
    except Exception:  # the cache is an optimisation: a replay rebuilds any state it lacks
        log.warning("state cache unreachable; %s kept in this process only", key, exc_info=True)


def _memo_put(key: str, state: Any, size: int) -> None:
    """Keep ``state``, forgetting the least recently used states past the memo's byte budget."""
    global _LIVE_BYTES
    with _LIVE_LOCK:
        old = _LIVE_STATES.pop(key, None)
        _LIVE_BYTES -= old[1] if old is not None else 0
        _LIVE_STATES[key] = (state, size)
        _LIVE_BYTES += size
        while _LIVE_BYTES > settings.COMPANION_STATE_MEMO_BYTES and len(_LIVE_STATES) > 1:
            _, (_, dropped) = _LIVE_STATES.popitem(last=False)
            _LIVE_BYTES -= dropped


def memo_clear() -> None:
    global _LIVE_BYTES
    with _LIVE_LOCK:
        _LIVE_STATES.clear()
        _LIVE_BYTES = 0


def memo_bytes() -> int:
    """The memo's estimated size (tests, the benchmarks)."""
    return _LIVE_BYTES


def _cache_is_shared() -> bool:
    return not str(settings.CACHES["default"]["BACKEND"]).endswith("LocMemCache")


def snapshot_load(match: Match, seq: int) -> Any:
    key = snapshot_key(match, seq)
    with _LIVE_LOCK:
        kept = _LIVE_STATES.get(key)
        if kept is not None:
            _LIVE_STATES.move_to_end(key)
            return kept[0]
    if not _cache_is_shared() or not _scheduled(seq):
        return None  # only the scheduled states are in the shared cache
    try:
        return cache.get(key)
    except Exception:  # Redis down: replay instead (correct, only slower)
        log.warning("state cache unreachable; replaying %s", key, exc_info=True)
        return None


def recorded_events(match: Match) -> list[RecordedEvent]:
    """The events up to ``match.last_seq``: a read outside the match lock may meet events committed
    after it loaded the match, and the state it caches is keyed by ``match.last_seq``."""
    events = Event.objects.filter(match=match, seq__lte=match.last_seq).only("seq", "type", "payload")
    return [RecordedEvent(seq=e.seq, type=e.type, payload=e.payload) for e in events.order_by("seq")]


def seat_names(match: Match) -> list[str]:
    return [s.player.name for s in match.seats.select_related("player").order_by("seat")]


def match_state_replay(match: Match, events: list[RecordedEvent] | None = None) -> Any:
    """Rebuild the state from the stored record: every effective event through the engine."""
    game = get_game(match.game)
    state = game.start(match.variants, match.player_names or seat_names(match))
    return replay_events(game, state, effective_events(events if events is not None else recorded_events(match)))


def match_state_get(match: Match) -> Any:
    """The state after the match's latest event: the cached snapshot, or a replay from the last
    scheduled snapshot (or from the start), then kept."""
    state = snapshot_load(match, match.last_seq)
    if state is None:
        state = _replay_from_snapshot(match)
        if state is None:
            state = match_state_replay(match)
        snapshot_store(match, match.last_seq, state)
    return state


def _replay_from_snapshot(match: Match) -> Any:
    """The state after ``match.last_seq`` from the scheduled snapshot before it and the events since;
    ``None`` when there is no such snapshot or a correction since (it may change earlier events)."""
    base_seq = match.last_seq - match.last_seq % max(1, settings.COMPANION_SNAPSHOT_EVERY)
    if base_seq == match.last_seq:
        return None
    base = snapshot_load(match, base_seq)
    if base is None:
        return None
    tail = Event.objects.filter(match=match, seq__gt=base_seq, seq__lte=match.last_seq).only("seq", "type", "payload")
    events = [RecordedEvent(seq=e.seq, type=e.type, payload=e.payload) for e in tail.order_by("seq")]
    if len(events) != match.last_seq - base_seq or any(e.type in CORRECTION_TYPES for e in events):
        return None
    plays = [e for e in events if e.type not in ANNOTATION_TYPES]  # claims change nothing in the play
    return replay_events(get_game(match.game), base, plays)


def match_game(match: Match) -> Game[Any, Any]:
    return get_game(match.game)


def summary_version(match: Match) -> str:
    """Names the summary after ``match.last_seq`` (its ETag without the language; a push names the
    version it follows, so a phone holding another one knows it missed something)."""
    return f"{match.uid.hex}-{match.last_seq}"


def match_summary_get(*, match: Match, state: Any = None) -> dict[str, Any]:
    """What the phones poll: the engine's summary (its history's latest rows: ``history_page`` says
    which, the rest is paged) plus where the record stands. Its size and cost do not grow with the match.

    ``state`` is the state after ``match.last_seq`` when the caller already has it (an append).
    """
    game = match_game(match)
    state = match_state_get(match) if state is None else state
    rows, budget = settings.COMPANION_SUMMARY_HISTORY_ROWS, settings.COMPANION_SUMMARY_HISTORY_BYTES
    summary, count = game.summary_head(state, rows, budget)
    marks = match_marks_get(match=match)
    return {
        "match": match.pk,
        "status": match.status,
        "last_seq": match.last_seq,
        "next_seq": match.last_seq + 1,
        "version": summary_version(match),
        "summary": summary,
        "history_page": history_page(count, len(summary["history"]), marks),
        # only claims in the record: the summary stays a function of (match, last_seq), its ETag
        "claims": _claims_of(match, marks),
        # what the phone offers a claimant now, from the engine (None: no claim can be made)
        "claim_form": claim_form(game, state),
    }


def history_page(count: int, shown: int, marks: list[tuple[int, str, Any, Any]]) -> dict[str, int]:
    """Where the rows shown sit in the whole history: ``from`` (the first shown), ``count`` (all of
    them) and ``base``, the seq of the latest correction: rows a phone paged in under another base
    may have changed (a void or an amend rewrites the history before it)."""
    base = max((seq for seq, event_type, _, _ in marks if event_type in CORRECTION_TYPES), default=0)
    return {"from": count - shown, "count": count, "base": base}


def match_history_get(*, match: Match, before: int | None, limit: int) -> dict[str, Any]:
    """A page of the summary's history: at most ``limit`` rows before row ``before`` (the latest when None)."""
    game = match_game(match)
    state = match_state_get(match)
    count = len(game.summary_parts(state).history)
    stop = count if before is None else max(0, min(before, count))
    start = max(0, stop - limit)
    base = history_page(count, 0, match_marks_get(match=match))["base"]
    return {"from": start, "count": count, "base": base, "rows": game.history_rows(state, start, stop)}


def match_marks_get(*, match: Match) -> list[tuple[int, str, Any, Any]]:
    """The match's claims, accepts and corrections (seq, type, payload, client_event_id) up to
    ``match.last_seq``, by the partial ``event_marks`` index: no scan of the match's events."""
    rows = Event.objects.filter(match=match, type__in=MARK_TYPES, seq__lte=match.last_seq).order_by("seq")
    return list(rows.values_list("seq", "type", "payload", "client_event_id"))


def match_totals_get(*, match: Match, state: Any = None) -> list[int]:
    """The running totals by seat after ``match.last_seq`` (the engine's summary says them)."""
    return match_game(match).totals(match_state_get(match) if state is None else state)


def match_claims_get(*, match: Match) -> list[dict[str, Any]]:
    """The claims in the match's record, read from its ``claim`` / ``claim_accept`` events (so an
    imported record shows its claims too, and the summary stays a function of (match, last_seq), which
    its ETag relies on). Pending checks are listed by ``/matches/{id}/claims/``."""
    return _claims_of(match, match_marks_get(match=match))


def _claims_of(match: Match, marks: list[tuple[int, str, Any, Any]]) -> list[dict[str, Any]]:
    rows = [row for row in marks if row[1] in ANNOTATION_TYPES]
    if not rows or not match_game(match).claim_kinds:
        return []
    checks = {c.client_event_id: c for c in ClaimCheck.objects.filter(match=match)}
    claims: dict[int, dict[str, Any]] = {}
    for seq, event_type, payload, client_event_id in rows:
        if event_type == "claim":
            check = checks.get(client_event_id)
            entry = _claim_entry(seq, payload)
            entry["claim"] = check.pk if check is not None else None
            entry["settled"] = bool(check is not None and check.settled)
            claims[seq] = entry
        elif payload.get("seq") in claims:
            entry = claims[payload["seq"]]
            entry.update(accepted=True, accepted_by=payload.get("seat"))
            entry["settled"] = entry["settled"] or bool(payload.get("settled"))
    return list(claims.values())


def _claim_entry(seq: int, payload: dict[str, Any]) -> dict[str, Any]:
    v = payload.get("verdict") or {}
    return {
        "seq": seq,
        "at_seq": payload.get("at_seq"),
        "seat": payload.get("seat"),
        "kind": payload.get("kind"),
        "tricks": payload.get("tricks"),
        "laid_down": payload.get("laid_down", []),
        "verdict": v.get("status"),
        "reason": v.get("reason"),
        **{k: v[k] for k in ("template", "params", "plural") if k in v},  # the reason, translatable
        "counter_line": v.get("counter_line", []),
        "distribution": v.get("distribution"),
        "elapsed_ms": v.get("elapsed_ms"),
        "positions": v.get("positions"),
        "accepted": False,
        "accepted_by": None,
    }


def match_legal_actions_get(*, match: Match) -> list[dict[str, Any]]:
    return match_game(match).legal_actions(match_state_get(match))


def match_record_get(*, match: Match) -> dict[str, Any]:
    """The ``companion-record/1`` document: every event, corrections included."""
    events = []
    for e in Event.objects.filter(match=match).select_related("recorded_by").order_by("seq"):
        events.append(
            {
                "seq": e.seq,
                "type": e.type,
                "payload": e.payload,
                "client_event_id": str(e.client_event_id),
                "recorded_by": e.recorded_by.get_username() if e.recorded_by else None,
                "recorded_at": e.recorded_at.isoformat(),
            }
        )
    return {
        "format": FORMAT,
        "game": match.game,
        "variants": match.variants,
        "players": seat_names(match),
        "events": events,
    }


# -- who may see what -------------------------------------------------------------------------------------
def player_for_user(user: UserLike) -> Player | None:
    if not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()


def match_list_for_user(*, user: UserLike) -> QuerySet[Match]:
    """Matches the user may read: created, seated at, or in a league they belong to."""
    qs = Match.objects.all()
    if not user.is_authenticated:
        return qs.none()
    if not user.is_staff:
        visible = Q(created_by=user) | Q(seats__player__user=user) | Q(league__memberships__player__user=user)
        qs = qs.filter(pk__in=Match.objects.filter(visible).values("pk"))
    # created_by__player: the creator's name in each answer without a query per match
    return qs.select_related("league", "created_by__player").prefetch_related("seats__player")


def match_get_for_user(*, user: UserLike, match_id: int) -> Match:
    match = match_list_for_user(user=user).filter(pk=match_id).first()
    if match is None:
        raise NotFound("match_not_found", f"There is no match {match_id} that you can see.", match=match_id)
    return match


def match_recording_check(*, user: UserLike, match: Match) -> None:
    """Raise unless the user may record in the match: 404 if they may not even read it (like
    everywhere else), 403 if they may only read it. Few queries: the append path is hot."""
    if user.is_authenticated and (user.is_staff or match.created_by_id == user.pk):
        return
    if user.is_authenticated and MatchSeat.objects.filter(match=match, player__user=user).exists():
        return
    roles: set[str] = set()
    if user.is_authenticated and match.league_id is not None:
        roles = set(
            Membership.objects.filter(league_id=match.league_id, player__user=user).values_list("role", flat=True)
        )
    if not roles:
        raise NotFound("match_not_found", f"There is no match {match.pk} that you can see.", match=match.pk)
    if not roles & {Membership.Role.ADMIN, Membership.Role.RECORDER}:
        raise Forbidden(
            "permission_denied",
            "Only the match's seated players, its creator and the league's recorders and admins may record events.",
        )


def league_list_for_user(*, user: UserLike) -> QuerySet[League]:
    if not user.is_authenticated:
        return League.objects.none()
    if user.is_staff:
        return League.objects.all()
    return League.objects.filter(pk__in=Membership.objects.filter(player__user=user).values("league_id"))


def league_get_for_user(*, user: UserLike, league_id: int) -> League:
    league = league_list_for_user(user=user).filter(pk=league_id).first()
    if league is None:
        raise NotFound("league_not_found", f"There is no league {league_id} that you can see.", league=league_id)
    return league


def league_is_admin(*, user: UserLike, league: League) -> bool:
    if not user.is_authenticated:
        return False
    return (
        bool(user.is_staff)
        or Membership.objects.filter(league=league, player__user=user, role=Membership.Role.ADMIN).exists()
    )


def player_list_for_user(*, user: UserLike) -> QuerySet[Player]:
    """Your own player, and the players of your leagues and of matches you can see."""
    if not user.is_authenticated:
        return Player.objects.none()
    if user.is_staff:
        return Player.objects.all()
    leagues = Membership.objects.filter(player__user=user).values("league_id")
    matches = match_list_for_user(user=user).values("pk")
    return Player.objects.filter(
        Q(user=user) | Q(created_by=user) | Q(memberships__league_id__in=leagues) | Q(seats__match_id__in=matches)
    ).distinct()


def recent_players_for_user(*, user: UserLike, limit: int = 12) -> list[Player]:
    """The players you sat at a table with, the most recent table first, yourself left out: the
    roster a new match offers, one per name. Only those you may seat by id (your own and those you added,
    members of your leagues): the others are offered by name by the players' list."""
    if not user.is_authenticated:
        return []
    mine = Match.objects.filter(Q(seats__player__user=user) | Q(created_by=user)).values("pk")
    shared = Membership.objects.filter(player__user=user).values("league_id")
    seats = (
        MatchSeat.objects.filter(match_id__in=mine)
        .filter(Q(player__created_by=user) | Q(player__memberships__league_id__in=shared))
        .exclude(player__user=user)
        .select_related("player")
        .order_by("-match__created_at", "-match_id", "seat")[:300]
    )
    # one entry per name: a name typed at two tables made two players; the latest one is offered
    found: dict[str, Player] = {}
    for seat in seats:
        found.setdefault(seat.player.name.casefold(), seat.player)
        if len(found) == limit:
            break
    return list(found.values())


def games_catalogue() -> list[dict[str, Any]]:
    from scoring.registry import all_games

    return [game.catalogue() for game in all_games()]


def snapshot_forget(match: Match, seq: int) -> None:
    global _LIVE_BYTES
    key = snapshot_key(match, seq)
    cache.delete(key)
    with _LIVE_LOCK:
        kept = _LIVE_STATES.pop(key, None)
        _LIVE_BYTES -= kept[1] if kept is not None else 0


def claim_json(check: ClaimCheck) -> dict[str, Any]:
    """What the poll URL and the match summary show of a claim."""
    v = check.verdict or {}
    return {
        "claim": check.pk,
        "match": check.match_id,
        "status": check.status,
        "seq": check.event_seq,
        "at_seq": check.at_seq,
        "seat": check.seat,
        "kind": check.kind,
        "tricks": check.tricks,
        "laid_down": check.laid_down,
        "verdict": v.get("status") if v else None,
        "reason": v.get("reason"),
        **{k: v[k] for k in ("template", "params", "plural") if k in v},  # the reason, translatable
        "counter_line": v.get("counter_line", []),
        "distribution": v.get("distribution"),
        "elapsed_ms": v.get("elapsed_ms"),
        "positions": v.get("positions"),
        "accepted": check.accepted_by_seat is not None,
        "accepted_by": check.accepted_by_seat,
        "settled": check.settled,
        "poll": f"/api/v1/claims/{check.pk}",
    }


@functools.cache
def catalogue_version() -> str:
    """Changes only with the code (a deploy): the phone asks for ``?v=`` this and keeps the answer."""
    text = json.dumps(games_catalogue(), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]
