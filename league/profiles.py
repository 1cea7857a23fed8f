"""House-rule profiles: matches are rated and compared only against matches under the same rules."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from scoring.registry import get_game

STANDARD = "standard"


def profile_of(game_name: str, variants: Mapping[str, Any]) -> tuple[str, str]:
    """``(key, label)`` of a match's house rules: ``standard`` when every key is at its default.

    Keys at their default do not count, so a match stored before a new house-rule key existed has
    the same profile as one stored after.
    """
    defaults = get_game(game_name).variants_class.from_json({}).to_json()
    changed = {k: v for k, v in sorted(variants.items()) if defaults.get(k, _ABSENT) != v}
    if not changed:
        return STANDARD, "Standard rules"
    canonical = json.dumps(changed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    key = hashlib.sha1(canonical.encode()).hexdigest()[:12]
    label = ", ".join(f"{k}={_show(v)}" for k, v in changed.items())
    return key, label


_ABSENT = object()


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "/".join(map(str, value))
    return str(value)
