"""Bourré's play obligations, described once (rules/bourre.md §3.4, the cinch §3.6, §7's forms).

The engine (:mod:`scoring.bourre.legality` names this module) and the claim checker's play model
(:mod:`scoring.claims.games`) both decide a legal card here: :class:`PlayRules` is the description
(the house-rule keys that bear on the play, read by name from the engine's ``BourreVariants`` or
the claim position's ``BourrePlay`` by :meth:`PlayRules.of`), :class:`TrickOrder` what wins a
trick, :class:`CinchView` what the player knows for the cinch.

Bourré's "head the trick" rule is computed against **W**, the card winning the trick *at the
player's turn* (§3.4); it is built on :mod:`scoring.tricks` (``beats``/``winning_index`` with a
trump and ace-high ranks, which match §3.4's definition of beating exactly).

>>> from scoring.cards import parse_cards, Suit
>>> rules = PlayRules()
>>> legal(parse_cards("AD 6D 9S 3S 2C"), parse_cards("QD 4S"), Suit.SPADES, rules)   # §6.2 T1
(Card('AD'), Card('6D'))
>>> legal(parse_cards("AD 6D 9S 3S 2C"), parse_cards("QD 5D"), Suit.SPADES, rules)   # T1b
(Card('AD'),)
>>> sure_tricks(parse_cards("KH QH TH 9H 8H"), outstanding_trumps(Suit.HEARTS, parse_cards("KH QH TH 9H 8H"), ()))
3

Wherever a trump suit is asked for, a :class:`TrickOrder` may be given instead: :data:`LO_NO` is a
Lo-No deal (§7: no trumps, the lowest card of the suit led wins), where heading the trick means
playing a *lower* card of the suit led than W when able:

>>> legal(parse_cards("9D 4D 2D KS"), parse_cards("7D 5D"), LO_NO, rules)
(Card('4D'), Card('2D'))
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from scoring.cards import Card, Suit, card_of
from scoring.tricks import ACE_HIGH, Strength, TrickRules, beats, winning_index

RULE_PLAY = "bourre.md §3.4"
RULE_CINCH = "bourre.md §3.6"
ALL_RANKS = tuple(range(2, 15))
#: Lo-No (§7): the same ranks (§1, aces high), the lower card wins: 2 strongest, ace weakest.
LOW_WINS: Strength = {r: 15 - r for r in ALL_RANKS}


@dataclass(frozen=True, slots=True)
class TrickOrder:
    """What wins the tricks of a deal (§3.3): the trump suit, aces high — or, in a Lo-No deal (§7),
    no trump and the lowest card of the suit led. Every function below that takes ``trump`` accepts
    either a :class:`~scoring.cards.Suit` (that suit is trump: the standard game) or a TrickOrder.
    """

    trump: Suit | None
    low_wins: bool = False

    @property
    def strength(self) -> Strength:
        return LOW_WINS if self.low_wins else ACE_HIGH

    def stronger(self, card: Card, other: Card) -> bool:
        """Whether ``card`` outranks ``other`` within a suit (lower under Lo-No)."""
        return self.strength[card.rank] > self.strength[other.rank]


#: A Lo-No deal (§7): no trumps, low cards win.
LO_NO = TrickOrder(None, low_wins=True)
Trumps: TypeAlias = Suit | TrickOrder


def order_of(trump: Trumps) -> TrickOrder:
    """A bare suit is the standard game: that suit is trump, aces high."""
    return trump if isinstance(trump, TrickOrder) else TrickOrder(trump)


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The §7 keys that decide legality (a subset of BourreVariants, so the core stays small)."""

    head_trick_required: bool = True
    must_beat_mode: str = "any_beating_card"
    trump_when_cannot_overtrump: bool = True
    cinch_rules: str = "pagat"
    cinch_equivalent_trumps: str = "sequence"
    must_lead_trump_when_others_void: bool = False

    @classmethod
    def of(cls, settings: object) -> PlayRules:
        """The description from any settings object carrying the same keys (engine variants, the
        claim position's rules): one list of keys, so neither side can drift."""
        return cls(**{name: getattr(settings, name) for name in PLAY_KEYS})


#: The house-rule keys (docs/games/bourre.md §4–§5) that decide what may be played.
PLAY_KEYS = tuple(PlayRules.__dataclass_fields__)
#: §3.6: a player holds a cinch when tricks won plus sure trump tricks reach this.
CINCH_TRICKS = 3


@dataclass(frozen=True, slots=True)
class CinchView:
    """What the player to act knows for the §3.6 test.

    ``won``: tricks already won this deal; ``played``: every card played face up so far (earlier
    tricks and the current trick); ``known_out``: trumps the player knows are out of play (own
    recorded discards, the up-card when the dealer discarded it or passed); ``last_to_play``:
    whether the player is the last active player to play to this trick (C-last);
    ``others_void_in_trump``: every other active player has shown out of trumps.
    ``opening_lead``: in a Lo-No deal (§7), the turned card the dealer must lead to the first trick
    (set only for that lead).
    """

    won: int = 0
    played: frozenset[Card] = frozenset()
    known_out: frozenset[Card] = frozenset()
    last_to_play: bool = False
    others_void_in_trump: bool = False
    own_played: frozenset[Card] = frozenset()
    opening_lead: Card | None = None


def trick_rules(trump: Trumps) -> TrickRules:
    order = order_of(trump)
    return TrickRules(strength=order.strength, trump=order.trump, must_follow=True, must_trump=order.trump is not None)


def winning_card(trick: Sequence[Card], trump: Trumps) -> Card:
    """W of §3.4: the card winning the cards played so far (highest trump, else highest of L;
    under Lo-No the lowest of L)."""
    return trick[winning_index(trick, trick_rules(trump))]


def card_beats(card: Card, best: Card, led: Suit | None, trump: Trumps) -> bool:
    """§3.4's "x beats W" (a card of a third suit never beats)."""
    return beats(card, best, led, trick_rules(trump))


def basic_legal(hand: Iterable[Card], trick: Sequence[Card], trump: Trumps, rules: PlayRules) -> tuple[Card, ...]:
    """§3.4 rules 1–4 without the cinch: follow, trump when void, head the trick against W."""
    cards = tuple(hand)
    if not trick:
        return cards
    order = order_of(trump)
    led = trick[0].suit
    best = winning_card(trick, order)
    of_led = tuple(c for c in cards if c.suit == led)
    trumps = tuple(c for c in cards if order.trump is not None and c.suit == order.trump)
    if of_led:
        group = of_led
    elif trumps:
        group = trumps
    else:
        return cards  # rule 3: cannot follow or trump, any card (it cannot win)
    winners = tuple(c for c in group if card_beats(c, best, led, order))
    if winners and rules.head_trick_required:
        if rules.must_beat_mode == "highest_card":
            # §3.4 notes: when p can beat W, p plays the highest card of the group (Lo-No: the lowest).
            return (max(group, key=lambda c: order.strength[c.rank]),)
        return winners
    if group is trumps and not winners and not rules.trump_when_cannot_overtrump:
        # §7 "play to win": a trump that cannot win need not be played.
        return cards
    return group


def outstanding_trumps(trump: Suit, mine: Iterable[Card], gone: Iterable[Card]) -> tuple[Card, ...]:
    """§3.6 step 3: trumps the player cannot account for (not theirs, not played, not known out)."""
    excluded = set(mine) | set(gone)
    return tuple(c for r in ALL_RANKS if (c := card_of(r, trump)) not in excluded)


def sure_tricks(mine: Iterable[Card], outstanding: Iterable[Card]) -> int:
    """§3.6 steps 4–5: |Mine| − Killable, Killable by the greedy low-to-high pairing.

    >>> from scoring.cards import parse_cards
    >>> sure_tricks(parse_cards("AS KS 5S 4S 3S"), parse_cards("QS JS TS 9S 8S 7S 6S 2S"))
    2
    """
    own = sorted(c.rank for c in mine)
    killable = 0
    for rank in sorted(c.rank for c in outstanding):
        if killable < len(own) and rank > own[killable]:
            killable += 1
    return len(own) - killable


def has_cinch(hand: Iterable[Card], trump: Trumps, view: CinchView, rules: PlayRules) -> bool:
    """§3.6: Won + Sure ≥ 3 (or, under ``akq_only``, the player holds the rest of their A-K-Q).

    A cinch is about trumps: in a Lo-No deal there are none, so there is no cinch obligation.
    """
    if (suit := order_of(trump).trump) is None:
        return False
    trump = suit
    cards = tuple(hand)
    mine = tuple(c for c in cards if c.suit == trump)
    if rules.cinch_rules == "none" or rules.cinch_rules == "lay_down":
        return False  # lay_down is a table procedure without play obligations (docs)
    if rules.cinch_rules == "akq_only":
        top = [card_of(r, trump) for r in (14, 13, 12)]
        return any(c in mine for c in top) and all(c in mine or c in view.own_played for c in top)
    gone = set(view.played) | set(view.known_out)
    return view.won + sure_tricks(mine, outstanding_trumps(trump, mine, gone)) >= CINCH_TRICKS


def equivalent_trumps(mine: Collection[Card], played: Collection[Card], mode: str) -> tuple[Card, ...]:
    """Trumps accepted where §3.6 requires the highest trump ``h`` (h first).

    >>> from scoring.cards import parse_cards
    >>> [str(c) for c in equivalent_trumps(parse_cards("AD KD QD"), (), "sequence")]
    ['AD', 'KD', 'QD']
    >>> [str(c) for c in equivalent_trumps(parse_cards("AD KD QD"), (), "adjacent_only")]
    ['AD', 'KD']
    """
    ordered = sorted(mine, key=lambda c: -c.rank)
    high = ordered[0]
    if mode == "strict":
        return (high,)
    ranks_mine = {c.rank for c in mine}
    ranks_played = {c.rank for c in played if c.suit == high.suit}
    accepted = [high]
    for card in ordered[1:]:
        between = range(card.rank + 1, high.rank)
        if mode == "adjacent_only":
            if card is ordered[1] and all(r in ranks_played for r in between):
                accepted.append(card)
            break
        if all(r in ranks_mine or r in ranks_played for r in between):
            accepted.append(card)
    return tuple(accepted)


def legal(
    hand: Iterable[Card],
    trick: Sequence[Card],
    trump: Trumps,
    rules: PlayRules,
    view: CinchView | None = None,
) -> tuple[Card, ...]:
    """Every card of ``hand`` the player may play: §3.4 narrowed by the cinch obligations of §3.6
    (and, in a Lo-No deal, the dealer's lead of the turned card to the first trick, §7).

    ``view`` (what the player knows) enables the cinch; without it only §3.4 applies.
    """
    cards = tuple(hand)
    opening = view.opening_lead if view is not None and not trick else None
    if opening is not None and opening in cards:
        return (opening,)  # §7 Lo-No: the dealer leads the turned card to the first trick
    allowed = basic_legal(cards, trick, trump, rules)
    suit = order_of(trump).trump
    trumps = tuple(c for c in cards if suit is not None and c.suit == suit)
    if view is None or not trumps:
        return allowed
    if not trick:
        if has_cinch(cards, trump, view, rules):
            return equivalent_trumps(trumps, view.played, equivalence_mode(rules))  # C-lead
        if rules.must_lead_trump_when_others_void and view.others_void_in_trump:
            return trumps
        return allowed
    # Compare with the trump *suit*: ``trump`` may be a TrickOrder (the engine passes one), which
    # no card's suit equals, and that once switched C-follow off whenever the player had to trump.
    if view.last_to_play or not any(c.suit == suit for c in allowed):
        return allowed  # C-last, or following a side suit: the cinch adds nothing
    if not has_cinch(cards, trump, view, rules):
        return allowed
    accepted = equivalent_trumps(trumps, view.played, equivalence_mode(rules))
    narrowed = tuple(c for c in allowed if c in accepted)
    return narrowed or accepted[:1]  # C-follow


def equivalence_mode(rules: PlayRules) -> str:
    """Which trumps count as the highest one (§3.6): the ``akq_only`` cinch accepts only h."""
    return "strict" if rules.cinch_rules == "akq_only" else rules.cinch_equivalent_trumps


def why_illegal(
    card: Card,
    hand: Iterable[Card],
    trick: Sequence[Card],
    trump: Trumps,
    rules: PlayRules,
    view: CinchView | None = None,
) -> str | None:
    """The error code for playing ``card`` from ``hand``, or ``None`` when it is legal."""
    cards = tuple(hand)
    if card in legal(cards, trick, trump, rules, view):
        return None
    if not trick and view is not None and view.opening_lead is not None and view.opening_lead in cards:
        return "lo_no_must_lead_up_card"
    if card in basic_legal(cards, trick, trump, rules):
        if trick:
            return "cinch_must_play_highest_trump"
        cinch = view is not None and has_cinch(cards, trump, view, rules)
        return "cinch_must_lead_trump" if cinch else "must_lead_trump"
    if not trick:
        return "must_lead_trump"
    led = trick[0].suit
    suit = order_of(trump).trump
    if card.suit != led and any(c.suit == led for c in cards):
        return "must_follow_suit"
    if suit is not None and card.suit not in (led, suit) and any(c.suit == suit for c in cards):
        return "must_trump"
    if suit is not None and card.suit == suit and led != suit:
        return "must_overtrump"
    return "must_head_trick"
