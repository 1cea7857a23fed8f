"""Worked examples T-1 … T-15 of rules/tonk.md §4 (stake 1; seats A=0, B=1, C=2, D=3).

Expected nets are copied from the rules file; where a test adds a case, the hand calculation is in a comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.cards import parse_cards
from scoring.errors import RulesError
from scoring.tonk import GAME, TonkState
from scoring.tonk.melds import hit_kinds, spread_kinds
from scoring.tonk.variants import TonkVariants

ABC = ("A", "B", "C")
ABCD = ("A", "B", "C", "D")


def result(players: tuple[str, ...], variants: dict[str, Any] | None = None, **payload: Any) -> TonkState:
    state = GAME.start(variants or {}, players)
    return GAME.apply_json(state, "hand_result", payload)


def net(state: TonkState) -> tuple[int, ...]:
    return state.hands[-1].net


def test_t1_dealt_50_result_entry() -> None:
    state = result(ABC, end="auto_win", by=0, hands=[["KS", "QH", "JD", "TC", "TH"], None, None])
    assert net(state) == (4, -2, -2)


def test_t1_dealt_50_card_by_card_wins_at_once() -> None:
    state = GAME.start({}, ABC)
    # B 2C 3C 4D 5H 9S = 23; C 9C 9D 8H 3S 2D = 31 (the counts of T-1).
    hands = [["KS", "QH", "JD", "TC", "TH"], ["2C", "3C", "4D", "5H", "9S"], ["9C", "9D", "8H", "3S", "2D"]]
    state = GAME.apply_json(state, "deal", {"dealer": 2, "upcard": "7C", "hands": hands})
    assert state.play is None
    assert state.totals == (4, -2, -2)
    assert state.hands[-1].end == "auto_win"


def test_t2_two_49_50_hands_draw_and_the_deal_passes() -> None:
    state = result(ABC, end="auto_draw", counts=[50, None, 49], dealer=0)
    assert net(state) == (0, 0, 0)
    assert state.dealer == 1  # §1.1: the next player deals


def test_t3_successful_drop() -> None:
    assert net(result(ABC, end="drop", by=0, counts=[5, 12, 20])) == (2, -1, -1)


@pytest.mark.parametrize(
    ("caught_payout", "expected"),
    [
        ("pagat", (-5, 5, 1, -1)),
        ("dropper_only", (-4, 2, 2, 0)),
        ("low_only_double", (-2, 4, -1, -1)),
        # wikipedia (§3.2 [our default]): A pays 1 to B (7 < 9); C's 9 is not below 9; B collects 1 from
        # A, C and D: A −2, B +4, C −1, D −1.
        ("wikipedia", (-2, 4, -1, -1)),
    ],
)
def test_t4_caught_drop(caught_payout: str, expected: tuple[int, ...]) -> None:
    state = result(ABCD, {"caught_payout": caught_payout}, end="drop", by=0, counts=[9, 7, 9, 15])
    assert net(state) == expected


def test_t5_caught_two_tie_for_lowest() -> None:
    assert net(result(ABCD, end="drop", by=0, counts=[10, 4, 4, 12])) == (-6, 4, 4, -2)


def test_t6_dropper_ties_the_lowest() -> None:
    assert net(result(ABC, end="drop", by=0, counts=[6, 6, 11])) == (-3, 4, -1)


def test_t6_wikipedia_tie_pays_two_for_the_catch() -> None:
    # §3.2 wikipedia: m = d = 6, so A pays 2 to B; B also collects 1 from A and 1 from C:
    # A −2 −1 = −3, B +2 +1 +1 = +4, C −1.
    state = result(ABC, {"caught_payout": "wikipedia"}, end="drop", by=0, counts=[6, 6, 11])
    assert net(state) == (-3, 4, -1)


def test_t7_tonk() -> None:
    assert net(result(ABC, end="tonk", by=0)) == (4, -2, -2)


def test_t8_out_by_discard() -> None:
    assert net(result(ABCD, end="out_by_discard", by=0)) == (3, -1, -1, -1)


def test_t9_stock_exhausted() -> None:
    assert net(result(ABC, end="stock_exhausted", by=2, counts=[14, 8, 22])) == (-1, 2, -1)
    assert net(result(ABC, end="stock_exhausted", by=2, counts=[8, 8, 20])) == (0, 0, 0)
    split = result(ABC, {"stock_tie": "split"}, end="stock_exhausted", by=2, counts=[8, 8, 20])
    assert net(split) == (1, 1, -2)


def test_t10_low_count_automatic_wins() -> None:
    le13 = result(
        ABC, {"low_count_auto": "le13_double"}, end="auto_win", by=0, hands=[["AC", "2D", "3H", "4S", "2C"], None, None]
    )
    assert net(le13) == (4, -2, -2)
    le9 = result(
        ABC,
        {"low_count_auto": "le13_double_le9_triple"},
        end="auto_win",
        by=0,
        hands=[["AS", "AH", "2C", "3D", "2H"], None, None],
    )
    assert net(le9) == (6, -3, -3)
    with pytest.raises(RulesError) as info:
        result(ABC, end="auto_win", by=0, hands=[["AC", "2D", "3H", "4S", "2C"], None, None])
    assert info.value.code == "not_an_automatic_win"


def test_t10_default_rules_play_starts_card_by_card() -> None:
    state = GAME.start({}, ABC)
    hands = [["AC", "2D", "3H", "4S", "2C"], ["KS", "QS", "JS", "9H", "8H"], ["5C", "6C", "7C", "8C", "9C"]]
    state = GAME.apply_json(state, "deal", {"upcard": "TD", "hands": hands})
    assert state.play is not None and not state.hands


SPREADS = [
    # (cards, ace_in_runs, valid) — T-11
    ("AS 2S 3S", "low_only", True),
    ("QD KD AD", "low_only", False),
    ("KD AD 2D", "low_only", False),
    ("7C 7D 7H", "low_only", True),
    ("7C 7D 7H 7S", "low_only", True),
    ("7C 7D", "low_only", False),
    ("5H 6H 8H", "low_only", False),
    ("QD KD AD", "low_or_high_no_wrap", True),
    ("KD AD 2D", "low_or_high_no_wrap", False),
    ("AS 2S 3S", "low_or_high_no_wrap", True),
    ("5H 6H 7D", "low_only", False),
]


@pytest.mark.parametrize(("cards", "ace", "valid"), SPREADS)
def test_t11_spread_validity(cards: str, ace: str, valid: bool) -> None:
    assert bool(spread_kinds(parse_cards(cards), TonkVariants(ace_in_runs=ace))) is valid


@pytest.mark.parametrize(("card", "valid"), [("4C", True), ("8C", True), ("8H", False)])
def test_t11_hits(card: str, valid: bool) -> None:
    kinds = hit_kinds(parse_cards("5C 6C 7C"), frozenset({"run"}), parse_cards(card), TonkVariants())
    assert bool(kinds) is valid


def test_t13_texas_tonk() -> None:
    texas = {"payout_scheme": "texas"}
    assert net(result(ABC, texas, end="drop", by=0, counts=[8, 5, 12])) == (-2, 3, -1)
    both = {"payout_scheme": "texas", "auto_49_50": "texas"}
    assert net(result(ABC, both, end="auto_win", by=0, counts=[49, None, None])) == (2, -1, -1)
    assert net(result(ABC, both, end="auto_win", by=0, counts=[50, None, None])) == (4, -2, -2)
    assert net(result(ABC, texas, end="auto_win", by=0, counts=[49, None, None])) == (4, -2, -2)


def test_t14_tonk_requires_six_result_entry() -> None:
    six = {"tonk_requires_six": True}
    assert net(result(ABC, six, end="tonk", by=0, whole_hand=False)) == (2, -1, -1)
    assert net(result(ABC, six, end="tonk", by=0, whole_hand=True)) == (4, -2, -2)
    with pytest.raises(RulesError) as info:
        result(ABC, six, end="tonk", by=0)
    assert info.value.code == "whole_hand_required"


def test_double_double_pays_four() -> None:
    # §3.4: double-double 4 per paying player (2 players: +4 / −4).
    state = result(("A", "B"), {"double_double": True}, end="tonk", by=1, double_double=True)
    assert net(state) == (-4, 4)
    with pytest.raises(RulesError) as info:
        result(("A", "B"), end="tonk", by=1, double_double=True)
    assert info.value.code == "double_double_not_allowed"


def test_fifty_only_auto_result_entry() -> None:
    v = {"auto_49_50": "fifty_only_auto"}
    # A 49 claimed in turn pays 2 (§2.2 [our default]); a 50 and a 49 at the deal are no draw.
    assert net(result(ABC, v, end="auto_win", by=0, counts=[49, None, None])) == (4, -2, -2)
    assert net(result(ABC, v, end="auto_win", by=0, counts=[50, None, 49])) == (4, -2, -2)
    with pytest.raises(RulesError) as info:
        result(ABC, v, end="auto_draw", counts=[50, None, 49])
    assert info.value.code == "not_an_auto_draw"


def test_le15_and_multiple_kinds_of_automatic_winners() -> None:
    v = {"low_count_auto": "le15_double"}
    assert net(result(ABC, v, end="auto_win", by=1, counts=[None, 15, None])) == (-2, 4, -2)
    with pytest.raises(RulesError) as info:
        result(ABC, v, end="auto_win", by=1, counts=[50, 15, None])
    assert info.value.code == "multiple_auto_winners"
    assert net(result(ABC, v, end="auto_draw", counts=[50, 15, None])) == (0, 0, 0)
    with pytest.raises(RulesError):
        result(ABC, {"auto_49_50": "off"}, end="auto_win", by=0, counts=[50, None, None])


def test_court_values_11_12_13_count_from_the_cards() -> None:
    # §1.3 variant: A J 11 + Q 12 + K 13 + 2 = 38; B 5 + 4 = 9; C 3 + 3 = 6. A's drop is caught (pagat):
    # A pays 2 to B and 2 to C (both ≤ 38); C is lowest and collects 1 from A and 1 from B:
    # A −5, B +2 −1 = +1, C +2 +2 = +4.
    state = result(
        ABC,
        {"court_values": "11_12_13"},
        end="drop",
        by=0,
        hands=[["JS", "QS", "KS", "2H"], ["5C", "4C"], ["3H", "3D"]],
    )
    assert state.hands[-1].counts == (38, 9, 6)
    assert net(state) == (-5, 1, 4)


def test_stake_multiplies_every_payment_and_the_ledger_runs() -> None:
    state = result(ABC, {"stake": 5}, end="drop", by=0, counts=[5, 12, 20])
    assert state.totals == (10, -5, -5)
    state = GAME.apply_json(state, "hand_result", {"end": "tonk", "by": 2, "stake": 2})
    # Hand 2 at stake 2: C +8, A −4, B −4 → totals A 6, B −9, C 3.
    assert state.totals == (6, -9, 3)
    assert sum(state.totals) == 0


def test_spades_side_bet_result_entry() -> None:
    # §3.3: A, B, C each put 5 in; B shows AS (ace high), C shows 9S, A shows none → B takes the pot of 15:
    # B +10, A −5, C −5; the hand itself (A out by discard) pays A +2, B −1, C −1 → A −3, B +9, C −6.
    v = {"spades_side_bet": True}
    state = result(
        ABC,
        v,
        end="out_by_discard",
        by=0,
        side_bet_players=[0, 1, 2],
        side_bet_amount=5,
        side_bet_spades=[None, "AS", "9S"],
    )
    assert state.totals == (-3, 9, -6)
    nobody = result(ABC, v, end="tonk", by=0, side_bet_players=[1, 2], side_bet_amount=5, side_bet_spades=[None, None])
    assert nobody.totals == (4, -2, -2)  # pot returned
    with pytest.raises(RulesError) as info:
        result(ABC, end="tonk", by=0, side_bet_players=[1, 2], side_bet_amount=5, side_bet_spades=["AS", None])
    assert info.value.code == "side_bet_not_played"


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        ({"end": "drop", "by": 0, "counts": [5, 12]}, "counts_per_seat"),
        ({"end": "drop", "by": 0, "counts": [5, None, 3]}, "counts_required"),
        ({"end": "drop", "by": 0, "counts": [5, 12, 3], "hands": [[], [], []]}, "counts_or_hands"),
        ({"end": "drop", "by": 0, "hands": [["AS"], ["AS"], ["2C"]]}, "duplicate_card"),
        ({"end": "drop", "by": 0, "hands": [["JK"], ["AS"], ["2C"]]}, "no_jokers"),
        ({"end": "drop", "by": 0, "hands": [["AS", "2S", "3S", "4S", "5S", "6S"], ["AH"], ["2C"]]}, "too_many_cards"),
        ({"end": "drop", "by": 0, "counts": [5, 12, 51]}, "impossible_count"),
        ({"end": "tonk"}, "by_required"),
        ({"end": "auto_win", "by": 0, "hands": [["KS", "QH", "JD", "TC"], None, None]}, "wrong_hand_size"),
        ({"end": "auto_draw", "by": 1, "counts": [50, 50, None]}, "by_not_allowed"),
        ({"end": "tonk", "by": 3}, "no_such_seat"),
        ({"end": "auto_win", "by": 0}, "auto_claim_unproven"),
        ({"end": "auto_draw", "counts": [50, None, None]}, "not_an_auto_draw"),
        ({"end": "auto_win", "by": 0, "counts": [50, 49, None]}, "multiple_auto_winners"),
        ({"end": "tonk", "by": 0, "hand": 2}, "wrong_hand_number"),
        ({"end": "tonk", "by": 0, "stake": 0}, "invalid_stake"),
    ],
)
def test_result_entry_rejections(payload: dict[str, Any], expected: str) -> None:
    with pytest.raises(RulesError) as info:
        result(ABC, **payload)
    assert info.value.code == expected


def test_dealer_rotation_in_result_entry() -> None:
    state = result(ABC, end="tonk", by=0, dealer=2)
    assert state.dealer == 0  # the deal passes to the left after every hand
    with pytest.raises(RulesError) as info:
        GAME.apply_json(state, "hand_result", {"end": "tonk", "by": 0, "dealer": 1})
    assert info.value.code == "wrong_dealer"
