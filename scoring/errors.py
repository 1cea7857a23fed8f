"""Errors raised by the rule engines.

Every error carries a stable snake_case ``code``, an English ``message`` that names the rule, and
``params`` with the values the message was built from. The message is written as a template with
``%(name)s`` placeholders filled from ``params``; the template is the message id of the translation
catalogues (:mod:`scoring.i18n`), so the service can answer in the player's language. ``field`` and
``seat`` in ``params``, when given, name the payload field and the seat the error concerns (a form
shows the error beside them)::

    >>> RulesError("not_your_turn", "It is %(name)s's turn.", name="Ann").message
    "It is Ann's turn."
"""

from __future__ import annotations

from typing import Any

from scoring.explain import fill


class ScoringError(Exception):
    """Base of every error the engines raise on purpose."""

    default_code = "scoring_error"

    def __init__(self, code: str, message: str, *, rule: str | None = None, **params: Any) -> None:
        self.code = code
        self.template = message
        self.rule = rule
        self.params: dict[str, Any] = dict(params)
        if rule is not None:
            self.params["rule"] = rule
        self.message = fill(message, self.params)
        super().__init__(self.message)

    @property
    def field(self) -> str | None:
        """The payload field the error concerns, when the engine named one (``params["field"]``)."""
        value = self.params.get("field")
        return value if isinstance(value, str) else None

    @property
    def seat(self) -> int | None:
        """The seat the error concerns, when the engine named one (``params["seat"]``)."""
        value = self.params.get("seat")
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def where(self) -> dict[str, Any]:
        """``field`` and ``seat`` when named: a form shows the error beside what it concerns."""
        return {k: v for k, v in (("field", self.field), ("seat", self.seat)) if v is not None}

    def as_json(self) -> dict[str, Any]:
        data = {"code": self.code, "message": self.message, "params": self.params, "template": self.template}
        return {**data, **self.where()}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class RulesError(ScoringError):
    """A well-formed event that the game's rules do not allow (HTTP 422 in the service)."""


class EventFormatError(ScoringError):
    """An event, card or record that cannot be read at all (HTTP 400 in the service).

    ``fields`` maps a payload field to what is wrong with it.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        fields: dict[str, str] | None = None,
        rule: str | None = None,
        **params: Any,
    ) -> None:
        super().__init__(code, message, rule=rule, **params)
        self.fields = dict(fields or {})

    def as_json(self) -> dict[str, Any]:
        data = super().as_json()
        if self.fields:
            data["fields"] = self.fields
        return data


class VariantError(EventFormatError):
    """House rules that are unknown, of the wrong type or outside their allowed values."""


class RecordError(EventFormatError):
    """A ``companion-record/1`` document that is malformed."""
