"""House rules are validated configuration with documented defaults (DESIGN.md §3)."""

from __future__ import annotations

import pytest

from scoring.errors import VariantError
from scoring.hearts.variants import HeartsVariants
from scoring.registry import all_games


def test_defaults_come_from_the_rules_file() -> None:
    # hearts.md §5: target 100, moon adds to others, J♦ off, renege abandons the hand.
    variants = HeartsVariants.from_json({})
    assert variants.target_score == 100
    assert variants.moon_scoring == "add_to_others"
    assert variants.jack_of_diamonds == "off"
    assert variants.renege_penalty == "abandon_26"
    assert variants.pass_cycle_4p == ("left", "right", "across", "hold")


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"no_such_rule": 1}, "unknown_variant"),
        ({"target_score": "100"}, "invalid_variant_type"),
        ({"target_score": True}, "invalid_variant_type"),
        ({"target_score": 110}, "invalid_variant"),  # §3.4: multiples of 25
        ({"target_score": 25}, "invalid_variant"),  # §3.4: at least 50
        ({"moon_scoring": "double"}, "invalid_variant"),
        ({"pass_cycle_4p": ["left", "sideways"]}, "invalid_variant"),
        ({"moon_requires_jd": True}, "variant_conflict"),  # needs the J♦ variant
        ({"strip_cards_3p": ["QS"]}, "variant_conflict"),  # §1.4: penalty cards are never removed
    ],
)
def test_bad_house_rules_are_rejected_with_a_code(raw: dict[str, object], code: str) -> None:
    with pytest.raises(VariantError) as excinfo:
        HeartsVariants.from_json(raw)
    assert excinfo.value.code == code


def test_variants_round_trip_through_json() -> None:
    variants = HeartsVariants.from_json({"target_score": 50, "jack_of_diamonds": "jd_minus_10"})
    assert HeartsVariants.from_json(variants.to_json()) == variants


def test_every_registered_game_lists_every_key_with_default_and_doc() -> None:
    for game in all_games():
        entry = game.catalogue()
        assert entry["min_players"] <= entry["max_players"]
        keys = [row["key"] for row in entry["variants"]]
        assert len(keys) == len(set(keys))
        for row in entry["variants"]:
            assert row["doc"], f"{game.name}.{row['key']} has no explanation"
            assert "default" in row
            if "choices" in row:
                assert row["default"] in row["choices"] or row["nullable"]
        assert entry["events"], f"{game.name} lists no event types"


def test_the_catalogue_names_each_rule_and_value_for_a_screen() -> None:
    """Names a phone shows (translated by the service): the key and each value, made readable."""
    from scoring.hearts import GAME

    rows = {row["key"]: row for row in GAME.catalogue()["variants"]}
    assert rows["jack_of_diamonds"]["label"] == "Jack of diamonds"
    assert rows["jack_of_diamonds"]["choice_labels"] == ["Off", "Jd minus 10", "Td minus 10"]
    assert "choice_labels" not in rows["moon_requires_jd"]  # a yes/no rule is a switch, not a list
