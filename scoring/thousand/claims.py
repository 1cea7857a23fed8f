"""The hook the claims checker looks for (``scoring.claims.adapters``): a Thousand deal in play as
the checker's position JSON.

Play seats are the deal's active seats in clockwise order (with four players the sitting-out seat is
left out, thousand.md §3.4); ``seats`` maps them back to table seats. Hands are known when the deal
recorded them; otherwise ``unseen`` is the pack less what the record shows out of the other hands
(cards played, the two-player discards, the unused two-player talon pile), and ``voids`` are the
suits each seat has shown out of (did not follow; did not trump when it had to, §6.2); ``held`` is
what the shared card-knowledge model places in an unknown hand (cards given by the declarer, talon
cards the declarer kept).

A marriage under ``trump_change_timing = next_trick`` is searched by the play model
(``scoring.claims.modelsearch``); the four-aces bonus is not modelled (docs/claims.md).
"""

from __future__ import annotations

from typing import Any

from scoring.cards import Card, Suit
from scoring.knowledge import CardKnowledge
from scoring.thousand.bidding import DECK_SET
from scoring.thousand.play import play_position as thousand_position
from scoring.thousand.proofs import evidence
from scoring.thousand.rules import marriage_value
from scoring.thousand.state import DealState, ThousandState

__all__ = ["play_position"]


def _order(active: tuple[int, ...], leader: int) -> tuple[int, ...]:
    i = active.index(leader)
    return active[i:] + active[:i]


def _voids(deal: DealState, knowledge: CardKnowledge, must_trump: bool) -> dict[int, frozenset[Suit]]:
    """Suits each active seat has shown out of: the shared card-knowledge model's (it did not follow),
    with the trump of a trick it did not trump while void in the suit led (§6.2)."""
    tricks = [(t, trump) for t, _winner, trump in deal.completed]
    if deal.trick is not None and deal.trick.cards:
        tricks.append((deal.trick, deal.trump))
    for trick, trump in tricks:
        led = trick.cards[0].suit
        for seat, card in zip(_order(deal.active, trick.leader), trick.cards, strict=False):
            if must_trump and led is not None and trump is not None and card.suit not in (led, trump):
                knowledge = knowledge.show_void(seat, trump)  # §6.2: void in the led suit and did not trump
    return {s: knowledge.voids(s) for s in deal.active}


def _out_of_play(deal: DealState) -> frozenset[Card]:
    """Cards the record shows are in no hand (two players: discards and the unused talon pile)."""
    out = set(deal.discards)
    if len(deal.active) == 2 and deal.talon is not None and deal.pile is not None:
        out.update(deal.talon[2 * (1 - deal.pile) : 2 * (1 - deal.pile) + 2])
    return frozenset(out)


#: The Thousand house rules that bear on the play, as the claim checker names them.
PLAY_RULE_KEYS = (
    "must_trump_when_void",
    "must_head_trick",
    "must_overtrump",
    "marriage_requires_won_trick",
    "spades_marriage_value",
    "trump_change_timing",
)


def _held(
    knowledge: CardKnowledge, active: tuple[int, ...], hands: list[tuple[Card, ...] | None], unseen: frozenset[Card]
) -> dict[int, frozenset[Card]]:
    """Unseen cards the record places in an unknown hand, read from the shared card-knowledge model
    (:func:`scoring.thousand.proofs.evidence`): those the declarer passed to it (§5), the talon cards
    the declarer kept (§16.2), the cards of a partly entered hand (§16.1)."""
    return {s: knowledge.holding(s) & unseen if hands[i] is None else frozenset() for i, s in enumerate(active)}


def play_position(state: ThousandState) -> dict[str, Any]:
    """The checker's position JSON of the deal in play (``RulesError("not_playing")`` otherwise)."""
    pp = thousand_position(state)
    deal = state.deal
    assert deal is not None
    v = state.variants
    active = pp.active
    in_trick = set(_order(active, pp.trick_leader)[: len(pp.trick_cards)])
    sizes = [pp.tricks_left - (1 if s in in_trick else 0) for s in active]
    hands = [pp.hands.get(s) for s in active]
    known = frozenset(c for h in hands if h is not None for c in h)
    played = frozenset(deal.played) - frozenset(pp.trick_cards)
    unseen = DECK_SET - played - frozenset(pp.trick_cards) - known - _out_of_play(deal)
    bonus = dict.fromkeys(active, 0)
    for seat, suit in pp.marriages:
        if seat in bonus:
            bonus[seat] += marriage_value(suit, v)
    knowledge = evidence(deal)
    voids = _voids(deal, knowledge, v.must_trump_when_void)
    held = _held(knowledge, active, hands, unseen)
    return {
        "game": "thousand",
        "seats": list(active),
        "rules": {key: getattr(v, key) for key in PLAY_RULE_KEYS},
        "hands": [None if h is None else sorted(map(str, h)) for h in hands],
        "leader": active.index(pp.trick_leader),
        "trick": [str(c) for c in pp.trick_cards],
        "trump": None if pp.trump is None else str(pp.trump),
        # §6.4 variant: a marriage announced on this trick's lead makes its suit trumps next trick
        "next_trump": None if pp.next_trump in (None, pp.trump) else str(pp.next_trump),
        "played": sorted(map(str, played)),
        "tricks_won": [pp.tricks_won.get(s, 0) for s in active],
        "points_won": [pp.points.get(s, 0) for s in active],
        "bonus": [bonus[s] for s in active],
        "announced": sorted(str(suit) for _seat, suit in pp.marriages),
        "hearts_broken": False,
        "first_trick": pp.trick_number == 1,
        "hand_sizes": sizes,
        "unseen": [] if all(h is not None for h in hands) else sorted(map(str, unseen)),
        "voids": [sorted(str(x) for x in voids[s]) for s in active],
        "known_out": [[] for _ in active],
        "held": [sorted(map(str, held[s])) for s in active],
        "declarer": pp.declarer,
        "contract": pp.contract,
    }
