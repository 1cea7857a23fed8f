"""The hook the claims checker looks for (``scoring.claims.adapters``): a Bourré deal in play as the
checker's position JSON.

Play seats are the active seats (those who stayed in) in play order; ``seats`` maps them back to
table seats. The cinch test's ``known_out`` (a seat's own trump discards, a discarded up-card) comes
from the engine's :func:`scoring.bourre.play.play_position`. When some hands are not recorded,
``unseen`` is every card not shown anywhere — in Bourré that includes the stock and the discards of
other players, so it is larger than the unknown hands and the checker answers ``undetermined``
unless the hands are known (docs/claims.md). ``must_lead_trump_when_others_void``, cinch forms
other than ``pagat``/``none`` and Lo-No deals (§7: no trump, low cards win) are not modelled
(``ValueError``; the service answers ``claims_not_supported``).
"""

from __future__ import annotations

from typing import Any

from scoring.bourre.play import play_position as bourre_position
from scoring.bourre.state import Session
from scoring.bourre.tricks_view import tricks
from scoring.cards import STANDARD_DECK, Card, Suit

__all__ = ["play_position"]


def _voids(session: Session, active: tuple[int, ...]) -> dict[int, set[Suit]]:
    """Suits each seat has shown out of (did not follow the led suit; §3.4)."""
    voids: dict[int, set[Suit]] = {s: set() for s in active}
    deal = session.deal
    assert deal is not None
    trump = deal.trump
    assert trump is not None  # Lo-No deals are refused before (play_position)
    for trick in tricks(deal):
        led = trick.cards[0].suit if trick.cards else None
        for seat, card in zip(trick.seats, trick.cards, strict=False):
            if led is None or card.suit is led:
                continue
            voids[seat].add(led)
            if led is not trump and card.suit is not trump and session.variants.trump_when_cannot_overtrump:
                voids[seat].add(trump)  # §3.4 rule 2: void in the led suit must trump when able
    return voids


def play_position(state: Session) -> dict[str, Any]:
    """The checker's position JSON (``RulesError("no_play_position")`` when no deal is in play)."""
    pp = bourre_position(state)
    if pp.ranking.low_wins:
        raise ValueError("a Lo-No deal (no trumps, low cards win, bourre.md §7) is not modelled by the claim checker")
    if pp.rules.cinch_rules not in ("pagat", "none") or pp.rules.must_lead_trump_when_others_void:
        raise ValueError("these Bourré play variants are not modelled by the claim checker")
    active = pp.active
    order = pp.order
    in_trick = set(order[: len(pp.trick)])
    done = pp.trick_number - 1
    sizes = [pp.tricks_total - done - (1 if s in in_trick else 0) for s in active]
    hands = [pp.hands[s] for s in active]
    known: set[Card] = {c for h in hands if h is not None for c in h}
    earlier = pp.played - frozenset(pp.trick)
    unseen = frozenset(STANDARD_DECK) - pp.played - known
    for s in active:
        unseen -= pp.known_out[s]
    voids = _voids(state, active)
    r = pp.rules
    return {
        "game": "bourre",
        "seats": list(active),
        "rules": {
            "head_trick_required": r.head_trick_required,
            "must_beat_mode": r.must_beat_mode,
            "trump_when_cannot_overtrump": r.trump_when_cannot_overtrump,
            "cinch_rules": r.cinch_rules,
            "cinch_equivalent_trumps": r.cinch_equivalent_trumps,
        },
        "hands": [None if h is None else sorted(map(str, h)) for h in hands],
        "leader": active.index(pp.leader),
        "trick": [str(c) for c in pp.trick],
        "trump": str(pp.trump),
        "played": sorted(map(str, earlier)),
        "tricks_won": list(pp.won),
        "points_won": [0] * len(active),
        "bonus": [0] * len(active),
        "announced": [],
        "hearts_broken": False,
        "first_trick": pp.trick_number == 1,
        "hand_sizes": sizes,
        "unseen": [] if all(h is not None for h in hands) else sorted(map(str, unseen)),
        "voids": [sorted(str(x) for x in voids[s]) for s in active],
        "known_out": [sorted(map(str, pp.known_out[s])) for s in active],
    }
