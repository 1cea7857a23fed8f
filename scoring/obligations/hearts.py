"""Hearts' play obligations (rules/hearts.md §2.3), described once.

Each obligation says which cards a player must **not** hold for a play to be legal
(:func:`exclusions`): follow suit (B.1), no points on the first trick (B.2–B.3), no heart lead
before hearts are broken (C.2, C.3), the opening club (A). The engine
(:mod:`scoring.hearts.legality`) keeps them as evidence against a hand it knows only in part; the
claim checker's play model (:mod:`scoring.claims.games`) applies them to a known hand
(:func:`legal_from_hand`): a card is legal when the hand holds none of its excluded cards.

>>> from scoring.cards import parse_cards
>>> ob = Obligations()
>>> legal_from_hand(ob, parse_cards("QS 5H 9C"), led=None, first_trick=False, hearts_broken=False)
(Card('QS'), Card('9C'))
>>> legal_from_hand(ob, parse_cards("QS 5H JD"), led=Suit.CLUBS, first_trick=True, hearts_broken=False)
(Card('JD'),)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.cards import Card, Suit, parse_card

QUEEN_OF_SPADES = parse_card("QS")
RULE = "hearts.md §2.3"


def is_penalty_card(card: Card) -> bool:
    """Hearts and the Q♠ carry penalty points (§1.3); the J♦ is counted apart."""
    return card.suit == Suit.HEARTS or card == QUEEN_OF_SPADES


@dataclass(frozen=True, slots=True)
class Obligations:
    """The house-rule keys (docs/games/hearts.md) that decide what may be played."""

    first_lead: str = "two_of_clubs"  # or any_club / left_of_dealer
    no_points_first_trick: bool = True
    first_trick_fallback: str = "any"  # or heart_only
    must_break_hearts: bool = True
    queen_breaks_hearts: bool = False
    can_lead_hearts_instead_of_qs: bool = False
    all_hearts_unbroken_lead: str = "lead_heart"  # or pass_lead (C.4)

    @classmethod
    def of(cls, settings: object) -> Obligations:
        """The description from the engine's variants or the claim position's rules (same keys)."""
        return cls(**{name: getattr(settings, name) for name in PLAY_KEYS})


PLAY_KEYS = tuple(Obligations.__dataclass_fields__)


@dataclass(frozen=True, slots=True)
class Exclusion:
    """For the play to be legal the player must hold none of ``cards`` (rule ``code``; ``kind``
    names the evidence's text)."""

    code: str
    kind: str
    cards: frozenset[Card]


def _suit(cards: frozenset[Card], suit: Suit) -> frozenset[Card]:
    return frozenset(c for c in cards if c.suit == suit)


def breaks_hearts(ob: Obligations, card: Card) -> bool:
    """§2.3 C.1: a heart played breaks hearts (and the Q♠ under ``queen_breaks_hearts``)."""
    return card.suit is Suit.HEARTS or (ob.queen_breaks_hearts and card == QUEEN_OF_SPADES)


def opening_exclusions(ob: Obligations, card: Card, pool: frozenset[Card]) -> list[Exclusion]:
    """§2.3 A, the first lead from a hand that holds a club: the lowest club (``two_of_clubs``) or
    any club (``any_club``); ``left_of_dealer`` leads anything."""
    if ob.first_lead == "left_of_dealer":
        return []
    clubs = _suit(pool, Suit.CLUBS)
    if card.suit is not Suit.CLUBS:
        return [Exclusion("must_lead_a_club", "any_club", clubs)]
    if ob.first_lead == "any_club":
        return []
    return [Exclusion("must_lead_lowest_club", "lowest_club", frozenset(c for c in clubs if c.rank < card.rank))]


def exclusions(
    ob: Obligations, card: Card, pool: frozenset[Card], *, led: Suit | None, first_trick: bool, hearts_broken: bool
) -> list[Exclusion]:
    """The obligations a play of ``card`` relies on (after the opening lead), as the cards of
    ``pool`` (the cards the player could hold) the player must not hold."""
    if led is not None:
        if card.suit == led:
            return []
        out = [Exclusion("must_follow_suit", "follow", _suit(pool, led))]
        if first_trick and ob.no_points_first_trick and is_penalty_card(card):
            # §2.3 B.2–3: a point card on trick 1 only from a hand of nothing but point cards.
            safe = frozenset(c for c in pool if not is_penalty_card(c) and c.suit != led)
            out.append(Exclusion("no_points_first_trick", "first_trick", safe))
            if ob.first_trick_fallback == "heart_only" and card == QUEEN_OF_SPADES:
                out.append(Exclusion("no_points_first_trick", "first_trick_queen", _suit(pool, Suit.HEARTS)))
        return out
    if card.suit == Suit.HEARTS and not hearts_broken and ob.must_break_hearts:
        allowed = frozenset({QUEEN_OF_SPADES}) if ob.can_lead_hearts_instead_of_qs else frozenset()
        non_hearts = frozenset(c for c in pool if c.suit != Suit.HEARTS) - allowed
        return [Exclusion("hearts_not_broken", "heart_lead", non_hearts)]
    return []


def heart_lead_barred(ob: Obligations, *, hearts_broken: bool, passes: int, seats: int) -> bool:
    """§2.3 C.4 ``pass_lead``: while hearts are unbroken a heart may not be led at all as long as
    the lead may still pass, i.e. until every other player (``seats`` − 1) has passed it; the last
    one leads a heart."""
    return (
        ob.all_hearts_unbroken_lead == "pass_lead" and ob.must_break_hearts and not hearts_broken and passes < seats - 1
    )


def lead_passes(ob: Obligations, hand: Iterable[Card], *, hearts_broken: bool, passes: int, seats: int) -> bool:
    """§2.3 C.4: the leader passes the lead to the left — holding only hearts while a heart lead is
    barred. Forced: such a hand has nothing else to lead."""
    cards = tuple(hand)
    barred = heart_lead_barred(ob, hearts_broken=hearts_broken, passes=passes, seats=seats)
    return barred and bool(cards) and all(c.suit is Suit.HEARTS for c in cards)


def legal_from_hand(
    ob: Obligations, hand: Iterable[Card], *, led: Suit | None, first_trick: bool, hearts_broken: bool
) -> tuple[Card, ...]:
    """The legal cards of a known hand (the opening lead excepted: :func:`opening_legal`)."""
    cards = tuple(hand)
    held = frozenset(cards)
    return tuple(
        c
        for c in cards
        if not any(
            x.cards & held
            for x in exclusions(ob, c, held, led=led, first_trick=first_trick, hearts_broken=hearts_broken)
        )
    )


def opening_legal(ob: Obligations, hand: Iterable[Card], *, hearts_broken: bool) -> tuple[Card, ...]:
    """The first lead of the hand from a known hand: §2.3 A when it holds a club, else as any lead."""
    cards = tuple(hand)
    held = frozenset(cards)
    if _suit(held, Suit.CLUBS) and ob.first_lead != "left_of_dealer":
        return tuple(c for c in cards if not any(x.cards & held for x in opening_exclusions(ob, c, held)))
    return legal_from_hand(ob, cards, led=None, first_trick=True, hearts_broken=hearts_broken)
