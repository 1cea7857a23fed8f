"""President match state: immutable values replayed from the record."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import Card
from scoring.explain import Note
from scoring.findings import Finding as Finding
from scoring.president.ranks import Combo
from scoring.president.titles import Transfer, title_label
from scoring.president.variants import PresidentVariants
from scoring.protocol import MatchResult


def round_finding(code: str, number: int, seat: int, note: Note, rule: str) -> Finding:
    """An irregularity proven from the record (§6.2): flagged, no penalty applied."""
    return Finding("round", number, seat, code, note, None, rule=rule)


@dataclass(frozen=True, slots=True)
class PlayRecord:
    seat: int
    cards: tuple[Card, ...]
    combo: Combo
    kind: str  # lead | beat | equal | bomb | single_two | twos_one_larger | quick_clear


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    plays: tuple[PlayRecord, ...] = ()
    #: Seats that passed since the most recent play.
    passes: frozenset[int] = frozenset()
    #: Seats that passed at any time in this trick (for ``pass_is_final``).
    passed_in_trick: frozenset[int] = frozenset()
    #: Natural cards of the top key in the run of consecutive plays of that key at the top.
    run: int = 0

    @property
    def top(self) -> PlayRecord | None:
        return self.plays[-1] if self.plays else None


@dataclass(frozen=True, slots=True)
class Round:
    """A round being played card by card."""

    number: int
    dealer: int
    seating: tuple[int, ...]
    sizes: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...] | None
    transfers: tuple[Transfer, ...]
    titles: tuple[str, ...] | None  # by seat, from the previous round
    phase: str  # exchange | play
    to_act: int | None
    trick: Trick | None = None
    done: int = 0  # transfers made
    places: tuple[int | None, ...] = ()
    played: tuple[Card, ...] = ()
    revolution: bool = False
    lead_card: Card | None = None  # round 1: the first lead must contain it
    #: Exchange proof (§6.2): cards each seat gave as "best", and received cards not yet played.
    gave_best: tuple[tuple[Card, ...], ...] = ()
    received_left: tuple[tuple[Card, ...], ...] = ()
    flagged: frozenset[int] = frozenset()
    notes: tuple[Note, ...] = ()
    first_out: int | None = None
    #: Seats that led 2s under a lapsed ``no_lead_twos_or_bombs`` with hidden hands (§2.4, §6.1).
    twos_lead_claims: frozenset[int] = frozenset()
    #: Cards each seat has played this round (empty before the first play: all 0).
    played_counts: tuple[int, ...] = ()

    def active(self, seat: int) -> bool:
        return self.places[seat] is None

    def cards_played(self) -> tuple[int, ...]:
        """Cards each seat has played so far this round (docs/games/president.md §3.1)."""
        return self.played_counts or (0,) * len(self.sizes)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One finished round with everything needed to explain its numbers."""

    number: int
    mode: str  # result | cards
    dealer: int | None
    seating: tuple[int, ...]
    order: tuple[int, ...]
    titles: tuple[str, ...]  # by seat
    points: tuple[int, ...]  # by seat
    totals: tuple[int, ...]
    next_dealer: int
    next_leader: int
    next_seating: tuple[int, ...]
    next_transfers: tuple[Transfer, ...]
    notes: tuple[Note, ...] = ()
    #: Card by card only: cards each seat still held when the round ended, and cards each played
    #: (docs/games/president.md §3.1); ``None`` for a round entered as a result.
    cards_left: tuple[int, ...] | None = None
    cards_played: tuple[int, ...] | None = None

    @property
    def places(self) -> tuple[int, ...]:
        out = [0] * len(self.order)
        for place, seat in enumerate(self.order, start=1):
            out[seat] = place
        return tuple(out)

    def as_json(self) -> dict[str, object]:
        by_place = [self.titles[s] for s in self.order]
        return {
            "round": self.number,
            "mode": self.mode,
            "dealer": self.dealer,
            "seating": list(self.seating),
            "order": list(self.order),
            "places": list(self.places),
            "titles": list(self.titles),
            "points": list(self.points),
            "totals": list(self.totals),
            "next_round": {
                "dealer": self.next_dealer,
                "leader": self.next_leader,
                "seating": list(self.next_seating),
                "exchange": [t.as_json(by_place) for t in self.next_transfers],
            },
            "title_labels": [title_label(t) for t in self.titles],
            "cards_left": list(self.cards_left) if self.cards_left is not None else None,
            "cards_played": list(self.cards_played) if self.cards_played is not None else None,
            "explain": [n.as_json() for n in self.notes],
        }


@dataclass(frozen=True, slots=True)
class PresidentState:
    variants: PresidentVariants
    players: tuple[str, ...]
    totals: tuple[int, ...]
    seating: tuple[int, ...]
    rounds: tuple[RoundRecord, ...] = ()
    current: Round | None = None
    findings: tuple[Finding, ...] = ()
    result: MatchResult | None = None
    redeals: int = 0
    #: How the evening ended, translatable (``result.how`` is its English text).
    result_note: Note | None = None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def round_number(self) -> int:
        """The round being played or entered next (1-based)."""
        return len(self.rounds) + 1

    @property
    def last(self) -> RoundRecord | None:
        return self.rounds[-1] if self.rounds else None
