"""The card-knowledge model (scoring/claims/knowledge.py, docs/claims.md "What the record proves"):
claims with unknown hands try only the deals the record allows.

The main case is hearts.md §2.3 C (docs/games/hearts.md §8): a heart led before hearts are broken
proves that the leader held nothing but hearts (anything else is a renege). A hand-built record
below ends with such a lead; the claim holds on every deal the record allows, and fails only on a
deal that gives the leader a club.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.cards import parse_cards
from scoring.claims import Claim, ClaimKind, Position, check_claim
from scoring.claims.adapters import position_of_json
from scoring.claims.knowledge import knowledge_of
from scoring.claims.unknown import distributions
from scoring.hearts import GAME
from scoring.hearts.play import play_position
from tests.scoring.claims_reference import all_deals, reference_holds_unknown

# Seats 0 and 1 are recorded; 2 and 3 are not (what they hold is written here only to build a legal
# record: the checker never sees it). Seat 0: 2C 7C QC AC 2S 3S 7S 8S KS + QH AH 6H 3H; seat 1: 3C 8C
# 4D 5D 9D KD 4S 9S QS + 9H JC 9C JH; seat 2 ends with 8H KC 7H KH, seat 3 with 2H TH 5H 4H.
HANDS = [
    "2C 7C QC AC 2S 3S 7S 8S KS QH AH 6H 3H",
    "3C 8C 4D 5D 9D KD 4S 9S QS 9H JC 9C JH",
]
# (leader, cards in play order) — no heart is played in tricks 1-9, so hearts are not broken.
TRICKS = [
    (0, "2C 3C 4C 5C"),  # 5♣ wins: seat 3
    (3, "6C 7C 8C TC"),  # 10♣: seat 2
    (2, "2D 3D QC 4D"),  # seat 0 has no diamond; 4♦: seat 1
    (1, "5D 6D 7D AC"),  # 7♦: seat 3
    (3, "8D 2S 9D TD"),  # 10♦: seat 2
    (2, "JD QD 3S KD"),  # K♦: seat 1
    (1, "4S 5S 6S 7S"),  # 7♠: seat 0
    (0, "8S 9S TS JS"),  # J♠: seat 3
    (3, "AD KS QS AS"),  # A♦, the only diamond: seat 3 (seats 0, 1, 2 show out of diamonds)
]


def hearts_led_unbroken() -> Any:
    state = GAME.start({"pass_count": 0}, ["Ann", "Bob", "Cy", "Di"])
    state = GAME.apply_json(state, "deal", {"hands": [HANDS[0].split(), HANDS[1].split(), None, None]})
    for leader, cards in TRICKS:
        for i, card in enumerate(cards.split()):
            state = GAME.apply_json(state, "play_card", {"seat": (leader + i) % 4, "card": card})
    # Trick 10: seat 3 leads 2♥ with hearts not broken — legal only if it holds nothing but hearts.
    return GAME.apply_json(state, "play_card", {"seat": 3, "card": "2H"})


def test_the_record_proves_the_leader_held_only_hearts() -> None:
    pos = position_of_json(play_position(hearts_led_unbroken()))
    assert pos.unseen == parse_cards("4H 5H 7H 8H KC KH TH")  # sorted by name
    assert pos.hand_sizes == (4, 4, 4, 3)
    # The only unseen non-heart is K♣: seat 3 cannot hold it. Seat 3 never showed out of clubs,
    # so the voids alone would allow it.
    assert pos.not_held[3] & frozenset(pos.unseen) == frozenset(parse_cards("KC"))
    assert pos.voids[3] == frozenset()
    know = knowledge_of(pos)
    assert [str(c) for c in know.candidates(3)] == ["4H", "5H", "7H", "8H", "KH", "TH"]
    # Every deal tried gives K♣ to seat 2: 3 of the 6 hearts to seat 3, C(6,3) = 20 deals.
    deals = list(distributions(pos))
    assert len(deals) == 20 and all(parse_cards("KC")[0] in d[2] for d in deals)


def test_a_claim_that_holds_on_every_deal_the_record_allows_holds() -> None:
    """Seat 0 (A♥ Q♥ 6♥ 3♥) claims 2 of the last 4 tricks."""
    pos = position_of_json(play_position(hearts_led_unbroken()))
    claim = Claim(ClaimKind.AT_LEAST, claimant=0, tricks=2)
    verdict = check_claim(pos, claim, budget_s=30)
    assert verdict.status == "holds", verdict.reason
    assert reference_holds_unknown(pos, claim) is True
    # With the voids alone the checker would answer "fails" with a deal the record rules out:
    # seat 3 holding K♣ 7♥ 10♥. The line: A♥ wins trick 10; Q♥ is taken by K♥ (seat 2), who leads
    # 8♥ to seat 3's 10♥; seat 3 leads K♣ and keeps the lead (seat 0 has no club): 1 trick.
    blind = replace(pos, not_held=(frozenset(),) * 4)
    bad = check_claim(blind, claim, budget_s=30)
    assert bad.status == "fails" and bad.distribution is not None
    assert parse_cards("KC")[0] in bad.distribution[3]
    assert reference_holds_unknown(blind, claim) is False


def test_cards_placed_in_a_hand_stay_there() -> None:
    """``held``: a card the record places in an unknown hand (e.g. passed to it) is dealt there only."""
    pos = Position.hearts(
        [parse_cards("AS"), None, None],
        leader=0,
        hearts_broken=True,
        hand_sizes=(1, 1, 1),
        unseen=parse_cards("2S 3S"),
        held=(frozenset(), frozenset(), frozenset(parse_cards("3S"))),
    )
    assert list(distributions(pos)) == [(parse_cards("AS"), parse_cards("2S"), parse_cards("3S"))]
    assert all_deals(pos) == list(distributions(pos))


def test_unseen_cards_beyond_the_hands_lie_out_of_play() -> None:
    """Bourré: the stock and the other players' discards are unseen but in no hand."""
    pos = Position.bourre(
        [parse_cards("AS"), None],
        leader=0,
        trump=parse_cards("2S")[0].suit,
        hand_sizes=(1, 1),
        unseen=parse_cards("KS 3D"),
    )
    assert knowledge_of(pos).out_of_play == 1
    assert sorted(str(d[1][0]) for d in distributions(pos)) == ["3D", "KS"]
    # A♠ wins whichever card the other holds: holds; "the other wins it" fails on both deals.
    assert check_claim(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)).status == "holds"
    assert reference_holds_unknown(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)) is True


def test_a_record_that_contradicts_itself_has_no_deal() -> None:
    pos = Position.hearts(
        [parse_cards("AS"), None],
        leader=0,
        hearts_broken=True,
        hand_sizes=(1, 1),
        unseen=parse_cards("2S"),
        not_held=(frozenset(), frozenset(parse_cards("2S"))),
    )
    assert knowledge_of(pos).contradiction() is not None
    assert check_claim(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)).status == "undetermined"
