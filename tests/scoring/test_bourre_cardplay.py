"""Card-by-card worked examples: rules/bourre.md §6.4 P5/P6, §6.5 R1/R2, §6.6 and §6.7 A1–A5.

Expected values are the rules file's; the deals are built so that every other play is legal
(each is checked in a comment where it matters).
"""

from __future__ import annotations

import dataclasses

import pytest

from scoring.bourre import GAME, Session
from scoring.errors import RulesError
from tests.scoring.bourre_helpers import decide, play, start, step


def carry(s: Session, chips: int) -> Session:
    """Test set-up: ``chips`` carried in the pot from earlier deals (paid by seat 0)."""
    return dataclasses.replace(s, pot=s.pot + chips, ledger=(s.ledger[0] - chips, *s.ledger[1:]))


def findings(s: Session) -> list[tuple[int, int | None, str, str | None]]:
    return [(f["seat"], f["trick"], f["code"], f["proven_by"]) for f in GAME.summary(s)["findings"]]


def four_players_p4_deals(up: str) -> Session:
    """P1…P4 (seats 0–3), P4 deals, everyone plays and stands pat; P1 leads trick 1."""
    s = start(4)
    s = step(s, "deal", dealer=3, up_card=up)
    return decide(s, "0:+0 1:+0 2:+0 3:+0")


def test_a1_failure_to_follow_proven_when_the_card_appears() -> None:
    s = four_players_p4_deals("4S")
    s = play(s, "7D 3C KD 2D")  # trick 1: P2 shows out of ♦ (3♣)
    s = play(s, "AH 2H 3H 4H")  # trick 2: P3 leads after winning with K♦
    s = play(s, "QD 5D 6D")
    assert findings(s) == []
    s = play(s, "9D")  # trick 3: P2 plays 9♦ → held at trick 1
    assert findings(s) == [(1, 1, "must_follow_suit", "9D")]


def test_a2_failure_to_head_against_w_at_the_players_turn() -> None:
    s = four_players_p4_deals("8C")
    s = play(s, "2D 3D AD 4D")  # P3 wins
    s = play(s, "TH JH 4H 2C")  # trick 2: W = J♥ at P1's turn; P2 trumps and wins
    s = play(s, "KS 2S 3S 4S")  # P2 wins
    s = play(s, "5S 6S 7S")
    assert findings(s) == []
    s = play(s, "QH")  # trick 4: P1 shows Q♥, which beat J♥
    assert findings(s) == [(0, 2, "must_head_trick", "QH")]
    s = play(s, "8C 9H 9C 3H")  # trick 5 (P4 won trick 4 with 7♠): all hands now known, nothing else
    assert findings(s) == [(0, 2, "must_head_trick", "QH")]
    history = GAME.summary(s)["history"][-1]  # provisional settlement: P1 pays B for the renege
    assert {p["seat"]: p["code"] for p in history["payments"]}[0] in ("renege", "bourre_and_renege")


def test_a3_no_violation_when_w_is_a_trump() -> None:
    s = four_players_p4_deals("8C")
    s = play(s, "2D 3D AD 4D")  # P3 wins
    s = play(s, "TH 3C 4H 5H")  # trick 2: W = 3♣ (trump) at P1's turn: no heart beats it
    s = play(s, "KS 4S 2S 3S")  # P4 leads (won with 3♣)
    s = play(s, "5S AH 6S 7S")  # trick 4: P1 shows A♥ — no violation (§6.7 A3)
    assert findings(s) == []


def test_a4_up_card_proves_a_renege_at_once() -> None:
    s = four_players_p4_deals("7S")
    s = play(s, "AD 2D 3D 4D")  # P1 wins
    s = play(s, "5S 6S 8S")
    s = play(s, "9H")  # P4 holds the up-card 7♠ (not discarded): failure to follow trumps
    assert findings(s) == [(3, 2, "must_follow_suit", "7S")]


def test_a5_cinch_breach_proven_at_trick_five() -> None:
    s = four_players_p4_deals("2C")
    s = play(s, "2H AH 3H 4H")  # P2 wins tricks 1–3
    s = play(s, "AS 2S 3S 4S")
    s = play(s, "AD 2D 3D 4D")
    s = play(s, "9D 5D 6D 7D")  # trick 4: P2 (3 tricks won: a cinch) leads 9♦
    assert findings(s) == []
    s = play(s, "6C")  # trick 5: P2 shows 6♣ → had to lead a trump at trick 4
    assert findings(s) == [(1, 4, "cinch_must_lead_trump", "6C")]


def test_r1_recalled_renege_and_deal_forfeit() -> None:
    """§6.5 R1: B recalls in trick 2; A2 B3 C0; carry-over; C pays 5; next pot 14; B skips a deal."""
    a, b, c, d, e = range(5)
    s = start("ABCDE")
    s = step(s, "deal", dealer=e, up_card="2H")
    s = decide(s, "0:+0 1:+0 2:+0 3:- 4:-")
    s = play(s, "AS 2S 3S")  # A wins
    s = play(s, "KS QD")  # B fails to follow with Q♦ (holds 4♠) …
    with pytest.raises(RulesError) as err:
        step(s, "recall", seat=a)
    assert err.value.code == "recall_window_closed"
    s = step(s, "recall", seat=b)  # … and takes it back before C plays
    s = play(s, "4S 6S")  # A wins trick 2
    s = play(s, "6D AD 2D")  # B wins
    s = play(s, "KD 3D 7D")
    s = play(s, "QD 4D 8D")
    summary = GAME.summary(s)
    last = summary["history"][-1]
    assert last["tricks"] == [2, 3, 0, 0, 0]
    assert last["winner"] is None and last["taken"] == []
    assert last["payments"] == [{"seat": c, "chips": 5, "code": "bourre"}]
    assert summary["findings"][0]["code"] == "renege_recalled"
    s = step(s, "deal", up_card="3C", antes=[a, b, d, e])
    assert GAME.summary(s)["pot"] == 14
    assert GAME.summary(s)["deal"]["dealer"] == a
    # After A's deal, B's turn to deal is forfeited: C deals (§5.5).
    s = decide(s, "1:- 2:- 3:- 4:-")  # the dealer A collects alone (§3.1.5)
    assert GAME.summary(s)["next_dealer"] == c


def test_r1_next_best_eligible() -> None:
    a, b, _c, _d, e = range(5)
    s = start("ABCDE", forfeited_pot_policy="next_best_eligible")
    s = step(s, "deal", dealer=e, up_card="2H")
    s = decide(s, "0:+0 1:+0 2:+0 3:- 4:-")
    s = play(s, "AS 2S 3S KS QD")
    s = step(s, "recall", seat=b)
    s = play(s, "4S 6S 6D AD 2D KD 3D 7D QD 4D 8D")
    last = GAME.summary(s)["history"][-1]
    assert last["taken"] == [{"seat": a, "chips": 5}]
    s = step(s, "deal", up_card="3C")
    assert GAME.summary(s)["pot"] == 9


def test_r2_renege_proven_from_the_record() -> None:
    """§6.5 R2: C shows 3♣ on ♦ at trick 1, later 9♦; A3 B1 C1; A wins 8; C pays 8; next 12."""
    a, b, c, d, e = range(5)
    s = carry(start("ABCDE"), 3)
    s = step(s, "deal", dealer=e, up_card="2S")
    assert GAME.summary(s)["pot"] == 8
    s = decide(s, "0:+0 1:+0 2:+0 3:- 4:-")
    s = play(s, "7D TD 3C")  # B wins
    s = play(s, "2H AH 3H")  # C wins
    s = play(s, "9D")  # proven now
    assert findings(s) == [(c, 1, "must_follow_suit", "9D")]
    s = play(s, "JD 4D KC 5C 4C AC 6C 8C")
    last = GAME.summary(s)["history"][-1]
    assert last["tricks"] == [3, 1, 1, 0, 0]
    assert last["taken"] == [{"seat": a, "chips": 8}]
    assert last["payments"] == [{"seat": c, "chips": 8, "code": "renege"}]
    s = step(s, "deal", up_card="3C", antes=[a, b, d, e])
    assert GAME.summary(s)["findings"][0]["penalty"]["text"] == "stood: cannot win the pot, pays 8 (§5.3)"
    assert GAME.summary(s)["pot"] == 12


def test_p5_lone_player() -> None:
    """§6.4 P5: A pass, B play, C pass, D (dealer) pass → B takes 4; next pot 4."""
    s = start("ABCD")
    s = step(s, "deal", dealer=3, up_card="9H")
    s = decide(s, "0:- 1:+2 2:- 3:-")
    last = GAME.summary(s)["history"][-1]
    assert last["taken"] == [{"seat": 1, "chips": 4}] and last["payments"] == []
    s = step(s, "deal", up_card="3C")
    assert GAME.summary(s)["pot"] == 4


def test_all_pass_dealer_collects_and_ace_up() -> None:
    s = start("ABCD")
    s = step(s, "deal", dealer=3, up_card="AH")
    s = decide(s, "0:- 1:- 2:-")  # the dealer plays alone without a decision (§3.1.5 default)
    assert GAME.summary(s)["history"][-1]["taken"] == [{"seat": 3, "chips": 4}]
    s = start("ABCD", all_pass_policy="carry_over")
    s = step(s, "deal", dealer=3, up_card="AH")
    s = decide(s, "0:- 1:- 2:-")
    with pytest.raises(RulesError) as err:
        step(s, "declare", seat=3, play=False)
    assert err.value.code == "dealer_must_play_ace"


def test_dealer_tapping_play_after_everyone_passed_is_the_same_lone_win() -> None:
    """rules §3.1 item 5 (docs/games/bourre.md §6, §3.1.5): A, B, C pass, D (dealer) taps "play".

    Hand calculation: 4 seated ante 1 → B = 4; D is the lone player and takes 4, nobody is
    bourré, so the ledger is A −1, B −1, C −1, D −1 + 4 = +3 and the pot is 0 before next antes.
    """
    s = start("ABCD")
    s = step(s, "deal", dealer=3, up_card="9H")
    s = decide(s, "0:- 1:- 2:-")
    without_tap = GAME.summary(s)["history"][-1]
    s = step(s, "declare", seat=3, play=True)  # the dealer's own "play": same outcome, no deal_complete
    summary = GAME.summary(s)
    last = summary["history"][-1]
    assert last["taken"] == [{"seat": 3, "chips": 4}] and last["payments"] == []
    assert last["active"] == [3] and last["ledger"] == [-1, -1, -1, 3]
    assert {k: v for k, v in last.items() if k != "explain"} == {k: v for k, v in without_tap.items() if k != "explain"}
    assert "dealer_confirms" in [n["code"] for n in summary["deal"]["explain"]]
    with pytest.raises(RulesError) as err:  # a second tap is not a new decision
        step(s, "declare", seat=3, play=True)
    assert err.value.code == "deal_complete"
    s = step(s, "deal", up_card="3C")
    assert GAME.summary(s)["pot"] == 4


def test_p6_double_ante() -> None:
    """§6.4 P6: A B C play and add 1 each: B = 8; A3 B2 C0 → A takes 8, C pays 8; next 13 (12)."""
    for keep, expected in ((False, 13), (True, 12)):
        s = start("ABCDE", second_ante=True, double_ante_exemptions=keep)
        s = step(s, "deal_result", played=[0, 1, 2], tricks=[3, 2, 0, 0, 0])
        last = GAME.summary(s)["history"][-1]
        assert last["pot_at_play"] == 8 and last["taken"] == [{"seat": 0, "chips": 8}]
        s = step(s, "deal", up_card="3C")
        assert GAME.summary(s)["pot"] == expected


def test_six_six_stock_exhaustion() -> None:
    """§6.6: 8 seated, P8 deals, stock 12 → 7 → 3 → (recycle 14) 12 → 9 → 7 → 2."""
    s = start(8)
    s = step(s, "deal", dealer=7, up_card="5S")
    stocks = []
    for spec in ("0:+5", "1:+4", "2:-", "3:+5", "4:+3", "5:-", "6:+2", "7:+5"):
        s = decide(s, spec)
        stocks.append(GAME.summary(s)["deal"]["stock"])
    assert stocks == [7, 3, 3, 12, 9, 9, 7, 2]
    notes = [n for n in GAME.summary(s)["deal"]["explain"] if n["code"] == "stock_recycled"]
    assert len(notes) == 1 and "14" in notes[0]["text"] and notes[0]["seat"] == 3


def test_separate_rounds_and_second_ante() -> None:
    """§7 decision_mode = separate_rounds: all declare (paying the second ante), then draws in rotation."""
    s = start(4, decision_mode="separate_rounds", second_ante=True)
    s = step(s, "deal", dealer=3, up_card="5H")
    for seat, plays in ((0, True), (1, False), (2, True), (3, True)):
        assert GAME.legal_actions(s)[0] == {"type": "declare", "seat": seat, "play": [True, False]}
        s = step(s, "declare", seat=seat, play=plays)
    assert GAME.summary(s)["pot"] == 4 + 3  # 4 antes + 3 second antes
    assert [a["seat"] for a in GAME.legal_actions(s)[:1]] == [0]
    with pytest.raises(RulesError) as err:
        step(s, "draw", seat=2, count=1)
    assert err.value.code == "not_your_turn"


def test_ownerless_up_card() -> None:
    """§7 trump_source = separate_card_no_owner: nobody holds it, the stock is one smaller, no ace rule."""
    s = start(3, trump_source="separate_card_no_owner")
    s = step(s, "deal", dealer=2, up_card="AH")
    assert GAME.summary(s)["deal"]["stock"] == 52 - 15 - 1
    s = decide(s, "0:+0 1:+0 2:+0")
    with pytest.raises(RulesError) as err:
        step(s, "play_card", seat=0, card="AH")
    assert err.value.code == "card_in_other_hand"


def test_late_renege_claim() -> None:
    """§7 renege_claim_deadline: a claim about a settled deal is refused by default; under
    end_of_session the offender pays that deal's B (5) into the current pot (our reading)."""
    s = start("ABCDE")
    s = step(s, "deal", dealer=4, up_card="2S")
    s = decide(s, "0:+0 1:+0 2:- 3:- 4:-")
    s = play(s, "AD 2D KD 3D QD 4D JD 5D TD 6D")
    s = step(s, "deal_result", played=[0, 1], tricks=[3, 2, 0, 0, 0])
    with pytest.raises(RulesError) as err:
        step(s, "renege", seat=1, deal=1)
    assert err.value.code == "renege_claim_too_late"
    s = start("ABCDE", renege_claim_deadline="end_of_session")
    s = step(s, "deal_result", played=[0, 1], tricks=[3, 2, 0, 0, 0])
    pot = GAME.summary(s)["pot"]
    s = step(s, "renege", seat=1, deal=1)
    assert GAME.summary(s)["pot"] == pot + 5
    assert GAME.summary(s)["exempt_next_ante"] == [1]


def test_dealer_may_take_the_up_card() -> None:
    """§7 trump_source = separate_card_dealer_may_take: "discards 4, takes the trump, receives 3"."""
    hands = [["2C", "3C", "4C", "5C", "6C"], ["2D", "3D", "4D", "5D", "6D"], ["2S", "3S", "4S", "5S", "6S"]]
    s = start(3, trump_source="separate_card_dealer_may_take")
    s = step(s, "deal", dealer=2, up_card="AH", hands=hands)
    assert GAME.summary(s)["deal"]["stock"] == 52 - 15 - 1  # the up-card is nobody's yet
    s = decide(s, "0:+0 1:+0")
    s = step(s, "declare", seat=2, play=True)
    with pytest.raises(RulesError) as err:
        step(s, "draw", seat=2, count=0, take_up_card=True)
    assert err.value.code == "take_up_card_not_allowed"
    s = step(
        s, "draw", seat=2, count=4, discarded=["2S", "3S", "4S", "5S"], received=["KH", "QH", "JH"], take_up_card=True
    )
    assert GAME.summary(s)["deal"]["stock"] == 36 - 3
    assert GAME.summary(s)["deal"]["hands_known"][2] == ["6S", "AH", "JH", "KH", "QH"]
    s = play(s, "2C 2D AH")  # the dealer holds and plays the trump ace
    assert GAME.summary(s)["deal"]["tricks"][0]["winner"] == 2


def test_cinch_breach_refused_or_noted() -> None:
    """§6.3 C1 with known hands: leading 7♣ from A♦ K♦ Q♦ 7♣ 4♠ is refused; with
    cinch_breach_is_renege = false it stands with a note and no finding."""
    hands = [["AD", "KD", "QD", "7C", "4S"], ["2D", "5C", "6C", "7S", "8S"]]
    for is_renege in (True, False):
        s = start("AB", cinch_breach_is_renege=is_renege)
        s = step(s, "deal", dealer=1, up_card="2D", hands=hands)
        s = decide(s, "0:+0 1:+0")
        if is_renege:
            with pytest.raises(RulesError) as err:
                step(s, "play_card", seat=0, card="7C")
            assert err.value.code == "cinch_must_lead_trump"
        else:
            s = step(s, "play_card", seat=0, card="7C")
            codes = [n["code"] for n in GAME.summary(s)["deal"]["explain"]]
            assert "cinch_breach" in codes and GAME.summary(s)["findings"] == []
