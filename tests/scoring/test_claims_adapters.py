"""The engine-state adapter: an engine's claim position (``Game.claim_position``) in either of its two forms."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.cards import Suit, parse_cards
from scoring.claims import Claim, ClaimKind, Position, adapters, check_claim
from scoring.claims.position import position_to_json
from scoring.registry import get_game


def test_a_mapping_with_table_seats() -> None:
    # Bourré with table seats 0..3 where seat 2 passed: the play seats are table seats 0, 1, 3.
    def play_position(state: Any) -> dict[str, Any]:
        return {
            "hands": [["QD", "2S"], ["AD", "6D"], ["KD", "3H"]],
            "leader": 0,
            "trump": "S",
            "seats": [0, 1, 3],
        }

    setup = adapters.claim_setup_of("bourre", play_position(object()), 1)
    assert setup.claimant == 1 and setup.seats == (0, 1, 3)
    assert setup.position.trump is Suit.SPADES
    # same position as test_bourre_head_the_trick_forces_the_ace: exactly one trick is certain
    assert check_claim(setup.position, Claim(ClaimKind.AT_LEAST, setup.claimant, tricks=1)).status == "holds"
    with pytest.raises(ValueError):
        adapters.claim_setup_of("bourre", play_position(object()), 2)  # seat 2 passed


def test_a_position_passes_through() -> None:
    pos = Position.hearts([parse_cards("AS"), parse_cards("2S"), parse_cards("3S"), parse_cards("4S")], leader=0)
    setup = adapters.claim_setup_of("hearts", pos, 3)
    assert setup.position is pos and setup.claimant == 3


def test_the_json_form_round_trips() -> None:
    pos = Position.thousand(
        [parse_cards("KH QH"), None, None],
        leader=0,
        hand_sizes=(2, 2, 2),
        unseen=parse_cards("9C TC 9D TD"),
        voids=(frozenset(), frozenset({Suit.HEARTS}), frozenset()),
        tricks_won=(1, 0, 0),
    )
    assert adapters.claim_setup_of("thousand", position_to_json(pos), 0).position == pos


def test_games_without_a_claim_position_are_refused() -> None:
    with pytest.raises(ValueError):
        adapters.claim_setup_of("hearts", None, 0)  # no hand in its card play
    # President takes no claims: its engine keeps the protocol's default hook, which answers None.
    with pytest.raises(ValueError):
        adapters.claim_position_from_state(get_game("president"), object(), 0)
