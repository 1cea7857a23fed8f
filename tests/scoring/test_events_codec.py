"""Every event round-trips through its JSON form; malformed payloads are refused field by field."""

from __future__ import annotations

import pytest

from scoring.errors import EventFormatError
from scoring.hearts import GAME, HandResult


def test_a_hand_result_round_trips() -> None:
    event = HandResult(points=(3, 18, 0, 5))
    event_type, payload = GAME.dump_event(event)
    assert (event_type, payload) == ("hand_result", {"points": [3, 18, 0, 5], "no_tricks": [], "offenders": []})
    assert GAME.parse_event(event_type, payload) == event


@pytest.mark.parametrize(
    ("event_type", "payload", "code", "field"),
    [
        ("hand_result", {"points": [3, 18, 0, 5.5]}, "invalid_field", "points"),
        ("hand_result", {"points": "3,18,0,5"}, "invalid_field", "points"),
        ("hand_result", {"points": [3, 18, 0, True]}, "invalid_field", "points"),
        ("hand_result", {"points": [3, 18, 0, 5], "bonus": 1}, "unknown_field", "bonus"),
        ("hand_result", {"moon_choice": "double"}, "invalid_field", "moon_choice"),
        ("shoot", {}, "unknown_event_type", "type"),
    ],
)
def test_malformed_payloads_name_the_field(event_type: str, payload: dict[str, object], code: str, field: str) -> None:
    with pytest.raises(EventFormatError) as excinfo:
        GAME.parse_event(event_type, payload)
    assert excinfo.value.code == code
    assert field in excinfo.value.fields


def test_the_catalogue_describes_payloads_as_json_schema() -> None:
    schema = GAME.catalogue()["events"]["hand_result"]
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False
    assert schema["properties"]["points"]["anyOf"][0] == {"type": "array", "items": {"type": "integer"}}
