"""The one check on text that enters the service: no lone surrogate, no NUL.

JSON may carry ``"\\ud800"`` (half of a UTF-16 pair): Python decodes it to a ``str`` that cannot be
encoded as UTF-8, so hashing it (the sign-in limiter's key), writing it to PostgreSQL or rendering
it raises. PostgreSQL's text columns cannot hold ``"\\u0000"`` at all. Neither is ever a character a
person typed, so both are refused at the door with a 400 ``invalid_text`` naming the field: the JSON
parser walks every body with :func:`text_problem` (every key and string of every write), the
serializers' text fields and the throttle's username key use the same function.
"""

from __future__ import annotations

import re
from typing import Any

from companion.errors import Invalid

#: NUL, or a surrogate code point (U+D800–U+DFFF): a well-formed ``str`` holds pairs as one
#: character, so any surrogate left in a decoded string is a lone one.
_FORBIDDEN = re.compile("[\x00\ud800-\udfff]")

CODE = "invalid_text"


def text_problem(value: str) -> str | None:
    """Why ``value`` may not be stored (a sentence), or None when it is acceptable text."""
    found = _FORBIDDEN.search(value)
    if found is None:
        return None
    char = found.group()
    if char == "\x00":
        return "must not contain the NUL character (U+0000)."
    return f"must not contain a lone surrogate (U+{ord(char):04X}): it is not a character."


def text_check(value: str, field: str) -> str:
    """``value`` itself, or :class:`~companion.errors.Invalid` (400 ``invalid_text``) naming ``field``."""
    problem = text_problem(value)
    if problem is not None:
        raise Invalid(CODE, f"{field}: {problem}", fields={field: problem}, field=field)
    return value


def first_bad_text(data: Any, path: str = "") -> tuple[str, str] | None:
    """The first ``(field path, problem)`` among every key and string of a parsed JSON document.

    The parser has already bounded the document's size and depth, so the walk is bounded too.
    """
    if isinstance(data, str):
        problem = text_problem(data)
        return None if problem is None else (path or "body", problem)
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return None
    for key, value in items:
        name = f"{path}.{key}" if path else str(key)
        if isinstance(key, str) and (problem := text_problem(key)) is not None:
            return (path or "body", f"a key {problem}")
        found = first_bad_text(value, name)
        if found is not None:
            return found
    return None
