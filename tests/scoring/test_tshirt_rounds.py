"""The T-Shirt Game (rules/tshirt-game.md): rounds, judges, Hot or Not points, BOO YAH!."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError, VariantError
from scoring.tshirt import GAME, RoundResult, SloganPlayed, StartGame, TShirtState

PLAYERS = ("Ann", "Ben", "Cat", "Dan")


def started(first_judge: int = 0, players: tuple[str, ...] = PLAYERS, **variants: Any) -> TShirtState:
    return GAME.apply(GAME.start(variants, players), StartGame(first_judge))


def play(state: TShirtState, *rounds: dict[str, Any]) -> TShirtState:
    for payload in rounds:
        state = GAME.apply_json(state, "round_result", payload)
    return state


def rr(rnd: int, judge: int, winner: int, value: int, **extra: Any) -> dict[str, Any]:
    return {"round": rnd, "judge": judge, "winner": winner, "value": value, **extra}


def code_of(state: TShirtState, event_type: str, payload: dict[str, Any]) -> str:
    with pytest.raises(RulesError) as info:
        GAME.apply_json(state, event_type, payload)
    return info.value.code


def test_youngest_judges_first_then_the_judge_passes_left() -> None:
    # Turn structure 1 and 7: youngest (seat 2 here) first, then one seat to the left: 2, 3, 0, 1, 2.
    state = started(first_judge=2)
    judges = []
    for rnd in range(1, 6):
        judges.append(state.judge)
        winner = (state.judge or 0) + 1
        state = play(state, rr(rnd, state.judge or 0, winner % 4, 100))
    assert judges == [2, 3, 0, 1, 2]


def test_the_winner_scores_the_printed_value_and_nobody_else_scores() -> None:
    # Turn structure 5: 400 then 250 to Ben, 1000 to Cat.
    state = play(started(), rr(1, 0, 1, 400), rr(2, 1, 2, 1000), rr(3, 2, 1, 250))
    assert state.totals == (0, 650, 1000, 0)
    summary = GAME.summary(state)
    assert summary["totals"] == [0, 650, 1000, 0]
    texts = [line["text"] for line in summary["history"][2]["explain"]]
    assert any("Ben: 400 → 650" in t for t in texts)


def test_first_to_reach_the_target_wins_at_once() -> None:
    # Scoring model: 3000 reached after the card is resolved; the game ends at once.
    state = play(started(), rr(1, 0, 1, 1500), rr(2, 1, 2, 2900), rr(3, 2, 1, 1500))
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (1,)
    assert result.scores == (0, 3000, 2900, 0)
    assert result.places == (3, 1, 2, 3)
    assert code_of(state, "round_result", rr(4, 3, 0, 10)) == "match_finished"


def test_a_lower_target_from_the_house_rules() -> None:
    state = play(started(target_points=500), rr(1, 0, 3, 499))
    assert GAME.result(state) is None
    state = play(state, rr(2, 1, 3, 1))
    assert GAME.result(state) is not None


def test_a_round_result_naming_the_judge_as_winner_is_rejected() -> None:
    state = started()
    assert code_of(state, "round_result", rr(1, 0, 0, 100)) == "judge_cannot_win"


def test_the_judge_must_follow_the_rotation() -> None:
    assert code_of(started(first_judge=1), "round_result", rr(1, 0, 2, 100)) == "wrong_judge"


def test_rounds_need_the_seating_first() -> None:
    state = GAME.start({}, PLAYERS)
    assert code_of(state, "round_result", rr(1, 0, 1, 100)) == "game_not_started"
    assert GAME.legal_actions(state) == [{"type": "start_game", "seats": [0, 1, 2, 3]}]
    assert code_of(started(), "start_game", {"first_judge": 1}) == "game_already_started"
    assert code_of(state, "start_game", {"first_judge": 4}) == "no_such_seat"


def test_a_repeated_submission_never_awards_a_card_twice() -> None:
    # Scoring model [our default]: a retry of the same round is answered, nothing applied again.
    state = play(started(), rr(1, 0, 1, 400))
    assert code_of(state, "round_result", rr(1, 0, 1, 400)) == "round_already_recorded"
    assert code_of(state, "round_result", rr(1, 0, 2, 400)) == "round_result_conflict"
    assert code_of(state, "round_result", rr(3, 2, 1, 400)) == "round_out_of_order"
    assert code_of(state, "round_result", rr(0, 2, 1, 400)) == "round_out_of_order"
    assert state.totals == (0, 400, 0, 0)


@pytest.mark.parametrize(
    ("variants", "value", "code"),
    [
        ({}, -5, "negative_value"),
        ({"max_hot_or_not_value": 1000}, 1001, "value_above_house_limit"),
    ],
)
def test_card_values_are_checked(variants: dict[str, Any], value: int, code: str) -> None:
    assert code_of(started(**variants), "round_result", rr(1, 0, 1, value)) == code


def test_zero_and_house_negative_values_are_accepted() -> None:
    assert play(started(), rr(1, 0, 1, 0)).totals == (0, 0, 0, 0)
    assert play(started(allow_negative_values=True), rr(1, 0, 1, -100)).totals == (0, -100, 0, 0)
    assert play(started(max_hot_or_not_value=1000), rr(1, 0, 1, 1000)).totals == (0, 1000, 0, 0)


def boo_state(**variants: Any) -> TShirtState:
    # Ben holds a 400 (round 1) and Dan a 700 (round 3); Cat 250 (round 2).
    return play(started(**variants), rr(1, 0, 1, 400), rr(2, 1, 2, 250), rr(3, 2, 3, 700))


def test_boo_yah_default_keeps_its_value_and_steals_one_card() -> None:
    # boo_yah_mode = steal_and_value: Ann draws BOO YAH! worth 300 and takes Dan's 700.
    state = play(boo_state(), rr(4, 3, 0, 300, boo_yah=True, stolen_from=3, stolen_round=3, stolen_value=700))
    assert state.totals == (1000, 400, 250, 0)
    assert sum(state.totals) == 400 + 250 + 700 + 300


def test_boo_yah_steal_is_optional() -> None:
    state = play(boo_state(), rr(4, 3, 0, 300, boo_yah=True))
    assert state.totals == (300, 400, 250, 700)


def test_boo_yah_steal_only_counts_nothing_itself() -> None:
    state = play(
        boo_state(boo_yah_mode="steal_only"),
        rr(4, 3, 0, 300, boo_yah=True, stolen_from=1, stolen_round=1, stolen_value=400),
    )
    assert state.totals == (400, 0, 250, 700)


def test_boo_yah_value_only_cannot_steal() -> None:
    state = boo_state(boo_yah_mode="value_only")
    payload = rr(4, 3, 0, 300, boo_yah=True, stolen_from=1, stolen_round=1, stolen_value=400)
    assert code_of(state, "round_result", payload) == "steal_not_allowed"
    assert play(state, rr(4, 3, 0, 300, boo_yah=True)).totals == (300, 400, 250, 700)


def test_boo_yah_first_draw_counts_zero_only_when_first() -> None:
    first = play(started(boo_yah_mode="first_draw_no_value"), rr(1, 0, 1, 500, boo_yah=True))
    assert first.totals == (0, 0, 0, 0)
    later = play(boo_state(boo_yah_mode="first_draw_no_value"), rr(4, 3, 0, 500, boo_yah=True))
    assert later.totals == (500, 400, 250, 700)


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"stolen_from": 1, "stolen_round": 1, "stolen_value": 400}, "steal_without_boo_yah"),
        ({"boo_yah": True, "stolen_from": 1}, "steal_incomplete"),
        ({"boo_yah": True, "stolen_from": 0, "stolen_round": 1, "stolen_value": 400}, "cannot_steal_from_self"),
        ({"boo_yah": True, "stolen_from": 1, "stolen_round": 2, "stolen_value": 250}, "no_such_card"),
        ({"boo_yah": True, "stolen_from": 1, "stolen_round": 1, "stolen_value": 401}, "stolen_value_mismatch"),
        ({"boo_yah": True, "stolen_from": 7, "stolen_round": 1, "stolen_value": 400}, "no_such_seat"),
    ],
)
def test_bad_boo_yah_details(extra: dict[str, Any], code: str) -> None:
    assert code_of(boo_state(), "round_result", rr(4, 3, 0, 300, **extra)) == code


def test_a_stolen_card_can_be_stolen_again_and_scores_follow_it() -> None:
    state = play(boo_state(), rr(4, 3, 0, 300, boo_yah=True, stolen_from=3, stolen_round=3, stolen_value=700))
    state = play(state, rr(5, 0, 3, 100, boo_yah=True, stolen_from=0, stolen_round=3, stolen_value=700))
    assert state.totals == (300, 400, 250, 800)


def test_hot_or_not_deck_exhaustion_ends_the_game_highest_wins_ties_share() -> None:
    # Variants hot_or_not_exhausted: with a 3-card deck, the game ends after round 3.
    state = play(started(hot_or_not_deck_size=3), rr(1, 0, 1, 400), rr(2, 1, 2, 400), rr(3, 2, 3, 100))
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (1, 2)
    assert result.places == (4, 1, 1, 3)


def test_slogan_tracking_checks_entries_and_refills_hands_to_three() -> None:
    state = started()
    assert code_of(state, "slogan_played", {"round": 1, "seat": 0}) == "judge_cannot_submit"
    assert code_of(state, "slogan_played", {"round": 2, "seat": 1}) == "wrong_round"
    state = GAME.apply(state, SloganPlayed(1, 1))
    assert code_of(state, "slogan_played", {"round": 1, "seat": 1}) == "already_submitted"
    assert state.hand_sizes == (3, 2, 3, 3)
    assert code_of(state, "round_result", rr(1, 0, 1, 100)) == "entries_missing"
    assert [a["type"] for a in GAME.legal_actions(state)] == ["slogan_played", "slogan_played"]
    state = GAME.apply(GAME.apply(state, SloganPlayed(1, 2)), SloganPlayed(1, 3))
    assert state.hand_sizes == (3, 2, 2, 2)
    state = GAME.apply(state, RoundResult(1, 0, 2, 100))
    # Step 8: everyone again holds 3; 4 players were dealt 12 of 209, 3 more dealt in the refill.
    assert state.hand_sizes == (3, 3, 3, 3)
    assert state.slogan_deck == 209 - 12 - 3
    assert state.slogan_discards == 3


def test_slogan_deck_reshuffles_when_it_runs_out() -> None:
    # 3 players, a 10-card slogan deck: 9 dealt, 1 left; round 1 uses 2 → reshuffle 2 discards + 1 = 3, refill 2.
    state = play(started(players=("A", "B", "C"), slogan_deck_size=10), rr(1, 0, 1, 5))
    assert (state.slogan_deck, state.slogan_discards) == (1, 0)


def test_legal_actions_offer_the_round_with_its_judge_and_possible_winners() -> None:
    state = started(first_judge=1)
    result_action = [a for a in GAME.legal_actions(state) if a["type"] == "round_result"]
    assert result_action == [{"type": "round_result", "round": 1, "judge": 1, "winners": [0, 2, 3]}]


def test_variant_keys_are_in_the_catalogue() -> None:
    keys = {row["key"] for row in GAME.catalogue()["variants"]}
    # The rules file's Variants table, plus the documented extras.
    assert {
        "target_points",
        "hand_size",
        "first_judge",
        "judge_rotation",
        "max_hot_or_not_value",
        "boo_yah_mode",
        "hot_or_not_exhausted",
        "allow_negative_values",
    } <= keys
    boo = next(row for row in GAME.catalogue()["variants"] if row["key"] == "boo_yah_mode")
    assert boo["choices"] == ["steal_and_value", "steal_only", "value_only", "first_draw_no_value"]
    assert boo["default"] == "steal_and_value"
    with pytest.raises(VariantError):
        GAME.variants({"boo_yah_mode": "double"})


def test_player_count_is_three_to_six() -> None:
    from scoring.errors import EventFormatError

    with pytest.raises(EventFormatError):
        GAME.start({}, ("A", "B"))
    with pytest.raises(EventFormatError):
        GAME.start({}, tuple("ABCDEFG"))
