"""Claims when only some hands are known: the claim holds only if it holds for every deal of the
unseen cards consistent with the record: the facts of :mod:`scoring.claims.knowledge` (hand sizes,
cards placed, suits shown out of, cards proven not held).

Two steps:

1. **The pooled game** (:class:`~scoring.claims.solver.Engine` in pool mode): the players whose
   cards are unknown share the unseen cards, may play any of them that is not of a suit they have
   shown out of, and choose among themselves who leads when one of them wins. Every real deal's
   every line is a line of this game, so if the claimant wins it, the claim holds for every
   deal — usually decided in a few milliseconds. When some unseen cards lie out of play, or a rule
   only the play model knows is in force, :mod:`scoring.claims.pooled` plays it instead.
2. Otherwise, **every distribution** is solved exactly (one shared transposition table, since
   later positions repeat across deals), starting with those that give the pooled game's
   counter-line to the seats that played it. The first deal that beats the claim is the answer.

>>> from scoring.cards import parse_cards
>>> from scoring.claims.position import Claim, ClaimKind, Position
>>> pos = Position.hearts([parse_cards("AS KS"), None, None, None], leader=0, hearts_broken=True,
...                       hand_sizes=(2, 2, 2, 2), unseen=parse_cards("2S 3S 4S 5S 6S 7S"))
>>> list(distributions(pos))[:1]
[((Card('AS'), Card('KS')), (Card('2S'), Card('3S')), (Card('4S'), Card('5S')), (Card('6S'), Card('7S')))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from scoring.cards import Card
from scoring.claims.bits import Timeout
from scoring.claims.knowledge import Knowledge, knowledge_of
from scoring.claims.position import Play, Position

#: The "seat" of the unseen cards that lie in no hand.
OUT = -1


def distributions(
    pos: Position,
    first: dict[Card, int] | None = None,
    *,
    clock: Callable[[], float] | None = None,
    deadline: float = float("inf"),
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to deal ``pos.unseen`` to the unknown hands that the record allows
    (:mod:`scoring.claims.knowledge`: sizes, cards placed, voids, cards proven not held); unseen
    cards beyond the hands' sizes lie out of play.

    ``first`` pins some cards to seats: those deals come first, then all the others. With a
    ``clock``, :class:`~scoring.claims.bits.Timeout` is raised once it reads past ``deadline``
    (checked every :data:`CLOCK_EVERY` steps of the enumeration).
    """
    know = knowledge_of(pos)
    if know.out_of_play < 0:
        raise ValueError("the unseen cards do not fill the unknown hands")
    if know.contradiction() is not None:
        return
    pinned = first or {}
    budget = _Budget(clock, deadline)
    yield from _deals(pos, know, pinned, budget, respect_pins=bool(pinned), avoid_pins=False)
    if pinned:
        yield from _deals(pos, know, pinned, budget, respect_pins=False, avoid_pins=True)


def any_deal(pos: Position) -> bool:
    """Whether some deal of the unseen cards fits the record: Hall's condition on the sizes and
    what each seat may hold, without enumerating a single deal."""
    know = knowledge_of(pos)
    if know.out_of_play < 0:
        raise ValueError("the unseen cards do not fill the unknown hands")
    if know.contradiction() is not None:
        return False
    return _Placement(pos, know, {}, respect_pins=False).feasible()


#: How many enumeration steps pass between two readings of the clock.
CLOCK_EVERY = 64


class _Budget:
    def __init__(self, clock: Callable[[], float] | None, deadline: float) -> None:
        self.clock, self.deadline, self.steps = clock, deadline, 0

    def step(self) -> None:
        self.steps += 1
        if self.clock is not None and self.steps % CLOCK_EVERY == 0 and self.clock() > self.deadline:
            raise Timeout


class _Placement:
    """The cards still to deal, where each may go and how much room each place has left.

    A card goes to one of the unknown seats or out of play (the "sinks"). Some deal of the cards
    still to place exists iff, for every set of sinks, the cards that may go only there fit in
    their room (Hall's condition for this transportation problem; the rooms add up to the cards).
    The enumeration checks it before each step down, so it never walks into a branch without a
    deal — without it one unplaceable seat (say, a seat that may hold only hearts) makes the search
    for the first deal exponential.
    """

    def __init__(self, pos: Position, know: Knowledge, pinned: dict[Card, int], *, respect_pins: bool) -> None:
        unknown = know.unknown
        self.sinks = [*unknown, OUT]
        self.got: dict[int, list[Card]] = {s: sorted(know.seats[s].held, key=str) for s in unknown}  # type: ignore[union-attr]
        placed = {c for cs in self.got.values() for c in cs}
        self.room = {s: know.seats[s].size - len(self.got[s]) for s in unknown}  # type: ignore[union-attr]
        self.room[OUT] = know.out_of_play
        self.cards = [c for c in know.unseen if c not in placed]
        self.may: dict[Card, list[int]] = {}
        for c in self.cards:
            may = [s for s in unknown if know.seats[s].may_hold(c)] + [OUT]  # type: ignore[union-attr]
            if respect_pins and c in pinned:
                may = [s for s in may if s == pinned[c]]
            self.may[c] = may
        bit = {s: 1 << i for i, s in enumerate(self.sinks)}
        self.bit = bit
        self.mask = {c: sum(bit[s] for s in self.may[c]) for c in self.cards}
        self.left: dict[int, int] = {}  # cards still to place, by the set of sinks they may go to
        for c in self.cards:
            self.left[self.mask[c]] = self.left.get(self.mask[c], 0) + 1
        self.subsets = range(1, 1 << len(self.sinks))
        self.seen: dict[tuple[int, ...], bool] = {}

    def feasible(self) -> bool:
        """Hall's condition: the cards confined to each set of sinks fit in its room (remembered
        by the rooms and counts left: the enumeration meets the same few states again and again)."""
        state = (*(self.room[s] for s in self.sinks), *self.left.values())
        known = self.seen.get(state)
        if known is None:
            known = self.seen[state] = self._hall()
        return known

    def _hall(self) -> bool:
        rooms = {s: self.room[s] for s in self.sinks}
        present = [(m, n) for m, n in self.left.items() if n]
        for t in self.subsets:
            need = sum(n for m, n in present if m & ~t == 0)
            if need and need > sum(r for s, r in rooms.items() if self.bit[s] & t):
                return False
        return True


def _deals(
    pos: Position,
    know: Knowledge,
    pinned: dict[Card, int],
    budget: _Budget,
    *,
    respect_pins: bool,
    avoid_pins: bool,
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    place = _Placement(pos, know, pinned, respect_pins=respect_pins)
    cards, got, room = place.cards, place.got, place.room
    if not place.feasible():
        return

    def rec(i: int, off_pin: bool) -> Iterator[tuple[tuple[Card, ...], ...]]:
        budget.step()
        if i == len(cards):
            if not (avoid_pins and not off_pin):
                yield tuple(pos.hands[s] if s not in got else tuple(sorted(got[s], key=str)) for s in range(pos.seats))  # type: ignore[misc]
            return
        card = cards[i]
        place.left[place.mask[card]] -= 1
        for s in place.may[card]:
            if room[s] == 0:
                continue
            room[s] -= 1
            if place.feasible():
                if s != OUT:
                    got[s].append(card)
                yield from rec(i + 1, off_pin or (card in pinned and pinned[card] != s))
                if s != OUT:
                    got[s].pop()
            room[s] += 1
        place.left[place.mask[card]] += 1

    yield from rec(0, False)


def pins_from_line(pos: Position, line: list[Play]) -> dict[Card, int]:
    """The unseen cards a pooled-game counter-line had each unknown seat play."""
    unseen = set(pos.unseen)
    return {p.card: p.seat for p in line if p.card in unseen and pos.hands[p.seat] is None}
