"""A Hearts hand recorded card by card: what the record shows so far (rules/hearts.md §2, §6).

Knowledge of a seat's cards is ``known`` (cards the record proves the seat holds now) and
``complete`` (``known`` is the whole hand). Hands entered at the deal are complete; cards received
in a recorded pass are known; a seat's hand is deduced when every other hand and the kitty are.

Every play by a seat whose hand is not complete is legal only if the seat did *not* hold certain
cards (a discard shows a void in the led suit, a heart led before hearts broke shows a hand of only
hearts …). Those are kept as evidence (:class:`scoring.knowledge.Exclusion`) in the hand's
:class:`~scoring.knowledge.CardKnowledge`, the card-knowledge model every trick game shares. Since
no card enters a hand after the pass (§6), a seat that later plays an excluded card held it then:
the shared model proves the renege.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.cards import Card, Suit, format_cards, sort_cards
from scoring.explain import Note, ParamValue
from scoring.findings import Finding as Finding
from scoring.hearts.deal import DealConfig
from scoring.hearts.texts import evidence_note
from scoring.knowledge import NOTHING, CardKnowledge, Exclusion
from scoring.tricks import Trick


def evidence(exclusion: Exclusion, form: int, **extra: ParamValue) -> Note:
    """The proof or suspicion told by one piece of evidence (:mod:`scoring.hearts.texts`)."""
    return evidence_note(form, exclusion.code, exclusion.kind, exclusion.seat, dict(exclusion.params), **extra)


def start_knowledge(known: tuple[frozenset[Card], ...], kitty: frozenset[Card] | None) -> CardKnowledge:
    """The card knowledge after the pass: the cards the record places in each hand, the known kitty."""
    placed = {c: s for s, cards in enumerate(known) for c in cards}
    return CardKnowledge.of(placed=placed, out=kitty or ())


@dataclass(frozen=True, slots=True)
class DoneTrick:
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int
    #: Seats that passed the lead before this trick was led (``pass_lead``, §2.3 C.4).
    lead_passed_by: tuple[int, ...] = ()

    def as_json(self, seats: int) -> dict[str, object]:
        return {
            "leader": self.leader,
            "lead_passed_by": list(self.lead_passed_by),
            "cards": format_cards(self.cards),
            "seats": [(self.leader + i) % seats for i in range(len(self.cards))],
            "winner": self.winner,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class Action:
    """A play-phase event kept so that a retraction can rebuild the hand: ``play`` or ``pass_lead``."""

    kind: str
    seat: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand in progress. Built by :mod:`scoring.hearts.play`; never changed in place."""

    number: int
    dealer: int
    direction: str
    seats: int
    config: DealConfig
    kitty: frozenset[Card] | None
    phase: str  # "pass" | "play" | "moon_choice"
    dealt_known: tuple[frozenset[Card], ...]
    dealt_complete: tuple[bool, ...]
    passes: tuple[tuple[Card, ...] | None, ...] = ()
    passed: tuple[bool, ...] = ()
    # -- play phase: the position after the pass and the actions since ---------------------------
    start_known: tuple[frozenset[Card], ...] = ()
    start_complete: tuple[bool, ...] = ()
    actions: tuple[Action, ...] = ()
    known: tuple[frozenset[Card], ...] = ()
    complete: tuple[bool, ...] = ()
    played: tuple[tuple[Card, ...], ...] = ()
    tricks: tuple[DoneTrick, ...] = ()
    trick: Trick | None = None
    lead_passers: tuple[int, ...] = ()
    hearts_broken: bool = False
    points: tuple[int, ...] = ()
    tricks_won: tuple[int, ...] = ()
    jack_taker: int | None = None
    kitty_to: int | None = None
    kitty_counted: bool = False
    #: What the record proves about each hand: plays, placed cards and the evidence each play relied on.
    knowledge: CardKnowledge = NOTHING
    proven: tuple[Finding, ...] = field(default=())
    reported: tuple[Finding, ...] = ()
    #: The players' names, seat by seat (explanations and errors name them).
    players: tuple[str, ...] = ()

    def name(self, seat: int) -> str:
        """The player in ``seat`` (the seat number when the hand was built without names)."""
        return self.players[seat] if 0 <= seat < len(self.players) else str(seat)

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.proven + self.reported

    @property
    def charged(self) -> tuple[int, ...]:
        """Seats proven or reported to have reneged in this hand, each once, in order."""
        return tuple(dict.fromkeys(f.seat for f in self.findings))

    # -- what the record shows -------------------------------------------------------------------
    @property
    def trick_number(self) -> int:
        """The trick being played (1-based)."""
        return len(self.tricks) + 1

    @property
    def seen(self) -> frozenset[Card]:
        return frozenset(c for cards in self.played for c in cards)

    def held_elsewhere(self, seat: int) -> frozenset[Card]:
        """Cards the record places in another seat's hand or in the known kitty."""
        others = frozenset(c for s, cards in enumerate(self.known) if s != seat for c in cards)
        return others | (self.kitty or frozenset())

    def possible(self, seat: int) -> frozenset[Card]:
        """Cards ``seat`` may hold now: its hand if complete, else every unseen card not placed
        elsewhere and not excluded by the seat's own evidence."""
        if self.complete[seat]:
            return self.known[seat]
        excluded = self.knowledge.excluded(seat)
        return (self.config.pack - self.seen - self.held_elsewhere(seat) - excluded) | self.known[seat]

    def could_hold(self, seat: int, card: Card) -> bool:
        """Whether the record allows ``seat`` to hold ``card`` now (ignoring its void evidence)."""
        if self.complete[seat]:
            return card in self.known[seat]
        return card in self.config.pack and card not in self.seen and card not in self.held_elsewhere(seat)

    def remaining_hand(self, seat: int) -> list[str] | None:
        return format_cards(sort_cards(self.known[seat])) if self.complete[seat] else None


def voids_shown(hand: Hand) -> list[set[Suit]]:
    """Suits each seat has shown out of (a discard on another suit's lead), as the shared model has them."""
    return [set(hand.knowledge.voids(s)) for s in range(hand.seats)]
