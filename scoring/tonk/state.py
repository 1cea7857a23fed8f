"""Tonk session state: the running ledger, finished hands and the hand being played card by card."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scoring.cards import Card
from scoring.explain import Note
from scoring.findings import Finding as Finding
from scoring.protocol import MatchResult
from scoring.tonk.settlement import Settlement
from scoring.tonk.variants import TonkVariants


def hand_finding(hand: int, note: Note, penalty: str = "none") -> Finding:
    """A proven irregularity (rules/tonk.md §6.1) and what was done about it; ``note`` says it (its code and seat)."""
    assert note.seat is not None  # every Tonk finding is about one seat
    return Finding("hand", hand, note.seat, note.code, note, penalty)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand, with everything needed to explain its payments."""

    number: int
    dealer: int
    mode: str
    end: str
    by: int | None
    stake: int
    counts: tuple[int | None, ...] | None
    settlement: Settlement
    side_bet: tuple[int, ...]
    side_bet_winner: int | None
    net: tuple[int, ...]
    totals: tuple[int, ...]
    notes: tuple[Note, ...]
    players: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        return {
            "hand": self.number,
            "dealer": self.dealer,
            "mode": self.mode,
            "end": self.end,
            "by": self.by,
            "stake": self.stake,
            "counts": list(self.counts) if self.counts is not None else None,
            "payments": [p.as_json(self.stake, self.players) for p in self.settlement.payments],
            "net_stakes": list(self.settlement.net),
            "side_bet": list(self.side_bet),
            "side_bet_winner": self.side_bet_winner,
            "net": list(self.net),
            "totals": list(self.totals),
            "explain": [n.as_json() for n in self.notes],
        }


@dataclass(frozen=True, slots=True)
class Held:
    """A hand as the record knows it: the cards known to be in it and how many are private."""

    known: tuple[Card, ...] = ()
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown

    @property
    def fully_known(self) -> bool:
        return self.unknown == 0


@dataclass(frozen=True, slots=True)
class TableSpread:
    """A spread on the table: its number in the hand, its owner (who first laid it) and its cards."""

    number: int
    owner: int
    cards: tuple[Card, ...]
    kinds: frozenset[str]

    def as_json(self) -> dict[str, object]:
        return {
            "spread": self.number,
            "owner": self.owner,
            "cards": [str(c) for c in self.cards],
            "kind": "/".join(sorted(self.kinds)),
        }


@dataclass(frozen=True, slots=True)
class Play:
    """The hand being recorded card by card (§2.1)."""

    dealer: int
    stake: int
    held: tuple[Held, ...]
    dealt_known: tuple[bool, ...]
    stock: int
    discards: tuple[Card, ...]
    seen: tuple[tuple[Card, int], ...]
    turn: int
    spreads: tuple[TableSpread, ...] = ()
    locked: tuple[int, ...] = ()
    turns_taken: tuple[int, ...] = ()
    drawn: bool = False
    taken: Card | None = None
    laid: tuple[Card, ...] = ()
    hit_cards: int = 0
    hit_owners: frozenset[int] = frozenset()
    start_size: int = 0
    any_draw: bool = False
    auto_open: bool = True
    stock_draws: int = 0
    side_bet: tuple[int, ...] = ()
    side_bet_winner: int | None = None
    side_bet_done: bool = False
    pending: tuple[str, int] | None = None

    def seen_count(self, card: Card) -> int:
        return dict(self.seen).get(card, 0)


def add_seen(seen: tuple[tuple[Card, int], ...], cards: tuple[Card, ...]) -> tuple[tuple[Card, int], ...]:
    counter = Counter(dict(seen))
    counter.update(cards)
    return tuple(sorted(counter.items(), key=lambda item: str(item[0])))


@dataclass(frozen=True, slots=True)
class TonkState:
    variants: TonkVariants
    players: tuple[str, ...]
    totals: tuple[int, ...]
    hands: tuple[HandRecord, ...] = ()
    first_dealer: int | None = None
    play: Play | None = None
    findings: tuple[Finding, ...] = ()
    result: MatchResult | None = None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def hand_number(self) -> int:
        return len(self.hands) + 1

    @property
    def dealer(self) -> int:
        """The deal rotates one seat to the left after every hand, drawn hands included (§1.1)."""
        if self.play is not None:
            return self.play.dealer
        return ((self.first_dealer or 0) + len(self.hands)) % self.seats
