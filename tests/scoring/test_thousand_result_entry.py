"""Result entry checks (rules/thousand.md §7.4) and variants validation (§15): one row per rule."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError, VariantError
from scoring.thousand import GAME, ThousandVariants
from tests.scoring.thousand_helpers import A, B, C, D, enter, played, start

OK = {"declarer": A, "contract": 100, "card_points": [100, 10, 10], "tricks": [6, 1, 1]}


@pytest.mark.parametrize(
    ("variants", "payload", "code"),
    [
        ({}, {**OK, "card_points": [100, 10, 9]}, "card_points_must_total_120"),
        ({}, {**OK, "tricks": [6, 1, 0]}, "tricks_must_total_8"),
        ({}, {**OK, "card_points": [110, 10, 0], "tricks": [6, 2, 0]}, None),
        (
            {},
            {**OK, "card_points": [100, 20, 0], "tricks": [7, 1, 0], "marriages": [[], [], ["H"]]},
            "marriage_without_trick",
        ),
        ({}, {**OK, "card_points": [100, 10, 10], "tricks": [8, 0, 0]}, "card_points_without_trick"),
        ({}, {**OK, "marriages": [["H"], ["H"], []]}, "marriage_suit_claimed_twice"),
        ({}, {**OK, "four_aces": A}, "four_aces_not_allowed"),
        ({}, {**OK, "contract": 95}, "bid_below_minimum"),
        ({}, {**OK, "contract": 103}, "bid_off_step"),
        ({"bid_step": 10}, {**OK, "contract": 105}, "bid_off_step"),
        ({"bid_step_above_200": 10}, {**OK, "contract": 205}, "bid_off_step"),
        ({"bid_step_above_200": 10}, {**OK, "contract": 195}, None),
        ({}, {**OK, "contract": 405}, "bid_above_ceiling"),
        ({"bid_ceiling": "unlimited"}, {**OK, "contract": 405}, None),
        ({}, {**OK, "blind": True}, "blind_not_allowed"),
        ({"blind_bidding": True}, {**OK, "contract": 125, "blind": True}, "blind_bid_too_high"),
        ({"blind_bidding": True, "blind_max_bid": None}, {**OK, "contract": 125, "blind": True}, None),
        ({}, {**OK, "declarer": 5}, "declarer_not_active"),
        ({}, {"kind": "thrown_in"}, "reason_required"),
        ({}, {"kind": "thrown_in", "reason": "low_talon"}, "redeal_not_allowed"),
        ({"low_talon_redeal": 5}, {"kind": "thrown_in", "reason": "low_talon"}, None),
        ({}, {"kind": "thrown_in", "reason": "four_nines"}, None),
        ({"four_nines_redeal": "off"}, {"kind": "thrown_in", "reason": "four_nines"}, "redeal_not_allowed"),
        ({}, {"kind": "spisat", "declarer": A, "contract": 100}, "spisat_not_allowed"),
        ({"rospisat_limit": "one_plus_one_spisat"}, {"kind": "spisat", "declarer": A, "contract": 100}, None),
        ({}, {"kind": "bomb", "declarer": A, "contract": 100}, "bomb_not_allowed"),
        ({"bomb": True}, {"kind": "bomb", "declarer": B, "contract": 100}, "bomb_needs_uncontested"),
        ({"bomb": True}, {"kind": "bomb", "declarer": A, "contract": 105}, "bomb_needs_uncontested"),
        ({"bomb": True}, {"kind": "bomb", "declarer": A, "contract": 100}, None),
        ({"rospisat": False}, {"kind": "rospisat", "declarer": A, "contract": 100}, "rospisat_not_allowed"),
        ({}, {"kind": "dark_give_up", "declarer": A, "contract": 100}, "dark_give_up_not_allowed"),
        ({}, {"kind": "rospisat", "declarer": A, "contract": 100, "card_points": [0, 0, 120]}, "give_up_has_no_play"),
        ({}, {**OK, "renege_by": B, "card_points": [60, 10, 10], "tricks": [4, 1, 1]}, None),
        ({}, {**OK, "renege_by": B, "card_points": [60, 10, 10], "tricks": [4, 1, 0]}, "card_points_without_trick"),
        ({"renege_penalty": "replay"}, {**OK, "renege_by": B}, "renege_replay"),
    ],
)
def test_entry_checks(variants: dict[str, Any], payload: dict[str, Any], code: str | None) -> None:
    state = start(variants, dealer=C)  # A (seat 0) is left of the dealer and opens
    if code is None:
        after = enter(state, **payload)
        assert after is not state
    else:
        with pytest.raises(RulesError) as err:
            enter(state, **payload)
        assert err.value.code == code
        assert err.value.params["rule"].startswith("thousand.md §")


def test_rejected_entry_changes_nothing() -> None:
    state = start(totals=(100, 200, 300))
    with pytest.raises(RulesError):
        enter(state, **{**OK, "card_points": [1, 2, 3]})
    assert state.totals == (100, 200, 300) and state.history == ()


def test_match_finished() -> None:
    state = played(start(totals=(990, 0, 0)), A, 100, [100, 10, 10], [6, 1, 1])
    assert state.result is not None
    with pytest.raises(RulesError) as err:
        played(state, B, 100, [10, 100, 10], [1, 6, 1])
    assert err.value.code == "match_finished"


def test_rospisat_limits() -> None:
    two = start({"rospisat_limit": "two_per_game"}, rospisat_counts=(2, 0, 0))
    with pytest.raises(RulesError) as err:
        enter(two, kind="rospisat", declarer=A, contract=100)
    assert err.value.code == "rospisat_limit"
    free = enter(
        start({"rospisat_limit": "unlimited_free"}, rospisat_counts=(2, 0, 0)),
        kind="rospisat",
        declarer=A,
        contract=100,
    )
    assert free.totals == (0, 60, 60)
    barrel = start({"rospisat_on_barrel": False}, totals=(880, 0, 0), barrel=(0, None, None))
    with pytest.raises(RulesError) as err:
        enter(barrel, kind="rospisat", declarer=A, contract=100)
    assert err.value.code == "rospisat_on_barrel"


def test_rospisat_on_barrel_opponent_gets_nothing() -> None:
    # §8.1: an opponent on the barrel gets nothing; the barrel declarer stays and uses a deal.
    state = start(totals=(0, 880, 0), barrel=(None, 0, None))
    state = enter(state, kind="rospisat", declarer=A, contract=100)
    assert state.totals == (0, 880, 60)
    on = enter(start(totals=(880, 0, 0), barrel=(0, None, None)), kind="rospisat", declarer=A, contract=100)
    assert on.totals == (880, 60, 60) and on.barrel[A] == 1


def test_dealer_rotation_and_throw_in() -> None:
    state = start(dealer=C)
    state = enter(state, kind="thrown_in", reason="four_nines")
    assert state.dealer == C and state.deal_number == 1  # §5.3 the same dealer deals again
    state = played(state, A, 100, [100, 10, 10], [6, 1, 1])
    assert state.dealer == A and state.deal_number == 2


def test_four_nines_triple_penalty_and_misdeal() -> None:
    state = start({"four_nines_triple_penalty": True}, dealer=B, totals=(0, 500, 0))
    for _ in range(3):
        state = enter(state, kind="thrown_in", reason="four_nines")
    assert state.totals == (0, 380, 0) and state.dealer == C
    mis = enter(
        start({"misdeal_penalty": "dealer_minus_120_deal_passes"}, dealer=A), kind="thrown_in", reason="misdeal"
    )
    assert mis.totals == (-120, 0, 0) and mis.dealer == B
    plain = enter(start(dealer=A), kind="thrown_in", reason="misdeal")
    assert plain.totals == (0, 0, 0) and plain.dealer == A


def test_bottom_card_recut_fines() -> None:
    jack = start({"jack_bottom_recut": "jack"}, dealer=A)
    for _ in range(3):
        jack = enter(jack, kind="thrown_in", reason="bottom_card")
    assert jack.totals == (-120, 0, 0)
    nine = start({"jack_bottom_recut": "nine_russian"}, dealer=A)
    for _ in range(3):
        nine = enter(nine, kind="thrown_in", reason="bottom_card")
    assert nine.totals == (0, -120, 0)  # the cutter, left of the dealer (§3.1)


def test_four_players_inactive_seat_checks() -> None:
    state = start(players=4, dealer=D)
    with pytest.raises(RulesError) as err:
        played(state, A, 100, [60, 30, 20, 10], [4, 2, 1, 1])
    assert err.value.code == "inactive_seat_played"
    with pytest.raises(RulesError) as err:
        played(state, D, 100, [60, 30, 30, 0], [4, 2, 2, 0])
    assert err.value.code == "declarer_not_active"
    with pytest.raises(RulesError) as err:
        played(state, A, 100, [60, 30, 30, 0], [4, 2, 2, 0], inactive=B)
    assert err.value.code == "wrong_inactive_seat"
    right = start({"four_player_inactive_seat": "dealer_right"}, players=4, dealer=D)
    right = played(right, D, 100, [10, 0, 0, 110], [1, 0, 0, 7])
    assert right.history[-1].inactive == C


def test_two_players() -> None:
    state = start(players=2, dealer=B)
    state = played(state, A, 100, [100, 20], [8, 2])
    assert state.totals == (100, 20)
    with pytest.raises(RulesError) as err:
        played(state, A, 100, [100, 20], [6, 2])
    assert err.value.code == "tricks_must_total_10"


def test_silenced_player() -> None:
    v = {"silence_threshold": -300}
    state = start(v, totals=(-400, 0, 0), dealer=C)
    assert GAME.summary(state)["silenced"] == [A]
    with pytest.raises(RulesError) as err:
        played(state, A, 105, [110, 5, 5], [6, 1, 1])
    assert err.value.code == "silenced_player_bid"
    assert played(state, A, 100, [110, 5, 5], [6, 1, 1]).totals[A] == -300
    other = start(v, totals=(0, -400, 0), dealer=C)
    with pytest.raises(RulesError) as err:
        played(other, B, 100, [5, 110, 5], [1, 6, 1])
    assert err.value.code == "silenced_player_bid"


def test_lviv_barrel() -> None:
    v = {"barrel_mode": "lviv"}
    state = start(v, totals=(910, 0, 0))
    # At the barrel: marriages worth nothing, points scored exactly as usual and no clamp.
    state = played(state, B, 100, [40, 60, 20], [2, 5, 1], [["H"], ["S"], []])
    assert state.totals == (950, 100, 20)
    with pytest.raises(RulesError) as err:
        played(state, A, 125, [100, 10, 10], [6, 1, 1], [["H"], [], []])
    assert err.value.code == "barrel_bid_limit"
    win = played(state, B, 100, [55, 60, 5], [3, 4, 1])
    assert win.result is not None and win.result.winners == (A,)


def test_exceed_1000() -> None:
    v = {"win_threshold": "exceed_1000"}
    at = played(start(v, totals=(900, 0, 0)), A, 100, [100, 10, 10], [6, 1, 1])
    assert at.totals[A] == 880 and at.result is None  # 1000 is in the barrel zone (§9.1)
    barrel = played(start(v, totals=(880, 0, 0), barrel=(0, None, None)), A, 120, [120, 0, 0], [8, 0, 0])
    assert barrel.totals[A] == 880 and barrel.barrel[A] == 1  # 880 + 120 = 1000 is not a win
    over = played(
        start(v, totals=(880, 0, 0), barrel=(0, None, None)), A, 125, [120, 0, 0], [8, 0, 0], marriages=[["S"], [], []]
    )
    assert over.result is not None and over.totals[A] == 1005


def test_bolts_consecutive_and_declarer() -> None:
    state = start({"bolts_consecutive_only": True}, bolts=(0, 2, 0))
    state = played(state, A, 100, [100, 10, 10], [6, 1, 1])
    assert state.bolts == (0, 0, 0)
    decl = played(start({"declarer_can_bolt": True}), A, 100, [0, 60, 60], [0, 4, 4])
    assert decl.bolts == (1, 0, 0)
    no = played(start(), A, 100, [0, 60, 60], [0, 4, 4])
    assert no.bolts == (0, 0, 0)


def test_barrel_own_contracts_clock() -> None:
    state = start({"barrel_attempts_count": "own_contracts"}, totals=(880, 0, 0), barrel=(0, None, None))
    state = played(state, B, 100, [20, 80, 20], [1, 6, 1])
    assert state.barrel[A] == 0


def test_gold_set_replay_and_end() -> None:
    state = start({"gold_set": True, "gold_set_replay_resets_scores": True}, dealer=C)
    for declarer in (A, B, C):
        state = enter(state, kind="rospisat", declarer=declarer, contract=120)
    assert state.gold_active and state.gold_rounds == 1 and state.totals == (0, 0, 0)
    for declarer in (A, B, C):
        points = [100 if s == declarer else 10 for s in range(3)]
        tricks = [6 if s == declarer else 1 for s in range(3)]
        state = played(state, declarer, 120, points, tricks, [["H"] if s == declarer else [] for s in range(3)])
    assert not state.gold_active
    assert state.totals == (240 + 20 + 20, 20 + 240 + 20, 20 + 20 + 240)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"nope": 1}, "unknown_variant"),
        ({"bid_step": 7}, "invalid_variant"),
        ({"compulsory_bid": 105, "bid_step": 10}, "variant_conflict"),
        ({"low_talon_min_bid_only": True}, "variant_conflict"),
        ({"weak_hand_requires_no_overbid": True}, "variant_conflict"),
        ({"must_head_trick": True, "must_trump_when_void": False}, "variant_conflict"),
        ({"barrel_mode": "lviv", "barrel_collision": "bump_previous"}, "variant_conflict"),
        ({"barrel_defender_rounding": "exact"}, "variant_conflict"),
        ({"blind_max_bid": 95}, "invalid_variant"),
        ({"reverse_barrel": True, "barrel_mode": "lviv"}, "variant_conflict"),
        ({"dark_talon_threshold": 130}, "variant_conflict"),
    ],
)
def test_variant_validation(raw: dict[str, Any], code: str) -> None:
    with pytest.raises(VariantError) as err:
        ThousandVariants.from_json(raw)
    assert err.value.code == code


def test_variant_defaults_match_section_15() -> None:
    v = ThousandVariants()
    assert (v.compulsory_bid, v.bid_step, v.bid_ceiling, v.talon_visibility) == (100, 5, "marriage_required", "exposed")
    assert (v.effective_barrel_level, v.barrel_deals, v.barrel_fine, v.bolts_per_penalty, v.bolt_penalty) == (
        880,
        3,
        120,
        3,
        120,
    )
    assert (v.rospisat_award, v.rospisat_penalty, v.rospisat_penalty_every, v.renege_penalty) == (
        "fixed_60",
        120,
        3,
        "contract_forfeit",
    )
    assert v.must_trump_when_void and not v.must_head_trick and v.marriage_requires_won_trick
    assert ThousandVariants.from_json({"barrel_mode": "lviv", "barrel_level": 850}).effective_barrel_level == 850
    keys = {row["key"] for row in GAME.catalogue()["variants"]}
    assert {"rospisat_limit", "barrel_collision", "dump_truck", "renege_penalty", "player_count"} <= keys


def test_player_count_mismatch() -> None:
    with pytest.raises(RulesError) as err:
        GAME.start({"player_count": 4}, ["A", "B", "C"])
    assert err.value.code == "player_count_mismatch"


def test_legal_actions_between_deals() -> None:
    state = start({"gold_set": True}, players=4, dealer=D)
    entry = GAME.legal_actions(state)[0]
    # §3.2 default: the dealer (D) sits out; A, B, C play; §4.7 gold set: minimum 120.
    assert entry == {"type": "deal_result", "dealer": D, "active": [A, B, C], "inactive": D, "min_contract": 120}
    finished = played(start(totals=(990, 0, 0)), A, 100, [100, 10, 10], [6, 1, 1])
    assert GAME.legal_actions(finished) == []
    summary = GAME.summary(finished)
    assert summary["phase"] == "finished" and summary["result"]["winners"] == [A]
