"""Every event and field the phone's generic form can show has a translated label in js/format.js (issue 7:
"every string"), so no humanized English key reaches a German, Finnish or Russian screen."""

from __future__ import annotations

import re
from pathlib import Path

from scoring.registry import GAME_MODULES, get_game

APP = Path(__file__).resolve().parents[2] / "web" / "static" / "web" / "js" / "format.js"


def _labels() -> set[str]:
    source = APP.read_text()
    start = source.index("const LABELS = {")
    return set(re.findall(r"(\w+):\s*(?:_|pgettext)\(", source[start : source.index("};", start)]))


def test_every_event_type_and_field_has_a_label() -> None:
    labels = _labels()
    missing = sorted(
        f"{game}: {name}"
        for game in GAME_MODULES
        for event, schema in get_game(game).catalogue()["events"].items()
        for name in (event, *schema.get("properties", {}))
        if name not in labels
    )
    assert missing == []
