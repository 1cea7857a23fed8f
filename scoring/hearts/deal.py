"""The deal: which pack, how many cards each, the kitty, the opening card (rules/hearts.md §1.4, §2.4).

>>> from scoring.hearts.variants import HeartsVariants
>>> config = deal_config(HeartsVariants(), 5)
>>> sorted(map(str, config.removed)), config.per_player, config.kitty_size, str(config.lowest_club)
(['2C', '2D'], 10, 0, '3C')
>>> config = deal_config(HeartsVariants(short_deal_method="kitty"), 6)
>>> config.removed, config.per_player, config.kitty_size, config.kitty_rule
(frozenset(), 8, 4, 'leftover_first_trick')
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import STANDARD_DECK, Card, Suit, parse_card
from scoring.hearts.variants import HeartsVariants
from scoring.obligations.hearts import QUEEN_OF_SPADES, is_penalty_card

__all__ = ["QUEEN_OF_SPADES", "is_penalty_card"]

TWO_OF_CLUBS = parse_card("2C")


@dataclass(frozen=True, slots=True)
class DealConfig:
    """How one hand is dealt for this table."""

    pack: frozenset[Card]
    removed: frozenset[Card]
    per_player: int
    kitty_size: int
    #: Who receives the kitty: ``off`` (no kitty), ``four_player_12``, ``leftover_first_trick``,
    #: ``leftover_first_penalty`` or ``leftover_last_trick`` (§2.4).
    kitty_rule: str
    #: The card worth −10 (J♦ or 10♦) or ``None`` when the table does not play it (§1.3).
    jack: Card | None
    #: ``spot_hearts``: hearts count their pip value (§3.2).
    spot: bool = False

    @property
    def lowest_club(self) -> Card:
        """The lowest club in the pack: the opening card unless it lies in the kitty (§1.4)."""
        return min((c for c in self.pack if c.suit == Suit.CLUBS), key=lambda c: c.rank)

    def clubs_below(self, card: Card) -> frozenset[Card]:
        """Clubs of the pack ranked below ``card``."""
        return frozenset(c for c in self.pack if c.suit == Suit.CLUBS and c.rank < card.rank)


def deal_config(variants: HeartsVariants, seats: int) -> DealConfig:
    """The pack, hand size and kitty for ``seats`` players under ``variants``."""
    removed: frozenset[Card] = frozenset()
    kitty_rule = "off"
    if variants.kitty == "four_player_12" and seats == 4:
        # §2.4 (pagat): 12 cards each and 4 face down to the kitty.
        per_player, kitty_size, kitty_rule = 12, 4, "four_player_12"
    elif seats == 4:
        per_player, kitty_size = 13, 0
    elif variants.short_deal_method == "kitty":
        per_player, kitty_size = divmod(52, seats)
        # [our choice] a kitty deal with kitty = off (or four_player_12, which is for 4 players)
        # gives the leftovers to the winner of trick 1 (familyeducation, §2.4).
        kitty_rule = variants.kitty if variants.kitty.startswith("leftover") else "leftover_first_trick"
    else:
        strip = {3: variants.strip_cards_3p, 5: variants.strip_cards_5p, 6: variants.strip_cards_6p}[seats]
        removed = frozenset(parse_card(text) for text in strip)
        per_player, kitty_size = (52 - len(removed)) // seats, (52 - len(removed)) % seats
        if kitty_size:
            # A strip list of the wrong length leaves cards over: they form a kitty for trick 1.
            kitty_rule = variants.kitty if variants.kitty.startswith("leftover") else "leftover_first_trick"
    jack = {"off": None, "jd_minus_10": parse_card("JD"), "td_minus_10": parse_card("TD")}[variants.jack_of_diamonds]
    pack = frozenset(STANDARD_DECK) - removed
    return DealConfig(pack, removed, per_player, kitty_size, kitty_rule, jack, variants.spot_hearts)


#: Penalty points of the Q♠ (§1.3), also under ``spot_hearts``.
QUEEN_VALUE = 13


def card_value(card: Card, *, spot: bool = False) -> int:
    """Penalty points of one card: a heart 1 (under ``spot_hearts`` its pip value, J 11, Q 12, K 13,
    A 14), the Q♠ 13, every other card 0 (§1.3, §3.2).

    >>> card_value(parse_card("AH")), card_value(parse_card("AH"), spot=True), card_value(parse_card("QS"), spot=True)
    (1, 14, 13)
    """
    if card.suit == Suit.HEARTS:
        return card.rank if spot else 1
    return QUEEN_VALUE if card == QUEEN_OF_SPADES else 0


def penalty_points(cards: frozenset[Card] | tuple[Card, ...], *, spot: bool = False) -> int:
    """1 per heart (pip value under ``spot_hearts``), 13 for the Q♠.

    >>> from scoring.cards import parse_cards
    >>> penalty_points(parse_cards("QS 2H AH 2C")), penalty_points(parse_cards("QS 2H AH 2C"), spot=True)
    (15, 29)
    """
    return sum(card_value(c, spot=spot) for c in cards)


def hand_total(variants: HeartsVariants) -> int:
    """All penalty points of one hand: 26 (13 hearts + Q♠), or 117 under ``spot_hearts``
    (hearts 2 + 3 + … + 14 = 104, + Q♠ 13). Hearts and the Q♠ are never stripped (§1.4)."""
    return SPOT_TOTAL if variants.spot_hearts else PLAIN_TOTAL


PLAIN_TOTAL = 13 + QUEEN_VALUE
SPOT_TOTAL = sum(range(2, 15)) + QUEEN_VALUE
