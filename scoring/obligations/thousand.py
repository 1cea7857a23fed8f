"""Thousand's play obligations (rules/thousand.md §2.2–§2.3, §6.2, §6.4), described once.

The house-rule keys that decide what may be played (:data:`PLAY_KEYS`) are read by name from the
engine's ``ThousandVariants`` or the claim position's ``ThousandPlay``:

>>> from scoring.cards import parse_cards
>>> from scoring.thousand.variants import ThousandVariants
>>> rules = trick_rules(ThousandVariants(must_head_trick=True), Suit.HEARTS)
>>> legal_cards(parse_cards("9S AS 9H"), parse_cards("TS"), rules)   # §6.2: follow, and head the trick
(Card('AS'),)
>>> [str(c) for c in marriage_leads(parse_cards("KH QH KS JD"), announced=())]
['KH', 'QH']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Protocol

from scoring.cards import ACE, JACK, KING, QUEEN, Card, Suit, card_of
from scoring.tricks import TEN_HIGH, TrickRules, legal_cards

__all__ = ["legal_cards"]

#: §2.1: A > 10 > K > Q > J > 9 within a suit.
STRENGTH = TEN_HIGH
#: §2.2: card points.
POINTS: dict[int, int] = {ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2, 9: 0}
#: §2.3: marriage values (spades may be 60 by variant, ``spades_marriage_value``).
MARRIAGE_VALUES = {Suit.HEARTS: 100, Suit.DIAMONDS: 80, Suit.CLUBS: 60, Suit.SPADES: 40}
#: The keys of the house rules that bear on the play (§6.2, §6.4, §15).
PLAY_KEYS = (
    "must_trump_when_void",
    "must_head_trick",
    "must_overtrump",
    "marriage_requires_won_trick",
    "spades_marriage_value",
    "trump_change_timing",
)
#: §6.4 ``trump_change_timing``: the marriage's suit is trump for the trick it leads, or from the next.
TRUMP_AT_ONCE = "immediate"


class Settings(Protocol):
    """What the obligations read from the engine's variants or the claim position's rules."""

    @property
    def must_trump_when_void(self) -> bool: ...
    @property
    def must_head_trick(self) -> bool: ...
    @property
    def must_overtrump(self) -> bool: ...
    @property
    def marriage_requires_won_trick(self) -> bool: ...


def trick_rules(settings: Settings, trump: Suit | None) -> TrickRules:
    """§6.2: follow suit; void, trump (``must_trump_when_void``); head the trick when following
    (``must_head_trick``) or when trumping (``must_head_trick`` or ``must_overtrump``)."""
    head = settings.must_head_trick
    return TrickRules(
        strength=STRENGTH,
        trump=trump,
        must_follow=True,
        must_trump=settings.must_trump_when_void,
        head_when_following=head,
        head_when_trumping=head or settings.must_overtrump,
    )


def marriage_value(suit: Suit, spades_value: int) -> int:
    """§2.3: ♥100 ♦80 ♣60 ♠40 (♠ as the variant says)."""
    return spades_value if suit is Suit.SPADES else MARRIAGE_VALUES[suit]


def partner(card: Card) -> Card:
    """The other card of a marriage: the Q of a K, the K of a Q."""
    assert card.suit is not None
    return card_of(QUEEN if card.rank == KING else KING, card.suit)


def marriage_leads(hand: Iterable[Card], announced: Collection[Suit]) -> tuple[Card, ...]:
    """§6.4: the cards of ``hand`` that may be led announcing a marriage (a K or Q whose partner
    is held, in a suit not announced yet); whether the player may announce at all is
    :func:`may_announce`."""
    cards = tuple(hand)
    held = set(cards)
    return tuple(c for c in cards if c.rank in (KING, QUEEN) and c.suit not in announced and partner(c) in held)


def may_announce(settings: Settings, *, on_lead: bool, won_a_trick: bool) -> bool:
    """§6.4: only on lead, and (``marriage_requires_won_trick``) after winning a trick."""
    return on_lead and (won_a_trick or not settings.marriage_requires_won_trick)
