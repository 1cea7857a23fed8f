"""The claim search's table keyed by relevant ranks (scoring/claims/ranktable.py): its pieces on
hand-worked examples, and its verdicts against the search keyed by whole positions on random
Hearts deals of every table size and play-rule combination."""

from __future__ import annotations

import random
from dataclasses import replace

from scoring.cards import parse_cards
from scoring.claims import native
from scoring.claims.bits import cid_of, mask_of, popcount, sm
from scoring.claims.position import Claim, ClaimKind, GameName, HeartsPlay, Position
from scoring.claims.ranktable import _by_strength, up_from
from scoring.claims.samples import random_position
from scoring.claims.solver import Engine

H = GameName.HEARTS


def _cid(card: str) -> int:
    return cid_of(H, parse_cards(card)[0])


def test_popcount_and_suit_masks() -> None:
    # 13 cards a suit, bit 16·suit + strength (2 = strength 0); the highest mask, all four suits
    everything = sm(0) | sm(1) | sm(2) | sm(3)
    assert popcount(everything) == 52
    assert popcount(mask_of(H, parse_cards("2C AS TH"))) == 3
    assert everything < 2**61  # a machine word when compiled


def test_up_from_is_the_suit_from_the_card_up() -> None:
    # spades from the ten: T J Q K A
    assert up_from(_cid("TS")) == mask_of(H, parse_cards("TS JS QS KS AS"))


def test_cards_by_strength_suits_in_order_on_a_tie() -> None:
    cards = mask_of(H, parse_cards("2C 5C 5D AH 7S"))
    low_first = [_cid(c) for c in ("2C", "5C", "5D", "7S", "AH")]
    high_first = [_cid(c) for c in ("AH", "7S", "5C", "5D", "2C")]
    assert _by_strength(cards, False) == low_first
    assert _by_strength(cards, True) == high_first


def _engine(hands: list[str], leader: int, claim: Claim, **kw: object) -> Engine:
    pos = Position.hearts([parse_cards(h) for h in hands], leader, **kw)  # type: ignore[arg-type]
    return Engine(pos, claim)


def test_a_trick_won_by_rank_makes_the_winner_relevant() -> None:
    e = _engine(["AS", "KS", "2D", "3D"], 0, Claim(ClaimKind.AT_LEAST, 0, tricks=1), hearts_broken=True)
    # A♠ over K♠: the A and everything above it (nothing) matter; a discard of 2♦ does not count
    trick = [_cid("AS"), _cid("KS"), _cid("2D"), _cid("3D")]
    assert e.trick_rel(trick, _cid("AS")) == up_from(_cid("AS"))
    # the only spade wins whatever its rank: no rank relied on
    alone = [_cid("4S"), _cid("2D"), _cid("3D"), _cid("5D")]
    assert e.trick_rel(alone, _cid("4S")) == 0


def test_a_relevant_merged_card_makes_its_whole_run_relevant() -> None:
    # seat 0 holds 9♠ 8♠ 7♠ (one run: no live spade between them); the search tried the 9♠ for all
    e = _engine(["9S 8S 7S", "AS 2D 3D", "KS 4D 5D", "QS 6D 7D"], 0, Claim(ClaimKind.AT_LEAST, 0, tricks=1))
    rel = up_from(_cid("9S"))
    assert e.run_closure(rel, 0, _cid("9S")) == up_from(_cid("7S"))
    # a result that did not rest on the 9♠'s rank stays as it is
    assert e.run_closure(up_from(_cid("KS")), 0, _cid("9S")) == up_from(_cid("KS"))


def test_a_position_differing_in_low_cards_only_is_answered_by_the_table() -> None:
    """By hand: seat 0 (A♣ K♣ 4♣) cashes the A♣ and K♣, seat 1 following with two of its three
    clubs (5♣ 6♣ 7♣); the 4♣ then loses to seat 1's last club: exactly 2 tricks, whatever the
    order. Seats 2 and 3 hold only diamonds, which are never led and only ever discarded, so
    which of them holds the 4♦ and which the 5♦ decides nothing: the second deal is answered by
    the table the first one filled, at its first position."""
    claim = Claim(ClaimKind.AT_LEAST, 0, tricks=3)
    first = _engine(["AC KC 4C", "5C 6C 7C", "2D 3D 4D", "5D 6D 7D"], 0, claim, hearts_broken=True)
    assert first.solve(2) and not first.solve(3)
    second = _engine(["AC KC 4C", "5C 6C 7C", "2D 3D 5D", "4D 6D 7D"], 0, claim, hearts_broken=True)
    second.rtt = first.rtt
    assert not second.solve(3)
    assert second.stats.nodes == 1  # answered at the root, from the table
    alone = _engine(["AC KC 4C", "5C 6C 7C", "2D 3D 5D", "4D 6D 7D"], 0, claim, hearts_broken=True)
    assert not alone.solve(3) and alone.stats.nodes > 1  # a table of its own searches


def test_the_queen_of_spades_is_relevant_while_it_breaks_hearts() -> None:
    # qbreaks: whoever plays the Q♠ opens hearts, so the table must know where it lies
    rules = HeartsPlay(queen_breaks_hearts=True)
    claim = Claim(ClaimKind.AT_LEAST, 0, tricks=2)
    e = _engine(["QS 2H 3C", "AS 4H 5C", "KS 6H 7C", "JS 8H 9C"], 0, claim, rules=rules)
    assert e.q_matters()
    e.solve(2)
    assert e.rel & up_from(_cid("QS")) == up_from(_cid("QS"))
    plain_rules = _engine(["QS 2H 3C", "AS 4H 5C", "KS 6H 7C", "JS 8H 9C"], 0, claim, hearts_broken=True)
    assert not plain_rules.q_matters()  # hearts open, no first trick: the Q♠ is a spade like another


def _exact_max(engine: Engine, tricks_left: int) -> int:
    best = 0
    while best < tricks_left and engine.solve(best + 1):
        best += 1
    return best


def _random_rules(rng: random.Random) -> HeartsPlay:
    return HeartsPlay(
        must_break_hearts=rng.random() < 0.8,
        queen_breaks_hearts=rng.random() < 0.5,
        can_lead_hearts_instead_of_qs=rng.random() < 0.5,
        no_points_first_trick=rng.random() < 0.8,
    )


def test_the_relevant_ranks_search_finds_the_same_maximum_as_the_whole_position_table() -> None:
    """Random Hearts deals, 3 to 6 players, 5 to 8 cards each (the table pays off from three tricks
    on; with the winner of a trick won by rank left out of ``rel``, about 1 deal in 20 of this
    sample gets a wrong maximum), random play rules: the most tricks the claimant can make against
    every defence is the same with either table. The engine is the one ``check_claim`` runs
    (compiled when built: the same code, see test_claims_native.py)."""
    rng = random.Random(2026_11_26)
    checked = reused = 0
    for _ in range(150):
        players = rng.choice((3, 4, 4, 5, 6))
        size = rng.randint(5, 8 if players <= 4 else 6)
        pos = random_position(rng, "hearts", size, players=players)
        pos = replace(pos, rules=_random_rules(rng))
        claimant = rng.randrange(players)
        claim = Claim(ClaimKind.AT_LEAST, claimant, tricks=1)
        ranked = native.FAST_ENGINE(pos, claim)
        plain = native.FAST_ENGINE(pos, claim)
        plain.ranked = False
        assert ranked.ranked
        left = (popcount(ranked.allm) + len(ranked.trick)) // players
        assert _exact_max(ranked, left) == _exact_max(plain, left), (pos, claimant)
        checked += 1
        reused += sum(len(b.shapes) < len(b.bounds) for b in ranked.rtt.values())
    assert checked == 150
    assert reused > 0  # some keys hold entries of several holder patterns: the table is exercised
