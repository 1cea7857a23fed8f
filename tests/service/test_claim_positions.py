"""The lines that settle a claim (companion/claim_positions.py), on tiny Hearts positions."""

from __future__ import annotations

from companion.claim_positions import cooperative_line, holding_line
from scoring.cards import parse_cards
from scoring.claims import Claim, ClaimKind, Position, check_claim
from scoring.claims.games import replay_line


def spades() -> Position:
    return Position.hearts(
        [parse_cards("AS KS"), parse_cards("2S 3S"), parse_cards("4S 5S"), parse_cards("6S 7S")],
        leader=0,
        hearts_broken=True,
    )


def test_a_holding_line_makes_the_claim() -> None:
    # Seat 0 holds A♠ K♠ and leads; everyone must follow spades below them: both tricks are seat 0's.
    pos, claim = spades(), Claim(ClaimKind.ALL_TRICKS, 0)
    line = holding_line(pos, claim, budget_s=2.0)
    assert line is not None and len(line) == 8
    assert replay_line(pos, line).tricks_won == (2, 0, 0, 0)


def helped() -> Position:
    # 0: A♠ 2♦, 1: K♠ 3♦, 2: 2♠ 2♥, 3: 5♦ 6♣; seat 0 leads. Seat 1 wins a trick only with 3♦, and only
    # if seat 3 no longer holds 5♦ — seat 3 (void in spades) may throw it on the A♠ trick, or keep it.
    hands = [parse_cards("AS 2D"), parse_cards("KS 3D"), parse_cards("2S 2H"), parse_cards("5D 6C")]
    return Position.hearts(hands, leader=0, hearts_broken=True)


def test_a_claim_the_others_can_beat_has_no_holding_line_but_a_cooperative_one() -> None:
    pos, claim = helped(), Claim(ClaimKind.AT_LEAST, 1, tricks=1)
    assert check_claim(pos, claim).status == "fails"  # seat 3 keeps 5♦ for the diamond trick
    assert holding_line(pos, claim, budget_s=2.0) is None
    line = cooperative_line(pos, claim)
    assert line is not None
    assert replay_line(pos, line).tricks_won[1] == 1  # seat 3 threw 5♦ away: 3♦ won the second trick


def test_no_cooperative_line_for_an_impossible_claim() -> None:
    # Seat 1 (2♠ 3♠) can never win a trick: everyone else follows spades higher, or leads above it.
    assert cooperative_line(spades(), Claim(ClaimKind.AT_LEAST, 1, tricks=1)) is None
