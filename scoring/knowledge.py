"""One card-knowledge model for every trick game: what the record proves each seat held, and which
plays it proves illegal (rules/hearts.md §6.1, rules/bourre.md §8, rules/thousand.md §16).

After the pass, the draw or the exchange no card enters a hand except by a recorded movement, and
none leaves it except by being played. So, for one deal:

* ``seat`` is proven to **hold** ``card`` at trick ``t`` when it plays the card at ``t`` or later,
  or a recorded movement (a card passed, given, the turned card, a talon card kept, a hand entered)
  placed it there and it was not played before ``t``;
* it is proven **not to hold** ``card`` at ``t`` when it played the card before ``t``, another seat
  plays it, a movement placed it elsewhere, or the record puts it out of play (for every seat, or
  for this seat alone: its own discards);
* it has shown a **void** in the suit led when it played another suit (and in whatever suit the
  game says a play shows, e.g. the trump it did not play: :attr:`CardKnowledge.voids`).

Every play by a seat whose hand the record does not show relies on **restrictions**, which the game
module derives from its own rules:

* an :class:`Exclusion`: the seat must not hold any of ``cards`` at ``trick`` (a discard shows a
  void; a heart led before hearts broke shows a hand of only hearts); the record breaks it when it
  proves one of those cards held then: that card is the witness;
* an :class:`Obligation`, for monotone rules such as the Bourré cinch (more trumps never lower
  *Sure*): a test over the set of cards held, proven broken as soon as the cards proven held
  already fail it; the witness is the card whose evidence completed the set.

:meth:`CardKnowledge.proven_violations` is the proof step every engine uses.

>>> from scoring.cards import Suit, parse_cards
>>> c = dict(zip(["2C", "3C", "4H", "5D"], parse_cards("2C 3C 4H 5D")))
>>> k = CardKnowledge.of([Play(1, 0, c["2C"]), Play(1, 1, c["4H"], Suit.CLUBS), Play(3, 1, c["3C"])])
>>> k = k.restrict(Exclusion(1, 1, (c["3C"],), "must_follow_suit"))
>>> [(v.code, v.seat, v.trick, str(v.witness)) for v in k.proven_violations()]
[('must_follow_suit', 1, 1, '3C')]
>>> sorted(map(str, k.held_at(1, 2))), sorted(map(str, k.not_held_at(1, 2)))
(['3C'], ['2C', '4H'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from scoring.cards import Card, Suit
from scoring.explain import ParamValue

Params = tuple[tuple[str, ParamValue], ...]
#: An obligation's test: the rule code the held cards prove broken, else ``None``.
HeldTest = Callable[[frozenset[Card]], "str | None"]


class Play(NamedTuple):
    """``seat`` played ``card`` to trick ``trick`` (1-based); ``led``: the suit led (``None``: it led).
    A named tuple, not a dataclass: the engines rebuild a deal's plays at every card (Thousand
    replays ~14,000 of them), and a tuple is built several times faster."""

    trick: int
    seat: int
    card: Card
    led: Suit | None = None


@dataclass(frozen=True, slots=True)
class Exclusion:
    """For a play to be legal, ``seat`` must not hold any of ``cards`` at trick ``trick``.

    ``cards`` are in the order a witness is looked for; ``code``, ``rule``, ``kind`` and ``params``
    say which rule and what evidence (the game's texts); ``card`` is the play that relied on it."""

    seat: int
    trick: int
    cards: tuple[Card, ...]
    code: str
    rule: str = ""
    kind: str = ""
    params: Params = ()
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Obligation:
    """For ``card`` played at ``trick`` to be legal, the cards ``seat`` held must pass ``test``
    (a monotone test: more cards held never make a failing set pass)."""

    seat: int
    trick: int
    test: HeldTest = field(compare=False)
    card: Card | None = None
    rule: str = ""
    params: Params = ()


Restriction = Exclusion | Obligation


@dataclass(frozen=True, slots=True)
class Violation:
    """The record breaks ``restriction`` (rule ``code``): ``witness`` proves it."""

    restriction: Restriction
    code: str
    witness: Card

    @property
    def seat(self) -> int:
        return self.restriction.seat

    @property
    def trick(self) -> int:
        return self.restriction.trick


@dataclass(frozen=True, slots=True)
class SeatKnowledge:
    """The claim-facing view of one unknown hand: how many cards it holds, cards the record places
    in it, cards it cannot hold, and suits it has shown out of."""

    size: int
    held: frozenset[Card]
    not_held: frozenset[Card]
    voids: frozenset[Suit]

    def may_hold(self, card: Card) -> bool:
        return card in self.held or (card.suit not in self.voids and card not in self.not_held)


def _pairs(mapping: Mapping[int, Iterable[Card]] | None) -> tuple[tuple[int, frozenset[Card]], ...]:
    return tuple((s, frozenset(cards)) for s, cards in (mapping or {}).items())


@dataclass(frozen=True, slots=True)
class CardKnowledge:
    """What the record of one deal proves about the cards in each hand; never changed in place.

    ``placed`` pairs a card with the seat a recorded movement put it in; ``out`` are cards in no
    hand; ``seat_out`` cards known out of one seat's hand only; ``shown`` extra voids a game's rules
    read from a play (``(seat, suit)``); ``restrictions`` in the order the plays relied on them.
    """

    plays: tuple[Play, ...] = ()
    placed: tuple[tuple[Card, int], ...] = ()
    out: frozenset[Card] = frozenset()
    seat_out: tuple[tuple[int, frozenset[Card]], ...] = ()
    shown: tuple[tuple[int, Suit], ...] = ()
    restrictions: tuple[Restriction, ...] = ()
    _played: dict[Card, Play] = field(init=False, repr=False, compare=False)
    _placed: dict[Card, int] = field(init=False, repr=False, compare=False)
    _seat_out: dict[int, frozenset[Card]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_played", {p.card: p for p in self.plays})
        object.__setattr__(self, "_placed", dict(self.placed))
        by_seat: dict[int, frozenset[Card]] = {}
        for s, cards in self.seat_out:
            by_seat[s] = by_seat.get(s, frozenset()) | cards
        object.__setattr__(self, "_seat_out", by_seat)

    @classmethod
    def of(
        cls,
        plays: Iterable[Play] = (),
        placed: Mapping[Card, int] | None = None,
        out: Iterable[Card] = (),
        seat_out: Mapping[int, Iterable[Card]] | None = None,
    ) -> CardKnowledge:
        return cls(tuple(plays), tuple((placed or {}).items()), frozenset(out), _pairs(seat_out))

    # -- building, one fact at a time ------------------------------------------------------------
    def play(self, play: Play) -> CardKnowledge:
        return replace(self, plays=(*self.plays, play))

    def restrict(self, *restrictions: Restriction) -> CardKnowledge:
        return replace(self, restrictions=(*self.restrictions, *restrictions))

    def without(self, dropped: Iterable[Restriction]) -> CardKnowledge:
        """The same knowledge without ``dropped`` (e.g. evidence the record proved false)."""
        gone = {id(r) for r in dropped}
        return replace(self, restrictions=tuple(r for r in self.restrictions if id(r) not in gone))

    def show_void(self, seat: int, suit: Suit) -> CardKnowledge:
        return replace(self, shown=(*self.shown, (seat, suit)))

    # -- what one card tells ---------------------------------------------------------------------
    def held(self, seat: int, trick: int, card: Card) -> bool:
        """``card`` is proven to have been in ``seat``'s hand at ``trick``."""
        at = self._played.get(card)
        if at is not None:
            return at.seat == seat and at.trick >= trick
        return self._placed.get(card) == seat

    def not_held(self, seat: int, trick: int, card: Card) -> bool:
        """``card`` is proven not to have been in ``seat``'s hand at ``trick``."""
        at = self._played.get(card)
        if at is not None:
            return at.seat != seat or at.trick < trick
        if card in self.out or card in self._out_of(seat):
            return True
        holder = self._placed.get(card)
        return holder is not None and holder != seat

    def _out_of(self, seat: int) -> frozenset[Card]:
        return self._seat_out.get(seat, frozenset())

    # -- what a seat held ------------------------------------------------------------------------
    def held_at(self, seat: int, trick: int) -> frozenset[Card]:
        """Every card proven in ``seat``'s hand at ``trick``."""
        cards = {c for c in self._placed if self.held(seat, trick, c)}
        return frozenset(cards | {p.card for p in self.plays if p.seat == seat and p.trick >= trick})

    def not_held_at(self, seat: int, trick: int) -> frozenset[Card]:
        """Every card the record proves was not in ``seat``'s hand at ``trick``."""
        cards = {p.card for p in self.plays if p.seat != seat or p.trick < trick}
        cards |= {c for c, s in self._placed.items() if s != seat and c not in self._played}
        return frozenset(cards) | self.out | self._out_of(seat)

    def holding(self, seat: int) -> frozenset[Card]:
        """Cards placed in ``seat``'s hand and not played yet: what it is proven to hold now."""
        return frozenset(c for c, s in self._placed.items() if s == seat and c not in self._played)

    def voids(self, seat: int) -> frozenset[Suit]:
        """Suits ``seat`` has shown out of: it did not follow them (or its game says a play shows it)."""
        follow = {p.led for p in self.plays if p.seat == seat and p.led is not None and p.card.suit != p.led}
        return frozenset(follow | {suit for s, suit in self.shown if s == seat})

    def excluded(self, seat: int) -> frozenset[Card]:
        """Cards ``seat``'s own plays showed it does not hold (its exclusions; legal play assumed)."""
        return frozenset(c for r in self.restrictions if isinstance(r, Exclusion) and r.seat == seat for c in r.cards)

    def evidence_steps(self, seat: int, trick: int) -> tuple[tuple[Card, ...], ...]:
        """The cards proven held at ``trick``, in the order the record proves them: first those known
        when the seat played that trick (placed cards not played before, then its card), then each
        card it plays later."""
        placed = tuple(c for c, s in self._placed.items() if s == seat and self.held(seat, trick, c))
        now = tuple(p.card for p in self.plays if p.seat == seat and p.trick == trick)
        later = tuple((p.card,) for p in self.plays if p.seat == seat and p.trick > trick)
        first = tuple(dict.fromkeys((*placed, *now)))
        return ((first,) if first else ()) + later

    # -- the proof step --------------------------------------------------------------------------
    def proven_violations(self) -> tuple[Violation, ...]:
        """Every restriction the record breaks, in the order they were relied on, with its witness."""
        return self.violations(*self.restrictions)

    def violations(self, *restrictions: Restriction) -> tuple[Violation, ...]:
        """Which of ``restrictions`` (kept here or not) the record breaks, each with its witness."""
        found = (self._violation(r) for r in restrictions)
        return tuple(v for v in found if v is not None)

    def _violation(self, r: Restriction) -> Violation | None:
        if isinstance(r, Exclusion):
            witness = next((c for c in r.cards if self.held(r.seat, r.trick, c)), None)
            return Violation(r, r.code, witness) if witness is not None else None
        known: set[Card] = set()
        for step in self.evidence_steps(r.seat, r.trick):
            known.update(step)
            code = r.test(frozenset(known))
            if code is not None:
                return Violation(r, code, step[0])
        return None

    # -- the claim checker's view ----------------------------------------------------------------
    def seat_view(self, seat: int, size: int, unseen: frozenset[Card]) -> SeatKnowledge:
        """What the claim checker may use about ``seat``'s unknown hand now, among ``unseen`` cards:
        cards placed in it, cards its own plays (or the record) exclude, its voids."""
        held = self.holding(seat) & unseen
        not_held = (self.excluded(seat) | self.not_held_at(seat, self._next_trick())) & unseen
        return SeatKnowledge(size=size, held=held, not_held=not_held - held, voids=self.voids(seat))

    def _next_trick(self) -> int:
        return max((p.trick for p in self.plays), default=0) + 1


#: Nothing known yet (a deal before its play).
NOTHING = CardKnowledge()
