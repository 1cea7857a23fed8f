"""Blind bids judged like open ones (rules/thousand.md §4.6, §4.3, §16.2, §16.4).

With ``blind_max_bid`` empty a blind bid above 120 is still limited by ``bid_ceiling`` on the 7
cards dealt (the bidder has not seen them, so it stands only if they happen to hold a pair): a known
hand is checked when the bid is made; an unknown one is reconstructed at the end of the deal as in
T-24 and the bid, if illegal, is a finding with the ``renege_penalty``.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.thousand import GAME
from scoring.thousand.state import ThousandState
from tests.scoring.test_thousand_cardplay import T24_PLAY, plays
from tests.scoring.thousand_helpers import A, B, C, apply_all, start

OPEN_CAP = {"blind_bidding": True, "blind_max_bid": None}
T24_HANDS = [
    ["AS", "KS", "AH", "TH", "KC", "JD", "9H"],
    ["9S", "JS", "TS", "9D", "QD", "JC", "QC"],
    ["KD", "AD", "JH", "QH", "KH", "TC", "AC"],
]


def blind_t24(variants: dict[str, Any]) -> ThousandState:
    """T-24 with A's 130 bid blind; hands unknown, talon Q♠ 9♣ T♦, A passes 9♣ to B and 9♥ to C."""
    state = GAME.apply_json(start(variants, dealer=C), "deal", {"talon": ["QS", "9C", "TD"]})
    state = apply_all(
        state, [("bid", {"seat": A, "amount": 130, "blind": True}), ("pass", {"seat": B}), ("pass", {"seat": C})]
    )
    assert state.deal is not None and state.deal.blind
    state = apply_all(
        state,
        [
            ("take_talon", {"seat": A}),
            ("give_card", {"seat": A, "to": B, "card": "9C"}),
            ("give_card", {"seat": A, "to": C, "card": "9H"}),
        ],
    )
    return plays(state, T24_PLAY)


def test_illegal_blind_bid_proven_at_deal_end_forfeit() -> None:
    state = blind_t24(OPEN_CAP)
    (finding,) = state.findings
    assert (finding.seat, finding.code) == (A, "illegal_blind_bid")
    assert "9♥" in finding.text and "K♠" in finding.text
    # T-24 card points: A 55, B 25, C 40. The declarer offended → contract failed: −130, ×2 blind
    # (§4.6, all entries doubled) = −260; B 25 × 2 = 50; C 40 × 2 = 80.
    assert state.totals == (-260, 50, 80)


def test_illegal_blind_bid_fixed_120() -> None:
    state = blind_t24(OPEN_CAP | {"renege_penalty": "fixed_120"})
    assert [f.code for f in state.findings] == ["illegal_blind_bid"]
    # Scored as played: 55 < 130 → −130 × 2 = −260, then the −120 fine (never doubled) → −380.
    assert state.totals == (-380, 50, 80)


def test_default_cap_rejects_before_any_proof() -> None:
    state = GAME.apply_json(start({"blind_bidding": True}, dealer=C), "deal", {})
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, "bid", {"seat": A, "amount": 125, "blind": True})
    assert err.value.code == "blind_bid_too_high"


def test_known_hand_blind_bid_checked_at_once() -> None:
    # A's dealt hand (T-24) has no K-Q pair: 130 blind is refused as an open 130 would be (§4.3).
    state = GAME.apply_json(start(OPEN_CAP, dealer=C), "deal", {"hands": T24_HANDS, "talon": ["QS", "9C", "TD"]})
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, "bid", {"seat": A, "amount": 130, "blind": True})
    assert err.value.code == "bid_needs_marriage"
    # 120 needs no pair.
    ok = GAME.apply_json(state, "bid", {"seat": A, "amount": 120, "blind": True})
    assert ok.deal is not None and ok.deal.high == 120


def test_lucky_blind_bid_with_a_pair_stands() -> None:
    # C's dealt hand (T-24) holds K♥ Q♥: the same blind 130 is legal for C (dealer B, C opens).
    hands = [T24_HANDS[1], T24_HANDS[0], T24_HANDS[2]]
    state = GAME.apply_json(start(OPEN_CAP, dealer=B), "deal", {"hands": hands, "talon": ["QS", "9C", "TD"]})
    state = GAME.apply_json(state, "bid", {"seat": C, "amount": 130, "blind": True})
    assert state.deal is not None and state.deal.high == 130


def test_lviv_barrel_blind_bid_above_120_refused() -> None:
    # §9.6: at the Lviv barrel marriages are worth nothing, so no bid — blind or not — above 120.
    state = start(OPEN_CAP | {"barrel_mode": "lviv"}, totals=(900, 0, 0), dealer=C)
    state = GAME.apply_json(state, "deal", {})
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, "bid", {"seat": A, "amount": 125, "blind": True})
    assert err.value.code == "barrel_bid_limit"
