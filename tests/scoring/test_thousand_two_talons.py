"""Two players, the declarer takes both talons (rules/thousand.md §3.3 "One secondary source reports
a form where the declarer takes both talons" [U]; variant ``two_player_talons = both``).

The service's reading (docs/games/thousand.md): the declarer adds both 2-card piles (14 cards) and
lays 4 aside, so both still hold 10 and play 10 tricks; the 4 cards laid aside are scored like the
two discards of the usual form, per ``two_player_discard_points_to`` (default: the last-trick winner).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.thousand import GAME
from scoring.thousand.state import ThousandState
from tests.scoring.test_thousand_cardplay import plays
from tests.scoring.thousand_helpers import A, B, apply_all, start

BOTH = {"two_player_talons": "both"}
HANDS = [
    ["AS", "KS", "QS", "TS", "AC", "KC", "QC", "TC", "KD", "JD"],
    ["AH", "KH", "QH", "TH", "JH", "9H", "AD", "QD", "TD", "9D"],
]
TALON = ["9S", "JS", "9C", "JC"]
# A leads its eight spades and clubs (B, void, throws hearts and 9♦ T♦), then K♦: B's A♦ wins,
# and B's Q♦ wins the last trick over J♦.
SEQ = "AS 9H KS JH QS QH TS KH AC TH KC AH QC 9D TC TD KD AD QD JD"


def both_deal(variants: dict[str, Any]) -> ThousandState:
    state = GAME.apply_json(start(BOTH | variants, players=2, dealer=B), "deal", {"hands": HANDS, "talon": TALON})
    return apply_all(state, [("bid", {"seat": A, "amount": 100}), ("pass", {"seat": B})])


def test_declarer_takes_both_and_lays_four_aside() -> None:
    state = both_deal({})
    assert [a for a in GAME.legal_actions(state) if a["type"] == "take_talon"] == [{"type": "take_talon", "seat": A}]
    state = GAME.apply_json(state, "take_talon", {"seat": A})
    assert state.deal is not None and state.deal.hands is not None and len(state.deal.hands[A] or ()) == 14
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, "discard", {"seat": A, "cards": ["9S", "JS"]})
    assert err.value.code == "discard_four"
    state = GAME.apply_json(state, "discard", {"seat": A, "cards": TALON})
    state = plays(state, SEQ)
    # Tricks 1–8 to A: A♠ K♠ Q♠ T♠ A♣ K♣ Q♣ T♣ = 56 and B's 9♥ J♥ Q♥ K♥ T♥ A♥ 9♦ T♦ = 40 → 96.
    # Trick 9 K♦ A♦ = 15 and trick 10 Q♦ J♦ = 5 → B 20. The four cards laid aside (9♠ J♠ 9♣ J♣
    # = 4) go to the last-trick winner B: B 24, A 96 (sum 120). A 96 < 100 → −100; B 24 → 25.
    assert state.history[-1].card_points == (96, 24)
    assert state.totals == (-100, 25)


def test_laid_aside_cards_to_the_declarer() -> None:
    state = both_deal({"two_player_discard_points_to": "declarer"})
    state = apply_all(state, [("take_talon", {"seat": A}), ("discard", {"seat": A, "cards": TALON})])
    state = plays(state, SEQ)
    # Same play; the 4 points laid aside go to A: 96 + 4 = 100 ≥ 100 → +100; B 20 → 20.
    assert state.history[-1].card_points == (100, 20)
    assert state.totals == (100, 20)


def test_no_pile_choice_and_default_unchanged() -> None:
    state = both_deal({})
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, "take_talon", {"seat": A, "pile": 0})
    assert err.value.code == "no_pile_choice"
    usual = GAME.apply_json(start(players=2, dealer=B), "deal", {"hands": HANDS, "talon": TALON})
    usual = apply_all(usual, [("bid", {"seat": A, "amount": 100}), ("pass", {"seat": B})])
    assert {a.get("pile") for a in GAME.legal_actions(usual) if a["type"] == "take_talon"} == {0, 1}


def test_variant_validated() -> None:
    from scoring.errors import VariantError
    from scoring.thousand.variants import ThousandVariants

    assert ThousandVariants().two_player_talons == "choose_one"
    with pytest.raises(VariantError):
        ThousandVariants.from_json({"two_player_talons": "three"})
