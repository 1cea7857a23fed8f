"""Result entry keeps working next to card play (rules/hearts.md §3.6), and every §5 key exists."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.hearts import GAME
from tests.scoring.hearts_support import ev, new_game

# rules/hearts.md §5, every key but player_count (the number of seats of the match), plus
# spot_hearts, the bonus §3.2 names but §5 does not list, and no_tricks_bonus_on_moon, our key for
# what §3.2 leaves open (docs/games/hearts.md §5.1).
SECTION_5_KEYS = {
    "spot_hearts",
    "no_tricks_bonus_on_moon",
    "short_deal_method",
    "strip_cards_3p",
    "strip_cards_5p",
    "strip_cards_6p",
    "pass_count",
    "pass_cycle_4p",
    "pass_cycle_other",
    "optional_pass",
    "first_lead",
    "no_points_first_trick",
    "first_trick_fallback",
    "must_break_hearts",
    "queen_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
    "all_hearts_unbroken_lead",
    "jack_of_diamonds",
    "moon_scoring",
    "moon_requires_jd",
    "avoid_all_tricks_bonus",
    "kitty",
    "target_score",
    "tie_break",
    "exact_target_rule",
    "renege_penalty",
}


def test_every_section_5_key_is_a_variant() -> None:
    assert {row["key"] for row in GAME.catalogue()["variants"]} == SECTION_5_KEYS


def test_catalogue_lists_the_card_events() -> None:
    assert set(GAME.catalogue()["events"]) == {
        "hand_result",
        "deal",
        "pass_cards",
        "play_card",
        "pass_lead",
        "retract_card",
        "renege_report",
        "moon_choice",
    }


@pytest.mark.parametrize(
    ("variants", "payload", "code"),
    [
        ({}, {"points": [1, 2, 3, 4]}, "points_must_total_26"),
        ({"jack_of_diamonds": "jd_minus_10"}, {"points": [26, 0, 0, 0]}, "jd_taker_required"),
        ({"moon_scoring": "shooter_choice"}, {"points": [26, 0, 0, 0]}, "moon_choice_required"),
        ({}, {"points": [26, 0, 0, 0], "offenders": [1]}, "offenders_replace_points"),
        ({}, {"points": [13, 13, 0, 0], "moon_choice": "add_to_others"}, "moon_choice_not_allowed"),
    ],
)
def test_result_entry_errors(variants: dict[str, Any], payload: dict[str, Any], code: str) -> None:
    with pytest.raises(RulesError) as err:
        GAME.apply_json(new_game(variants), "hand_result", payload)
    assert err.value.code == code


def test_result_entry_abandoned_hand() -> None:
    state = ev(new_game(), "hand_result", offenders=[3])
    assert state.totals == (0, 0, 0, 26)
    assert [(f["seat"], f["status"]) for f in GAME.summary(state)["findings"]] == [(3, "reported")]
    assert GAME.legal_actions(state) == [
        {"type": "deal", "hand": 2, "dealer": 1},
        {"type": "hand_result", "hand": 2},
    ]
