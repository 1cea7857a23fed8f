"""Hearts by result entry: hearts.md §3 and worked examples H-1, H-3–H-6, H-15."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.hearts import GAME, HeartsState
from scoring.hearts.passing import pass_direction, pass_target
from scoring.hearts.variants import HeartsVariants


def table(totals: tuple[int, ...] = (0, 0, 0, 0), **variants: Any) -> HeartsState:
    state = GAME.start(variants, [f"P{i}" for i in range(len(totals))])
    return dataclasses.replace(state, totals=totals)


def enter(state: HeartsState, **payload: Any) -> HeartsState:
    return GAME.apply_json(state, "hand_result", payload)


def test_h3_hand_score_without_a_moon() -> None:
    # H-3: seat 0 took 3 hearts, seat 1 Q♠ + 5 hearts (18), seat 2 nothing, seat 3 5 hearts.
    after = enter(table((10, 40, 22, 31)), points=[3, 18, 0, 5])
    assert after.hands[-1].scores == (3, 18, 0, 5)
    assert after.totals == (13, 58, 22, 36)
    assert after.result is None


def test_h4_moon_adds_26_to_the_others() -> None:
    after = enter(table((40, 55, 70, 20)), points=[0, 0, 26, 0])
    assert after.hands[-1].scores == (26, 26, 0, 26)
    assert after.totals == (66, 81, 70, 46)
    assert after.hands[-1].moon_shooter == 2


def test_h5_moon_subtracted_from_the_shooter() -> None:
    after = enter(table((40, 55, 70, 20), moon_scoring="subtract_from_shooter"), points=[0, 0, 26, 0])
    assert after.hands[-1].scores == (0, 0, -26, 0)
    assert after.totals == (40, 55, 44, 20)


def test_h5_shooter_choice_add_ends_the_game() -> None:
    state = table((90, 60, 80, 95), moon_scoring="shooter_choice")
    after = enter(state, points=[0, 26, 0, 0], moon_choice="add_to_others")
    assert after.totals == (116, 60, 106, 121)
    assert after.result is not None
    assert after.result.winners == (1,)


def test_h5_shooter_choice_subtract_plays_on() -> None:
    state = table((90, 60, 80, 95), moon_scoring="shooter_choice")
    after = enter(state, points=[0, 26, 0, 0], moon_choice="subtract_from_shooter")
    assert after.totals == (90, 34, 80, 95)
    assert after.result is None


def test_h6_jack_of_diamonds() -> None:
    # Seat 0: J♦ + 2 hearts → 2 − 10 = −8; seat 1 Q♠ 13; seat 2 11 hearts; seat 3 nothing.
    after = enter(table(jack_of_diamonds="jd_minus_10"), points=[2, 13, 11, 0], jd_taker=0)
    assert after.hands[-1].scores == (-8, 13, 11, 0)
    assert sum(after.hands[-1].scores) == 16


def test_h6_moon_with_the_jack_elsewhere() -> None:
    after = enter(table(jack_of_diamonds="jd_minus_10"), points=[0, 0, 0, 26], jd_taker=0)
    # Seat 3 shoots: others +26, seat 0 also −10 → 16.
    assert after.hands[-1].scores == (16, 26, 26, 0)


def test_h6_moon_requires_the_jack() -> None:
    state = table(jack_of_diamonds="jd_minus_10", moon_requires_jd=True)
    after = enter(state, points=[0, 0, 0, 26], jd_taker=0)
    assert after.hands[-1].moon_shooter is None
    assert after.hands[-1].scores == (-10, 0, 0, 26)


def test_moon_with_the_jack_under_subtract_is_minus_36() -> None:
    # §3.2 [our default]: the moon settles hearts and Q♠; the J♦'s −10 is added on top.
    state = table(jack_of_diamonds="jd_minus_10", moon_scoring="subtract_from_shooter")
    after = enter(state, points=[26, 0, 0, 0], jd_taker=0)
    assert after.hands[-1].scores == (-36, 0, 0, 0)


def test_h15_lowest_totals_tied_are_co_winners() -> None:
    # H-15: totals after the hand [98, 104, 73, 73]. Hand scores must total 26, so start from
    # [98, 104 - 18, 73 - 3, 73 - 5] = [98, 86, 70, 68] and enter [0, 18, 3, 5].
    after = enter(table((98, 86, 70, 68)), points=[0, 18, 3, 5])
    assert after.totals == (98, 104, 73, 73)
    assert after.result is not None
    assert after.result.winners == (2, 3)
    assert after.result.places == (3, 4, 1, 1)


def test_h15_tie_break_play_on_continues() -> None:
    after = enter(table((98, 86, 70, 68), tie_break="play_on"), points=[0, 18, 3, 5])
    assert after.result is None
    assert after.totals == (98, 104, 73, 73)


def test_h15_exact_target_default_ends_the_game() -> None:
    # [100, 60, 70, 80] reached from [87, 60, 70, 67] with points [13, 0, 0, 13].
    after = enter(table((87, 60, 70, 67)), points=[13, 0, 0, 13])
    assert after.totals == (100, 60, 70, 80)
    assert after.result is not None and after.result.winners == (1,)


def test_h15_reset_to_half() -> None:
    after = enter(table((87, 60, 70, 67), exact_target_rule="reset_to_half"), points=[13, 0, 0, 13])
    assert after.totals == (50, 60, 70, 80)
    assert after.result is None


def test_h15_exact_wins() -> None:
    after = enter(table((87, 60, 70, 67), exact_target_rule="exact_wins"), points=[13, 0, 0, 13])
    assert after.result is not None and after.result.winners == (0,)


def test_renege_abandons_the_hand_with_26_to_the_offender() -> None:
    # §3.5 / H-14: hand abandoned, offender 26, others 0, no moon.
    after = enter(table(), offenders=[2])
    assert after.hands[-1].scores == (0, 0, 26, 0)
    assert after.hands[-1].moon_shooter is None


def test_renege_scored_as_played_plus_26() -> None:
    after = enter(table(renege_penalty="score_as_played_plus_26"), points=[3, 18, 0, 5], offenders=[2])
    assert after.hands[-1].scores == (3, 18, 26, 5)


def test_avoid_all_tricks_bonus() -> None:
    after = enter(table(avoid_all_tricks_bonus=-5), points=[3, 18, 5, 0], no_tricks=[3])
    assert after.hands[-1].scores == (3, 18, 5, -5)


def test_three_to_six_players() -> None:
    for seats in (3, 5, 6):
        points = [26 - 2 * (seats - 1)] + [2] * (seats - 1)
        after = enter(table((0,) * seats), points=points)
        assert after.totals == tuple(points)


def test_h1_pass_direction_cycle() -> None:
    v = HeartsVariants()
    assert [pass_direction(v, 4, h) for h in (1, 2, 3, 4, 5, 10, 12)] == [
        "left", "right", "across", "hold", "left", "right", "hold"
    ]  # fmt: skip
    assert [pass_direction(v, 3, h) for h in (1, 2, 3, 4, 6)] == ["left", "right", "hold", "left", "hold"]
    assert (pass_target(2, "left", 4), pass_target(2, "right", 4), pass_target(2, "across", 4)) == (3, 1, 0)


def test_the_summary_shows_dealer_and_pass_direction_of_the_next_hand() -> None:
    state = enter(table(), points=[3, 18, 0, 5])
    summary = GAME.summary(state)
    assert (summary["hand"], summary["dealer"], summary["pass_direction"]) == (2, 1, "right")


@pytest.mark.parametrize(
    ("variants", "payload", "code"),
    [
        ({}, {"points": [3, 18, 0, 4]}, "points_must_total_26"),
        ({}, {"points": [3, 18, 0]}, "points_per_seat"),
        ({}, {"points": [3, 18, 0, 5, 0]}, "points_per_seat"),
        ({}, {"points": [-1, 22, 0, 5]}, "negative_points"),
        ({}, {"points": [27, -1, 0, 0]}, "points_out_of_range"),
        ({}, {}, "points_required"),
        ({"jack_of_diamonds": "jd_minus_10"}, {"points": [3, 18, 0, 5]}, "jd_taker_required"),
        ({}, {"points": [3, 18, 0, 5], "jd_taker": 1}, "jd_taker_not_allowed"),
        ({"jack_of_diamonds": "jd_minus_10"}, {"points": [3, 18, 0, 5], "jd_taker": 4}, "no_such_seat"),
        ({"moon_scoring": "shooter_choice"}, {"points": [0, 26, 0, 0]}, "moon_choice_required"),
        (
            {"moon_scoring": "shooter_choice"},
            {"points": [3, 18, 0, 5], "moon_choice": "add_to_others"},
            "moon_choice_not_allowed",
        ),
        ({}, {"points": [0, 26, 0, 0], "moon_choice": "add_to_others"}, "moon_choice_not_allowed"),
        ({"avoid_all_tricks_bonus": -5}, {"points": [3, 18, 0, 5], "no_tricks": [0]}, "no_trick_player_has_points"),
        ({}, {"points": [3, 18, 0, 5], "no_tricks": [2]}, "no_tricks_not_allowed"),
        ({}, {"points": [3, 18, 0, 5], "offenders": [2]}, "offenders_replace_points"),
        ({"renege_penalty": "none"}, {"offenders": [2]}, "no_renege_penalty"),
        ({}, {"offenders": [5]}, "no_such_seat"),
    ],
)
def test_bad_entries_are_rejected_and_change_nothing(
    variants: dict[str, Any], payload: dict[str, Any], code: str
) -> None:
    state = enter(
        table(**variants), **{"points": [3, 18, 0, 5], **({"jd_taker": 0} if variants.get("jack_of_diamonds") else {})}
    )
    with pytest.raises(RulesError) as excinfo:
        enter(state, **payload)
    assert excinfo.value.code == code
    assert excinfo.value.params.get("rule", "").startswith("hearts.md")
    assert state.hand_number == 2  # the state value is unchanged: apply is pure


def test_nothing_can_be_entered_after_the_game_is_over() -> None:
    finished = enter(table((87, 60, 70, 67)), points=[13, 0, 0, 13])
    with pytest.raises(RulesError) as excinfo:
        enter(finished, points=[3, 18, 0, 5])
    assert excinfo.value.code == "match_finished"
    assert GAME.legal_actions(finished) == []
