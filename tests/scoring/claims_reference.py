"""A plain exhaustive reference for claims: minimax over the play model, no pruning, no bounds, no
rank equivalence; claimant-only claims by trying every deal (enumerated here independently)."""

from __future__ import annotations

import itertools
from functools import cache

from scoring.cards import Card
from scoring.claims.games import apply_play, claim_score, claim_target, is_over, legal_plays
from scoring.claims.position import Claim, Position


def reference_value(pos: Position, claim: Claim) -> int:
    """The final claim score with best play by the claimant against the others together."""

    @cache
    def value(p: Position) -> int:
        if is_over(p):
            return claim_score(p, claim)
        vals = [value(apply_play(p, play, check=False)) for play in legal_plays(p)]
        return max(vals) if p.to_act == claim.claimant else min(vals)

    return value(pos)


def reference_holds(pos: Position, claim: Claim) -> bool:
    return reference_value(pos, claim) >= claim_target(pos, claim)


def all_deals(pos: Position) -> list[tuple[tuple[Card, ...], ...]]:
    """Every deal of the unseen cards to the unknown hands (sizes and shown voids respected)."""
    unknown = [s for s, h in enumerate(pos.hands) if h is None]
    out = []
    for owners in itertools.product(unknown, repeat=len(pos.unseen)):
        if any(owners.count(s) != pos.hand_sizes[s] for s in unknown):
            continue
        if any(c.suit in pos.voids[s] for c, s in zip(pos.unseen, owners, strict=True)):
            continue
        hands = [h if h is not None else () for h in pos.hands]
        for c, s in zip(pos.unseen, owners, strict=True):
            hands[s] = (*hands[s], c)
        out.append(tuple(hands))
    return out


def reference_holds_unknown(pos: Position, claim: Claim) -> bool | None:
    deals = all_deals(pos)
    if not deals:
        return None
    return all(reference_holds(pos.with_hands(h), claim) for h in deals)
