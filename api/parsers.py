"""The JSON parser every endpoint uses: bounded in size and nesting before anything is parsed.

A body nested a thousand deep would make the decoder (or any code walking the result) recurse until
``RecursionError``; a huge one would be read whole into memory. Both are refused first, with the
API's error shape: 413 ``payload_too_large`` and 400 ``json_too_deep``. Then every key and string of
the document goes through the one text check (companion.text): a lone surrogate or a NUL anywhere
in a body is a 400 ``invalid_text`` naming where, before any view, throttle or service reads it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser

from companion.errors import Invalid
from companion.text import CODE as BAD_TEXT
from companion.text import first_bad_text

#: A JSON string (with its escapes): brackets inside strings do not nest anything.
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")
#: The only way a NUL or a lone surrogate gets into parsed JSON: a ``\u0000`` or ``\udXXX`` escape
#: (raw control characters are invalid JSON, raw surrogates invalid UTF-8). A body without one needs
#: no walk; a match (an escaped emoji's pair too) is walked by the text check, which decides.
_SUSPECT_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "payload_too_large"


class TooDeep(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = "The JSON body is nested too deeply."
    default_code = "json_too_deep"


def max_body_bytes() -> int:
    return int(settings.COMPANION_MAX_BODY_BYTES)


def nesting_depth(raw: bytes, limit: int) -> int:
    """How deep ``raw``'s arrays and objects nest (counting stops just past ``limit``)."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return 0  # cannot be deeper than the number of openings
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub(b'""', raw)):
        depth += 1 if bracket in (b"[", b"{") else -1
        deepest = max(deepest, depth)
        if deepest > limit:
            break
    return deepest


class GuardedJSONParser(JSONParser):
    def parse(
        self, stream: IO[Any] | None, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None
    ) -> Any:
        limit = max_body_bytes()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise PayloadTooLarge(f"The request body is larger than {limit} bytes.")
        max_depth = int(settings.COMPANION_MAX_JSON_DEPTH)
        if nesting_depth(raw, max_depth) > max_depth:
            raise TooDeep(f"The JSON body nests deeper than {max_depth} levels.")
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
            data = json.loads(text, parse_constant=_refuse_constant)
        except (ValueError, RecursionError) as exc:
            raise exceptions.ParseError(f"JSON parse error - {exc}") from None
        bad = first_bad_text(data) if _SUSPECT_ESCAPE.search(text) else None
        if bad is not None:
            field, problem = bad
            raise Invalid(BAD_TEXT, f"{field}: {problem}", fields={field: problem}, field=field)
        return data


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")
