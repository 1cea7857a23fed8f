"""``spot_hearts`` (rules/hearts.md §3.2 names it, "hearts count face value, A=14 or similar — not
specified further"; our reading in docs/games/hearts.md): each heart counts its pip value, J 11,
Q 12, K 13, A 14; the Q♠ stays 13. A hand then holds 2 + 3 + … + 14 = 104 heart points + 13 = 117.
That total replaces 26 everywhere: result entry checks it, a moon needs all of it and gives or takes
all of it, a renege charges all of it. The J♦ stays −10, counted apart (§1.3).
"""

from __future__ import annotations

import pytest

from scoring.cards import parse_card, parse_cards
from scoring.errors import RulesError, VariantError
from scoring.hearts import GAME
from scoring.hearts.deal import card_value, penalty_points
from scoring.hearts.result_entry import possible_split
from tests.scoring.hearts_support import deal_for, ev, hands_of, new_game, play_script, rotate
from tests.scoring.test_hearts_examples import H3, MOON_3, record

SPOT = {"spot_hearts": True}


def test_default_off_and_validated() -> None:
    assert new_game().variants.spot_hearts is False
    assert new_game(SPOT).variants.spot_hearts is True
    with pytest.raises(VariantError):
        new_game({"spot_hearts": "yes"})


def test_card_values() -> None:
    # 2♥ 2, 10♥ 10, J♥ 11, Q♥ 12, K♥ 13, A♥ 14; Q♠ 13; anything else 0.
    values = [card_value(parse_card(c), spot=True) for c in ("2H", "TH", "JH", "QH", "KH", "AH", "QS", "AS", "JD")]
    assert values == [2, 10, 11, 12, 13, 14, 13, 0, 0]
    # every heart: 2 + 3 + … + 14 = (2 + 14) × 13 / 2 = 104; with the Q♠ 117.
    hearts = parse_cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert penalty_points(hearts, spot=True) == 104
    assert penalty_points((*hearts, parse_card("QS")), spot=True) == 117


# -- a whole hand card by card (H-3's tricks) ----------------------------------------------------
# H-3 with spot values:
#   seat 0: 2♥ 7♥ (T12) and 9♥ (T13)                  = 2 + 7 + 9                 = 18
#   seat 1: Q♠ (T7), 3♥ (T8), J♥ 6♥ Q♥ 4♥ (T11)       = 13 + 3 + 11 + 6 + 12 + 4  = 49
#   seat 2: nothing                                    = 0
#   seat 3: 8♥ K♥ A♥ 10♥ (T9), 5♥ (T10)               = 8 + 13 + 14 + 10 + 5      = 50
#   sum 18 + 49 + 0 + 50 = 117.
H3_SPOT = (18, 49, 0, 50)


def test_whole_hand_card_by_card() -> None:
    state = record(H3, SPOT, totals=[10, 40, 22, 31])
    last = state.hands[-1]
    assert last.points == H3_SPOT and last.scores == H3_SPOT
    # totals [10, 40, 22, 31] + [18, 49, 0, 50] = [28, 89, 22, 81]: nobody has 100, play on.
    assert state.totals == (28, 89, 22, 81) and state.result is None
    took = [line["text"] for line in GAME.summary(state)["history"][0]["explain"]]
    assert took[0].endswith("2♥, 7♥, 9♥ = 18.")
    assert took[1].endswith("= 49.") and took[3].endswith("= 50.")


def test_points_so_far_while_playing() -> None:
    state = play_script(
        deal_for(new_game(SPOT), hands_of(H3)), H3[:9]
    )  # through T9: seat 3 took 8♥ K♥ A♥ 10♥ = 8 + 13 + 14 + 10 = 45
    assert state.current is not None
    # seat 1 so far: Q♠ (T7) 13 + 3♥ (T8) 3 = 16
    assert state.current.points == (0, 16, 0, 45)


def test_same_hand_by_result_entry() -> None:
    state = ev(new_game(SPOT, totals=[10, 40, 22, 31]), "hand_result", points=list(H3_SPOT))
    assert state.totals == (28, 89, 22, 81)


def test_moon_card_by_card_ends_a_game_to_100() -> None:
    # MOON_3: seat 3 takes every heart and the Q♠ = 117. add_to_others: everyone else +117.
    state = record(MOON_3, SPOT)
    last = state.hands[-1]
    assert last.points == (0, 0, 0, 117)
    assert last.moon_shooter == 3 and last.scores == (117, 117, 117, 0)
    # [117, 117, 117, 0]: three players over 100 after one hand; seat 3 wins with 0.
    assert state.result is not None and state.result.winners == (3,)
    explain = GAME.summary(state)["history"][0]["explain"]
    assert explain[-1]["text"] == "Di shot the moon: every other player +117."


def test_moon_subtract_from_shooter_card_by_card() -> None:
    state = record(rotate(MOON_3, -1), {**SPOT, "moon_scoring": "subtract_from_shooter"}, totals=[40, 55, 70, 20])
    # seat 2 shoots: −117 for seat 2, 0 for the others; 70 − 117 = −47.
    assert state.hands[-1].scores == (0, 0, -117, 0)
    assert state.totals == (40, 55, -47, 20)


# -- result entry ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("points", "code"),
    [
        # spot hearts' total is 2 + 3 + … + 14 = 104 hearts and 13 for the Q♠ = 117, and the code says so
        ([3, 18, 0, 5], "points_must_total_117"),  # 26 is the plain total, not 117
        ([20, 50, 30, 18], "points_must_total_117"),  # 118
        ([118, 0, 0, 0], "points_out_of_range"),  # at most 117
        ([1, 116, 0, 0], "points_not_possible"),  # the lowest heart is worth 2: nobody takes exactly 1
        ([3, 3, 111, 0], "points_not_possible"),  # only the 3♥ makes 3 (1 + 2 has no 1): not twice
    ],
)
def test_result_entry_rejects(points: list[int], code: str) -> None:
    state = new_game(SPOT)
    with pytest.raises(RulesError) as err:
        ev(state, "hand_result", points=points)
    assert err.value.code == code


def test_result_entry_total_message_names_117() -> None:
    with pytest.raises(RulesError) as err:
        ev(new_game(SPOT), "hand_result", points=[3, 18, 0, 5])
    assert err.value.params["expected"] == 117 and err.value.params["total"] == 26
    assert err.value.code == "points_must_total_117"
    assert (
        err.value.message
        == "With spot hearts the penalty points in a hand total 117 (hearts 2 to 14 and the Q♠ 13), not 26."
    )


def test_possible_splits() -> None:
    # 20 = A♥ 14 + 6♥; 50 = K♥ 13 + Q♥ 12 + J♥ 11 + 9♥ 9 + 5♥ 5; 30 = 10 + 8 + 7 + 3 + 2; 17 = Q♠ 13 + 4♥.
    assert possible_split((20, 50, 30, 17))
    assert possible_split((117, 0, 0, 0)) and possible_split((104, 13, 0, 0))
    # 115 = 117 − 2 (all but the 2♥), 2 = 2♥.
    assert possible_split((115, 2, 0, 0))
    assert not possible_split((116, 1, 0, 0))


def test_result_entry_moon_and_the_jack() -> None:
    v = {**SPOT, "jack_of_diamonds": "jd_minus_10"}
    # seat 3 takes 117, seat 0 the J♦: add_to_others [117, 117, 117, 0], then seat 0 −10 → [107, 117, 117, 0]
    state = ev(new_game(v), "hand_result", points=[0, 0, 0, 117], jd_taker=0)
    assert state.hands[-1].scores == (107, 117, 117, 0)
    # moon_requires_jd: no moon without the J♦ → scored as taken: [0 − 10, 0, 0, 117] = [−10, 0, 0, 117]
    state = ev(new_game({**v, "moon_requires_jd": True}), "hand_result", points=[0, 0, 0, 117], jd_taker=0)
    assert state.hands[-1].scores == (-10, 0, 0, 117)
    # the shooter who also took the J♦ under subtract_from_shooter: −117 − 10 = −127
    sub = {**v, "moon_scoring": "subtract_from_shooter"}
    state = ev(new_game(sub), "hand_result", points=[0, 0, 0, 117], jd_taker=3)
    assert state.hands[-1].scores == (0, 0, 0, -127)


def test_result_entry_shooter_choice_asks_about_117() -> None:
    state = new_game({**SPOT, "moon_scoring": "shooter_choice"})
    with pytest.raises(RulesError) as err:
        ev(state, "hand_result", points=[0, 117, 0, 0])
    assert err.value.code == "moon_choice_required" and "117" in err.value.message
    state = ev(state, "hand_result", points=[0, 117, 0, 0], moon_choice="subtract_from_shooter")
    assert state.hands[-1].scores == (0, -117, 0, 0)


def test_renege_charges_the_whole_hand() -> None:
    # abandon_26: the offender is charged the hand's whole value, 117, the others 0.
    state = ev(new_game(SPOT), "hand_result", offenders=[2])
    assert state.hands[-1].scores == (0, 0, 117, 0)
    # score_as_played_plus_26: as played plus 117 → seat 0: 18 + 117 = 135.
    v = {**SPOT, "renege_penalty": "score_as_played_plus_26"}
    state = ev(new_game(v), "hand_result", points=list(H3_SPOT), offenders=[0])
    assert state.hands[-1].scores == (135, 49, 0, 50)


def test_renege_proven_card_by_card_charges_117() -> None:
    state = ev(new_game({**SPOT, "pass_count": 0}), "deal")
    # T1: seat 1 shows out of clubs (2D), seat 3 wins with 4C; T2: seat 3 leads 5C, seat 0 6C, seat 1 7C:
    # seat 1 held a club on trick 1, proven.
    state = play_script(state, [(0, "2C 2D 3C 4C"), (3, "5C 6C 7C")])
    assert state.current is None
    assert state.hands[-1].scores == (0, 117, 0, 0)
    finding = GAME.summary(state)["findings"][0]
    assert finding["penalty"]["text"] == "hand abandoned: Bob is charged 117, every other player 0 (§3.5)"


# -- the target ------------------------------------------------------------------------------------
def test_result_entry_moon_ends_a_game_to_100() -> None:
    # from 0: seat 1 shoots → [117, 0, 117, 117]; someone ≥ 100, seat 1 lowest: game over at once.
    state = ev(new_game(SPOT), "hand_result", points=[0, 117, 0, 0])
    assert state.totals == (117, 0, 117, 117)
    assert state.result is not None and state.result.winners == (1,)


def test_higher_target_keeps_playing() -> None:
    v = {**SPOT, "target_score": 500}
    # [380, 100, 200, 300] + [18, 49, 0, 50] = [398, 149, 200, 350]: nobody at 500.
    state = ev(new_game(v, totals=[380, 100, 200, 300]), "hand_result", points=list(H3_SPOT))
    assert state.totals == (398, 149, 200, 350) and state.result is None
    # + [104, 13, 0, 0] (seat 0 every heart, seat 1 the Q♠) = [502, 162, 200, 350]: over, seat 1 wins.
    state = ev(state, "hand_result", points=[104, 13, 0, 0])
    assert state.totals == (502, 162, 200, 350)
    assert state.result is not None and state.result.winners == (1,)


def test_exact_target_rules() -> None:
    # exact_wins, target 200: [83, 10, 20, 30]; seat 1 shoots → +117 to the others = [200, 10, 137, 147]:
    # seat 0 lands exactly on 200 and wins.
    v = {**SPOT, "target_score": 200, "exact_target_rule": "exact_wins"}
    state = ev(new_game(v, totals=[83, 10, 20, 30]), "hand_result", points=[0, 117, 0, 0])
    assert state.totals == (200, 10, 137, 147)
    assert state.result is not None and state.result.winners == (0,)
    # reset_to_half, target 150: [46, 10, 20, 30] + [104, 13, 0, 0] = [150, 23, 20, 30] → seat 0 back to 75.
    v = {**SPOT, "target_score": 150, "exact_target_rule": "reset_to_half"}
    state = ev(new_game(v, totals=[46, 10, 20, 30]), "hand_result", points=[104, 13, 0, 0])
    assert state.totals == (75, 23, 20, 30) and state.result is None


def test_plain_hearts_unchanged() -> None:
    # Without the variant the same tricks give H-3's [3, 18, 0, 5] and 117 is rejected.
    state = record(H3)
    assert state.hands[-1].points == (3, 18, 0, 5)
    with pytest.raises(RulesError) as err:
        ev(new_game(), "hand_result", points=[0, 117, 0, 0])
    assert err.value.code == "points_out_of_range"


def test_hands_of_script_is_the_whole_pack() -> None:
    assert sum(len(h) for h in hands_of(H3)) == 52
