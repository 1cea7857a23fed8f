"""Reading the translatable parts of a summary in tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def translatable(data: Any) -> Iterator[dict[str, Any]]:
    """Every dict of a JSON document that ``scoring.i18n.localize`` rewrites (it has a ``template``),
    in document order: explanation lines, findings, penalties, claim reasons, a result's ``how``."""
    if isinstance(data, list):
        for item in data:
            yield from translatable(item)
    elif isinstance(data, dict):
        if "template" in data:
            yield data
        for value in data.values():
            yield from translatable(value)
