"""One line of an explanation, shared by every game's summary.

Every number a summary shows (a hand's score, a payment, a barrel fall) carries ``explain`` lines:
a stable ``code``, the ``seat`` it concerns, an English ``template`` with ``%(name)s`` placeholders
and the ``params`` that fill it. The template is the message id of the translation catalogues
(``scoring/locale``, see :mod:`scoring.i18n`), so a line reads the same in every language::

    >>> note = Note("marriage", "Marriage %(suit)s: +%(value)s.", 1, suit="♥", value=100)
    >>> note.text
    'Marriage ♥: +100.'
    >>> Note("bolt", "%(count)s bolt.", 0, plural="%(count)s bolts.", count=2).text
    '2 bolts.'

Params hold numbers, player names, cards and rule references, never English words: a word that
changes with the situation gets a template of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ParamValue = str | int | float


def N_(template: str) -> str:
    """Mark a template written away from its ``Note``/error (a table of labels, a finding's text) for
    extraction into the catalogues; it returns the template unchanged."""
    return template


def NP_(template: str, plural: str) -> tuple[str, str]:
    """Like :func:`N_` for a template with a plural form (``Note(..., plural=...)``, count ``count``)."""
    return template, plural


def fill(template: str, params: Mapping[str, object]) -> str:
    """``template % params``; a template without placeholders is returned unchanged."""
    return template % params if "%(" in template else template


class Note:
    """One line explaining a number: a code, its seat, and a translatable template with params.

    ``plural`` is the English plural template; the count that chooses between the two is
    ``params["count"]``.
    """

    __slots__ = ("code", "params", "plural", "seat", "template", "text")

    code: str
    template: str
    seat: int | None
    params: Mapping[str, ParamValue]
    plural: str | None
    text: str

    def __init__(
        self, code: str, template: str, seat: int | None = None, /, *, plural: str | None = None, **params: ParamValue
    ) -> None:
        if plural is not None and "count" not in params:
            raise ValueError(f"note {code!r}: a plural template needs a 'count' param")
        chosen = plural if plural is not None and params["count"] != 1 else template
        text = fill(chosen, params)  # fails here, at the engine, when a param is missing
        put = object.__setattr__
        put(self, "code", code)
        put(self, "template", template)
        put(self, "seat", seat)
        put(self, "params", params)  # **params is already a fresh dict
        put(self, "plural", plural)
        put(self, "text", text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Note is immutable (tried to set {name})")

    def _key(self) -> tuple[object, ...]:
        return (self.code, self.template, self.seat, tuple(sorted(self.params.items())), self.plural)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Note) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Note({self.code!r}, {self.text!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled snapshots (the service's state cache) rebuild the note through __init__
        return (_rebuild, (self.code, self.template, self.seat, self.plural, dict(self.params)))

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "code": self.code,
            "seat": self.seat,
            "text": self.text,
            "template": self.template,
            "params": dict(self.params),
        }
        if self.plural is not None:
            data["plural"] = self.plural
        return data


def _rebuild(code: str, template: str, seat: int | None, plural: str | None, params: dict[str, ParamValue]) -> Note:
    return Note(code, template, seat, plural=plural, **params)
