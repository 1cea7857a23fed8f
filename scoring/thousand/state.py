"""Thousand state: immutable values replayed from the record.

:class:`ThousandState` holds the match (totals, barrel, bolts, Р, dealer, gold set, history) and,
while a deal is being recorded card by card, a :class:`DealState`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from scoring.cards import Card, Suit
from scoring.explain import Note
from scoring.findings import Finding as Finding
from scoring.protocol import MatchResult
from scoring.thousand.variants import ThousandVariants
from scoring.tricks import Trick


def deal_finding(
    deal: int, seat: int, code: str, trick: int | None, proven_at: int | None, note: Note, penalty: Note
) -> Finding:
    """A violation the record proves (§16.2) and the penalty applied (§16.4)."""
    return Finding("deal", deal, seat, code, note, penalty, trick=trick, proven_at_trick=proven_at)


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One finished deal (or thrown-in deal) with everything needed to explain its numbers."""

    number: int
    dealer: int
    kind: str
    mode: str
    declarer: int | None
    contract: int | None
    blind: bool
    gold: bool
    inactive: int | None
    card_points: tuple[int, ...] | None
    tricks: tuple[int, ...] | None
    bonus: tuple[int, ...] | None
    raw: tuple[int, ...]
    entries: tuple[int, ...]
    penalties: tuple[int, ...]
    totals: tuple[int, ...]
    notes: tuple[Note, ...]
    reason: str | None = None
    talon: tuple[Card, ...] | None = None  # a dark talon revealed after the deal (§16.1)

    def as_json(self) -> dict[str, object]:
        def opt(values: tuple[int, ...] | None) -> list[int] | None:
            return None if values is None else list(values)

        return {
            "deal": self.number,
            "dealer": self.dealer,
            "kind": self.kind,
            "mode": self.mode,
            "declarer": self.declarer,
            "contract": self.contract,
            "blind": self.blind,
            "gold_set": self.gold,
            "inactive": self.inactive,
            "reason": self.reason,
            "card_points": opt(self.card_points),
            "tricks": opt(self.tricks),
            "bonus": opt(self.bonus),
            "raw": list(self.raw),
            "entries": list(self.entries),
            "penalties": list(self.penalties),
            "totals": list(self.totals),
            "explain": [n.as_json() for n in self.notes],
        } | ({"talon_revealed": [str(c) for c in self.talon]} if self.talon is not None else {})


@dataclass(frozen=True, slots=True)
class Announcement:
    seat: int
    kind: str  # "marriage" | "four_aces"
    suit: Suit | None
    trick: int  # 1-based
    card: Card
    value: int


@dataclass(frozen=True, slots=True)
class DealState:
    """A deal recorded card by card. ``hands``/``dealt`` are ``None`` when the record gives no hand,
    else per seat, ``None`` for a seat whose cards are not known (§16.1; see :func:`hand_of`)."""

    dealer: int
    active: tuple[int, ...]
    inactive: int | None
    phase: str  # bidding | talon | exchange | declare | play
    hands: tuple[frozenset[Card] | None, ...] | None
    dealt: tuple[frozenset[Card] | None, ...] | None
    talon: tuple[Card, ...] | None
    to_act: int
    # auction
    bids: tuple[tuple[int, int, bool], ...] = ()  # (seat, amount, blind) in order
    passed: frozenset[int] = frozenset()
    blind_seats: frozenset[int] = frozenset()  # still blind (have not looked)
    looked: frozenset[int] = frozenset()
    high: int = 0
    high_bidder: int | None = None
    # talon and exchange
    declarer: int | None = None
    contract: int = 0
    blind: bool = False
    dark: bool = False
    pile: int | None = None
    talon_known: tuple[Card, ...] | None = None
    given: tuple[tuple[int, Card | None], ...] = ()
    discards: tuple[Card, ...] = ()
    raised: bool = False
    # play
    trick: Trick | None = None
    trick_number: int = 0  # 1-based number of the trick in progress, 0 before play
    trump: Suit | None = None
    next_trump: Suit | None = None
    completed: tuple[tuple[Trick, int, Suit | None], ...] = ()  # (trick, winner, trump during it)
    plays: tuple[tuple[int, int, Card], ...] = ()  # (trick number, seat, card) in order
    played: frozenset[Card] = frozenset()
    offsuit: tuple[tuple[int, int], ...] = ()  # (trick number, position) of plays off the led suit
    points: tuple[int, ...] = ()
    won: tuple[int, ...] = ()
    announcements: tuple[Announcement, ...] = ()
    last_trick_winner: int | None = None
    proven: frozenset[tuple[int, int, str]] = frozenset()  # (seat, trick, code) already found
    fines: tuple[tuple[int, int, str], ...] = ()  # fixed_120 penalties of this deal
    void_announcements: frozenset[int] = frozenset()  # indexes of announcements proven illegal


def hand_of(deal: DealState, seat: int) -> frozenset[Card] | None:
    """The cards ``seat`` holds now, or ``None`` when the record does not know them."""
    return None if deal.hands is None else deal.hands[seat]


def dealt_of(deal: DealState, seat: int) -> frozenset[Card] | None:
    """The cards ``seat`` was dealt, or ``None`` when the record does not give them."""
    return None if deal.dealt is None else deal.dealt[seat]


def all_hands_known(deal: DealState) -> bool:
    """Every active seat's cards are known now (legality is then checked exactly, no proofs)."""
    hands = deal.hands
    if hands is None:
        return False
    # asked after every card: the common case (every hand known) is one C-level scan
    return None not in hands or all(hands[s] is not None for s in deal.active)


def known_holder(deal: DealState, card: Card) -> int | None:
    """The seat whose known cards include ``card``: its hand now, or its dealt cards while no
    recorded movement can have taken the card away (for the declarer: every passed card known)."""
    if deal.hands is None and deal.dealt is None:
        return None
    for s in deal.active:
        held = hand_of(deal, s)
        if held is not None and card in held:
            return s
    if card in deal.discards or any(c == card for _to, c in deal.given):
        return None
    passed_known = all(c is not None for _to, c in deal.given)
    for s in deal.active:
        dealt = dealt_of(deal, s)
        if dealt is not None and card in dealt and (s != deal.declarer or passed_known):
            return s
    return None


T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` without re-running ``__init__`` (hot path of card-by-card replay).

    A copier is generated once per class and set of changed fields: it fills the new instance's
    slots directly, unchanged fields from ``obj`` and the others from ``changes``.
    """
    key = (type(obj), tuple(changes))
    copier = _COPIERS.get(key)
    if copier is None:
        copier = _COPIERS[key] = _make_copier(type(obj), frozenset(changes))
    new: T = copier(obj, changes)
    return new


def _make_copier(cls: type, changed: frozenset[str]) -> Callable[[Any, dict[str, Any]], Any]:
    names = [f.name for f in fields(cls)]
    unknown = changed - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def copier(obj, ch):", "    new = _new(_cls)"]
    for i, name in enumerate(names):
        namespace[f"_set{i}"] = cls.__dict__[name].__set__
        source = f"ch[{name!r}]" if name in changed else f"obj.{name}"
        lines.append(f"    _set{i}(new, {source})")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # generated from the dataclass's own field names
    copier: Callable[[Any, dict[str, Any]], Any] = namespace["copier"]
    return copier


_COPIERS: dict[tuple[type, tuple[str, ...]], Callable[[Any, dict[str, Any]], Any]] = {}


@dataclass(frozen=True, slots=True)
class ThousandState:
    variants: ThousandVariants
    players: tuple[str, ...]
    totals: tuple[int, ...]
    dealer: int = 0
    dealer_fixed: bool = False
    deal_number: int = 1  # the deal being recorded next (thrown-in deals keep the number)
    barrel: tuple[int | None, ...] = ()  # barrel deals used, None when not on the barrel
    barrel_falls: tuple[int, ...] = ()
    reverse_barrel: tuple[int | None, ...] = ()  # §11 reverse-barrel deals used, None when not on it
    reverse_lifts: tuple[int, ...] = ()
    bolts: tuple[int, ...] = ()
    rospisat_counts: tuple[int, ...] = ()
    spisat_counts: tuple[int, ...] = ()
    bombs_used: tuple[int, ...] = ()
    redeal_streak: int = 0  # consecutive four-nines throw-ins
    recut_streak: int = 0  # consecutive bottom-card re-cuts
    gold_active: bool = False
    gold_deals: int = 0  # deals of the current gold round played
    gold_made: bool = False
    gold_rounds: int = 0
    deal: DealState | None = None
    history: tuple[DealRecord, ...] = ()
    findings: tuple[Finding, ...] = ()
    result: MatchResult | None = None
    winner_note: Note | None = None
    reveal: PendingReveal | None = None  # the last deal, while its dark talon may still be revealed

    @property
    def seats(self) -> int:
        return len(self.players)

    def name(self, seat: int | None) -> str:
        """The player at ``seat`` for a message (the seat number itself when there is no such seat)."""
        if seat is not None and 0 <= seat < len(self.players):
            return self.players[seat]
        return str(seat)


@dataclass(frozen=True, slots=True)
class PendingReveal:
    """A card-by-card deal whose dark talon was never entered (§16.1): the state it was scored from
    (without the deal), the deal as it ended and its forfeit offender, so that a ``reveal_talon``
    right after it can check the cards and score the deal again with the proofs they allow."""

    before: ThousandState
    deal: DealState
    offender: int | None
