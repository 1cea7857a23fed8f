"""docs/record-format.schema.json is generated from the engines and validates every example record."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from scoring.schema import record_schema

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "record-format.schema.json"


def test_the_committed_schema_matches_the_engines() -> None:
    committed = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert committed == record_schema(), "regenerate with: python -m scoring schema > docs/record-format.schema.json"


# Records named *malformed* are deliberately not records (they test the CLI's exit status 2).
EXAMPLES = sorted(p for p in (ROOT / "tests" / "data" / "records").glob("*.json") if "malformed" not in p.name)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_records_follow_the_schema(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(record, record_schema())


def test_the_schema_rejects_an_unknown_payload_field() -> None:
    record = {
        "format": "companion-record/1",
        "game": "hearts",
        "variants": {},
        "players": ["A", "B", "C", "D"],
        "events": [{"seq": 1, "type": "hand_result", "payload": {"points": [26, 0, 0, 0], "bonus": 1}}],
    }
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, record_schema())
