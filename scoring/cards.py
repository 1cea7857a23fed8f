"""Cards, suits and the notation players type.

>>> parse_card("10H"), parse_card("TH"), parse_card("Q♠"), parse_card("qs")
(Card('TH'), Card('TH'), Card('QS'), Card('QS'))
>>> str(parse_card("10♥"))
'TH'
>>> [str(c) for c in parse_cards("2C 10H JK")]
['2C', 'TH', 'JK']

The canonical form is two characters, rank then suit letter (``T`` for ten), as in every rules file;
jokers are ``JK``. Faces are ranks 11–14 (J Q K A); jokers have rank 15 and no suit. Games decide
their own rank order (Thousand puts the ten above the king) through a strength function.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from enum import StrEnum

from scoring.errors import EventFormatError


class Suit(StrEnum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_ALIASES: dict[str, Suit] = {s.value: s for s in Suit} | {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}

JACK, QUEEN, KING, ACE, JOKER_RANK = 11, 12, 13, 14, 15
RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T"} | {
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
}
_RANK_ALIASES = {v: k for k, v in RANK_CHARS.items()} | {"10": 10, "1": ACE}
SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)


class Card:
    """One playing card. Instances are interned: equal cards are the same object."""

    __slots__ = ("_hash", "_text", "rank", "suit")
    rank: int
    suit: Suit | None
    _text: str
    _hash: int

    def __new__(cls, text: str) -> Card:
        return parse_card(text)

    @classmethod
    def _make(cls, rank: int, suit: Suit | None) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        text = "JK" if suit is None else RANK_CHARS[rank] + suit.value
        object.__setattr__(card, "_text", text)
        object.__setattr__(card, "_hash", hash(text))
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (self._text,))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and other._text == self._text)

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def pretty(self) -> str:
        """Display form with a suit symbol and ``10``: ``Q♠``, ``10♥``."""
        if self.suit is None:
            return "🃏"
        return ("10" if self.rank == 10 else RANK_CHARS[self.rank]) + self.suit.symbol


_CANONICAL: dict[tuple[int, Suit | None], Card] = {}
for _suit in Suit:
    for _rank in RANK_CHARS:
        _CANONICAL[(_rank, _suit)] = Card._make(_rank, _suit)
_CANONICAL[(JOKER_RANK, None)] = Card._make(JOKER_RANK, None)
JOKER = _CANONICAL[(JOKER_RANK, None)]


def card_of(rank: int, suit: Suit | None) -> Card:
    """The card of a rank (2–14, or 15 for the joker) and suit."""
    try:
        return _CANONICAL[(rank, suit)]
    except KeyError:
        raise EventFormatError(
            "invalid_card", "There is no card of rank %(rank)s and suit %(suit)s.", rank=rank, suit=str(suit)
        ) from None


@functools.lru_cache(maxsize=512)
def parse_card(text: str) -> Card:
    """Read one card in any common notation: ``QS``, ``10H``, ``TH``, ``Q♠``, ``qs``, ``JK``."""
    if not isinstance(text, str):
        raise EventFormatError("invalid_card", "A card must be written as text, not %(value)s.", value=repr(text))
    raw = text.strip()
    upper = raw.upper()
    if upper in ("JK", "JOKER", "🃏", "*"):
        return JOKER
    suit = _SUIT_ALIASES.get(upper[-1]) if len(raw) >= 2 else None
    rank = _RANK_ALIASES.get(upper[:-1]) if len(raw) >= 2 else None
    if suit is None or rank is None:
        raise EventFormatError("invalid_card", "'%(card)s' is not a card (write it like QS, 10H or Q♠).", card=text)
    return _CANONICAL[(rank, suit)]


def parse_cards(cards: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards from a list or a space/comma separated string."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return tuple(parse_card(c) for c in cards)


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def deck(ranks: Iterable[int], suits: Iterable[Suit] = SUIT_ORDER) -> tuple[Card, ...]:
    """All cards of the given ranks in the given suits, suit by suit."""
    rank_list = tuple(ranks)
    return tuple(_CANONICAL[(r, s)] for s in suits for r in rank_list)


STANDARD_DECK: tuple[Card, ...] = deck(range(2, 15))
#: Every card by the name ``str(card)`` gives it (``QS``, ``10H``, ``JK``): the codec's fast path.
CARDS_BY_NAME: dict[str, Card] = {str(card): card for card in _CANONICAL.values()}


def sort_cards(cards: Iterable[Card], strength: dict[int, int] | None = None) -> list[Card]:
    """Cards grouped by suit (♣ ♦ ♠ ♥, jokers last) and ordered by rank within a suit."""

    def key(card: Card) -> tuple[int, int]:
        suit_index = 9 if card.suit is None else SUIT_ORDER.index(card.suit)
        rank = card.rank if strength is None else strength.get(card.rank, card.rank)
        return (suit_index, rank)

    return sorted(cards, key=key)
