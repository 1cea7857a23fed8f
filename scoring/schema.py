"""JSON Schema of the ``companion-record/1`` document, generated from the engines' event codecs.

``python -m scoring schema`` prints it; ``docs/record-format.schema.json`` is this output, and a test
keeps the two equal so the documentation cannot drift from the code.
"""

from __future__ import annotations

from typing import Any

from scoring.record import CLAIM_KINDS, FORMAT
from scoring.registry import all_games

_CORRECTIONS: dict[str, Any] = {
    "void": {
        "type": "object",
        "description": "Event `seq` no longer counts. Nothing is deleted from the record.",
        "properties": {"seq": {"type": "integer", "minimum": 1}, "reason": {"type": "string"}},
        "required": ["seq"],
        "additionalProperties": False,
    },
    "amend": {
        "type": "object",
        "description": "Event `seq` counts as if it had been this event (a corrected result).",
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "type": {"type": "string"},
            "payload": {"type": "object"},
            "reason": {"type": "string"},
        },
        "required": ["seq", "type", "payload"],
        "additionalProperties": False,
    },
    "claim": {
        "type": "object",
        "description": (
            "An annotation (replay skips it): `seat` claimed after event `at_seq` and the claim checker "
            "answered `verdict` (docs/claims.md)."
        ),
        "properties": {
            "at_seq": {"type": "integer", "minimum": 0},
            "seat": {"type": "integer", "minimum": 0},
            "kind": {"enum": list(CLAIM_KINDS)},
            "tricks": {"type": "integer", "minimum": 0},
            "laid_down": {"type": "array", "items": {"type": "string"}},
            "verdict": {
                "type": "object",
                "properties": {"status": {"enum": ["holds", "fails", "undetermined"]}},
                "required": ["status"],
            },
        },
        "required": ["at_seq", "seat", "kind", "verdict"],
        "additionalProperties": False,
    },
    "claim_accept": {
        "type": "object",
        "description": "An annotation: `seat` accepted the claim of event `seq` (`settled`: the plays follow).",
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "seat": {"type": "integer", "minimum": 0},
            "settled": {"type": "boolean"},
        },
        "required": ["seq", "seat"],
        "additionalProperties": False,
    },
}


def _event_variants(game_name: str, payloads: dict[str, Any]) -> list[dict[str, Any]]:
    variants = []
    for event_type, payload in {**payloads, **_CORRECTIONS}.items():
        variants.append(
            {
                "title": f"{game_name}.{event_type}",
                "properties": {"type": {"const": event_type}, "payload": payload},
            }
        )
    return variants


def record_schema() -> dict[str, Any]:
    event_base = {
        "type": "object",
        "properties": {
            "seq": {"type": "integer", "minimum": 1, "description": "1, 2, 3 … per match, no gaps"},
            "type": {"type": "string"},
            "payload": {"type": "object"},
            "client_event_id": {"type": "string", "description": "UUID made by the phone; idempotency key"},
            "recorded_by": {"type": "string"},
            "recorded_at": {"type": "string", "format": "date-time"},
        },
        "required": ["seq", "type", "payload"],
        "additionalProperties": False,
    }
    per_game = []
    for game in all_games():
        catalogue = game.catalogue()
        per_game.append(
            {
                "if": {"properties": {"game": {"const": game.name}}},
                "then": {
                    "properties": {
                        "variants": {
                            "type": "object",
                            "properties": {row["key"]: {"description": row["doc"]} for row in catalogue["variants"]},
                            "additionalProperties": False,
                        },
                        "players": {"minItems": game.min_players, "maxItems": game.max_players},
                        "events": {"items": {"oneOf": _event_variants(game.name, catalogue["events"])}},
                    }
                },
            }
        )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://companion.invalid/schemas/companion-record-1.json",
        "title": FORMAT,
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "game": {"enum": [g.name for g in all_games()]},
            "variants": {"type": "object"},
            "players": {"type": "array", "items": {"type": "string", "minLength": 1}},
            "events": {"type": "array", "items": event_base},
        },
        "required": ["format", "game", "players", "events"],
        "allOf": per_game,
    }
