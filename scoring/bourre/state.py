"""Bourré session state: immutable values replayed from the record.

A session is many deals. Chips are counted per player as a net ledger starting at 0; the pot holds
the rest, so ``sum(ledger) + pot == 0`` always (§4.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.bourre.legality import LO_NO, TrickOrder
from scoring.bourre.variants import BourreVariants
from scoring.cards import Card, Suit
from scoring.explain import Note
from scoring.findings import Finding as Finding
from scoring.protocol import MatchResult

#: A finding's penalty until its deal is settled.
PENDING = Note("pending", "settled at the end of the deal")


def renege_finding(deal: int, seat: int, code: str, note: Note, **more: Any) -> Finding:
    """A renege proven from the record (§8) or entered by the table (§5.3); its penalty is
    :data:`PENDING` until its deal is settled (``session.with_penalties``)."""
    return Finding("deal", deal, seat, code, note, penalty=PENDING, **more)


@dataclass(frozen=True, slots=True)
class DrawRecord:
    seat: int
    count: int
    discarded: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    from_stock: int = 0
    recycled: int = 0


@dataclass(frozen=True, slots=True)
class CardDeal:
    """A deal being recorded card by card (§3)."""

    number: int
    dealer: int
    seated: tuple[int, ...]
    up_card: Card
    pot_before: int
    antes: tuple[tuple[int, int], ...]
    order: tuple[int, ...]
    hands: tuple[frozenset[Card] | None, ...]
    discards: tuple[frozenset[Card], ...] = ()
    up_out: bool = False  # the up-card is not (or no longer) in the dealer's hand
    hand: int = 5
    decisions: tuple[tuple[int, bool], ...] = ()
    second_round: tuple[tuple[int, bool], ...] = ()
    draws: tuple[DrawRecord, ...] = ()
    second_antes: tuple[int, ...] = ()
    stock: int = 0
    pool: int = 0
    pool_discards: int = 0
    plays: tuple[tuple[int, Card], ...] = ()
    recalled: tuple[int, ...] = ()
    alleged: tuple[tuple[int, bool], ...] = ()
    recalled_cards: tuple[tuple[int, Card, int], ...] = ()
    notes: tuple[Note, ...] = ()
    lo_no: bool = False  # §7: the dealer called Lo-No

    @property
    def trump(self) -> Suit | None:
        """The up-card's suit (§2.6); none in a Lo-No deal (§7)."""
        assert self.up_card.suit is not None
        return None if self.lo_no else self.up_card.suit

    @property
    def ranking(self) -> TrickOrder:
        """What wins this deal's tricks: the trump suit, or Lo-No's lowest card of the suit led."""
        return LO_NO if self.lo_no else TrickOrder(self.trump)

    @property
    def first_leader(self) -> int:
        """§3.3: the first active player left of the dealer; in a Lo-No deal the dealer (§7), who
        must play (until the dealer has declared, no trick is played and the question is moot)."""
        active = self.active
        return self.dealer if self.lo_no and self.dealer in active else active[0]

    @property
    def active(self) -> tuple[int, ...]:
        """Seats that chose to play, in play order (clockwise from the dealer's left)."""
        playing = {seat for seat, play in self.decisions if play}
        folded = {seat for seat, stay in self.second_round if not stay}
        return tuple(s for s in self.order if s in playing and s not in folded)

    @property
    def passed(self) -> tuple[int, ...]:
        return tuple(seat for seat, play in (*self.decisions, *self.second_round) if not play)


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One settled deal, with everything needed to explain its numbers (§4)."""

    number: int
    mode: str
    dealer: int
    seated: tuple[int, ...]
    up_card: Card | None
    antes: tuple[tuple[int, int], ...]
    second_antes: tuple[int, ...]
    pot_before: int
    pot_at_play: int
    active: tuple[int, ...]
    tricks: tuple[int, ...] | None
    winner: int | None
    tied: tuple[int, ...]
    taken: tuple[tuple[int, int], ...]
    payments: tuple[tuple[int, int, str], ...]
    pot_after: int
    exempt_next: tuple[int, ...]
    forfeits: tuple[int, ...]
    offenders: tuple[int, ...]
    recalled: tuple[int, ...]
    ledger: tuple[int, ...]
    notes: tuple[Note, ...] = ()
    plays: tuple[tuple[int, Card], ...] = ()
    lo_no: bool = False

    def as_json(self) -> dict[str, object]:
        return {
            "deal": self.number,
            "mode": self.mode,
            "dealer": self.dealer,
            "seated": list(self.seated),
            "up_card": str(self.up_card) if self.up_card else None,
            "lo_no": self.lo_no,
            "antes": [{"seat": s, "chips": c} for s, c in self.antes],
            "second_antes": list(self.second_antes),
            "pot_before": self.pot_before,
            "pot_at_play": self.pot_at_play,
            "active": list(self.active),
            "passed": [s for s in self.seated if s not in self.active],
            "tricks": list(self.tricks) if self.tricks is not None else None,
            "winner": self.winner,
            "tied": list(self.tied),
            "taken": [{"seat": s, "chips": c} for s, c in self.taken],
            "payments": [{"seat": s, "chips": c, "code": r} for s, c, r in self.payments],
            "pot_after": self.pot_after,
            "exempt_next": list(self.exempt_next),
            "forfeits": list(self.forfeits),
            "offenders": list(self.offenders),
            "recalled": list(self.recalled),
            "ledger": list(self.ledger),
            "plays": [{"seat": s, "card": str(c)} for s, c in self.plays],
            "explain": [n.as_json() for n in self.notes],
        }


@dataclass(frozen=True, slots=True)
class Session:
    variants: BourreVariants
    players: tuple[str, ...]
    seated: frozenset[int]
    ledger: tuple[int, ...]
    pot: int = 0
    exempt: frozenset[int] = frozenset()
    forfeits: tuple[int, ...] = ()
    last_dealer: int | None = None
    deal: CardDeal | None = None
    history: tuple[DealRecord, ...] = ()
    findings: tuple[Finding, ...] = ()
    finished: bool = False
    result: MatchResult | None = None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def deal_number(self) -> int:
        """The deal being recorded, or the next one (1-based)."""
        return len(self.history) + 1
