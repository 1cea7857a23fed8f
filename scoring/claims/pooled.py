"""A pooled game over the play model: a sound shortcut for claims with unknown hands.

The players whose hands are unknown draw their cards from one pool (the unseen cards), each only
cards the record allows it (:mod:`scoring.claims.knowledge`: not of a suit it has shown out of, not
a card it proved it does not hold), and each plays exactly as many cards as it holds; a player who
does not follow suit shows out of that suit. Every line of every deal the record allows is a line
of this game, so a claim the claimant makes here holds on every such deal. Unlike the fast pooled
game (:mod:`scoring.claims.solver`), unseen cards may lie out of play — the Bourré stock and other
players' discards, a Hearts kitty nobody saw — and the house rules only the play model knows apply.

Pool cards of a suit with no other live card between them, and no card-specific fact on them, are
interchangeable (each ordering of the rest is mirrored), so one of them is tried for a run.

>>> from scoring.cards import parse_cards, Suit
>>> from scoring.claims.position import Claim, ClaimKind, Position
>>> pos = Position.bourre([parse_cards("AS KS"), None], leader=0, trump=Suit.SPADES, hand_sizes=(2, 2),
...                       unseen=parse_cards("QS 2S 3D 4D 5C 6C"))
>>> PooledSearch(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)).holds()
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from scoring.cards import KING, QUEEN, Card, card_of
from scoring.claims.games import (
    apply_play,
    may_pass_lead,
    trick_rules,
)
from scoring.claims.knowledge import knowledge_of
from scoring.claims.modelsearch import ModelSearch
from scoring.claims.position import Claim, ClaimKind, GameName, HeartsPlay, Play, Position, ThousandPlay

__all__ = ["PooledSearch", "pooled_applies"]


def pooled_applies(pos: Position, claim: Claim) -> bool:
    """The pooled game is sound here: not when a Hearts kitty nobody saw may still bring points,
    nor while a Hearts lead may pass (C.4: whether it does depends on the unknown hand)."""
    rules = pos.rules
    if isinstance(rules, HeartsPlay) and may_pass_lead(pos, rules):
        return False
    return not (
        isinstance(rules, HeartsPlay)
        and claim.kind is ClaimKind.NO_MORE_POINTS
        and rules.kitty_receipt != "none"
        and pos.kitty_pending is None
    )


class PooledSearch(ModelSearch):
    """Can the claimant make the claim however the pooled players play? (``holds`` only: a "no"
    here proves nothing about the real deals.) The model search's threshold search, with the unknown
    hands' moves drawn from the pool (:meth:`_children`)."""

    def __init__(
        self,
        pos: Position,
        claim: Claim,
        *,
        clock: Callable[[], float] | None = None,
        deadline: float = float("inf"),
    ) -> None:
        super().__init__(pos, claim, clock=clock, deadline=deadline)
        know = knowledge_of(pos)
        self.not_held = [k.not_held if k is not None else frozenset() for k in know.seats]
        # cards are interchangeable only if every card fact treats them alike
        self.facts = {c: tuple((c in pos.held[s], c in self.not_held[s]) for s in range(pos.seats)) for c in pos.unseen}

    def _children(self, p: Position) -> list[Position]:
        seat = p.to_act
        if p.hands[seat] is not None:
            return super()._children(p)
        return [self._pool_play(p, play) for play in self._pool_plays(p, seat)]

    def _pool_plays(self, p: Position, seat: int) -> list[Play]:
        allowed = [c for c in p.unseen if c.suit not in p.voids[seat] and c not in self.not_held[seat]]
        plays = [Play(seat, c) for c in self._representatives(p, allowed)]
        if isinstance(p.rules, ThousandPlay) and not p.trick:
            plays += [Play(seat, c, True) for c in allowed if self._may_announce(p, seat, c, allowed)]
        return plays

    def _representatives(self, p: Position, allowed: list[Card]) -> list[Card]:
        """One card per run of interchangeable pool cards (Thousand: every card, each has its points).

        Why a run may stand for itself: two of the seat's cards with no live card between them (nor
        a pool card it may not hold), the same facts and the same value give positions that differ
        only by swapping the two labels — once the trick is over. Within the trick the other card,
        left in the pool, may still be played by a later pooled seat and meet the first (5♣ led, 7♣
        over it; the A♣ led, nothing over it): so runs are used only when every seat still to play
        in this trick has a known hand. (A seeded cross-check against the reference found both.)"""
        if p.game is GameName.THOUSAND or self._pooled_seat_follows(p):
            return allowed
        strength = trick_rules(p).strength
        mine = set(allowed)
        live = set(p.unseen) | {c for h in p.hands for c in h or ()} | set(p.trick)
        out: list[Card] = []
        last: Card | None = None
        for card in sorted(allowed, key=lambda c: (str(c.suit), strength[c.rank])):
            same_run = (
                last is not None
                and last.suit is card.suit
                and self.facts.get(card) == self.facts.get(last)
                and _same_value(p, last, card)
                and not any(
                    c.suit is card.suit
                    and c not in mine
                    and strength[last.rank] < strength[c.rank] < strength[card.rank]
                    for c in live
                )
            )
            if not same_run:
                out.append(card)
            last = card
        return out

    @staticmethod
    def _pooled_seat_follows(p: Position) -> bool:
        """Does a seat whose hand is unknown still play to this trick after the one to act?"""
        still = p.seats - len(p.trick) - 1
        return any(p.hands[(p.to_act + i) % p.seats] is None for i in range(1, still + 1))

    def _may_announce(self, p: Position, seat: int, card: Card, allowed: list[Card]) -> bool:
        rules = p.rules
        assert isinstance(rules, ThousandPlay) and card.suit is not None
        if card.rank not in (KING, QUEEN) or card.suit in p.announced:
            return False
        if rules.marriage_requires_won_trick and p.tricks_won[seat] == 0:
            return False
        return card_of(QUEEN if card.rank == KING else KING, card.suit) in allowed

    def _pool_play(self, p: Position, play: Play) -> Position:
        """``play`` from the pool: the seat's hand stays unknown; not following shows a void."""
        seat, card = play.seat, play.card
        voids = p.voids
        if p.trick and card.suit is not p.trick[0].suit and p.trick[0].suit is not None:
            voids = tuple(v | {p.trick[0].suit} if s == seat else v for s, v in enumerate(p.voids))
        after = apply_play(replace(p, voids=voids), play, check=False)
        sizes = tuple(k - 1 if s == seat else k for s, k in enumerate(p.hand_sizes))
        pool = tuple(c for c in p.unseen if c != card)
        return replace(after, hands=p.hands, unseen=pool, hand_sizes=sizes)


def _same_value(p: Position, a: Card, b: Card) -> bool:
    """Hearts: the Q♠ is not interchangeable with another spade."""
    if p.game is GameName.HEARTS:
        return str(a) != "QS" and str(b) != "QS"
    return True
