"""The claim search over the readable play model, for the house rules the fast search does not model.

:mod:`scoring.claims.solver` encodes the common rules as bitmasks; a few house rules live only in
the play model (:mod:`scoring.claims.games`): a Bourré Lo-No deal (§7: no trump, low cards win, the
dealer leads the turned card), the ``akq_only`` cinch, ``must_lead_trump_when_others_void``, a
Thousand marriage under ``trump_change_timing = next_trick``, and a Hearts kitty that the winner of
the first or last trick receives (it can bring a *no more points* claimant points). Positions with
them are searched here: the same threshold question ("can the claimant still make ``need``?"),
a memo of decided positions, a cut-off when the claim is already made or lost — no rank equivalence
or bounds, so it is for the endgames claims are made in (the time budget answers the rest).

>>> from scoring.cards import parse_cards, Suit
>>> from scoring.claims.position import BourrePlay, Claim, ClaimKind, Position
>>> pos = Position.bourre([parse_cards("2S 3D"), parse_cards("AS KD")], leader=0, trump=None,
...                       rules=BourrePlay(low_wins=True))
>>> search = ModelSearch(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0))
>>> search.holds(), [str(p) for p in search.counter_line()]
(True, [])
"""

from __future__ import annotations

from collections.abc import Callable

from scoring.cards import KING, QUEEN, card_of
from scoring.claims.bits import Timeout
from scoring.claims.games import (
    apply_play,
    claim_score,
    claim_target,
    is_over,
    legal_plays,
    may_pass_lead,
    settle_lead,
)
from scoring.claims.position import (
    BourrePlay,
    Claim,
    ClaimKind,
    HeartsPlay,
    Play,
    Position,
    ThousandPlay,
)

__all__ = ["ModelSearch", "needs_model_search"]


def needs_model_search(pos: Position, claim: Claim) -> bool:
    """Whether ``pos`` has a house rule in force that only the play model knows."""
    rules = pos.rules
    if isinstance(rules, BourrePlay):
        return rules.low_wins or rules.cinch_rules == "akq_only" or rules.must_lead_trump_when_others_void
    if isinstance(rules, ThousandPlay):
        return pos.next_trump is not None or (rules.trump_change_timing != "immediate" and _marriage_possible(pos))
    if isinstance(rules, HeartsPlay):
        return may_pass_lead(pos, rules) or (claim.kind is ClaimKind.NO_MORE_POINTS and _kitty_may_bite(pos, rules))
    return False


def _marriage_possible(pos: Position) -> bool:
    """A suit not yet announced whose K and Q are both still to be played."""
    live = {c for h in pos.hands for c in h or ()} | set(pos.unseen)
    suits = {c.suit for c in live if c.suit is not None} - pos.announced
    return any(card_of(KING, s) in live and card_of(QUEEN, s) in live for s in suits)


def _kitty_may_bite(pos: Position, rules: HeartsPlay) -> bool:
    """A kitty with (possibly) penalty cards still to go to the winner of a trick the claimant may
    win without taking a penalty card itself (the first trick, the last trick)."""
    if rules.kitty_receipt == "last_trick" or (rules.kitty_receipt == "first_trick" and pos.first_trick):
        cards = pos.unseen if pos.kitty_pending is None else pos.kitty_pending
        return any(c.suit is not None and (c.suit.value == "H" or str(c) == "QS") for c in cards)
    return False


class ModelSearch:
    """A threshold search over :func:`~scoring.claims.games.legal_plays` / ``apply_play``."""

    def __init__(
        self,
        pos: Position,
        claim: Claim,
        *,
        clock: Callable[[], float] | None = None,
        deadline: float = float("inf"),
    ) -> None:
        self.pos = settle_lead(pos)  # a Hearts lead that must pass has passed (C.4)
        self.claim = claim
        self.target = claim_target(pos, claim)
        self.clock = clock
        self.deadline = deadline
        self.nodes = 0
        self.memo: dict[Position, bool] = {}
        # the claimant's measure only grows (tricks, points), or only falls (no more points)
        self.falling = claim.kind is ClaimKind.NO_MORE_POINTS

    def holds(self) -> bool:
        return self._wins(self.pos)

    def _wins(self, p: Position) -> bool:
        known = self.memo.get(p)
        if known is not None:
            return known
        self.nodes += 1
        # every 16 positions: one here costs ~0.1 ms in Python, so the budget is overrun by ~2 ms at most
        if self.clock is not None and self.nodes & 15 == 0 and self.clock() > self.deadline:
            raise Timeout
        score = claim_score(p, self.claim)
        if is_over(p) or (self.falling and score < self.target) or (not self.falling and score >= self.target):
            result = score >= self.target
        elif (
            not self.falling and self.claim.kind is not ClaimKind.CONTRACT and score + p.remaining_tricks < self.target
        ):
            result = False  # not enough tricks left
        else:
            mine = p.to_act == self.claim.claimant
            outcomes = (self._wins(child) for child in self._children(p))
            result = any(outcomes) if mine else all(outcomes)
        self.memo[p] = result
        return result

    def _children(self, p: Position) -> list[Position]:
        """The positions after each move of the seat to act (the pooled game overrides it)."""
        return [apply_play(p, play, check=False) for play in legal_plays(p)]

    def counter_line(self) -> list[Play]:
        """A line that beats the claim (empty when it holds): the claimant's first try at each turn
        and a refutation by the others."""
        p = self.pos
        if self._wins(p):
            return []
        line: list[Play] = []
        while not is_over(p):
            plays = legal_plays(p)
            if p.to_act == self.claim.claimant:
                play = plays[0]
            else:
                play = next(x for x in plays if not self._wins(apply_play(p, x, check=False)))
            line.append(play)
            p = apply_play(p, play, check=False)
        return line
