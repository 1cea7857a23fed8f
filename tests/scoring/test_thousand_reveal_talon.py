"""Revealing a dark talon after a card-by-card deal (rules/thousand.md §16.1, §5.2, §14 T-24).

T-24 is replayed with the talon taken dark and never entered: the bid of 130 cannot be judged
until the talon Q♠ 9♣ T♦ is revealed; the reveal completes the record, the proof follows and the
deal is scored again. Card points of T24_PLAY (see test_thousand_cardplay.py): A 55, B 25, C 40.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.thousand import GAME
from scoring.thousand.state import ThousandState
from tests.scoring.test_thousand_cardplay import T24_PLAY, plays
from tests.scoring.thousand_helpers import A, B, C, apply_all, start

DARK = {"talon_visibility": "dark_always"}


def dark_t24(variants: dict[str, Any], to_b: str | None = "9C", totals: tuple[int, ...] = (0, 0, 0)) -> ThousandState:
    state = GAME.apply_json(start(DARK | variants, dealer=C, totals=totals), "deal", {})
    state = apply_all(state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    assert state.deal is not None and state.deal.dark
    state = apply_all(
        state,
        [
            ("take_talon", {"seat": A}),
            ("give_card", {"seat": A, "to": B} | ({"card": to_b} if to_b else {})),
            ("give_card", {"seat": A, "to": C, "card": "9H"}),
        ],
    )
    return plays(state, T24_PLAY)


def reveal(state: ThousandState, cards: str) -> ThousandState:
    return GAME.apply_json(state, "reveal_talon", {"cards": cards.split()})


def test_unrevealed_talon_proves_nothing_and_is_offered() -> None:
    state = dark_t24({"renege_penalty": "fixed_120"})
    # 55 < 130: −130; B 25; C 40 → 40. No finding without the talon (§16.3).
    assert state.findings == () and state.totals == (-130, 25, 40)
    assert GAME.summary(state)["talon_to_reveal"] is True
    assert {"type": "reveal_talon", "cards": 3} in GAME.legal_actions(state)


def test_reveal_proves_the_illegal_bid_and_rescores() -> None:
    state = reveal(dark_t24({"renege_penalty": "fixed_120"}), "QS 9C TD")
    # T-24: A's dealt hand = (played ∪ {9♣, 9♥}) − {Q♠, 9♣, T♦} has no K-Q pair → illegal_bid;
    # fixed_120: the deal stands as played (−130) and A pays 120 more → −250.
    assert [(f.seat, f.code) for f in state.findings] == [(A, "illegal_bid")]
    assert state.totals == (-250, 25, 40)
    entry = GAME.summary(state)["history"][-1]
    assert entry["talon_revealed"] == ["QS", "9C", "TD"]
    assert entry["explain"][-1]["code"] == "talon_revealed"
    assert GAME.summary(state)["talon_to_reveal"] is False


def test_reveal_identifies_a_card_passed_face_down() -> None:
    # B's card was passed face down; B plays the talon card 9♣ in T24_PLAY, so it was the card A
    # passed to B (a defender holds talon cards only that way). With 9♥ to C known, every
    # passed card is now known and the bid is proven (default forfeit: −130 either way).
    state = reveal(dark_t24({}, to_b=None), "QS 9C TD")
    assert [(f.seat, f.code) for f in state.findings] == [(A, "illegal_bid")]
    assert state.totals == (-130, 25, 40)


def test_reveal_checked_against_the_record() -> None:
    state = dark_t24({})
    with pytest.raises(RulesError) as err:
        reveal(state, "QS 9C 9S")  # B played 9♠ but was passed 9♣
    assert err.value.code == "talon_mismatch"
    with pytest.raises(RulesError) as err:
        reveal(state, "QS 9C")
    assert err.value.code == "bad_talon"


def test_reveal_only_right_after_the_deal() -> None:
    state = dark_t24({})
    later = GAME.apply_json(state, "deal", {})
    with pytest.raises(RulesError) as err:
        reveal(later, "QS 9C TD")
    assert err.value.code == "no_talon_to_reveal"
    exposed = GAME.apply_json(start(dealer=C), "deal", {})
    with pytest.raises(RulesError):
        reveal(exposed, "QS 9C TD")


def test_reveal_after_the_deal_that_ended_the_game() -> None:
    # B 980 + 25 = 1005 wins; the talon can still be revealed and the finding recorded.
    state = dark_t24({"renege_penalty": "fixed_120"}, totals=(0, 980, 0))
    assert state.result is not None and state.result.winners == (B,)
    state = reveal(state, "QS 9C TD")
    assert state.totals == (-250, 1005, 40)
    assert state.result is not None and state.result.winners == (B,)
