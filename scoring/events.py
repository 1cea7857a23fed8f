"""Typed events and their JSON form.

A game's events are frozen dataclasses deriving from :class:`Event`, each with a ``TYPE`` (the
``type`` string in the record). :class:`EventCodec` turns ``(type, payload)`` from JSON into the
dataclass, checking every field strictly, and back again, so that every event round-trips:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class PlayCard(Event):
...     TYPE = "play_card"
...     seat: int
...     card: Card
>>> codec = EventCodec([PlayCard])
>>> event = codec.parse("play_card", {"seat": 1, "card": "10H"})
>>> event
PlayCard(seat=1, card=Card('TH'))
>>> codec.dump(event)
('play_card', {'seat': 1, 'card': 'TH'})

Supported field types: ``int``, ``bool``, ``str``, :class:`~scoring.cards.Card`, ``StrEnum``s,
``Literal[...]``, ``tuple[X, ...]`` of those (nested too), and ``X | None`` (optional, default None).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from scoring.cards import CARDS_BY_NAME, Card, parse_card
from scoring.errors import EventFormatError
from scoring.explain import N_


class Event:
    """Base class of every game event."""

    __slots__ = ()
    TYPE: ClassVar[str]


_HINTS: dict[type, dict[str, Any]] = {}


#: Cards as ``dump`` writes them (``QS``, ``10H``, ``JK``), read without ``parse_card``'s aliases.
_CARDS = CARDS_BY_NAME


_FIELDS: dict[type, tuple[tuple[dataclasses.Field[Any], ...], frozenset[str]]] = {}


def _fields(cls: type) -> tuple[tuple[dataclasses.Field[Any], ...], frozenset[str]]:
    """An event class's fields and their names, read once (``dataclasses.fields`` is not free)."""
    found = _FIELDS.get(cls)
    if found is None:
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        found = _FIELDS[cls] = (fields, frozenset(f.name for f in fields))
    return found


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


class EventCodec:
    """Parses and dumps the events of one game."""

    def __init__(self, event_classes: Iterable[type[Event]]) -> None:
        self.classes: dict[str, type[Event]] = {}
        for cls in event_classes:
            if cls.TYPE in self.classes:
                raise ValueError(f"duplicate event type {cls.TYPE}")
            self.classes[cls.TYPE] = cls

    @property
    def types(self) -> list[str]:
        return list(self.classes)

    def parse(self, event_type: str, payload: Mapping[str, Any] | None) -> Event:
        cls = self.classes.get(event_type)
        if cls is None:
            raise EventFormatError(
                "unknown_event_type",
                "'%(event_type)s' is not an event of this game; expected one of: %(expected)s.",
                fields={"type": "unknown event type"},
                event_type=event_type,
                expected=", ".join(self.classes),
            )
        if payload is None:
            payload = {}
        if type(payload) is not dict and not isinstance(payload, Mapping):
            raise EventFormatError("invalid_payload", "An event's payload must be a JSON object.")
        names, plan = _PLANS.get(cls) or _plan(cls)
        extra = sorted(set(payload) - names) if not names.issuperset(payload) else []
        if extra:
            raise EventFormatError(
                "unknown_field",
                "%(event_type)s has no field '%(field)s'.",
                fields=dict.fromkeys(extra, "unknown field"),
                event_type=event_type,
                field=extra[0],
            )
        values: dict[str, Any] = {}
        for name, decode, required in plan:
            if name in payload:
                values[name] = decode(payload[name], name)
            elif required:
                raise EventFormatError(
                    "missing_field",
                    "%(event_type)s needs the field '%(field)s'.",
                    fields={name: "required"},
                    event_type=event_type,
                    field=name,
                )
        try:
            event = cls(**values)
        except (TypeError, ValueError) as exc:  # a __post_init__ check of the event itself
            raise EventFormatError(
                "invalid_payload", "%(event_type)s cannot be read: %(error)s", event_type=event_type, error=str(exc)
            ) from exc
        return event

    def dump(self, event: Event) -> tuple[str, dict[str, Any]]:
        payload: dict[str, Any] = {}
        for f in dataclasses.fields(event):  # type: ignore[arg-type]
            value = getattr(event, f.name)
            if value is None and f.default is None:
                continue
            payload[f.name] = _encode(value)
        return event.TYPE, payload

    def schema(self) -> dict[str, Any]:
        """A JSON Schema fragment describing every event's payload."""
        return {name: _payload_schema(cls) for name, cls in self.classes.items()}


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _bad(name: str, template: str, expected: str, value: Any, **params: Any) -> EventFormatError:
    """``template`` says what field ``name`` must be (``%(field)s``, ``%(value)s`` and ``params``);
    ``expected`` is the same in the English words of ``fields``."""
    return EventFormatError(
        "invalid_field",
        template,
        fields={name.split("[")[0]: f"must be {expected}"},
        field=name,
        value=repr(value),
        **params,
    )


_Decoder = Callable[[Any, str], Any]
_Plan = tuple[frozenset[str], tuple[tuple[str, _Decoder, bool], ...]]
_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    """An event class's field names and, per field, read once: its name, its decoder and whether
    it is required."""
    plan = _PLANS.get(cls)
    if plan is None:
        hints = _hints(cls)
        fields, names = _fields(cls)
        plan = _PLANS[cls] = (
            names,
            tuple(
                (
                    f.name,
                    _decoder(hints[f.name]),
                    f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
                )
                for f in fields
            ),
        )
    return plan


def _decoder(tp: Any) -> _Decoder:
    """A decoder for one field type, made once: the well-formed common values (an int, a card as
    ``dump`` writes it, a list of such cards, an absent optional) are read without inspecting the
    type again; anything else goes through :func:`_decode`, whose checks and errors stay the only
    ones."""

    def slow(value: Any, name: str) -> Any:
        return _decode(tp, value, name)

    origin = typing.get_origin(tp)
    if tp is int:
        return lambda value, name: value if type(value) is int else slow(value, name)
    if tp is Card:
        return lambda value, name: _CARDS[value] if type(value) is str and value in _CARDS else slow(value, name)
    if origin in (typing.Union, types.UnionType):
        inner = _decoder(next(a for a in typing.get_args(tp) if a is not type(None)))
        return lambda value, name: None if value is None else inner(value, name)
    args = typing.get_args(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def items(value: Any, name: str) -> Any:
            if type(value) is list:
                try:
                    return tuple([item(v, name) for v in value])
                except EventFormatError:
                    pass  # decoded again below, for the error naming the item (``hands[1][2]``)
            return slow(value, name)

        return items
    return slow


def _decode(tp: Any, value: Any, name: str) -> Any:
    # the common well-formed cases first: replaying a record decodes every field of every event
    if tp is int and type(value) is int:
        return value
    if tp is Card and isinstance(value, str) and value in _CARDS:
        return _CARDS[value]
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        return None if value is None else _decode(options[0], value, name)
    if origin is tuple:
        return _decode_tuple(typing.get_args(tp), value, name)
    if origin is typing.Literal:
        return _decode_choice(typing.get_args(tp), value, name)
    if tp is Card:
        return _decode_card(value, name)
    if tp in _SCALARS:
        return _decode_scalar(tp, value, name)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(value)
        except ValueError:
            return _decode_choice(tuple(m.value for m in tp), value, name)
    raise TypeError(f"unsupported event field type {tp!r}")


def _decode_tuple(args: tuple[Any, ...], value: Any, name: str) -> tuple[Any, ...]:
    """A list: of any length (``tuple[X, ...]``) or of exactly one entry per declared item."""
    if not isinstance(value, list | tuple):
        raise _bad(name, N_("%(field)s must be a list, not %(value)s."), "a list", value)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], v, f"{name}[{i}]") for i, v in enumerate(value))
    if len(args) != len(value):
        raise _bad(
            name,
            N_("%(field)s must be a list of exactly %(count)s entries, not %(value)s."),
            f"a list of {len(args)} items",
            value,
            count=len(args),
        )
    return tuple(_decode(a, v, f"{name}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True)))


def _decode_choice(allowed: tuple[Any, ...], value: Any, name: str) -> Any:
    """One of a fixed set of values (a ``Literal`` or an enum's values)."""
    if value not in allowed:
        choices = ", ".join(map(str, allowed))
        raise _bad(
            name,
            N_("%(field)s must be one of %(allowed)s, not %(value)s."),
            "one of " + choices,
            value,
            allowed=choices,
        )
    return value


def _decode_card(value: Any, name: str) -> Card:
    if not isinstance(value, str):
        raise _bad(name, N_("%(field)s must be a card such as QS, not %(value)s."), "a card such as QS", value)
    try:
        return parse_card(value)
    except EventFormatError as exc:
        raise EventFormatError(exc.code, exc.template, **exc.params, fields={name.split("[")[0]: exc.message}) from None


def _decode_scalar(tp: type, value: Any, name: str) -> Any:
    """true/false, a whole number (never a boolean) or text."""
    if tp is bool and not isinstance(value, bool):
        raise _bad(name, N_("%(field)s must be true or false, not %(value)s."), "true or false", value)
    if tp is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise _bad(name, N_("%(field)s must be a whole number, not %(value)s."), "a whole number", value)
    if tp is str and not isinstance(value, str):
        raise _bad(name, N_("%(field)s must be text, not %(value)s."), "text", value)
    return value


_SCALARS = (bool, int, str)


def _type_schema(tp: Any) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        return {"anyOf": [_type_schema(options[0]), {"type": "null"}]}
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _type_schema(args[0])}
        return {"type": "array", "prefixItems": [_type_schema(a) for a in args], "minItems": len(args)}
    if origin is typing.Literal:
        return {"enum": list(typing.get_args(tp))}
    if tp is Card:
        return {"type": "string", "description": "a card: QS, 10H, TH, Q♠ or JK"}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {"enum": [m.value for m in tp]}
    return {"type": {bool: "boolean", int: "integer", str: "string"}.get(tp, "string")}


def _payload_schema(cls: type[Event]) -> dict[str, Any]:
    hints = _hints(cls)
    props: dict[str, Any] = {}
    required = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        props[f.name] = _type_schema(hints[f.name])
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    schema: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        schema["required"] = required
    if cls.__doc__:
        # The docstring speaks to developers (field names, ``null``): JSON Schema's ``$comment``
        # keeps it out of what a phone shows a player as the entry's description.
        schema["$comment"] = " ".join(cls.__doc__.split())
    return schema
