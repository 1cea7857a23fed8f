"""A Bourré play position for searches (claims, "what could have happened") — rules/bourre.md §3.

:func:`play_position` reads the deal being recorded card by card and returns a
:class:`PlayPosition`: the remaining hands (a frozenset per seat when known, ``None`` when not),
the current trick, what wins tricks (the trump suit, or a Lo-No deal's no trump and low cards, §7),
tricks taken per active seat, and the legality of §3.4/§3.6 as methods. Positions are immutable; :meth:`PlayPosition.play` returns the next one, so a search can
branch freely.

>>> from scoring.bourre import GAME
>>> s = GAME.start({}, ["Ann", "Bob"])
>>> s = GAME.apply_json(s, "deal", {"dealer": 1, "up_card": "2S",
...     "hands": [["AS", "KH", "QH", "3D", "4C"], ["2S", "AH", "5D", "6D", "7C"]]})
>>> for seat in (0, 1):
...     s = GAME.apply_json(s, "declare", {"seat": seat, "play": True})
...     s = GAME.apply_json(s, "draw", {"seat": seat, "count": 0})
>>> pos = play_position(s)
>>> pos.to_play, pos.trump.value, sorted(str(c) for c in pos.legal_cards() or ())
(0, 'S', ['3D', '4C', 'AS', 'KH', 'QH'])
>>> pos = pos.play(parse_card("KH"))
>>> [str(c) for c in pos.legal_cards() or ()]   # Bob must head K♥ with A♥
['AH']
>>> pos.legal_for(frozenset(parse_cards("5H 9S")))  # a hidden hand: follow suit
(Card('5H'),)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from scoring.bourre.legality import CinchView, PlayRules, TrickOrder, legal, winning_card
from scoring.bourre.state import Session
from scoring.bourre.tricks_view import play_rules, rotate, shown_void_in_trump, tricks, tricks_won
from scoring.bourre.turns import next_step
from scoring.cards import Card, Suit, parse_card, parse_cards, sort_cards
from scoring.errors import RulesError

__all__ = ["PlayPosition", "parse_card", "parse_cards", "play_position"]


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """The state of the play of one deal, independent of the session.

    ``hands``: remaining cards per seat (``None`` unknown; seats not playing have ``frozenset()``).
    ``trick``: cards of the current trick in play order from ``leader``. ``won``: tricks per active
    seat, in ``active`` order. ``played``: every card played face up so far. ``known_out``: per seat,
    trumps that seat knows are out of play (its own recorded discards, a discarded up-card).
    ``ranking`` says what wins a trick (``trump`` is its suit, ``None`` in a Lo-No deal);
    ``opening_lead`` is the turned card a Lo-No dealer must lead, until the first card is played.
    """

    ranking: TrickOrder
    rules: PlayRules
    active: tuple[int, ...]
    hands: tuple[frozenset[Card] | None, ...]
    leader: int
    trick: tuple[Card, ...]
    trick_number: int
    won: tuple[int, ...]
    played: frozenset[Card]
    known_out: tuple[frozenset[Card], ...]
    void_in_trump: frozenset[int] = frozenset()
    tricks_total: int = 5
    opening_lead: Card | None = None

    @property
    def trump(self) -> Suit | None:
        return self.ranking.trump

    @property
    def finished(self) -> bool:
        return self.trick_number > self.tricks_total

    @property
    def order(self) -> tuple[int, ...]:
        """Seats in play order for the current trick."""
        return rotate(self.active, self.leader)

    @property
    def to_play(self) -> int | None:
        return None if self.finished else self.order[len(self.trick)]

    def tricks_taken(self) -> dict[int, int]:
        return dict(zip(self.active, self.won, strict=True))

    def view(self, seat: int) -> CinchView:
        """What ``seat`` knows for the cinch test (§3.6) at this moment."""
        return CinchView(
            won=self.won[self.active.index(seat)],
            played=self.played,
            known_out=self.known_out[seat],
            last_to_play=len(self.trick) == len(self.active) - 1,
            others_void_in_trump=all(s in self.void_in_trump for s in self.active if s != seat),
            opening_lead=self.opening_lead,
        )

    def legal_for(self, hand: frozenset[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
        """The legal cards for the player to act if they hold ``hand`` (for hidden-hand searches)."""
        seat = self.to_play
        if seat is None:
            return ()
        cards = tuple(sort_cards(hand))
        return legal(cards, self.trick, self.ranking, self.rules, self.view(seat))

    def legal_cards(self) -> tuple[Card, ...] | None:
        """Legal cards of the player to act, or ``None`` when their hand is unknown."""
        seat = self.to_play
        if seat is None:
            return ()
        hand = self.hands[seat]
        return None if hand is None else self.legal_for(hand)

    def play(self, card: Card) -> PlayPosition:
        """The position after the player to act plays ``card`` (legality is the caller's job)."""
        seat = self.to_play
        if seat is None:
            raise RulesError("deal_complete", "All five tricks have been played.", rule="bourre.md §3.3")
        hands = tuple(h - {card} if s == seat and h is not None else h for s, h in enumerate(self.hands))
        trick = (*self.trick, card)
        void = self.void_in_trump
        if self.trump is not None and self.trick and card.suit not in (self.trump, self.trick[0].suit):
            void = void | {seat}
        if self.trump is not None and self.trick and self.trick[0].suit == self.trump and card.suit != self.trump:
            void = void | {seat}
        position = dataclasses.replace(
            self, hands=hands, trick=trick, played=self.played | {card}, void_in_trump=void, opening_lead=None
        )
        if len(trick) < len(self.active):
            return position
        best = winning_card(trick, self.ranking)
        winner = self.order[trick.index(best)]
        won = tuple(n + 1 if s == winner else n for s, n in zip(self.active, self.won, strict=True))
        return dataclasses.replace(position, leader=winner, trick=(), trick_number=self.trick_number + 1, won=won)


def play_position(state: Session) -> PlayPosition:
    """The play position of the card-by-card deal in ``state`` (after the draw).

    Raises ``RulesError("no_play_position")`` when no deal is being played card by card.
    """
    deal = state.deal
    if deal is None or len(deal.active) < 2 or len(deal.draws) < len(deal.active) or _second_chance_open(state):
        raise RulesError("no_play_position", "No deal is in its play phase.", rule="bourre.md §3.3")
    v = state.variants
    trick_list = tricks(deal)
    current = trick_list[-1] if trick_list else None
    if current is None or current.complete:
        number = deal.hand + 1
        leader = trick_list[-1].winner if trick_list and trick_list[-1].winner is not None else deal.first_leader
        cards: tuple[Card, ...] = ()
    else:
        number, leader, cards = current.number, current.leader, current.cards
    won_map = tricks_won(deal)
    known_out = []
    for seat in range(state.seats):
        out = {c for c in deal.discards[seat] if c.suit == deal.trump}
        if deal.up_out:
            out.add(deal.up_card)
        known_out.append(frozenset(out))
    hands = tuple(h if s in deal.active else frozenset() for s, h in enumerate(deal.hands))
    return PlayPosition(
        ranking=deal.ranking,
        rules=play_rules(v),
        active=deal.active,
        hands=hands,
        leader=leader,
        trick=cards,
        trick_number=number,
        won=tuple(won_map[s] for s in deal.active),
        played=frozenset(c for _, c in deal.plays),
        known_out=tuple(known_out),
        void_in_trump=frozenset(s for s in deal.active if shown_void_in_trump(deal, s, trick_list, v)),
        tricks_total=deal.hand,
        opening_lead=deal.up_card if deal.lo_no and not deal.plays else None,
    )


def _second_chance_open(state: Session) -> bool:
    step = next_step(state)
    return step is not None and step[0] != "play"
