"""Writes. Each service is keyword-only, typed, and owns its transaction.

The service is game-agnostic: it speaks to every engine through the protocol in
``scoring/protocol.py`` and handles the generic corrections (``void``, ``amend``) with
``scoring.record``.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import IntegrityError, connection
from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from knox.models import AuthToken

from companion import live, outbox, push, selectors
from companion.db import writing
from companion.errors import Conflict, Forbidden, Invalid, NotFound, Unprocessable
from companion.models import Event, League, LeagueInvitation, Match, MatchSeat, Membership, Player
from companion.sessions import session_token_key, sessions_end
from scoring.errors import EventFormatError, RulesError, ScoringError
from scoring.record import (
    ANNOTATION_TYPES,
    CORRECTION_TYPES,
    RecordedEvent,
    ReplayError,
    check_annotation,
    effective_events,
    load,
    replay_events,
)
from scoring.registry import get_game

JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud across a table
#: 16 characters of 32: 80 random bits. At the join throttle's rate a guesser would need ~10^17 years.
JOIN_CODE_LENGTH = 16


def body_hash(event_type: str, payload: Mapping[str, Any]) -> str:
    """Canonical hash of what an event says, to tell an outbox replay from a reused id."""
    text = json.dumps({"type": event_type, "payload": payload}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def join_code_normalize(code: str) -> str:
    """What a person types or a QR carries: any case, with spaces or dashes between groups."""
    return "".join(code.split()).replace("-", "").upper()


def join_code_new() -> str:
    while True:
        code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        if not Match.objects.filter(join_code=code).exists():
            return code


# -- players, guests, leagues ------------------------------------------------------------------------------
def player_create(*, name: str, user: User | None = None, created_by: User | None = None) -> Player:
    name = name.strip()
    if not name:
        raise Invalid("invalid", "A player needs a name.", fields={"name": "required"})
    return Player.objects.create(name=name[:100], user=user, created_by=created_by)


def player_for_user_ensure(*, user: User) -> Player:
    """The user's player, created (named after the user) the first time it is needed."""
    player, _ = Player.objects.get_or_create(user=user, defaults={"name": user.get_username()[:100]})
    return player


@dataclass(frozen=True)
class IssuedToken:
    #: The token itself: shown once, only its hash is stored.
    key: str
    expiry: datetime | None


def token_issue(*, user: User) -> IssuedToken:
    """A new API token for ``user`` (django-rest-knox); the user's expired tokens are swept."""
    AuthToken.objects.filter(user=user, expiry__lt=timezone.now()).delete()
    instance, key = AuthToken.objects.create(user=user)
    return IssuedToken(key=key, expiry=instance.expiry)


def token_revoke(*, user: User, token: Any = None) -> int:
    """Sign out everywhere: every token and every browser session of the user (companion/sessions.py);
    with ``token``, only that token and the sessions opened with it (see :func:`sign_out`)."""
    if token is not None:
        return sign_out(user=user, token_key=token.token_key)
    sessions_end(user)
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    return int(deleted)


def sign_out(*, user: User, token_key: str = "", session_key: str | None = None) -> int:
    """Sign this device out: its token (the one in use, or the one the page's session was opened
    with) and every session opened with that token; the calling session itself is logged out by the view."""
    if not token_key and session_key:
        token_key = session_token_key(session_key)
    if not token_key:
        return 0
    sessions_end(user, token_key)
    deleted, _ = AuthToken.objects.filter(user=user, token_key=token_key).delete()
    return int(deleted)


@writing
def guest_create(*, name: str) -> tuple[User, Player, IssuedToken]:
    """ "Continue as a guest": a user without a usable password, their player and an API token."""
    user = User.objects.create_user(username=f"guest-{secrets.token_hex(6)}")
    user.set_unusable_password()
    user.save(update_fields=["password"])
    player = player_create(name=name, user=user)
    return user, player, token_issue(user=user)


def _variants_check(game_name: str, variants: Any) -> dict[str, Any]:
    if not isinstance(variants, Mapping):
        raise Invalid("invalid_variants", "House rules must be a JSON object.", fields={"variants": "object"})
    return dict(get_game(game_name).variants(variants).to_json())


@writing
def league_create(*, name: str, creator: User, default_variants: Mapping[str, Any] | None = None) -> League:
    """A league whose creator is its first admin. Default house rules are validated per game."""
    checked = {game: _variants_check(game, raw) for game, raw in (default_variants or {}).items()}
    league = League.objects.create(name=name.strip()[:100], default_variants=checked)
    Membership.objects.create(league=league, player=player_for_user_ensure(user=creator), role=Membership.Role.ADMIN)
    return league


@writing
def league_member_set(*, league: League, player: Player, role: str = Membership.Role.MEMBER) -> Membership:
    """Add a player to a league or change their role (member/admin)."""
    if role not in Membership.Role.values:
        raise Invalid("invalid", f"Role must be one of {Membership.Role.values}.", fields={"role": "invalid"})
    membership, created = Membership.objects.get_or_create(league=league, player=player, defaults={"role": role})
    if not created and membership.role != role:
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


@writing
def league_member_invite(
    *, league: League, player: Player, invited_by: User, role: str = Membership.Role.MEMBER
) -> Membership | LeagueInvitation:
    """Add a player to a league, with consent: a name typed at the table (no account) or a current
    member's new role takes effect at once; an account holder is invited and joins by accepting."""
    if player.user_id is None or player.user_id == invited_by.pk:
        return league_member_set(league=league, player=player, role=role)
    if Membership.objects.filter(league=league, player=player).exists():
        return league_member_set(league=league, player=player, role=role)
    if role not in Membership.Role.values:
        raise Invalid("invalid", f"Role must be one of {Membership.Role.values}.", fields={"role": "invalid"})
    invitation, _ = LeagueInvitation.objects.update_or_create(
        league=league, player=player, defaults={"role": role, "invited_by": invited_by}
    )
    return invitation


@writing
def invitation_answer(*, invitation_id: int, user: User, accept: bool) -> Membership | None:
    """The invited player accepts (a membership with the offered role) or declines (nothing)."""
    invitation = (
        LeagueInvitation.objects.select_related("league", "player").filter(pk=invitation_id, player__user=user).first()
    )
    if invitation is None:
        raise NotFound("invitation_not_found", f"You have no invitation {invitation_id}.", invitation=invitation_id)
    invitation.delete()
    if not accept:
        return None
    return league_member_set(league=invitation.league, player=invitation.player, role=invitation.role)


# -- matches ---------------------------------------------------------------------------------------------
def _seatable(ids: list[int], user: User) -> dict[int, Player]:
    """The players ``user`` may seat by id: their own, those they typed in, members of their leagues."""
    shared = Membership.objects.filter(player__user=user).values("league_id")
    allowed = Q(user=user) | Q(created_by=user) | Q(memberships__league_id__in=shared)
    return {p.pk: p for p in Player.objects.filter(allowed, pk__in=ids).distinct()}


def _seat_players(players: Sequence[int | str], user: User) -> list[Player]:
    """Seat by id only players the creator may seat (an unknown id and someone else's player get the
    same answer, so ids reveal nothing); a new name makes a new player, except the creator's own name,
    which seats the creator (a guest "Ann" listing "Ann" is one Ann, not two)."""
    ids = [p for p in players if isinstance(p, int)]
    if len(set(ids)) != len(ids):
        raise Invalid("duplicate_player", "A player can take only one seat.", fields={"players": "duplicate"})
    found = _seatable(ids, user)
    refused = [i for i in ids if i not in found]
    if refused:
        raise Invalid(
            "player_not_seatable",
            f"You cannot seat player {refused[0]}: seat your own player, players you added, members of your "
            "leagues, or a new name.",
            fields={"players": "player not seatable"},
            ids=refused,
        )
    me = Player.objects.filter(user=user).first()
    seated: list[Player] = []
    for ref in players:
        if isinstance(ref, int):
            seated.append(found[ref])
        elif me is not None and me not in seated and me.pk not in ids and ref.casefold() == me.name.casefold():
            seated.append(me)
        else:
            seated.append(player_create(name=ref, created_by=user))
    return seated


@writing
def match_create(
    *,
    game: str,
    players: Sequence[int | str],
    created_by: User,
    variants: Mapping[str, Any] | None = None,
    league: League | None = None,
) -> Match:
    """Validate the game, house rules and seats with the engine, then store the match."""
    engine = get_game(game)
    if league is not None:
        _league_recorder_check(league, created_by)
    raw = dict(league.default_variants.get(game, {}) if league is not None else {})
    if variants is not None and not isinstance(variants, Mapping):
        raise Invalid("invalid_variants", "House rules must be a JSON object.", fields={"variants": "object"})
    raw.update(variants or {})
    checked = engine.variants(raw)
    seated = _seat_players(players, created_by)
    state = engine.start(checked, [p.name for p in seated])  # wrong player count, variant conflicts
    match = Match.objects.create(
        league=league,
        game=game,
        variants=checked.to_json(),
        player_names=[p.name for p in seated],
        join_code=join_code_new(),
        created_by=created_by,
    )
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, player=p, seated_by=created_by) for i, p in enumerate(seated)
    )
    selectors.snapshot_store(match, 0, state)
    return match


def _league_recorder_check(league: League, user: User) -> None:
    """Only a league's recorders and admins create its matches and import records into it (issue 24
    item 6): a plain member, or someone who joined one of its tables, cannot enter results in anyone's
    standings and rating."""
    roles = (Membership.Role.ADMIN, Membership.Role.RECORDER)
    if user.is_staff or Membership.objects.filter(league=league, player__user=user, role__in=roles).exists():
        return
    raise Forbidden(
        "not_a_league_recorder", "Only the league's recorders and admins can record its matches.", league=league.pk
    )


@writing
def match_rematch(*, match: Match, user: User) -> Match:
    """A new match of the same game with the same players in the same seats, house rules and league.

    Whoever may record in ``match`` may start it; its players already sat at this table together,
    so they are seated as they are (no new consent is asked)."""
    selectors.match_recording_check(user=user, match=match)
    if match.league is not None:
        _league_recorder_check(match.league, user)
    seats = list(match.seats.select_related("player").order_by("seat"))
    seated = [seat.player for seat in seats]
    engine = get_game(match.game)
    checked = engine.variants(match.variants)
    state = engine.start(checked, [p.name for p in seated])
    rematch = Match.objects.create(
        league_id=match.league_id,
        game=match.game,
        variants=checked.to_json(),
        player_names=[p.name for p in seated],
        join_code=join_code_new(),
        created_by=user,
    )
    MatchSeat.objects.bulk_create(
        MatchSeat(match=rematch, seat=seat.seat, player=seat.player, seated_by_id=seat.seated_by_id) for seat in seats
    )
    selectors.snapshot_store(rematch, 0, state)
    return rematch


@writing
def match_join(*, code: str, user: User, seat: int | None = None) -> Match:
    """Join a table by its code: take over a seat held by a player without an account."""
    normalized = join_code_normalize(code)
    match = Match.objects.select_for_update().filter(join_code=normalized).first() if normalized else None
    if match is None:
        # the same answer for a code that never existed and a revoked one; the code is not echoed
        raise NotFound("invalid_join_code", "No match has this join code.")
    player = player_for_user_ensure(user=user)
    if match.seats.filter(player=player).exists():
        return match
    if seat is None:
        free = list(match.seats.filter(player__user__isnull=True).values_list("seat", "player__name"))
        raise Invalid(
            "seat_required",
            "Say which seat is yours.",
            fields={"seat": "required"},
            free_seats=[seat for seat, _ in free],
            free_seat_names=[name for _, name in free],
        )
    target = match.seats.select_related("player").filter(seat=seat).first()
    if target is None:
        raise Invalid("no_such_seat", f"This table has no seat {seat}.", fields={"seat": "no such seat"}, seat=seat)
    if target.player.user_id is not None:
        raise Conflict("seat_taken", f"Seat {seat} already belongs to {target.player.name}.", seat=seat)
    target.player, target.seated_by = player, user
    target.save(update_fields=["player", "seated_by"])
    # a seat at this table only: league membership comes from an invitation or an admin
    return match


def _join_code_check(*, match: Match, user: User) -> None:
    if user.is_staff or match.created_by_id == user.pk:
        return
    if match.league_id is not None and selectors.league_is_admin(user=user, league=match.league):  # type: ignore[arg-type]
        return
    raise Forbidden("not_match_creator", "Only the match's creator and its league's admins manage its join code.")


@writing
def join_code_set(*, match_id: int, user: User, enabled: bool) -> Match:
    """A fresh join code (the old one stops working) or none at all (nobody can join any more)."""
    match = selectors.match_get_for_user(user=user, match_id=match_id)
    _join_code_check(match=match, user=user)
    match.join_code = join_code_new() if enabled else None
    match.save(update_fields=["join_code"])
    return match


# -- the record ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AppendResult:
    event: Event
    match: Match
    #: False when this was a replay of an already stored client_event_id (nothing written).
    created: bool
    #: The state after the match's latest event, when the service has it at hand.
    state: Any = None


def _engine_error(exc: ScoringError) -> ScoringError:
    """A replay error (a correction that breaks a later event) surfaces as its inner error, with the seq."""
    if isinstance(exc, ReplayError):
        kind = RulesError if exc.is_rules_error else EventFormatError
        error = kind(exc.code, exc.template, **{**exc.params, "seq": exc.seq})
        # the English message names the event; a translated one is the inner message alone
        error.message = f"Event {exc.seq}: {error.message}"
        return error
    return exc


def _next_state(match: Match, event_type: str, payload: Mapping[str, Any]) -> Any:
    """One engine step from the cached state; a correction replays the effective events."""
    game = get_game(match.game)
    if event_type in ANNOTATION_TYPES:
        # a claim or an accept changes nothing in the play: the state stays the same
        claims = set(Event.objects.filter(match=match, type="claim").values_list("seq", flat=True))
        check_annotation(RecordedEvent(match.last_seq + 1, event_type, dict(payload)), claims)
        return selectors.match_state_get(match)
    if event_type in CORRECTION_TYPES:
        events = [*selectors.recorded_events(match), RecordedEvent(match.last_seq + 1, event_type, dict(payload))]
        return selectors.match_state_replay(match, events)
    if match.status == Match.Status.FINISHED:
        raise RulesError("match_finished", "The match is over: only corrections can be recorded.", rule="DESIGN.md §2")
    return game.apply_json(selectors.match_state_get(match), event_type, payload)


class _StaleSeq(Exception):
    """``expected_seq`` is not the next seq: raised under the match lock, answered after it."""

    def __init__(self, match: Match, expected_seq: int) -> None:
        super().__init__(expected_seq)
        self.match, self.expected_seq = match, expected_seq


def event_append(
    *,
    match_id: int,
    type: str,
    payload: Mapping[str, Any],
    client_event_id: uuid.UUID,
    expected_seq: int | None,
    user: User | None,
    annotation: bool = False,
) -> AppendResult:
    """Append one event to a match's record, or explain why not (nothing is stored on any error).

    ``expected_seq`` is the seq the client believes comes next (``None`` skips the check, for
    corrections that name their target). A ``client_event_id`` seen before returns the stored event
    when the body is the same, and is a conflict when it differs. ``user`` must be allowed to record
    (seated, creator or league admin); ``None`` is the system itself (imports, the demo).
    ``annotation`` lets ``claim``/``claim_accept`` through: only :mod:`companion.claims` writes them.
    """
    if expected_seq is not None and type not in CORRECTION_TYPES and type not in ANNOTATION_TYPES:
        try:
            fast = _append_next(
                match_id=match_id,
                type=type,
                payload=payload,
                client_event_id=client_event_id,
                expected_seq=expected_seq,
                user=user,
            )
        except IntegrityError:
            fast = None  # the client_event_id was used before: the checked path says how
        if fast is not None:
            return fast
    try:
        return _event_append(
            match_id=match_id,
            type=type,
            payload=payload,
            client_event_id=client_event_id,
            expected_seq=expected_seq,
            user=user,
            annotation=annotation,
        )
    except _StaleSeq as stale:
        # The 409 carries the match as it was under the lock, built after the lock is released: phones
        # racing on one match (bench/phones.py) queue on that lock, and a summary is not free.
        match, next_seq = stale.match, stale.match.last_seq + 1
        raise Conflict(
            "stale_seq",
            f"The next event is {next_seq}, not {stale.expected_seq}: someone recorded first.",
            extra={"current": selectors.match_summary_get(match=match)},
            expected_seq=stale.expected_seq,
            next_seq=next_seq,
        ) from None


#: Takes the match's write lock, checks ``expected_seq`` and advances it in one statement.
_CLAIM_NEXT_SEQ = (
    f"UPDATE {Match._meta.db_table} SET last_seq = last_seq + 1 WHERE id = %s AND last_seq = %s RETURNING *"
)
_MATCH_FIELDS = tuple(Match._meta.concrete_fields)


def _claim_next_seq(match_id: int, last_seq: int) -> Match | None:
    """:data:`_CLAIM_NEXT_SEQ`, the returned row read as ``Match.objects.raw`` reads it (each
    field's database converters, then ``from_db``) at a third of its cost (~0.2 ms less per append,
    bench/RESULTS.md): ``RawQuerySet`` works out its column mapping and converters on every call."""
    quote = connection.ops.quote_name
    columns = ", ".join(quote(cast(str, field.column)) for field in _MATCH_FIELDS)
    with connection.cursor() as cursor:
        cursor.execute(_CLAIM_NEXT_SEQ.replace("RETURNING *", f"RETURNING {columns}"), [match_id, last_seq])
        row = cursor.fetchone()
    if row is None:
        return None
    values = []
    for field, value in zip(_MATCH_FIELDS, row, strict=True):
        column = field.get_col(Match._meta.db_table)
        for convert in connection.ops.get_db_converters(column) + field.get_db_converters(connection):
            value = convert(value, column, connection)
        values.append(value)
    return Match.from_db(connection.alias, [field.attname for field in _MATCH_FIELDS], values)


#: The event's columns but its id, in the model's order.
_EVENT_FIELDS = tuple(field for field in Event._meta.concrete_fields if not field.primary_key)


def _insert_event_sql() -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(quote(cast(str, field.column)) for field in _EVENT_FIELDS)  # concrete: a column each
    values = ", ".join(["%s"] * len(_EVENT_FIELDS))
    return f"INSERT INTO {quote(Event._meta.db_table)} ({columns}) VALUES ({values}) RETURNING {quote('id')}"


def _store_event(event: Event) -> None:
    """One ``INSERT … RETURNING id`` with the values the fields themselves prepare (JSON, UUID, time).

    ``Event.objects.create`` writes the same row through the query compiler at ~0.2 ms more per
    append, a tenth of the append's CPU (bench/RESULTS.md, issue 14). A reused ``client_event_id``
    raises ``IntegrityError`` as before; events have no save signals.
    """
    values = [field.get_db_prep_save(getattr(event, field.attname), connection) for field in _EVENT_FIELDS]
    with connection.cursor() as cursor:
        cursor.execute(_insert_event_sql(), values)
        event.pk = cursor.fetchone()[0]
    event._state.adding, event._state.db = False, connection.alias


@writing
def _append_next(
    *,
    match_id: int,
    type: str,
    payload: Mapping[str, Any],
    client_event_id: uuid.UUID,
    expected_seq: int,
    user: User | None,
) -> AppendResult | None:
    """The common case in two statements: a new play event at the seq the client expects.

    ``None`` (nothing written) when the seq is not the next one or the match does not exist: the
    checked path then answers (409 with the current summary, a replayed ``client_event_id``, 404).
    A reused ``client_event_id`` fails the insert on its unique constraint (``IntegrityError``), which
    rolls this transaction back, and the checked path answers it. Idempotency costs no lookup here:
    a retry of a stored event always carries a seq that is no longer the next one.
    """
    match = _claim_next_seq(match_id, expected_seq - 1)
    if match is None:
        return None
    if user is not None:
        selectors.match_recording_check(user=user, match=match)
    match.last_seq -= 1  # the state to build on is the one after the previous event
    try:
        state = _next_state(match, type, payload)
    except ScoringError as exc:
        raise _engine_error(exc) from exc
    return _insert(match, state, type, dict(payload), client_event_id, body_hash(type, payload), user)


@writing
def _event_append(
    *,
    match_id: int,
    type: str,
    payload: Mapping[str, Any],
    client_event_id: uuid.UUID,
    expected_seq: int | None,
    user: User | None,
    annotation: bool,
) -> AppendResult:
    try:
        match = Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise NotFound("match_not_found", f"There is no match {match_id}.", match=match_id) from None
    if user is not None:
        selectors.match_recording_check(user=user, match=match)
    if type in ANNOTATION_TYPES and not annotation:
        raise Unprocessable(
            "use_claims_endpoint", "Claims are made with POST /api/v1/matches/{id}/claims, which checks them."
        )
    digest = body_hash(type, payload)
    existing = next(iter(Event.objects.filter(match=match, client_event_id=client_event_id).order_by()[:1]), None)
    if existing is not None:
        if existing.body_hash != digest:
            raise Conflict(
                "client_event_id_reused",
                f"client_event_id {client_event_id} was already used for a different event (seq {existing.seq}).",
                seq=existing.seq,
            )
        return AppendResult(existing, match, created=False)
    if expected_seq is not None and expected_seq != match.last_seq + 1:
        raise _StaleSeq(match, expected_seq)
    try:
        state = _next_state(match, type, payload)
    except ScoringError as exc:
        raise _engine_error(exc) from exc
    Match.objects.filter(pk=match.pk).update(last_seq=match.last_seq + 1)
    return _insert(match, state, type, dict(payload), client_event_id, digest, user)


def _insert(
    match: Match,
    state: Any,
    event_type: str,
    payload: dict[str, Any],
    client_event_id: uuid.UUID,
    digest: str,
    user: User | None,
) -> AppendResult:
    """Store the event at ``match.last_seq + 1`` (the match row already says so), the status if it
    changed, the state (published on commit) and, when the result changed, an outbox row."""
    was = match.status
    match.last_seq += 1
    match.status = Match.Status.FINISHED if get_game(match.game).result(state) is not None else Match.Status.OPEN
    event = Event(
        match=match,
        seq=match.last_seq,
        type=event_type,
        payload=payload,
        client_event_id=client_event_id,
        body_hash=digest,
        recorded_by=user,
    )
    _store_event(event)
    if match.status != was:
        Match.objects.filter(pk=match.pk).update(status=match.status)
    selectors.snapshot_store(match, match.last_seq, state)
    live.announce_after_commit(match.pk, match.last_seq, lambda: push.message(match, event, state))
    finished = Match.Status.FINISHED
    if was != match.status or (event_type in CORRECTION_TYPES and finished in (was, match.status)):
        outbox.publish(match_id=match.pk, seq=match.last_seq)
    return AppendResult(event, match, created=True, state=state)


def event_void(
    *,
    match_id: int,
    seq: int,
    reason: str = "",
    client_event_id: uuid.UUID,
    expected_seq: int | None,
    user: User | None,
) -> AppendResult:
    """Event ``seq`` no longer counts; the void is itself an event, so the record keeps both."""
    payload: dict[str, Any] = {"seq": seq, **({"reason": reason} if reason else {})}
    return event_append(
        match_id=match_id,
        type="void",
        payload=payload,
        client_event_id=client_event_id,
        expected_seq=expected_seq,
        user=user,
    )


def event_amend(
    *,
    match_id: int,
    seq: int,
    type: str,
    payload: Mapping[str, Any],
    reason: str = "",
    client_event_id: uuid.UUID,
    expected_seq: int | None,
    user: User | None,
) -> AppendResult:
    """Event ``seq`` counts as if it had been this one; the record keeps what was typed first."""
    body: dict[str, Any] = {
        "seq": seq,
        "type": type,
        "payload": dict(payload),
        **({"reason": reason} if reason else {}),
    }
    return event_append(
        match_id=match_id,
        type="amend",
        payload=body,
        client_event_id=client_event_id,
        expected_seq=expected_seq,
        user=user,
    )


# -- import ----------------------------------------------------------------------------------------------
def _client_id(raw: str | None, seq: int) -> uuid.UUID:
    if raw is None:
        return uuid.uuid4()
    try:
        return uuid.UUID(raw)
    except ValueError:
        raise EventFormatError(
            "invalid_record", f"Event {seq}'s client_event_id is not a UUID.", fields={"events": "bad client_event_id"}
        ) from None


def _recorded_at(raw: str | None, seq: int) -> datetime:
    if raw is None:
        return timezone.now()
    parsed = parse_datetime(raw)
    if parsed is None:
        raise EventFormatError(
            "invalid_record", f"Event {seq}'s recorded_at is not a date-time.", fields={"events": "bad recorded_at"}
        )
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed, UTC)


@writing
def record_import(*, data: Any, user: User, league: League | None = None) -> Match:
    """Store a ``companion-record/1`` document as a new match, replaying it through the engine first.

    An invalid record is rejected whole: the transaction stores nothing.
    """
    record = load(data)
    match = match_create(
        game=record.game, players=list(record.players), variants=record.variants, created_by=user, league=league
    )
    events = [
        Event(
            match=match,
            seq=e.seq,
            type=e.type,
            payload=dict(e.payload),
            client_event_id=_client_id(e.client_event_id, e.seq),
            body_hash=body_hash(e.type, e.payload),
            recorded_by=user,
            recorded_at=_recorded_at(e.recorded_at, e.seq),
        )
        for e in record.events
    ]
    if len({e.client_event_id for e in events}) != len(events):
        raise EventFormatError("invalid_record", "Two events share a client_event_id.", fields={"events": "duplicate"})
    game = get_game(match.game)
    try:
        state = replay_events(game, selectors.match_state_get(match), effective_events(record.events))
    except ReplayError as exc:
        raise _engine_error(exc) from exc
    except ScoringError as exc:
        bad = next((e.seq for e in record.events if e.type in CORRECTION_TYPES), 0)
        raise _engine_error(ReplayError(bad, exc)) from exc
    Event.objects.bulk_create(events)
    match.last_seq = len(events)
    match.status = Match.Status.FINISHED if game.result(state) is not None else Match.Status.OPEN
    match.save(update_fields=["last_seq", "status"])
    selectors.snapshot_store(match, match.last_seq, state)
    if match.status == Match.Status.FINISHED:
        outbox.publish(match_id=match.pk, seq=match.last_seq)
    return match
