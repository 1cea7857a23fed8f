"""What the record proves about the hands it does not show: one card-knowledge model per seat.

The claim checker with unknown hands must try every deal of the unseen cards **the record allows**,
and no other: a claim that holds on every such deal holds, and a failing deal it returns must be one
the table could be holding. The facts used, per seat whose hand is unknown:

* **size**: how many cards it holds (the deal's size less the cards it played);
* **held**: unseen cards the record places in its hand (e.g. the cards passed to it in Hearts);
* **voids**: suits it has shown out of (did not follow; in Thousand and Bourré, did not trump when
  it had to) — it holds no card of them;
* **not held**: single cards it proved it does not hold, whatever the suit: a heart led before
  hearts were broken proves the leader held only hearts (hearts.md §2.3 C), a discard of a point
  card on the first trick proves it held only point cards beside the suit led (§2.3 B), an opening
  lead of a higher club proves it held no lower club (§2.3 A) — the engine's own evidence of the
  play (an :class:`scoring.knowledge.Exclusion`), which is what proves a renege too.

These are the claim-facing view (:meth:`scoring.knowledge.CardKnowledge.seat_view`,
:class:`scoring.knowledge.SeatKnowledge`) of the card-knowledge model every trick engine shares:
each seat's facts, as the position carries them, are read back into that model.

Cards the record shows are out of play (played, laid down, the Thousand discards) are not unseen at
all. Unseen cards beyond the unknown hands' sizes lie **out of play** (a Hearts kitty nobody looked
at, the Bourré stock and the other players' discards): any unseen card may lie there.

>>> from scoring.cards import parse_cards
>>> from scoring.claims.position import Position
>>> pos = Position.hearts([parse_cards("AS"), None, None], leader=0, hand_sizes=(1, 1, 1),
...                       unseen=parse_cards("2S 3H 4D"), not_held=(frozenset(), frozenset(parse_cards("2S 4D")), frozenset()))
>>> k = knowledge_of(pos)
>>> [str(c) for c in k.candidates(1)], k.out_of_play
(['3H'], 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import Card, sort_cards
from scoring.claims.position import Position
from scoring.knowledge import CardKnowledge, Exclusion, SeatKnowledge

__all__ = ["Knowledge", "SeatKnowledge", "knowledge_of"]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The unseen cards and, per play seat, what the record proves (``None``: the hand is known)."""

    unseen: tuple[Card, ...]
    seats: tuple[SeatKnowledge | None, ...]

    @property
    def unknown(self) -> tuple[int, ...]:
        return tuple(s for s, k in enumerate(self.seats) if k is not None)

    @property
    def out_of_play(self) -> int:
        """How many unseen cards lie in no hand."""
        return len(self.unseen) - sum(k.size for k in self.seats if k is not None)

    def candidates(self, seat: int) -> tuple[Card, ...]:
        """The unseen cards ``seat`` may hold."""
        k = self.seats[seat]
        assert k is not None
        return tuple(c for c in self.unseen if k.may_hold(c))

    def contradiction(self) -> str | None:
        """Why no deal can fit the record, when that shows at once (else ``None``)."""
        if self.out_of_play < 0:
            return "the unseen cards do not fill the unknown hands"
        owners: dict[Card, int] = {}
        for s in self.unknown:
            k = self.seats[s]
            assert k is not None
            if len(k.held) > k.size or any(c in owners for c in k.held):
                return f"seat {s}: the cards the record places in its hand do not fit"
            owners.update(dict.fromkeys(k.held, s))
            if len(self.candidates(s)) < k.size:
                return f"seat {s} cannot hold {k.size} of the unseen cards"
        return None


def knowledge_of(pos: Position) -> Knowledge:
    """The card-knowledge model of ``pos`` (its hand sizes, voids, ``held`` and ``not_held``)."""
    unseen = frozenset(pos.unseen)
    seats = tuple(
        None if hand is not None else _seat_model(pos, s).seat_view(s, pos.hand_sizes[s], unseen)
        for s, hand in enumerate(pos.hands)
    )
    return Knowledge(tuple(sorted(unseen, key=str)), seats)


def _seat_model(pos: Position, seat: int) -> CardKnowledge:
    """One seat's facts in the shared model: the cards placed in its hand, the cards its plays
    excluded (one exclusion standing for them all), the suits it showed out of."""
    model = CardKnowledge.of(placed=dict.fromkeys(sort_cards(pos.held[seat]), seat))
    model = model.restrict(Exclusion(seat, 0, tuple(sort_cards(pos.not_held[seat])), "not_held"))
    for suit in pos.voids[seat]:
        model = model.show_void(seat, suit)
    return model
