"""A card-by-card deal whose hands were not entered: an accepted "the rest are mine" ends it
(§16.3), and the leads that may announce a marriage (§6.4).

The deal (dealer C; A declares 100; nobody entered the hands, so the engine knows only the plays):
  A: K♥ Q♣ J♣ 9♣ A♦ K♦ Q♦ + talon T♠ 9♥ J♦, gives J♦ to B and 9♥ to C
  B: T♥ 9♠ K♠ Q♠ J♠ 9♦ T♦ + J♦        C: A♥ Q♥ J♥ A♣ T♣ K♣ A♠ + 9♥
T1 K♥ T♥ 9♥ → B (4 + 10 + 0 = 14) · T2 B leads 9♠, C A♠, A T♠ → C (0 + 11 + 10 = 21).
C, on lead, lays down A♥ Q♥ J♥ A♣ T♣ K♣ and claims the rest: K♥ and T♥ are gone, A♣ T♣ K♣ are
the three top clubs, nobody has announced a marriage (no trumps) and C leads every trick — so C
takes all six. The 18 unplayed cards hold 120 − 14 − 21 = 85 points: C ends with 21 + 85 = 106.
Scoring (§13): A has 0 < 100 → −100; B enters round5(14) = 15; C round5(106) = 105.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.thousand import GAME
from scoring.thousand.state import ThousandState
from tests.scoring.thousand_helpers import A, B, C, apply_all, start

CLAIMANT_CARDS = ["AH", "QH", "JH", "AC", "TC", "KC"]
BEFORE_CLAIM: list[tuple[str, dict[str, Any]]] = [
    ("deal", {"dealer": C}),
    ("bid", {"seat": A, "amount": 100}),
    ("pass", {"seat": B}),
    ("pass", {"seat": C}),
    ("take_talon", {"seat": A}),
    ("give_card", {"seat": A, "to": B, "card": "JD"}),
    ("give_card", {"seat": A, "to": C, "card": "9H"}),
    ("play_card", {"seat": A, "card": "KH"}),
    ("play_card", {"seat": B, "card": "TH"}),
    ("play_card", {"seat": C, "card": "9H"}),
    ("play_card", {"seat": B, "card": "9S"}),
    ("play_card", {"seat": C, "card": "AS"}),
    ("play_card", {"seat": A, "card": "TS"}),
]


@pytest.fixture
def at_claim() -> ThousandState:
    return apply_all(start(), BEFORE_CLAIM)


def test_the_claimant_takes_every_remaining_trick_and_the_deal_is_scored(at_claim: ThousandState) -> None:
    state = GAME.apply_json(at_claim, "concede", {"seat": C, "cards": CLAIMANT_CARDS})
    assert state.deal is None  # the deal is over
    last = state.history[-1].as_json()
    assert last["card_points"] == [0, 14, 106]
    assert last["tricks"] == [0, 1, 7]
    assert list(state.totals) == [-100, 15, 105]


def test_a_concession_in_the_middle_of_a_trick_gives_the_claimant_its_cards(at_claim: ThousandState) -> None:
    # C leads A♣ and A follows with 9♣ before the claim: that trick is C's too. Same points (nothing
    # else was won), so the same 106 for C.
    state = GAME.apply_json(at_claim, "play_card", {"seat": C, "card": "AC"})
    state = GAME.apply_json(state, "play_card", {"seat": A, "card": "9C"})
    state = GAME.apply_json(state, "concede", {"seat": C, "cards": ["AH", "QH", "JH", "TC", "KC"]})
    assert state.history[-1].as_json()["card_points"] == [0, 14, 106]
    assert list(state.totals) == [-100, 15, 105]


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"seat": C, "cards": ["AS"]}, "card_already_played"),  # C played A♠ at trick 2
        ({"seat": A, "cards": ["9H"]}, "card_already_played"),
        ({"seat": B, "cards": ["9H"]}, "card_already_played"),
    ],
)
def test_a_laid_down_card_the_record_refuses(at_claim: ThousandState, payload: dict[str, Any], code: str) -> None:
    with pytest.raises(RulesError) as err:
        GAME.apply_json(at_claim, "concede", payload)
    assert err.value.code == code and err.value.params["rule"] == "thousand.md §16.3"


def test_a_card_given_to_another_seat_cannot_be_laid_down() -> None:
    # A gave J♦ to B before play: C cannot hold it.
    state = apply_all(start(), BEFORE_CLAIM[:7])
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, "concede", {"seat": C, "cards": ["JD"]})
    assert err.value.code == "card_not_in_hand"


def test_nothing_to_concede_before_the_play() -> None:
    state = apply_all(start(), BEFORE_CLAIM[:2])  # the auction is still on
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, "concede", {"seat": A})
    assert err.value.code == "not_playing"


# -- the card grid with the hands unknown: which leads may announce a marriage (§6.4) ---------------
def test_with_the_hand_unknown_the_lead_offers_the_marriages_still_possible(at_claim: ThousandState) -> None:
    # C leads trick 3. Played: K♥ T♥ 9♥ 9♠ A♠ T♠; J♦ went to B. The K♥ is gone, so no heart
    # marriage; K♠ Q♠, K♦ Q♦ and K♣ Q♣ may all still be C's: each K and Q may be led announcing one.
    (play,) = [a for a in GAME.legal_actions(at_claim) if a["type"] == "play_card"]
    assert play["seat"] == C and "cards" not in play
    assert play["marriage"] == ["KC", "KD", "KS", "QC", "QD", "QS"]


def test_no_marriage_on_the_first_lead(at_claim: ThousandState) -> None:
    # §6.4 default: a marriage needs a trick won first, so A's lead of trick 1 offers none.
    state = apply_all(start(), BEFORE_CLAIM[:7])
    (play,) = [a for a in GAME.legal_actions(state) if a["type"] == "play_card"]
    assert play["seat"] == A and "marriage" not in play


# -- Why: the declarer's marriage counts toward the contract, it is not added on top (§7.1) ---------
def test_the_declarers_marriage_line_says_it_counts_toward_the_contract() -> None:
    from tests.scoring.thousand_helpers import played

    # A declares 120 with 110 card points and the ♠ marriage (40): 150 ≥ 120 → +120, not +160.
    # B announced the ♣ marriage (60): a defender's marriage is added to their 10 → +70.
    state = played(start(), A, 120, [110, 10, 0], [6, 2, 0], marriages=[["S"], ["C"], []])
    assert list(state.totals) == [120, 70, 0]
    lines = {(n.seat, n.code): n.text for n in state.history[-1].notes}
    assert lines[(A, "marriage")] == "Marriage ♠: 40 toward the contract."
    assert lines[(B, "marriage")] == "Marriage ♣: +60."
