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

from collections.abc import Iterator

from scoring.cards import Card
from scoring.claims.knowledge import Knowledge, knowledge_of
from scoring.claims.position import Play, Position

#: The "seat" of the unseen cards that lie in no hand.
OUT = -1


def distributions(pos: Position, first: dict[Card, int] | None = None) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to deal ``pos.unseen`` to the unknown hands that the record allows
    (:mod:`scoring.claims.knowledge`: sizes, cards placed, voids, cards proven not held); unseen
    cards beyond the hands' sizes lie out of play.

    ``first`` pins some cards to seats: those deals come first, then all the others.
    """
    know = knowledge_of(pos)
    if know.out_of_play < 0:
        raise ValueError("the unseen cards do not fill the unknown hands")
    if know.contradiction() is not None:
        return
    pinned = first or {}
    yield from _deals(pos, know, pinned, respect_pins=bool(pinned), avoid_pins=False)
    if pinned:
        yield from _deals(pos, know, pinned, respect_pins=False, avoid_pins=True)


def _deals(
    pos: Position, know: Knowledge, pinned: dict[Card, int], *, respect_pins: bool, avoid_pins: bool
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    unknown = know.unknown
    got: dict[int, list[Card]] = {s: sorted(know.seats[s].held, key=str) for s in unknown}  # type: ignore[union-attr]
    placed = {c for cs in got.values() for c in cs}
    room = {s: know.seats[s].size - len(got[s]) for s in unknown}  # type: ignore[union-attr]
    room[OUT] = know.out_of_play
    cards = [c for c in know.unseen if c not in placed]
    may = {c: [s for s in unknown if know.seats[s].may_hold(c)] + [OUT] for c in cards}  # type: ignore[union-attr]

    def rec(i: int, off_pin: bool) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if i == len(cards):
            if not (avoid_pins and not off_pin):
                yield tuple(pos.hands[s] if s not in got else tuple(sorted(got[s], key=str)) for s in range(pos.seats))  # type: ignore[misc]
            return
        card = cards[i]
        for s in may[card]:
            if room[s] == 0 or (respect_pins and card in pinned and pinned[card] != s):
                continue
            room[s] -= 1
            if s != OUT:
                got[s].append(card)
            yield from rec(i + 1, off_pin or (card in pinned and pinned[card] != s))
            if s != OUT:
                got[s].pop()
            room[s] += 1

    yield from rec(0, False)


def pins_from_line(pos: Position, line: list[Play]) -> dict[Card, int]:
    """The unseen cards a pooled-game counter-line had each unknown seat play."""
    unseen = set(pos.unseen)
    return {p.card: p.seat for p in line if p.card in unseen and pos.hands[p.seat] is None}
