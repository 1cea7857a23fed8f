"""Card-by-card Hearts: reneges proven from the record and their penalties (§3.5, §6), corrections,
reports, the deal and pass checks, and mixing with result entry."""

from __future__ import annotations

import pytest

from scoring.errors import RulesError
from scoring.hearts import GAME
from tests.scoring.hearts_support import ev, hands_of, new_game, play_script
from tests.scoring.test_hearts_examples import H3, MOON_3

HOLD = {"pass_count": 0}


def _codes(state, status):  # type: ignore[no-untyped-def]
    return [(f["seat"], f["code"]) for f in GAME.summary(state)["findings"] if f["status"] == status]


def test_heart_led_before_broken_then_a_non_heart_is_proven() -> None:
    state = ev(new_game(HOLD), "deal")
    state = play_script(state, [(0, "2C 3C 4C 5C"), (3, "2H")])  # seat 3 leads a heart, unbroken
    assert _codes(state, "suspected") == [(3, "hearts_not_broken")]
    state = play_script(state, [(0, "3H 4H 5H"), (2, "6H 9D")])  # seat 2 wins; then seat 3 plays 9D
    assert state.current is None
    assert state.hands[-1].scores == (0, 0, 0, 26)
    assert state.findings[0].code == "hearts_not_broken" and state.findings[0].trick == 2


def test_point_card_on_first_trick_then_a_non_point_is_proven() -> None:
    state = ev(new_game(HOLD), "deal")
    state = play_script(state, [(0, "2C QS 3C 4C")])  # seat 1 paints trick 1 with the Q♠
    assert set(_codes(state, "suspected")) == {(1, "must_follow_suit"), (1, "no_points_first_trick")}
    state = play_script(state, [(3, "2D 4D 3D")])  # seat 1 plays 3D (not a point card, not a club)
    assert state.current is None
    assert state.findings[0].code == "no_points_first_trick"
    assert state.hands[-1].scores == (0, 26, 0, 0)


def test_later_club_after_painting_is_a_failure_to_follow() -> None:
    state = ev(new_game(HOLD), "deal")
    state = play_script(state, [(0, "2C AH 3C 4C"), (3, "5C 6C 7C")])
    assert state.current is None
    assert state.findings[0].code == "must_follow_suit"


def test_suspicion_is_cleared_when_the_suit_is_exhausted() -> None:
    state = ev(new_game(HOLD), "deal")
    state = play_script(state, [(0, "2C 2D 3C 4C")])  # seat 1 shows out of clubs
    assert _codes(state, "suspected") == [(1, "must_follow_suit")]
    # The other 9 clubs are played by seats 0, 2 and 3 (seat 1 discards): nothing left to prove.
    state = play_script(state, [(3, "5C 6C 3D 7C"), (2, "8C 9C TC 4D"), (0, "JC 5D QC KC"), (3, "AC 6D 7D 8D")])
    assert _codes(state, "suspected") == []
    assert state.current is not None and state.current.trick_number == 6


def test_score_as_played_plus_26_charges_once_and_play_continues() -> None:
    state = new_game({"renege_penalty": "score_as_played_plus_26"})
    state = ev(state, "hand_result", points=[26, 0, 0, 0])  # hand 1 by result entry (a moon)
    state = ev(state, "hand_result", points=[0, 26, 0, 0])
    state = ev(state, "hand_result", points=[0, 0, 26, 0])  # hand 4 is a hold hand
    state = ev(state, "deal", hands=hands_of(H3))
    # Known hands: no renege can happen; report one at the table instead, twice for one seat.
    state = play_script(state, H3, stop_after=8)
    state = ev(state, "renege_report", offenders=[2])
    state = ev(state, "renege_report", offenders=[2], note="again")
    state = play_script(state, H3[2:])
    last = state.hands[-1]
    assert last.mode == "cards"
    assert last.scores == (3, 18, 26, 5)  # H-3 as played, +26 once for seat 2
    assert last.offenders == (2,)
    assert [f.status for f in state.findings] == ["reported", "reported"]


def test_score_as_played_plus_26_after_a_proof() -> None:
    state = ev(new_game({**HOLD, "renege_penalty": "score_as_played_plus_26"}), "deal")
    state = play_script(state, [(0, "2C 2D 3C 4C"), (3, "5C 6C 7C")])  # seat 1 follows clubs: proven
    assert state.current is not None and _codes(state, "proven") == [(1, "must_follow_suit")]
    assert state.current.charged == (1,)


def test_penalty_none_records_the_finding_only() -> None:
    state = ev(new_game({**HOLD, "renege_penalty": "none"}), "deal")
    state = play_script(state, [(0, "2C 2D 3C 4C"), (3, "5C 6C 7C")])
    assert state.current is not None
    finding = GAME.summary(state)["findings"][0]
    assert finding["status"] == "proven" and "no penalty" in finding["penalty"]["text"]


def test_renege_report_two_offenders_abandon() -> None:
    state = ev(new_game(HOLD), "deal")
    state = play_script(state, [(0, "2C 3C 4C 5C")])
    state = ev(state, "renege_report", offenders=[0, 2])
    assert state.hands[-1].scores == (26, 0, 26, 0)
    assert state.hands[-1].moon_shooter is None
    assert GAME.summary(state)["phase"] == "hand_entry"


def test_retract_within_the_window_removes_the_evidence() -> None:
    state = ev(new_game(HOLD), "deal")
    state = play_script(state, [(0, "2C 2D")])
    assert _codes(state, "suspected") == [(1, "must_follow_suit")]
    state = ev(state, "retract_card", seat=1)
    assert _codes(state, "suspected") == []
    assert GAME.summary(state)["to_act"] == 1
    state = ev(state, "play_card", seat=1, card="3C")
    state = ev(state, "play_card", seat=2, card="4C")
    state = ev(state, "play_card", seat=3, card="5C")  # trick complete, trick 2 not led: still open
    state = ev(state, "retract_card", seat=2)
    hand = state.current
    assert hand is not None and hand.trick_number == 1 and len(hand.trick.cards) == 2  # type: ignore[union-attr]
    state = ev(state, "play_card", seat=2, card="6C")
    state = ev(state, "play_card", seat=3, card="5C")
    state = ev(state, "play_card", seat=2, card="7C")  # seat 2 won with 6C and leads trick 2
    with pytest.raises(RulesError) as err:
        ev(state, "retract_card", seat=3)
    assert err.value.code == "correction_window_closed"


def test_pass_lead_then_a_non_heart_is_proven() -> None:
    state = ev(new_game({**HOLD, "all_hearts_unbroken_lead": "pass_lead"}), "deal")
    state = play_script(state, [(0, "2C 3C 4C 5C")])
    state = ev(state, "pass_lead", seat=3)
    assert GAME.summary(state)["to_act"] == 0
    state = play_script(state, [(0, "6C 7C 8C 9C")])  # seat 3 plays 9C: it did not hold only hearts
    assert state.current is None
    assert state.findings[0].code == "all_hearts_unbroken_lead"


def test_known_hand_illegal_card_is_rejected_and_nothing_changes() -> None:
    state = ev(new_game(HOLD), "deal", hands=hands_of(H3))
    state = ev(state, "play_card", seat=3, card="2C")
    before = GAME.summary(state)
    with pytest.raises(RulesError) as err:
        ev(state, "play_card", seat=0, card="QD")  # seat 0 holds QC
    assert err.value.code == "must_follow_suit"
    assert err.value.params["held"] == ["8C", "AC", "QC"]  # H3: T1 QC, T3 AC, T4 8C
    assert GAME.summary(state) == before


def test_deduced_fourth_hand() -> None:
    hands = hands_of(H3)
    state = ev(new_game(HOLD), "deal", hands=[*hands[:3], None])
    assert state.current is not None and state.current.complete == (True, True, True, True)


def test_partial_knowledge_from_a_received_pass() -> None:
    # Hand 1 passes left; only seat 3's pass is recorded: seat 0 then holds those cards.
    state = ev(new_game(), "deal")
    for seat in range(3):
        state = ev(state, "pass_cards", seat=seat)
    state = ev(state, "pass_cards", seat=3, cards=["2C", "AH", "QS"])
    hand = state.current
    assert hand is not None and {str(c) for c in hand.known[0]} == {"2C", "AH", "QS"}
    assert GAME.summary(state)["to_act"] == 0  # seat 0 holds the 2♣
    with pytest.raises(RulesError) as err:
        ev(state, "play_card", seat=1, card="2C")
    assert err.value.code == "not_your_turn"


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"seat": 0, "cards": ["2C", "3C"]}, "wrong_pass_count"),
        ({"seat": 0, "cards": ["2C", "2C", "3C"]}, "duplicate_card"),
        ({"seat": 0, "cards": []}, "wrong_pass_count"),
        ({"seat": 7}, "no_such_seat"),
    ],
)
def test_bad_pass(payload: dict[str, object], code: str) -> None:
    state = ev(new_game(), "deal")
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, "pass_cards", payload)
    assert err.value.code == code


def test_pass_rules() -> None:
    hands = hands_of(H3)
    state = ev(new_game({"optional_pass": True}), "deal", hands=hands)
    with pytest.raises(RulesError) as err:
        ev(state, "pass_cards", seat=0, cards=["2C", "3C", "4C"])  # seat 0 was not dealt 2C
    assert err.value.code == "card_not_in_hand"
    state = ev(state, "pass_cards", seat=0, cards=[])  # declined (optional_pass)
    with pytest.raises(RulesError) as err:
        ev(state, "pass_cards", seat=0, cards=[])
    assert err.value.code == "already_passed"
    with pytest.raises(RulesError) as err:
        ev(state, "play_card", seat=3, card="2C")
    assert err.value.code == "pass_not_finished"
    for seat in (1, 2, 3):
        state = ev(state, "pass_cards", seat=seat, cards=[])
    assert GAME.summary(state)["phase"] == "play"


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"hands": [["2C"], None, None, None]}, "wrong_hand_size"),
        ({"hands": [None, None, None]}, "hands_per_seat"),
        ({"kitty": ["2C"]}, "no_kitty"),
    ],
)
def test_bad_deal(payload: dict[str, object], code: str) -> None:
    with pytest.raises(RulesError) as err:
        GAME.apply_json(new_game(), "deal", payload)
    assert err.value.code == code


def test_duplicate_card_in_deal() -> None:
    hands = hands_of(H3)
    hands[1] = [hands[0][0], *hands[1][1:]]
    with pytest.raises(RulesError) as err:
        ev(new_game(), "deal", hands=hands)
    assert err.value.code == "duplicate_card"


def test_result_entry_and_card_play_share_the_log() -> None:
    state = ev(new_game(), "hand_result", points=[1, 2, 3, 20])
    state = ev(state, "deal")  # hand 2 passes right; passes not recorded
    with pytest.raises(RulesError) as err:
        ev(state, "hand_result", points=[1, 2, 3, 20])
    assert err.value.code == "hand_in_progress"
    with pytest.raises(RulesError) as err:
        ev(state, "deal")
    assert err.value.code == "hand_in_progress"
    for seat in range(4):
        state = ev(state, "pass_cards", seat=seat)
    state = play_script(state, H3)
    state = ev(state, "hand_result", points=[0, 0, 26, 0])
    assert [h.mode for h in state.hands] == ["result", "cards", "result"]
    assert [h.pass_direction for h in state.hands] == ["left", "right", "across"]
    # hand 1 [1, 2, 3, 20], hand 2 H-3's [3, 18, 0, 5], hand 3 seat 2's moon [26, 26, 0, 26]
    assert state.totals == (30, 46, 3, 51)
    history = GAME.summary(state)["history"][1]
    assert history["tricks_won"] is not None and history["explain"][0]["code"] == "took_points"


def test_avoid_all_tricks_bonus_card_by_card() -> None:
    # MOON_3: seat 3 shoots; seats 1 and 2 win no trick. docs/games/hearts.md §5.1: no bonus in a
    # moon hand by default (OpenSpiel), so 26 each; with no_tricks_bonus_on_moon 26 - 5 = 21 each.
    for extra, scores in (({}, (26, 26, 26, 0)), ({"no_tricks_bonus_on_moon": True}, (26, 21, 21, 0))):
        state = new_game({**HOLD, "avoid_all_tricks_bonus": -5, **extra})
        state = ev(state, "deal", hands=hands_of(MOON_3))
        state = play_script(state, MOON_3)
        assert state.hands[-1].scores == scores


def test_moon_choice_pending_blocks_play_and_result_entry() -> None:
    state = ev(new_game({**HOLD, "moon_scoring": "shooter_choice"}), "deal")
    state = play_script(state, MOON_3)
    assert GAME.summary(state)["to_act"] == 3
    for event_type, payload in (("deal", {}), ("hand_result", {"points": [26, 0, 0, 0]})):
        with pytest.raises(RulesError) as err:
            GAME.apply_json(state, event_type, payload)
        assert err.value.code == "hand_in_progress"
