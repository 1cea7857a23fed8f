"""The hook the claims checker looks for (``scoring.claims.adapters``): a Bourré deal in play as the
checker's position JSON.

Play seats are the active seats (those who stayed in) in play order; ``seats`` maps them back to
table seats. The cinch test's ``known_out`` (a seat's own trump discards, a discarded up-card) comes
from the engine's :func:`scoring.bourre.play.play_position`. When some hands are not recorded,
``unseen`` is every card not shown anywhere — in Bourré that includes the stock and the discards of
other players, which lie out of play (docs/claims.md). Every play variant is passed on: a Lo-No deal
(§7: no trump, low cards win, the dealer leads the turned card) as ``low_wins`` / ``opening_lead``,
the ``akq_only`` cinch with the cards each seat played (``played_by``); ``lay_down`` is a table
procedure without play obligations (docs/games/bourre.md), so the play is checked as with ``none``.
"""

from __future__ import annotations

from typing import Any

from scoring.bourre.legality import winning_card
from scoring.bourre.play import PlayPosition
from scoring.bourre.play import play_position as bourre_position
from scoring.bourre.proofs import card_knowledge
from scoring.bourre.state import CardDeal, Session
from scoring.bourre.tricks_view import play_contexts
from scoring.cards import STANDARD_DECK, Card, Suit
from scoring.knowledge import CardKnowledge

__all__ = ["play_position"]


def _knowledge(session: Session) -> CardKnowledge:
    """The deal's card knowledge (shared with the renege proofs), with the trump voids of §3.4 rule 2:
    void in the led suit, a seat must trump when able."""
    deal = session.deal
    assert deal is not None
    contexts = play_contexts(deal, session.variants)
    knowledge = card_knowledge(deal, contexts)
    trump = deal.trump
    for ctx in contexts:
        if not ctx.before or trump is None or ctx.card.suit in (ctx.before[0].suit, trump):
            continue
        if _had_to_trump(ctx.before, trump, session):
            knowledge = knowledge.show_void(ctx.seat, trump)
    return knowledge


def _had_to_trump(before: tuple[Card, ...], trump: Suit, session: Session) -> bool:
    """Void in the suit led, a player must trump unless only a trump that cannot win is allowed to
    be kept back (§7 ``trump_when_cannot_overtrump = false`` with a trump already winning)."""
    return session.variants.trump_when_cannot_overtrump or winning_card(before, trump).suit is not trump


def play_position(state: Session) -> dict[str, Any]:
    """The checker's position JSON (``RulesError("no_play_position")`` when no deal is in play)."""
    pp = bourre_position(state)
    active = pp.active
    order = pp.order
    in_trick = set(order[: len(pp.trick)])
    done = pp.trick_number - 1
    sizes = [pp.tricks_total - done - (1 if s in in_trick else 0) for s in active]
    hands = [pp.hands[s] for s in active]
    known: set[Card] = {c for h in hands if h is not None for c in h}
    earlier = pp.played - frozenset(pp.trick)
    deal = state.deal
    assert deal is not None
    unseen = frozenset(STANDARD_DECK) - pp.played - known - _out_of_play(deal, active)
    for s in active:
        unseen -= pp.known_out[s]
    knowledge = _knowledge(state)
    voids = {s: knowledge.voids(s) for s in active}
    # the turned card is the dealer's until discarded (§2.6), though the rest of the hand is unknown
    held = [
        [] if h is not None else sorted(map(str, knowledge.holding(s) & unseen))
        for s, h in zip(active, hands, strict=True)
    ]
    return {
        "game": "bourre",
        "seats": list(active),
        "rules": _rules(pp),
        "hands": [None if h is None else sorted(map(str, h)) for h in hands],
        "leader": active.index(pp.leader),
        "trick": [str(c) for c in pp.trick],
        "trump": None if pp.trump is None else str(pp.trump),
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
        "played_by": [sorted(str(c) for seat, c in deal.plays if seat == s) for s in active],
        "held": held,
    }


def _out_of_play(deal: CardDeal, active: tuple[int, ...]) -> frozenset[Card]:
    """Cards the record shows in no active hand: every recorded discard, the hands of players who
    passed (folded, §3.1), the up-card once the dealer gave it up."""
    out = {c for cards in deal.discards for c in cards}
    for seat, hand in enumerate(deal.hands):
        if seat not in active and hand is not None:
            out |= hand
    if deal.up_out:
        out.add(deal.up_card)
    return frozenset(out)


def _rules(pp: PlayPosition) -> dict[str, Any]:
    r = pp.rules
    return {
        "head_trick_required": r.head_trick_required,
        "must_beat_mode": r.must_beat_mode,
        "trump_when_cannot_overtrump": r.trump_when_cannot_overtrump,
        # lay_down: a table procedure, no play obligations (the engine's has_cinch is False)
        "cinch_rules": "none" if r.cinch_rules == "lay_down" else r.cinch_rules,
        "cinch_equivalent_trumps": r.cinch_equivalent_trumps,
        "must_lead_trump_when_others_void": r.must_lead_trump_when_others_void,
        "low_wins": pp.ranking.low_wins,
        "opening_lead": None if pp.opening_lead is None else str(pp.opening_lead),
    }
