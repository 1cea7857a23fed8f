"""Tonk card values and spreads (rules/tonk.md §1.3, §1.4, §2.3).

>>> from scoring.cards import parse_cards
>>> from scoring.tonk.variants import TonkVariants
>>> v = TonkVariants()
>>> count(parse_cards("KS QH JD TC TH"), v)
50
>>> spread_kinds(parse_cards("AS 2S 3S"), v), spread_kinds(parse_cards("QD KD AD"), v)
(frozenset({'run'}), frozenset())
>>> spread_kinds(parse_cards("QD KD AD"), TonkVariants(ace_in_runs="low_or_high_no_wrap"))
frozenset({'run'})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from scoring.cards import ACE, JACK, JOKER, KING, QUEEN, STANDARD_DECK, Card
from scoring.tonk.variants import TonkVariants

BOOK, RUN = "book", "run"


def card_value(card: Card, variants: TonkVariants) -> int:
    """A 1, 2–10 face value, J Q K 10 each (or 11 12 13); a joker its house value."""
    if card.is_joker:
        return variants.joker_count_value
    if card.rank == ACE:
        return 1
    if card.rank in (JACK, QUEEN, KING):
        return card.rank if variants.court_values == "11_12_13" else 10
    return card.rank


def count(cards: Iterable[Card], variants: TonkVariants) -> int:
    """A hand's count: the sum of its cards' values (§1.3)."""
    return sum(card_value(c, variants) for c in cards)


def max_card_value(variants: TonkVariants) -> int:
    return max(13 if variants.court_values == "11_12_13" else 10, variants.joker_count_value)


def count_range(cards: int, seen: Mapping[Card, int], variants: TonkVariants) -> tuple[int, int]:
    """The lowest and highest count ``cards`` cards not yet seen can make (§1.3).

    The pack holds four of each value (sixteen 10s with the courts), so five cards count at least 6
    (four aces and a 2), not 5 × 1, and at most 50; every card already seen anywhere is not there.
    """
    pack = Counter(STANDARD_DECK + ((JOKER, JOKER) if variants.jokers_wild else ()))
    pack.subtract(Counter(dict(seen)))
    values = sorted(card_value(card, variants) for card, left in pack.items() for _ in range(max(left, 0)))
    if cards > len(values):
        return (0, -1)  # no such hand: every count is impossible
    return (sum(values[:cards]), sum(values[len(values) - cards :]) if cards else 0)


def min_card_value(variants: TonkVariants) -> int:
    return min(1, variants.joker_count_value) if variants.jokers_wild else 1


def is_book(cards: Sequence[Card]) -> bool:
    """3 or 4 cards of one rank; jokers stand for any of them."""
    natural = [c for c in cards if not c.is_joker]
    return 3 <= len(cards) <= 4 and bool(natural) and len({c.rank for c in natural}) == 1


def is_run(cards: Sequence[Card], variants: TonkVariants) -> bool:
    """3 or more consecutive cards of one suit; jokers fill gaps; the ace per ``ace_in_runs`` (§1.4)."""
    natural = [c for c in cards if not c.is_joker]
    length = len(cards)
    if length < 3 or length > 13 or not natural or len({c.suit for c in natural}) != 1:
        return False
    mappings = [1] if variants.ace_in_runs == "low_only" else [1, 14]
    for ace in mappings:
        ranks = [ace if c.rank == ACE else c.rank for c in natural]
        # The natural ranks must fit in `length` consecutive positions (jokers fill the rest); at
        # most 13 positions, so a run never holds the ace at both ends (no wrap round the ace).
        if len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) + 1 <= length:
            return True
    return False


def spread_kinds(cards: Sequence[Card], variants: TonkVariants) -> frozenset[str]:
    """What ``cards`` form: {"book"}, {"run"}, both (jokers) or nothing (not a spread)."""
    kinds = set()
    if is_book(cards):
        kinds.add(BOOK)
    if is_run(cards, variants):
        kinds.add(RUN)
    return frozenset(kinds)


def hit_kinds(
    spread: Sequence[Card], kinds: frozenset[str], added: Sequence[Card], variants: TonkVariants
) -> frozenset[str]:
    """The kinds the spread can still be after adding ``added`` (empty: an invalid hit).

    >>> from scoring.cards import parse_cards
    >>> v = TonkVariants()
    >>> sorted(hit_kinds(parse_cards("5C 6C 7C"), frozenset({"run"}), parse_cards("8C"), v))
    ['run']
    >>> sorted(hit_kinds(parse_cards("5C 6C 7C"), frozenset({"run"}), parse_cards("8H"), v))
    []
    """
    return spread_kinds((*spread, *added), variants) & kinds
