"""The trick-taking core shared by Hearts, Thousand and Bourré.

A trick is a leader and the cards played to it in order. What a player must play is configured by
:class:`TrickRules`: the trump suit (or none), the rank order, and the obligations, checked in this
order (the first that the hand can meet narrows the legal set):

1. **follow suit**: holding the led suit, play it;
2. **trump when void** (``must_trump``): void in the led suit and holding a trump, play a trump;
3. **head the trick** (``head_when_following`` / ``head_when_trumping``): among the cards the first
   two obligations allow, if some beat the card currently winning the trick, play one of those.

>>> from scoring.cards import parse_cards
>>> rules = TrickRules(trump=Suit.HEARTS, strength=ACE_HIGH, must_trump=True, head_when_following=True)
>>> legal_cards(parse_cards("9S AS 2H"), parse_cards("TS"), rules)
(Card('AS'),)
>>> legal_cards(parse_cards("9D 2H 3H"), parse_cards("TS"), rules)
(Card('2H'), Card('3H'))
>>> trick_winner(parse_cards("TS 2H AS"), rules)
1

The same obligations decide what a record proves (:func:`violation`): a play breaks a rule if it is
not among the legal cards of a hand holding the cards the record shows the player held.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scoring.cards import Card, Suit

#: Rank → strength within a suit. Higher wins.
Strength = Mapping[int, int]
ACE_HIGH: Strength = {r: r for r in range(2, 15)}
#: Thousand and other marriage games: A > 10 > K > Q > J > 9.
TEN_HIGH: Strength = {9: 0, 11: 1, 12: 2, 13: 3, 10: 4, 14: 5}


@dataclass(frozen=True, slots=True)
class TrickRules:
    """What decides a trick and what a player must play to it."""

    strength: Strength = field(default_factory=lambda: ACE_HIGH)
    trump: Suit | None = None
    must_follow: bool = True
    must_trump: bool = False
    head_when_following: bool = False
    head_when_trumping: bool = False

    def with_trump(self, trump: Suit | None) -> TrickRules:
        return TrickRules(
            self.strength, trump, self.must_follow, self.must_trump, self.head_when_following, self.head_when_trumping
        )


def beats(challenger: Card, best: Card, led: Suit | None, rules: TrickRules) -> bool:
    """Whether ``challenger`` beats ``best``, the card currently winning a trick led in ``led``."""
    trump = rules.trump
    if challenger.suit == best.suit:
        return rules.strength[challenger.rank] > rules.strength[best.rank]
    return bool(trump is not None and challenger.suit == trump)


def winning_index(cards: Sequence[Card], rules: TrickRules) -> int:
    """Index (in play order) of the card winning the cards played so far."""
    led = cards[0].suit
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], led, rules):
            best = i
    return best


def trick_winner(cards: Sequence[Card], rules: TrickRules) -> int:
    """Offset from the leader of the player who won a complete trick."""
    return winning_index(cards, rules)


def legal_cards(hand: Iterable[Card], played: Sequence[Card], rules: TrickRules) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick whose cards so far are ``played``."""
    cards = tuple(hand)
    if not played:
        return cards
    led = played[0].suit
    allowed = cards
    following = False
    if rules.must_follow:
        of_led = tuple(c for c in cards if c.suit == led)
        if of_led:
            allowed, following = of_led, True
    if not following and rules.must_trump and rules.trump is not None and led != rules.trump:
        trumps = tuple(c for c in cards if c.suit == rules.trump)
        if trumps:
            allowed = trumps
    heading = rules.head_when_following if following else rules.head_when_trumping
    if heading:
        best = played[winning_index(played, rules)]
        winners = tuple(c for c in allowed if beats(c, best, led, rules))
        if winners and (following or winners[0].suit == rules.trump):
            allowed = winners
    return allowed


def violation(held: Iterable[Card], played_card: Card, played_before: Sequence[Card], rules: TrickRules) -> str | None:
    """The obligation a play breaks, given cards the player certainly held, or ``None``.

    ``held`` are the cards the record proves the player held when playing ``played_card`` (the
    card itself need not be among them). A play is only a proven violation if it is illegal for
    *every* hand holding those cards, so void-dependent obligations (trump when void) are reported
    only when ``held`` is the player's whole hand; callers that know only part of the hand should
    use :func:`head_violation` (following suit is the card-knowledge model's, ``scoring.knowledge``).
    """
    hand = set(held) | {played_card}
    if played_card in legal_cards(hand, played_before, rules):
        return None
    if not played_before:
        return None
    led = played_before[0].suit
    if rules.must_follow and played_card.suit != led and any(c.suit == led for c in hand):
        return "must_follow_suit"
    if rules.must_trump and played_card.suit != rules.trump and any(c.suit == rules.trump for c in hand):
        return "must_trump"
    return "must_head_trick"


def head_violation(witness: Card, played_card: Card, played_before: Sequence[Card], rules: TrickRules) -> bool:
    """Holding ``witness`` proves a failure to head the trick when following suit with ``played_card``.

    Only the following case is decidable from one witness: both cards are of the led suit, the
    witness would have beaten the card winning the trick and the card played did not.
    """
    if not played_before or not rules.head_when_following:
        return False
    led = played_before[0].suit
    if witness.suit != led or played_card.suit != led or witness == played_card:
        return False
    best = played_before[winning_index(played_before, rules)]
    return beats(witness, best, led, rules) and not beats(played_card, best, led, rules)


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick in progress or complete: the leader's seat and the cards in play order."""

    leader: int
    cards: tuple[Card, ...] = ()

    def next_seat(self, seats: int) -> int:
        return (self.leader + len(self.cards)) % seats

    def add(self, card: Card) -> Trick:
        return Trick(self.leader, (*self.cards, card))

    def plays(self, seats: int) -> list[tuple[int, Card]]:
        return [((self.leader + i) % seats, c) for i, c in enumerate(self.cards)]


def card_points(cards: Iterable[Card], values: Mapping[int, int] | Callable[[Card], int]) -> int:
    """Sum of card values, by rank (a mapping) or by a function of the card."""
    if callable(values):
        return sum(values(c) for c in cards)
    return sum(values.get(c.rank, 0) for c in cards)
