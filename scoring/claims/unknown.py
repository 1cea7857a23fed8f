"""Claims when only some hands are known: the claim holds only if it holds for every deal of the
unseen cards consistent with the record (hand sizes, suits each player has shown out of).

Two steps:

1. **The pooled game** (:class:`~scoring.claims.solver.Engine` in pool mode): the players whose
   cards are unknown share the unseen cards, may play any of them that is not of a suit they have
   shown out of, and choose among themselves who leads when one of them wins. Every real deal's
   every line is a line of this game, so if the claimant wins it, the claim holds for every
   deal — usually decided in a few milliseconds.
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
from scoring.claims.position import Play, Position


def distributions(pos: Position, first: dict[Card, int] | None = None) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to deal ``pos.unseen`` to the unknown hands, respecting sizes and shown voids.

    ``first`` pins some cards to seats: those deals come first, then all the others.
    """
    unknown = [s for s, h in enumerate(pos.hands) if h is None]
    cards = sorted(pos.unseen, key=str)
    if sum(pos.hand_sizes[s] for s in unknown) != len(cards):
        raise ValueError("the unseen cards do not fill the unknown hands")
    pinned = first or {}

    def deals(respect_pins: bool, avoid_pins: bool) -> Iterator[tuple[tuple[Card, ...], ...]]:
        room = {s: pos.hand_sizes[s] for s in unknown}
        got: dict[int, list[Card]] = {s: [] for s in unknown}

        def rec(i: int, off_pin: bool) -> Iterator[tuple[tuple[Card, ...], ...]]:
            if i == len(cards):
                if avoid_pins and not off_pin:
                    return
                yield tuple(pos.hands[s] if s not in got else tuple(got[s]) for s in range(pos.seats))  # type: ignore[misc]
                return
            card = cards[i]
            for s in unknown:
                if room[s] == 0 or card.suit in pos.voids[s]:
                    continue
                if respect_pins and card in pinned and pinned[card] != s:
                    continue
                room[s] -= 1
                got[s].append(card)
                yield from rec(i + 1, off_pin or (card in pinned and pinned[card] != s))
                got[s].pop()
                room[s] += 1

        yield from rec(0, False)

    if pinned:
        yield from deals(True, False)
        yield from deals(False, True)
    else:
        yield from deals(False, False)


def pins_from_line(pos: Position, line: list[Play]) -> dict[Card, int]:
    """The unseen cards a pooled-game counter-line had each unknown seat play."""
    unseen = set(pos.unseen)
    return {p.card: p.seat for p in line if p.card in unseen and pos.hands[p.seat] is None}
