"""Bounds on what a request may carry, checked before anything reaches the database or a parser.

Ids and counters are 64-bit signed integers in the database (SQLite's INTEGER, PostgreSQL's
bigint): a larger number in a URL, a query string or a body would make the driver raise, so every
integer input is checked against :data:`DB_INT_MAX` first and answered with a 4xx.
"""

from __future__ import annotations

from typing import Any

from companion.errors import Invalid

#: The largest integer a database id or counter column can hold.
DB_INT_MAX = 2**63 - 1
#: Seats, tricks and other small counts are stored in smallint columns.
SMALL_INT_MAX = 32767


def query_int(params: Any, name: str, *, default: int | None = None, code: str = "invalid") -> int | None:
    """An optional non-negative integer from a query string, or a 400 naming it.

    ``str.isdigit`` is not enough: it accepts digits such as "²" that ``int`` refuses.
    """
    raw = params.get(name)
    if raw in (None, ""):
        return default
    text = str(raw)
    if not (text.isascii() and text.isdigit()) or int(text) > DB_INT_MAX:
        raise Invalid(code, f"{name} must be a whole number (an id).", fields={name: "must be an integer"})
    return int(text)


class IdConverter:
    """``<id:match_id>`` in a URL: digits that fit a database id; anything else is an unknown URL (404)."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > DB_INT_MAX:
            raise ValueError(value)  # the URL does not match: 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)
