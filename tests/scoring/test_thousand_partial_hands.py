"""Card by card with only some hands known (rules/thousand.md §16.1, §16.2, §14 T-22 … T-24).

Seats whose cards are entered are checked exactly at every play; the others are judged from the
record as evidence appears, with the known hands placing cards (a card in a known hand is known not
to be in the unknown one). The deals reuse the hands of the T-22 / T-24 tests in
test_thousand_cardplay.py; the numbers are worked out in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.thousand import GAME
from scoring.thousand.state import ThousandState
from tests.scoring.test_thousand_cardplay import T22_AUCTION, T22_PLAY, T24_PLAY, plays
from tests.scoring.thousand_helpers import A, B, C, apply_all, start

# T-22 dealt hands (dealer C, A declares 100; talon 9♣ A♦ J♠; A gives J♠ to B and 9♣ to C):
T22_A = ["AS", "KH", "KD", "QS", "QH", "JD", "TS"]
T22_B = ["9S", "AH", "TD", "KS", "TC", "QD", "TH"]
T22_C = ["QC", "JH", "JC", "AC", "KC", "9D", "9H"]


def partial(variants: dict[str, Any], hands: list[list[str] | None], talon: str | None = None) -> ThousandState:
    payload: dict[str, Any] = {"hands": hands}
    if talon is not None:
        payload["talon"] = talon.split()
    return GAME.apply_json(start(variants, dealer=C), "deal", payload)


def t22_partial(variants: dict[str, Any]) -> ThousandState:
    """A and B known, C unknown; the talon is entered when A takes it (so A stays known)."""
    state = apply_all(partial(variants, [T22_A, T22_B, None]), T22_AUCTION)
    return apply_all(
        state,
        [
            ("take_talon", {"seat": A, "cards": ["9C", "AD", "JS"]}),
            ("give_card", {"seat": A, "to": B, "card": "JS"}),
            ("give_card", {"seat": A, "to": C, "card": "9C"}),
        ],
    )


def error(state: ThousandState, event: str, payload: dict[str, Any]) -> str:
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, event, payload)
    return err.value.code


def test_summary_and_legal_actions_per_seat() -> None:
    state = t22_partial({})
    assert state.deal is not None
    summary = GAME.summary(state)["current_deal"]
    assert summary["hands_known"] is False and summary["hands_known_seats"] == [A, B]
    (lead,) = [a for a in GAME.legal_actions(state) if a["type"] == "play_card"]
    # A's hand after the exchange: dealt 7 + talon 9♣ A♦ J♠ − J♠ − 9♣ = 8 cards, all listed.
    assert sorted(lead["cards"]) == sorted([*T22_A, "AD"])


def test_known_seat_is_checked_exactly() -> None:
    # Trick 1: A leads A♠; B (known) holds 9♠ K♠ J♠ and may not discard T♣ (§6.2).
    state = plays(t22_partial({}), "AS")
    assert error(state, "play_card", {"seat": B, "card": "TC"}) == "must_follow_suit"
    assert error(state, "play_card", {"seat": B, "card": "QC"}) == "card_not_in_hand"


def test_unknown_seat_cannot_play_a_card_of_a_known_hand() -> None:
    state = plays(t22_partial({}), "AS 9S")
    # C's hand is unknown, but K♠ is in B's known hand (and T♠ in A's).
    assert error(state, "play_card", {"seat": C, "card": "KS"}) == "card_not_in_hand"
    assert error(state, "play_card", {"seat": C, "card": "TS"}) == "card_not_in_hand"


def test_t22_renege_of_the_unknown_seat_proven_forfeit() -> None:
    # As in T-22: C plays J♣ to T♦ at trick 3 and 9♦ at trick 6 → renege proven at trick 6; the
    # deal ends there. Contract counted as made: A +100; C 0; B keeps T2 17 + T3 16 + T4 18 +
    # T6 5 = 56 → 55. No bolts.
    state = plays(t22_partial({}), " ".join(T22_PLAY.split()[:18]))
    (finding,) = state.findings
    assert (finding.seat, finding.code, finding.trick, finding.proven_at_trick) == (C, "must_follow_suit", 3, 6)
    assert state.totals == (100, 55, 0)


def test_t22_failure_to_trump_proven_earlier_thanks_to_the_known_hands() -> None:
    # fixed_120 keeps the deal going. Every spade is in A's or B's known hand (A♠ Q♠ T♠ with A;
    # 9♠ K♠ and the passed J♠ with B), so C's spade void at trick 4 is established at once; the trump
    # witness 9♥ appears at trick 7 → must_trump proven at trick 7 (with all hands unknown and
    # J♠ passed face down, only at trick 8).
    state = plays(t22_partial({"renege_penalty": "fixed_120"}), T22_PLAY)
    found = [(f.seat, f.code, f.trick, f.proven_at_trick) for f in state.findings]
    assert found == [(C, "must_follow_suit", 3, 6), (C, "must_trump", 4, 7)]
    # Scored as played: A 14 + 17 + ♥100 = 131 ≥ 100 → +100; B 89 → 90; C no trick → 0, a bolt,
    # and −120 twice.
    assert state.totals == (100, 90, -240)


def test_last_unknown_hand_is_derived_from_the_talon() -> None:
    # A and B known and the talon given: C's dealt hand is the rest of the deck, so C is known and
    # C's renege at trick 3 is rejected at once.
    state = apply_all(partial({}, [T22_A, T22_B, None], "9C AD JS"), T22_AUCTION)
    assert state.deal is not None and state.deal.hands is not None
    derived = state.deal.hands[C]
    assert derived is not None and {str(c) for c in derived} == set(T22_C)
    state = apply_all(
        state,
        [
            ("take_talon", {"seat": A}),
            ("give_card", {"seat": A, "to": B, "card": "JS"}),
            ("give_card", {"seat": A, "to": C, "card": "9C"}),
        ],
    )
    state = plays(state, "AS 9S QC KH! AH JH TD")
    assert error(state, "play_card", {"seat": C, "card": "JC"}) == "must_follow_suit"


def test_known_receiver_needs_the_card() -> None:
    state = apply_all(partial({}, [T22_A, T22_B, None]), T22_AUCTION)
    state = GAME.apply_json(state, "take_talon", {"seat": A})  # talon not entered: A is unknown now
    assert state.deal is not None and state.deal.hands is not None and state.deal.hands[A] is None
    assert error(state, "give_card", {"seat": A, "to": B}) == "card_required"
    state = GAME.apply_json(state, "give_card", {"seat": A, "to": C})  # C unknown: face down is fine
    # B's dealt cards are still B's: the declarer cannot pass B's T♣.
    assert error(state, "give_card", {"seat": A, "to": B, "card": "TC"}) == "card_not_in_hand"


def test_t24_bid_of_the_unknown_seat_proven_with_a_known_defender() -> None:
    # T-24: A bid 130 with dealt A♠ K♠ A♥ T♥ K♣ J♦ 9♥ (no pair). B's hand is known; A and C are
    # not. Reconstructed at the end: (played ∪ passed) − talon → no K-Q pair → illegal_bid.
    b_dealt = ["9S", "JS", "TS", "9D", "QD", "JC", "QC"]
    state = partial({}, [None, b_dealt, None], "QS 9C TD")
    state = apply_all(state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    state = apply_all(
        state,
        [
            ("take_talon", {"seat": A}),
            ("give_card", {"seat": A, "to": B, "card": "9C"}),
            ("give_card", {"seat": A, "to": C, "card": "9H"}),
        ],
    )
    state = plays(state, T24_PLAY)
    assert [(f.seat, f.code) for f in state.findings] == [(A, "illegal_bid")]
    # As in test_t24_illegal_bid_proven_at_deal_end: −130; B 25, C 40.
    assert state.totals == (-130, 25, 40)


def test_bad_partial_deal() -> None:
    # A known hand may not repeat a card of another known hand.
    with pytest.raises(RulesError) as err:
        partial({}, [T22_A, ["AS", *T22_B[1:]], None])
    assert err.value.code == "bad_hand"


def test_t23_marriage_partner_in_a_known_hand_is_rejected_at_once() -> None:
    # T-23 with B's hand known (dealt 9♠ 9♣ 9♦ Q♠ Q♥ T♥ 9♥, receives K♣): A wins tricks 1–4 with
    # A♠ A♣ A♦ T♠, then leads K♥ announcing hearts. Q♥ is in B's known hand, so A cannot hold it:
    # refused when announced (with no hand known it is proven only when B plays Q♥, §16.2).
    b_dealt = ["9S", "9C", "9D", "QS", "QH", "TH", "9H"]
    state = apply_all(partial({}, [None, b_dealt, None]), T22_AUCTION)
    state = apply_all(
        state,
        [
            ("take_talon", {"seat": A}),
            ("give_card", {"seat": A, "to": B, "card": "KC"}),
            ("give_card", {"seat": A, "to": C}),
        ],
    )
    state = plays(state, "AS 9S JS AC 9C JC AD 9D JD TS QS KS")
    assert error(state, "play_card", {"seat": A, "card": "KH", "announce": "marriage"}) == "marriage_partner_not_held"
