"""Entry-form descriptions: what a phone must ask for the next result entry (issue 13).

An engine's :meth:`~scoring.protocol.Game.entry_form` answers with one :func:`form` (or ``None``
when no result can be entered now). The phone builds its form from it and checks nothing the
description does not say, so every rule number (26 or 117 penalty points, 120 card points, 8 or 10
tricks, who is asked) lives in the engine. The vocabulary, shared by every game:

``type``    the event the form records; ``number`` the hand/deal it will be (for the title);
``fields``  in display order, each ``{"name": payload key, "kind": ..., ...}`` with kinds

- ``per_seat``: one integer per seat. ``seats`` are the seats asked (the others send ``fill``),
  or ``seats_from`` names a ``seats`` field whose chosen seats are asked; ``min``/``max`` bound
  each value; ``total`` (with the engine's error ``total_code``) is what the asked values must sum
  to; ``fill_last``: the one seat left untyped gets ``total`` minus the rest; ``shortcut``
  ``{"value": v}``: one tap gives a seat ``v`` and every other asked seat 0 (a moon);
  ``total_when``: the total holds only when the named field has at least ``min_seats`` seats;
- ``seat`` (one seat or, when ``nullable``, nobody) and ``seats`` (a set of seats), from ``seats``;
- ``number``: ``min``/``max``/``step``/``default``;
- ``choice``: one of ``choices`` (``default`` first);
- ``suits_per_seat``: a list of ``suits`` per seat in ``seats``;

plus ``required``, ``nullable`` and ``when`` (``{"field": name, "in": [values]}`` shows the field
only while that field has one of the values; ``{"field": name, "has": v}`` while a per-seat field
holds ``v`` somewhere). ``main: false`` puts a field under "More".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

JSON = dict[str, Any]


def form(event_type: str, number: int, fields: Sequence[JSON]) -> JSON:
    return {"type": event_type, "number": number, "fields": list(fields)}


def per_seat(name: str, seats: Sequence[int], *, maximum: int, total: int | None = None, **extra: Any) -> JSON:
    field: JSON = {"name": name, "kind": "per_seat", "seats": list(seats), "min": 0, "max": maximum, "fill": 0}
    if total is not None:
        field["total"] = total
    field.update(extra)
    return field


def seat(name: str, seats: Sequence[int], **extra: Any) -> JSON:
    return {"name": name, "kind": "seat", "seats": list(seats), **extra}


def seats(name: str, seats: Sequence[int], **extra: Any) -> JSON:
    return {"name": name, "kind": "seats", "seats": list(seats), **extra}


def choice(name: str, choices: Sequence[Any], **extra: Any) -> JSON:
    return {"name": name, "kind": "choice", "choices": list(choices), **extra}


def number(name: str, *, minimum: int, maximum: int, step: int = 1, **extra: Any) -> JSON:
    return {"name": name, "kind": "number", "min": minimum, "max": maximum, "step": step, **extra}
