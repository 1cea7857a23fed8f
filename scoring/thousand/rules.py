"""Numbers and seating shared by every Thousand module (rules/thousand.md §2, §3, §7.2).

>>> [round_to(x, 5) for x in (0, 2, 3, 17, 18, 62, 63, 67, 68, 103)]
[0, 0, 5, 15, 20, 60, 65, 65, 70, 105]
>>> [round_to(x, 10) for x in (4, 5, 15, 64, 65, 103, 105)]
[0, 10, 20, 60, 70, 100, 110]
>>> seating(3, 2, ThousandVariants())
Seating(dealer=2, active=(0, 1, 2), inactive=None, first=0)
>>> seating(4, 1, ThousandVariants())
Seating(dealer=1, active=(2, 3, 0), inactive=1, first=2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.cards import ACE, JACK, KING, QUEEN, Card, Suit, deck
from scoring.explain import Note, ParamValue
from scoring.obligations.thousand import MARRIAGE_VALUES, POINTS, STRENGTH
from scoring.obligations.thousand import marriage_value as _value
from scoring.thousand.variants import ThousandVariants

RULES = "thousand.md"
RANKS = (9, JACK, QUEEN, KING, 10, ACE)
DECK: tuple[Card, ...] = deck(RANKS)
TOTAL_POINTS = 120
__all__ = ["MARRIAGE_VALUES", "POINTS", "STRENGTH"]


def rule(section: str) -> str:
    return f"{RULES} {section}"


def note(code: str, template: str, seat: int | None, **params: ParamValue) -> Note:
    """A :class:`Note` whose template comes from a table (each marked with ``N_`` where it is written)."""
    return Note(code, template, seat, plural=None, **params)


def card_value(card: Card) -> int:
    return POINTS[card.rank]


def points_of(cards: Iterable[Card]) -> int:
    return sum(POINTS[c.rank] for c in cards)


def marriage_value(suit: Suit, variants: ThousandVariants) -> int:
    """§2.3: ♥100 ♦80 ♣60 ♠40 (♠60 under ``spades_marriage_value``)."""
    return _value(suit, variants.spades_marriage_value)


def pairs_in(cards: Iterable[Card]) -> list[Suit]:
    """Suits in which ``cards`` hold both K and Q."""
    held = set(cards)
    return [s for s in Suit if Card(f"K{s.value}") in held and Card(f"Q{s.value}") in held]


def round_to(value: int, step: int) -> int:
    """§7.2 rounding to the nearest multiple of ``step``; a half (step 10) rounds up."""
    if step <= 1:
        return value
    return ((value * 2 + step) // (2 * step)) * step


def round_up(value: int, step: int) -> int:
    return -(-value // step) * step


@dataclass(frozen=True, slots=True)
class Seating:
    """Who deals, who plays, who sits out and who bids first in one deal (§3, §4.1)."""

    dealer: int
    active: tuple[int, ...]
    inactive: int | None
    first: int


def seating(seats: int, dealer: int, variants: ThousandVariants) -> Seating:
    """Active seats in bidding order from the dealer's left (§3.2: that player is always active)."""
    inactive: int | None = None
    if seats == 4:
        offset = {"dealer": 0, "dealer_right": -1, "dealer_opposite": 2}[variants.four_player_inactive_seat]
        inactive = (dealer + offset) % 4
    order = tuple((dealer + i) % seats for i in range(1, seats + 1))
    active = tuple(s for s in order if s != inactive)
    return Seating(dealer, active, inactive, active[0])


def tricks_per_deal(active: int) -> int:
    """8 tricks with three active players, 10 with two (§3.1, §3.3)."""
    return 10 if active == 2 else 8


def hand_size(active: int) -> int:
    return 10 if active == 2 else 7
