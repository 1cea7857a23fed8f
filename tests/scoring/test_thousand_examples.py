"""rules/thousand.md §14 worked examples T-1 … T-21 through result entry (T-18, T-19 and
T-22 … T-24 card by card are in test_thousand_cardplay.py). Expected numbers are the spec's."""

from __future__ import annotations

import pytest

from scoring.errors import RulesError
from scoring.thousand.rules import round_to
from tests.scoring.thousand_helpers import A, B, C, D, codes, enter, played, start


def test_t1_made_contract_with_marriage() -> None:
    state = start(totals=(300, 250, 410), dealer=C)
    state = played(state, A, 120, [85, 23, 12], [5, 2, 1], [["H"], [], []])
    assert state.history[-1].entries == (120, 25, 10)
    assert state.totals == (420, 275, 420)


def test_t2_failed_contract_defender_marriage() -> None:
    state = start(totals=(500, 200, 150))
    state = played(state, A, 140, [80, 28, 12], [5, 2, 1], [["S"], ["D"], []])
    assert state.history[-1].entries == (-140, 110, 10)
    assert state.totals == (360, 310, 160)


def test_t3_declarer_not_rounded() -> None:
    base = start()
    state = played(base, A, 105, [103, 15, 2], [6, 1, 1])
    assert state.totals == (-105, 15, 0)
    assert state.bolts == (0, 0, 0)  # C took a trick: no bolt
    rounded = played(start({"declarer_rounding": True}), A, 105, [103, 15, 2], [6, 1, 1])
    assert rounded.totals == (105, 15, 0)
    zero = played(start({"bolt_trigger": "zero_score"}), A, 105, [103, 15, 2], [6, 1, 1])
    assert zero.bolts == (0, 0, 1)


@pytest.mark.parametrize(
    ("value", "five"),
    [
        *[(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (6, 5), (7, 5), (8, 10), (9, 10), (12, 10), (13, 15)],
        (17, 15),
        (18, 20),
        (62, 60),
        (63, 65),
        (67, 65),
        (68, 70),
        (102, 100),
        (103, 105),
        (43 + 60, 105),
    ],
)
def test_t4_round5(value: int, five: int) -> None:
    assert round_to(value, 5) == five


@pytest.mark.parametrize(("value", "ten"), [(4, 0), (5, 10), (15, 20), (64, 60), (65, 70), (103, 100), (105, 110)])
def test_t4_round10(value: int, ten: int) -> None:
    assert round_to(value, 10) == ten


def test_t5_barrel_entry_no_defence_points_and_win() -> None:
    state = start(totals=(845, 400, 380))
    # "makes it with cards 70": 70 < 100, so C must have announced a marriage (♠ 40 here).
    state = played(state, C, 100, [38, 12, 70], [2, 1, 5], [[], [], ["S"]])
    assert state.totals == (880, 410, 480)
    assert state.barrel[A] == 0
    state = played(state, B, 110, [30, 80, 10], [2, 5, 1], [[], ["S"], []])  # 80 + 40 ≥ 110
    assert state.totals == (880, 520, 490)
    assert state.barrel[A] == 1  # barrel deal 1 of 3 used
    state = played(state, A, 120, [95, 15, 10], [6, 1, 1], [["C"], [], []])
    assert state.totals[A] == 1000
    assert state.result is not None and state.result.winners == (A,)


def test_t6_falling_off_the_barrel() -> None:
    state = start(totals=(880, 300, 300), barrel=(0, None, None))
    for _ in range(3):
        state = played(state, B, 100, [20, 80, 20], [1, 6, 1])
    assert state.totals[A] == 760
    assert state.barrel[A] is None and state.barrel_falls[A] == 1
    # A's third timeout fall (two before).
    reset = start(
        {"barrel_third_fall_reset": True}, totals=(880, 300, 300), barrel=(0, None, None), barrel_falls=(2, 0, 0)
    )
    for _ in range(3):
        reset = played(reset, B, 100, [20, 80, 20], [1, 6, 1])
    assert reset.totals[A] == 0


def test_t7_failing_on_the_barrel() -> None:
    state = start(totals=(880, 0, 0), barrel=(0, None, None))
    state = played(state, A, 125, [50, 45, 25], [4, 3, 1], [["C"], [], []])
    assert state.totals == (755, 45, 25)
    assert state.barrel[A] is None
    assert state.barrel_falls[A] == 0  # no further fine, not a fall


def test_t8_barrel_declarer_making_less_than_120() -> None:
    state = start(totals=(880, 0, 0), barrel=(0, None, None), dealer=C)
    state = played(state, A, 100, [110, 6, 4], [6, 1, 1])
    assert state.totals == (880, 5, 5)
    assert state.barrel[A] == 1


def test_t9_jumping_over_the_barrel() -> None:
    state = played(start(totals=(845, 0, 0)), A, 155, [90, 20, 10], [6, 1, 1], [["D"], [], []])
    assert state.totals[A] == 1000
    assert state.result is not None and state.result.winners == (A,)


def test_t10_bidder_wins_the_tie() -> None:
    state = start(totals=(300, 880, 875), barrel=(None, 0, None))
    state = played(state, B, 120, [10, 70, 40], [1, 5, 2], [[], ["D"], ["H"]])
    assert state.totals == (310, 1000, 1015)
    assert state.result is not None and state.result.winners == (B,)
    assert state.result.places == (3, 1, 2)


def test_t11_two_defenders_reach_1000() -> None:
    state = played(start(totals=(0, 860, 875)), A, 100, [30, 45, 45], [2, 3, 3], [[], ["H"], ["D"]])
    assert state.totals == (-100, 1005, 1000)
    assert state.result is not None and state.result.winners == (B,)
    shared = played(start(totals=(0, 855, 875)), A, 100, [30, 45, 45], [2, 3, 3], [[], ["H"], ["D"]])
    assert shared.totals == (-100, 1000, 1000)
    assert shared.result is not None and shared.result.winners == (B, C)


def test_t12_rospisat_third_r_penalty() -> None:
    state = start(totals=(400, 300, 250), rospisat_counts=(2, 0, 0))
    state = enter(state, kind="rospisat", declarer=A, contract=120)
    assert state.totals == (280, 360, 310)
    assert state.rospisat_counts[A] == 3
    first = enter(start(totals=(400, 300, 250)), kind="rospisat", declarer=A, contract=120)
    assert first.totals == (400, 360, 310)


@pytest.mark.parametrize(
    ("award", "bid", "each"),
    [("half_bid_up_5", b, e) for b, e in ((100, 50), (105, 55), (120, 60), (145, 75), (150, 75), (155, 80))]
    + [("half_bid_up_10", b, e) for b, e in ((100, 50), (105, 60), (120, 60), (145, 80), (150, 80), (155, 80))],
)
def test_t12_rospisat_awards(award: str, bid: int, each: int) -> None:
    # Bids above 120 need a pair; result entry accepts them (the pair is not entered).
    state = enter(start({"rospisat_award": award}), kind="rospisat", declarer=A, contract=bid)
    assert state.totals == (0, each, each)


def test_t13_third_bolt() -> None:
    state = start(totals=(0, 215, 0), bolts=(0, 2, 0))
    state = played(state, A, 100, [100, 0, 20], [6, 0, 2])
    assert state.totals[B] == 95
    assert state.bolts[B] == 0
    assert "bolt_penalty" in codes(state)


def test_t13_bolts_not_counted_on_barrel() -> None:
    state = start(totals=(0, 880, 0), barrel=(None, 0, None), bolts=(0, 2, 0))
    state = played(state, A, 100, [100, 0, 20], [6, 0, 2])
    assert state.bolts[B] == 2 and state.totals[B] == 880


def test_t14_samosval() -> None:
    made = played(start({"dump_truck": "positive"}, totals=(435, 0, 0)), A, 120, [120, 0, 0], [8, 0, 0])
    assert made.totals[A] == 0
    bolt = start({"dump_truck": "positive"}, totals=(0, 675, 0), bolts=(0, 2, 0))
    bolt = played(bolt, A, 100, [100, 0, 20], [6, 0, 2])
    assert bolt.totals[B] == 0  # 675 − 120 = 555 → 0: penalty first, then the check
    neg = played(start({"dump_truck": "both_signs"}, totals=(-435, 0, 0)), A, 120, [60, 30, 30], [4, 2, 2])
    assert neg.totals[A] == 0
    off = played(start({"dump_truck": "positive"}, totals=(-435, 0, 0)), A, 120, [60, 30, 30], [4, 2, 2])
    assert off.totals[A] == -555


def test_t15_gold_set() -> None:
    state = start({"gold_set": True}, dealer=C)
    with pytest.raises(RulesError) as err:
        played(state, A, 115, [100, 13, 7], [6, 1, 1])
    assert err.value.code == "bid_below_minimum"
    # "A makes" with cards 100 < 120: A announced a marriage (♠ 40 here).
    made = played(state, A, 120, [100, 13, 7], [6, 1, 1], [["S"], [], []])
    assert made.totals == (240, 30, 10)
    lost = played(state, A, 120, [60, 40, 20], [4, 2, 2])
    assert lost.totals == (-240, 80, 40)


def test_t16_blind_bid() -> None:
    v = {"blind_bidding": True}
    made = played(start(v), A, 110, [90, 22, 8], [6, 1, 1], [["S"], [], []], blind=True)
    assert made.totals == (220, 40, 20)
    failed = played(start(v), A, 110, [60, 40, 20], [4, 2, 2], blind=True)
    assert failed.totals[A] == -220
    only = played(
        start({**v, "blind_multiplier_applies_to": "declarer_only"}), A, 110, [90, 22, 8], [6, 1, 1], blind=True
    )
    assert only.totals[1:] == (20, 10)


def test_t17_four_players_inactive_bonus() -> None:
    talon = ["AS", "KH", "QH"]
    # Dealer D sits out (default); A is left of D and active.
    aces = start({"four_player_inactive_bonus": "aces_and_pair"}, players=4, dealer=D)
    aces = played(aces, A, 100, [60, 30, 30, 0], [4, 2, 2, 0], talon=talon)
    assert aces.totals[D] == 140
    pts = start({"four_player_inactive_bonus": "talon_points_and_pair"}, players=4, dealer=D)
    pts = played(pts, A, 100, [60, 30, 30, 0], [4, 2, 2, 0], talon=talon)
    assert pts.totals[D] == 120
    barrel = start(
        {"four_player_inactive_bonus": "aces_and_pair"},
        players=4,
        dealer=D,
        totals=(0, 0, 0, 880),
        barrel=(None, None, None, 0),
    )
    barrel = played(barrel, A, 100, [60, 30, 30, 0], [4, 2, 2, 0], talon=talon)
    assert barrel.totals[D] == 880
    assert barrel.barrel[D] == 1  # §3.2: sitting out still uses a barrel deal


def test_t19_four_aces_result_entry() -> None:
    state = played(start({"four_aces_bonus": 200}), A, 120, [40, 50, 30], [3, 3, 2], four_aces=A)
    assert state.totals[A] == 120  # 40 + 200 = 240 ≥ 120
    assert state.history[-1].bonus == (200, 0, 0)


def test_t20_dark_talon_give_up() -> None:
    state = start({"talon_visibility": "dark_if_uncontested_100"}, dealer=C)
    state = enter(state, kind="dark_give_up", declarer=A, contract=100)
    assert state.totals == (-100, 50, 50)


def test_t21_barrel_collisions() -> None:
    def deal(variant: str) -> tuple[int, ...]:
        state = start({"barrel_collision": variant}, totals=(880, 850, 0), barrel=(1, None, None))
        state = played(state, C, 100, [0, 45, 75], [0, 3, 5], [[], [], ["H"]])
        return state.totals

    assert deal("coexist") == (880, 880, 100)
    coexist = start(totals=(880, 850, 0), barrel=(1, None, None))
    coexist = played(coexist, C, 100, [0, 45, 75], [0, 3, 5], [[], [], ["H"]])
    assert coexist.barrel == (2, 0, None)
    assert deal("bump_previous") == (760, 880, 100)
    state = start({"barrel_collision": "fine_all_jumpers"}, totals=(0, 850, 860))
    state = played(state, A, 100, [30, 45, 45], [2, 3, 3])
    assert state.totals == (-100, 760, 760)


def test_t13_bolts_need_not_be_consecutive() -> None:
    # B takes no trick in deals 1, 3 and 4 and one trick (10 points) in deal 2: the third bolt,
    # in deal 4, costs 120 and the count restarts (§10). B: 0 + 10 + 0 − 120 = −110.
    state = start(totals=(0, 0, 0))
    trickless = ([100, 0, 20], [6, 0, 2])
    one_trick = ([90, 10, 20], [5, 1, 2])
    for points, tricks in (trickless, one_trick, trickless, trickless):
        state = played(state, A, 100, points, tricks)
    assert [h.penalties[B] for h in state.history] == [0, 0, 0, -120]
    assert state.bolts[B] == 0 and state.totals[B] == -110
    consecutive = start({"bolts_consecutive_only": True})
    for points, tricks in (trickless, one_trick, trickless, trickless):
        consecutive = played(consecutive, A, 100, points, tricks)
    assert consecutive.bolts[B] == 2 and consecutive.totals[B] == 10
