"""The serializer fields every input uses for text and whole numbers (api and league serializers)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from companion.text import CODE as TEXT_CODE
from companion.text import text_problem


class TextField(serializers.CharField):
    """Text a person typed: the one text check (companion.text) refuses a lone surrogate or a NUL
    (a validation error whose code makes the answer a 400 ``invalid_text`` naming the field) (the JSON parser has already walked the body; this
    keeps every serializer's text honest whatever parsed it)."""

    def to_internal_value(self, data: Any) -> str:
        if isinstance(data, str) and (problem := text_problem(data)) is not None:
            raise serializers.ValidationError(problem, code=TEXT_CODE)  # the answer's code: api/exceptions.py
        return str(super().to_internal_value(data))


class StrictIntegerField(serializers.IntegerField):
    """A JSON number that is a whole number: ``true`` and ``"1"`` are refused, not read as 1 (DRF's
    IntegerField takes both: a client sending either has a bug the answer should show)."""

    default_error_messages = {"not_integer": "Must be a JSON integer (not a string or a boolean)."}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("not_integer")
        return int(super().to_internal_value(data))
