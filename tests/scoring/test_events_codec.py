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


def test_a_bad_card_deep_in_a_deal_is_named() -> None:
    """The fast decoders (lists of cards, lists of lists) fall back to the full check for the error,
    which names the bad card and the field, or the place of a bad list (``hands[1]``)."""
    from scoring.thousand import GAME as THOUSAND

    hands = [["AS", "KS", "QS"], ["AH", "KH", "XX"], ["AD", "KD", "QD"]]
    with pytest.raises(EventFormatError) as excinfo:
        THOUSAND.parse_event("deal", {"hands": hands})
    assert (excinfo.value.code, excinfo.value.params) == ("invalid_card", {"card": "XX"})
    assert "hands" in excinfo.value.fields
    with pytest.raises(EventFormatError) as excinfo:
        THOUSAND.parse_event("deal", {"hands": [["AS"], "AH KH", ["AD"]]})
    assert excinfo.value.params["field"] == "hands[1]"


def test_cards_are_read_in_any_spelling_the_codec_accepts() -> None:
    """The fast path knows the names ``dump`` writes; other spellings (10H for TH) take the full path."""
    from scoring.cards import Card
    from scoring.thousand import GAME as THOUSAND

    event = THOUSAND.parse_event("play_card", {"seat": 1, "card": "10H"})
    assert event == THOUSAND.parse_event("play_card", {"seat": 1, "card": "TH"})
    assert event.card == Card("TH")  # type: ignore[attr-defined]


def test_an_events_docstring_is_a_comment_for_developers_not_a_description_for_players() -> None:
    # A phone shows an event schema's description as "About this entry"; the docstring names fields.
    from scoring.thousand import GAME as THOUSAND

    schema = THOUSAND.codec.schema()["deal"]
    assert "description" not in schema and "``hands``" in schema["$comment"]
