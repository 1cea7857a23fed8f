"""House rules as validated, documented configuration.

Each game declares its house rules as a frozen dataclass deriving from :class:`Variants`, one field
per key, declared with :func:`option` so that the default, the allowed values and a one-line
explanation live next to each other:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Demo(Variants):
...     target_score: int = option(100, minimum=50, multiple_of=25, doc="Game ends at this total.")
...     moon: str = option("add", choices=("add", "subtract"), doc="How a moon is scored.")
>>> Demo.from_json({"target_score": 150}).target_score
150
>>> Demo.from_json({"moon": "double"})
Traceback (most recent call last):
...
scoring.errors.VariantError: 'double' is not allowed for moon; choose one of: add, subtract.

The same declaration produces the games catalogue (:meth:`Variants.catalogue`), so a key cannot be
implemented without being documented, or documented without being validated.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from scoring.errors import VariantError

_MISSING = object()


def option(
    default: Any,
    *,
    doc: str,
    choices: Sequence[Any] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    multiple_of: int | None = None,
    item_choices: Sequence[Any] | None = None,
) -> Any:
    """Declare one house-rule key. ``doc`` is the one-line explanation shown to players."""
    metadata = {
        "doc": doc,
        "choices": tuple(choices) if choices is not None else None,
        "minimum": minimum,
        "maximum": maximum,
        "multiple_of": multiple_of,
        "item_choices": tuple(item_choices) if item_choices is not None else None,
    }
    if isinstance(default, list):
        default = tuple(default)
    return dataclasses.field(default=default, metadata=metadata)


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _type_name(args[0])
    if origin is tuple:
        return "list"
    if origin is typing.Literal:
        return "choice"
    return {bool: "boolean", int: "integer", str: "choice", float: "number"}.get(tp, "text")


class Variants:
    """Base class of every game's house-rule configuration (a frozen dataclass)."""

    __slots__ = ()
    #: Keys whose value may depend on another key; the subclass fills them in ``resolve``.
    rule_source: ClassVar[str] = ""

    @classmethod
    def _fields(cls) -> tuple[dataclasses.Field[Any], ...]:
        return dataclasses.fields(cls)  # type: ignore[arg-type]

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> Self:
        """Validate a JSON object of house rules; missing keys take their documented default."""
        raw = dict(raw or {})
        if not isinstance(raw, dict):
            raise VariantError("invalid_variants", "House rules must be a JSON object.")
        hints = typing.get_type_hints(cls)
        known = {f.name for f in cls._fields()}
        unknown = sorted(set(raw) - known)
        if unknown:
            raise VariantError(
                "unknown_variant",
                "Unknown house rule '%(key)s' for this game.",
                fields=dict.fromkeys(unknown, "unknown house rule"),
                keys=unknown,
                key=unknown[0],
            )
        values: dict[str, Any] = {}
        for f in cls._fields():
            if f.name in raw:
                values[f.name] = _check_value(f, hints[f.name], raw[f.name])
        instance = cls(**values)
        instance.validate()
        return instance

    def validate(self) -> None:
        """Cross-key checks; subclasses raise :class:`VariantError` naming the conflicting keys."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in self._fields():
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def catalogue(cls) -> list[dict[str, Any]]:
        """Every key with its type, default, allowed values and explanation (for the API)."""
        hints = typing.get_type_hints(cls)
        rows = []
        for f in cls._fields():
            meta = f.metadata
            default = f.default
            entry: dict[str, Any] = {
                "key": f.name,
                "type": _type_name(hints[f.name]),
                "default": list(default) if isinstance(default, tuple) else default,
                "doc": meta.get("doc", ""),
                "nullable": _is_optional(hints[f.name]),
            }
            for key in ("choices", "minimum", "maximum", "multiple_of", "item_choices"):
                if meta.get(key) is not None:
                    entry[key] = list(meta[key]) if isinstance(meta[key], tuple) else meta[key]
            if entry["type"] == "boolean":
                entry["choices"] = [False, True]
            entry["label"] = label(f.name)
            for key in ("choices", "item_choices"):
                if key in entry and entry["type"] != "boolean":
                    entry[key[:-1] + "_labels"] = [label(c) for c in entry[key]]
            rows.append(entry)
        return rows


def label(value: object) -> str:
    """How a key or a value reads on a screen (in English; the service translates it): ``jd_minus_10`` →
    ``Jd minus 10``, ``None`` → ``—``.

    >>> label("reverse_barrel"), label("dealer_fifth_card"), label(None), label(50)
    ('Reverse barrel', 'Dealer fifth card', '—', '50')
    """
    if value is None:
        return "—"
    text = str(value).replace("_", " ")
    return text[:1].upper() + text[1:]


def _is_optional(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in typing.get_args(tp)


def _check_value(f: dataclasses.Field[Any], tp: Any, value: Any) -> Any:
    """One house rule's value checked against its declaration: type, choices, then range."""
    name = f.name
    meta = f.metadata
    if value is None:
        if _is_optional(tp):
            return None
        raise VariantError("invalid_variant", "%(key)s may not be empty.", fields={name: "required"}, key=name)
    if _is_optional(tp):
        tp = next(a for a in typing.get_args(tp) if a is not type(None))
    if typing.get_origin(tp) is tuple:
        value = _check_list(name, typing.get_args(tp)[0], value, meta.get("item_choices"))
    else:
        value = _check_scalar(name, tp, value)
    choices = meta.get("choices")
    if choices is not None and value not in choices:
        raise VariantError(
            "invalid_variant",
            "%(value)s is not allowed for %(key)s; choose one of: %(choices)s.",
            fields={name: "value not allowed"},
            key=name,
            allowed=list(choices),
            value=repr(value),
            choices=", ".join(map(str, choices)),
        )
    if isinstance(value, int) and not isinstance(value, bool):
        _check_range(name, value, meta)
    return value


def _check_list(name: str, item_tp: Any, value: Any, allowed: Sequence[Any] | None) -> tuple[Any, ...]:
    """A list-valued house rule: a list whose items each have the item type (and an allowed value)."""
    if not isinstance(value, (list, tuple)):
        raise VariantError("invalid_variant", "%(key)s must be a list.", fields={name: "must be a list"}, key=name)
    items = tuple(_check_scalar(name, item_tp, item) for item in value)
    for item in items:
        if allowed is not None and item not in allowed:
            raise VariantError(
                "invalid_variant",
                "%(value)s is not allowed in %(key)s; choose from: %(choices)s.",
                fields={name: "value not allowed"},
                key=name,
                value=repr(item),
                choices=", ".join(map(str, allowed)),
            )
    return items


def _check_range(name: str, value: int, meta: Mapping[str, Any]) -> None:
    """A whole number within its declared minimum, maximum and step."""
    low, high, step = meta.get("minimum"), meta.get("maximum"), meta.get("multiple_of")
    if low is not None and value < low:
        raise VariantError(
            "invalid_variant",
            "%(key)s must be at least %(minimum)s.",
            fields={name: "too small"},
            key=name,
            minimum=low,
        )
    if high is not None and value > high:
        raise VariantError(
            "invalid_variant",
            "%(key)s must be at most %(maximum)s.",
            fields={name: "too large"},
            key=name,
            maximum=high,
        )
    if step and value % step:
        raise VariantError(
            "invalid_variant",
            "%(key)s must be a multiple of %(step)s.",
            fields={name: "wrong step"},
            key=name,
            step=step,
        )


def _check_scalar(name: str, tp: Any, value: Any) -> Any:
    if typing.get_origin(tp) is typing.Literal:
        return value
    ok = {
        bool: isinstance(value, bool),
        int: isinstance(value, int) and not isinstance(value, bool),
        str: isinstance(value, str),
        float: isinstance(value, (int, float)) and not isinstance(value, bool),
    }.get(tp, True)
    if not ok:
        kind = _type_name(tp)
        raise VariantError(
            "invalid_variant_type",
            "%(key)s must be of type %(type)s, not %(given)s.",
            fields={name: f"must be {kind}"},
            key=name,
            type=kind,
            given=type(value).__name__,
        )
    return value
