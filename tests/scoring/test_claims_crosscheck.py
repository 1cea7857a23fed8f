"""The fast solver against the plain exhaustive reference, on random positions of every game.

Every "fails" verdict's counter-line is replayed through the play model: it must be legal and end
with the claim missed.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scoring.claims import check_claim
from scoring.claims.games import legal_plays, line_beats_claim
from scoring.claims.position import Claim, ClaimKind, Play, Position
from scoring.claims.samples import hide_others, random_claim, random_position
from scoring.claims.solver import ANNOUNCE, Engine, card_of_cid
from tests.scoring.claims_reference import all_deals, reference_holds, reference_holds_unknown

# Hand sizes 1..4; four-card positions are the reference's slowest (Hearts ~0.2 s each), so fewer.
SIZE_WEIGHTS = {"hearts": (30, 30, 38, 2), "thousand": (30, 30, 35, 5), "bourre": (30, 30, 37, 3)}


def _check_counter_line(pos: Position, claim: Claim, status: str, line: tuple[Play, ...]) -> None:
    if status == "fails":
        assert line_beats_claim(pos, claim, line), (pos, claim, line)


@pytest.mark.parametrize("game", ["hearts", "thousand", "bourre"])
def test_fast_verdicts_equal_the_reference_on_1000_positions(game: str) -> None:
    rng = random.Random(20261121 + len(game))
    counts = {"holds": 0, "fails": 0}
    for _ in range(1000):
        size = rng.choices((1, 2, 3, 4), weights=SIZE_WEIGHTS[game])[0]
        pos = random_position(rng, game, size)
        claim = random_claim(rng, pos)
        expected = "holds" if reference_holds(pos, claim) else "fails"
        verdict = check_claim(pos, claim, budget_s=60)
        assert verdict.status == expected, (pos, claim)
        counts[expected] += 1
        _check_counter_line(pos, claim, verdict.status, verdict.counter_line)
    # the sample exercises both answers
    assert counts["holds"] > 100 and counts["fails"] > 100, counts


@pytest.mark.parametrize("game", ["hearts", "thousand", "bourre"])
def test_claimant_only_verdicts_equal_the_reference_over_every_deal(game: str) -> None:
    rng = random.Random(77 + len(game))
    counts = {"holds": 0, "fails": 0, "undetermined": 0}
    for _ in range(200):
        # every deal is tried by the reference: keep the unseen cards few
        size = rng.choice((1, 2, 2, 3) if game == "thousand" else (1, 2, 2))
        full = random_position(rng, game, size, players=rng.randint(2, 4) if game == "bourre" else None)
        claim = random_claim(rng, full)
        pos = hide_others(rng, full, claim.claimant)
        if rng.random() < 0.3:  # one of the others has laid their hand down
            k = rng.choice([s for s in range(pos.seats) if s != claim.claimant])
            shown = full.hands[k]
            assert shown is not None
            hands = list(pos.hands)
            hands[k] = shown
            voids = list(pos.voids)
            voids[k] = frozenset()
            unseen = tuple(c for c in pos.unseen if c not in shown)
            pos = replace(pos, hands=tuple(hands), unseen=unseen, voids=tuple(voids))
        ref = reference_holds_unknown(pos, claim)
        expected = {True: "holds", False: "fails", None: "undetermined"}[ref]
        verdict = check_claim(pos, claim, budget_s=60)
        assert verdict.status == expected, (pos, claim)
        counts[expected] += 1
        if verdict.status == "fails" and pos.all_known:  # the only other hand was laid down
            _check_counter_line(pos, claim, "fails", verdict.counter_line)
        elif verdict.status == "fails":
            assert verdict.distribution is not None
            assert verdict.distribution in all_deals(pos)
            _check_counter_line(pos.with_hands(verdict.distribution), claim, "fails", verdict.counter_line)
    assert counts["holds"] > 20 and counts["fails"] > 20, counts


@pytest.mark.parametrize("game", ["hearts", "thousand", "bourre"])
def test_the_solver_legal_sets_equal_the_play_model(game: str) -> None:
    """The bitmask rules of the solver and the readable play model agree on every position met in
    random playouts (rank equivalence aside: the full legal mask is compared)."""
    rng = random.Random(5 + len(game))
    for _ in range(150):
        pos = random_position(rng, game, rng.randint(1, 5 if game != "thousand" else 8))
        while pos.hands[pos.to_act]:
            claim = Claim(ClaimKind.AT_LEAST, pos.to_act, tricks=1)
            engine = Engine(pos, claim)
            seat = pos.to_act
            mask = engine.legal_mask(seat)
            fast = {card_of_cid(pos.game, c) for c in range(64) if mask >> c & 1}
            plays = legal_plays(pos)
            assert fast == {p.card for p in plays}, pos
            announced = {p.card for p in plays if p.announce}
            fast_ann = {card_of_cid(pos.game, m & 63) for m in engine.moves(seat) if m & ANNOUNCE}
            assert fast_ann <= announced
            pos = _apply(pos, rng.choice(plays))


def _apply(pos: Position, play: Play) -> Position:
    from scoring.claims.games import apply_play

    return apply_play(pos, play)
