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
    """Every deal of the unseen cards to the unknown hands that the record allows: sizes, shown
    voids, cards placed (``held``), cards proven not held; unseen cards beyond the hands' sizes
    lie out of play (owner ``None``)."""
    unknown = [s for s, h in enumerate(pos.hands) if h is None]
    rest = len(pos.unseen) - sum(pos.hand_sizes[s] for s in unknown)
    out = []
    for owners in itertools.product([*unknown, None], repeat=len(pos.unseen)):
        if any(owners.count(s) != pos.hand_sizes[s] for s in unknown) or owners.count(None) != rest:
            continue
        if not all(_allowed(pos, c, s) for c, s in zip(pos.unseen, owners, strict=True)):
            continue
        hands = [h if h is not None else () for h in pos.hands]
        for c, s in zip(pos.unseen, owners, strict=True):
            if s is not None:
                hands[s] = (*hands[s], c)
        out.append(tuple(hands))
    return out


def _allowed(pos: Position, card: Card, owner: int | None) -> bool:
    if any(card in pos.held[s] for s in range(pos.seats) if s != owner):
        return False  # the record places it in another hand
    if owner is None:
        return True
    return card in pos.held[owner] or (card.suit not in pos.voids[owner] and card not in pos.not_held[owner])


def reference_holds_unknown(pos: Position, claim: Claim) -> bool | None:
    deals = all_deals(pos)
    if not deals:
        return None
    return all(reference_holds(pos.with_hands(h), claim) for h in deals)
