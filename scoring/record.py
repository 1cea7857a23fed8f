"""The ``companion-record/1`` document: one match as JSON, and its replay.

A record is ``{"format": "companion-record/1", "game", "variants", "players", "events"}``; each event
is ``{"seq", "type", "payload"}`` plus optional ``client_event_id``, ``recorded_by`` and
``recorded_at``. ``seq`` runs 1, 2, 3 … without gaps.

Two event types belong to every game and are handled here, not by the engines:

``void``   ``{"seq": N, "reason"?}`` — event N no longer counts;
``amend``  ``{"seq": N, "type", "payload", "reason"?}`` — event N counts as if it had been this one.

Corrections never remove anything from the record: replay applies the game events in order, each
in its latest amended form, skipping the voided ones.

Two more are *annotations*: they say something about the play without changing it, so replay skips
them (engines never see them and replays stay deterministic):

``claim``         ``{"at_seq": N, "seat", "kind", "tricks"?, "laid_down"?, "verdict"}`` — seat claimed
                  after event N (``all_tricks``, ``at_least`` N ``tricks``, ``no_more_points``,
                  ``contract``) and the claim checker answered ``verdict`` (docs/claims.md);
``claim_accept``  ``{"seq": N, "seat", "settled"?}`` — seat accepted the claim of event N.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scoring.errors import EventFormatError, RecordError, RulesError, ScoringError
from scoring.explain import N_
from scoring.protocol import Game
from scoring.registry import get_game
from scoring.variants import Variants

FORMAT = "companion-record/1"
CORRECTION_TYPES = frozenset({"void", "amend"})
ANNOTATION_TYPES = frozenset({"claim", "claim_accept"})
CLAIM_KINDS = ("all_tricks", "at_least", "no_more_points", "contract")


@dataclass(frozen=True, slots=True)
class RecordedEvent:
    seq: int
    type: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    client_event_id: str | None = None
    recorded_by: str | None = None
    recorded_at: str | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seq": self.seq, "type": self.type, "payload": dict(self.payload)}
        for key in ("client_event_id", "recorded_by", "recorded_at"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


@dataclass(frozen=True, slots=True)
class MatchRecord:
    game: str
    variants: Mapping[str, Any]
    players: tuple[str, ...]
    events: tuple[RecordedEvent, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "variants": dict(self.variants),
            "players": list(self.players),
            "events": [e.as_json() for e in self.events],
        }


class ReplayError(ScoringError):
    """An event of a record that its game rejects; ``seq`` says which."""

    def __init__(self, seq: int, error: ScoringError) -> None:
        super().__init__(error.code, error.template, seq=seq, **error.params)
        self.seq = seq
        self.error = error

    @property
    def is_rules_error(self) -> bool:
        return isinstance(self.error, RulesError)


def _require(condition: bool, template: str, fields: dict[str, str] | None = None, **params: Any) -> None:
    if not condition:
        raise RecordError("invalid_record", template, fields=fields, **params)


def load(source: str | bytes | Mapping[str, Any]) -> MatchRecord:
    """Read and check the shape of a record (JSON text or an already parsed object)."""
    if isinstance(source, str | bytes):
        try:
            data = json.loads(source)
        except ValueError as exc:
            raise RecordError("malformed_json", "The record is not valid JSON: %(error)s.", error=str(exc)) from None
    else:
        data = source
    _require(isinstance(data, Mapping), N_("A record must be a JSON object."))
    _require(
        data.get("format") == FORMAT,
        N_("A record's format must be '%(format)s'."),
        {"format": "wrong format"},
        format=FORMAT,
    )
    game = data.get("game")
    _require(isinstance(game, str), N_("A record names its game."), {"game": "required"})
    get_game(str(game))
    variants = data.get("variants", {})
    _require(
        isinstance(variants, Mapping), N_("A record's variants must be an object."), {"variants": "must be an object"}
    )
    players = data.get("players")
    _require(
        isinstance(players, list) and all(isinstance(p, str) and p.strip() for p in players),
        N_("A record's players must be a list of names."),
        {"players": "must be a list of names"},
    )
    raw_events = data.get("events", [])
    _require(isinstance(raw_events, list), N_("A record's events must be a list."), {"events": "must be a list"})
    events = tuple(_load_event(i, raw) for i, raw in enumerate(raw_events, start=1))
    return MatchRecord(str(game), dict(variants), tuple(players), events)


def _load_event(expected_seq: int, raw: Any) -> RecordedEvent:
    _require(
        isinstance(raw, Mapping),
        N_("Event %(number)s must be an object."),
        {"events": "events must be objects"},
        number=expected_seq,
    )
    seq = raw.get("seq", expected_seq)
    _require(
        seq == expected_seq,
        N_("Events must be numbered 1, 2, 3 … without gaps; found %(found)s at %(number)s."),
        found=str(seq),
        number=expected_seq,
    )
    _require(
        isinstance(raw.get("type"), str), N_("Event %(number)s needs a type."), {"events": "type required"}, number=seq
    )
    payload = raw.get("payload", {})
    _require(isinstance(payload, Mapping), N_("Event %(number)s's payload must be an object."), number=seq)
    optional = {k: raw.get(k) for k in ("client_event_id", "recorded_by", "recorded_at")}
    for key, value in optional.items():
        _require(
            value is None or isinstance(value, str), N_("Event %(number)s's %(key)s must be text."), number=seq, key=key
        )
    return RecordedEvent(seq, raw["type"], dict(payload), **optional)


def dump(record: MatchRecord) -> str:
    return json.dumps(record.as_json(), ensure_ascii=False, indent=2)


def effective_events(events: Sequence[RecordedEvent]) -> list[RecordedEvent]:
    """The game events that count, in order, after applying every void and amend (annotations skipped)."""
    current: dict[int, RecordedEvent | None] = {}
    order: list[int] = []
    claims: set[int] = set()
    for event in events:
        if event.type in ANNOTATION_TYPES:
            check_annotation(event, claims)
            if event.type == "claim":
                claims.add(event.seq)
        elif event.type in CORRECTION_TYPES:
            target = check_correction(event, current)
            if event.type == "void":
                current[target] = None
            else:
                current[target] = replace(
                    event, seq=target, type=event.payload["type"], payload=event.payload.get("payload") or {}
                )
        else:
            current[event.seq] = event
            order.append(event.seq)
    return [e for seq in order if (e := current[seq]) is not None]


def check_correction(event: RecordedEvent, current: Mapping[int, RecordedEvent | None]) -> int:
    """Check a void/amend against the events before it; return the seq it corrects."""
    target = event.payload.get("seq")
    if isinstance(target, bool) or not isinstance(target, int):
        raise EventFormatError(
            "invalid_field",
            "A void names the seq of the event it voids."
            if event.type == "void"
            else "An amend names the seq of the event it corrects.",
            fields={"seq": "required"},
        )
    if target not in current:
        raise RulesError(
            "no_such_event",
            "There is no event %(target)s to void (corrections name an earlier game event)."
            if event.type == "void"
            else "There is no event %(target)s to amend (corrections name an earlier game event).",
            rule="DESIGN.md §2",
            target=target,
        )
    if current[target] is None:
        raise RulesError("already_voided", "Event %(target)s is already voided.", rule="DESIGN.md §2", target=target)
    if event.type == "amend":
        if not isinstance(event.payload.get("type"), str):
            raise EventFormatError(
                "invalid_field", "An amend gives the corrected event's type.", fields={"type": "required"}
            )
        if event.payload["type"] in CORRECTION_TYPES | ANNOTATION_TYPES:
            raise EventFormatError("invalid_field", "An amend cannot turn an event into a correction or a claim.")
        inner = event.payload.get("payload", {})
        if not isinstance(inner, Mapping):
            raise EventFormatError(
                "invalid_field", "An amend's payload must be an object.", fields={"payload": "object"}
            )
    extra = set(event.payload) - ({"seq", "reason"} if event.type == "void" else {"seq", "reason", "type", "payload"})
    if extra:
        raise EventFormatError(
            "unknown_field",
            "%(event_type)s has no field '%(field)s'.",
            event_type=event.type,
            field=sorted(extra)[0],
        )
    return target


def _field_error(event: RecordedEvent, name: str, template: str, what: str, **params: Any) -> EventFormatError:
    """``template`` says what field ``name`` of ``event`` must be; ``what`` says it in ``fields``."""
    return EventFormatError("invalid_field", template, fields={name: what}, event_type=event.type, field=name, **params)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_annotation(event: RecordedEvent, claims: set[int] | frozenset[int] = frozenset()) -> None:
    """Check the shape of a ``claim`` / ``claim_accept`` (``claims``: the seqs of earlier claims).

    The verdict itself is the claim checker's output, stored as it was given (docs/claims.md).
    """
    p = event.payload
    if not _is_int(p.get("seat")) or p["seat"] < 0:
        raise _field_error(event, "seat", N_("%(event_type)s: %(field)s must be a seat number."), "a seat number")
    if event.type == "claim_accept":
        _check_accept(event, claims)
        allowed = {"seq", "seat", "settled"}
    else:
        _check_claim(event)
        allowed = {"at_seq", "seat", "kind", "tricks", "laid_down", "verdict"}
    extra = set(p) - allowed
    if extra:
        raise EventFormatError(
            "unknown_field",
            "%(event_type)s has no field '%(field)s'.",
            event_type=event.type,
            field=sorted(extra)[0],
        )


def _check_accept(event: RecordedEvent, claims: set[int] | frozenset[int]) -> None:
    """A ``claim_accept`` names an earlier claim's seq; ``settled`` is true or false."""
    p = event.payload
    if not _is_int(p.get("seq")) or p["seq"] not in claims:
        raise RulesError(
            "no_such_claim",
            "There is no claim at event %(target)s to accept.",
            rule="DESIGN.md §2",
            target=str(p.get("seq")),
        )
    if "settled" in p and not isinstance(p["settled"], bool):
        raise _field_error(event, "settled", N_("%(event_type)s: %(field)s must be true or false."), "true or false")


def _check_claim(event: RecordedEvent) -> None:
    """A ``claim``: an earlier event's seq, a kind, a number of tricks, cards laid down, the verdict."""
    p = event.payload
    if not _is_int(p.get("at_seq")) or not 0 <= p["at_seq"] < event.seq:
        raise _field_error(
            event,
            "at_seq",
            N_("%(event_type)s: %(field)s must be the seq of an earlier event."),
            "the seq of an earlier event",
        )
    if p.get("kind") not in CLAIM_KINDS:
        raise _field_error(
            event,
            "kind",
            N_("%(event_type)s: %(field)s must be one of %(allowed)s."),
            f"one of {', '.join(CLAIM_KINDS)}",
            allowed=", ".join(CLAIM_KINDS),
        )
    if "tricks" in p and (not _is_int(p["tricks"]) or p["tricks"] < 0):
        raise _field_error(
            event, "tricks", N_("%(event_type)s: %(field)s must be a number of tricks."), "a number of tricks"
        )
    laid = p.get("laid_down", [])
    if not isinstance(laid, list) or not all(isinstance(c, str) for c in laid):
        raise _field_error(
            event, "laid_down", N_("%(event_type)s: %(field)s must be a list of cards."), "a list of cards"
        )
    if not isinstance(p.get("verdict"), Mapping) or not isinstance(p["verdict"].get("status"), str):
        raise _field_error(
            event,
            "verdict",
            N_("%(event_type)s: %(field)s must be the claim checker's verdict."),
            "the claim checker's verdict",
        )


def replay_events(game: Game[Any, Any], state: Any, events: Iterable[RecordedEvent]) -> Any:
    """Apply game events (no corrections) to a state; errors carry the event's seq."""
    for event in events:
        try:
            state = game.apply_json(state, event.type, event.payload)
        except ScoringError as exc:
            raise ReplayError(event.seq, exc) from exc
    return state


#: Validated house rules by (game, canonical JSON): validating reads the Variants class's type hints
#: (~1–3 ms a replay); the result is a frozen dataclass, so one instance serves every replay.
_VARIANTS: dict[tuple[str, str], Variants] = {}


def _checked_variants(game: Game[Any, Any], name: str, raw: Mapping[str, Any]) -> Variants:
    try:
        key = (name, json.dumps(raw, sort_keys=True))
    except (TypeError, ValueError):
        checked: Variants = game.variants(raw)  # not JSON: let the game's validation say what is wrong
        return checked
    found = _VARIANTS.get(key)
    if found is None:
        found = game.variants(raw)
        if len(_VARIANTS) < 1024:
            _VARIANTS[key] = found
    return found


def replay(record: MatchRecord) -> Any:
    """The state after every event of the record that counts."""
    game = get_game(record.game)
    state = game.start(_checked_variants(game, record.game, record.variants), record.players)
    try:
        events = effective_events(record.events)
    except ScoringError as exc:
        bad = next((e.seq for e in record.events if e.type in CORRECTION_TYPES | ANNOTATION_TYPES), 0)
        raise ReplayError(bad, exc) from exc
    return replay_events(game, state, events)
