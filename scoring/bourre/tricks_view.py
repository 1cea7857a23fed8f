"""Reading a card-by-card deal: tricks, whose turn, what each player knows (rules/bourre.md §3.3).

Everything here is derived from the deal's play list, so a recall (§5.2) simply removes a play.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.bourre.legality import CinchView, PlayRules, Trumps, winning_card
from scoring.bourre.state import CardDeal
from scoring.bourre.variants import BourreVariants
from scoring.cards import Card


@dataclass(frozen=True, slots=True)
class TrickView:
    """One trick: its leader, the seats in play order and the cards played so far."""

    number: int
    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int | None

    @property
    def complete(self) -> bool:
        return len(self.cards) == len(self.seats)

    @property
    def to_play(self) -> int | None:
        return None if self.complete else self.seats[len(self.cards)]


def play_rules(v: BourreVariants) -> PlayRules:
    return PlayRules.of(v)


def rotate(active: tuple[int, ...], leader: int) -> tuple[int, ...]:
    i = active.index(leader)
    return active[i:] + active[:i]


def tricks(deal: CardDeal) -> list[TrickView]:
    """Every trick started so far (§3.3: first active left of the dealer leads — under Lo-No the
    dealer, §7; the winner leads next)."""
    active = deal.active
    if len(active) < 2:
        return []
    k = len(active)
    out: list[TrickView] = []
    leader = deal.first_leader
    plays = deal.plays
    for start in range(0, len(plays), k):
        chunk = plays[start : start + k]
        seats = rotate(active, leader)
        cards = tuple(c for _, c in chunk)
        winner = None
        if len(cards) == k:
            winner = seats[_win_index(cards, deal.ranking)]
        out.append(TrickView(len(out) + 1, leader, seats, cards, winner))
        if winner is not None:
            leader = winner
    if (not out or out[-1].complete) and len(out) < deal.hand:
        out.append(TrickView(len(out) + 1, leader, rotate(active, leader), (), None))
    return out


def _win_index(cards: tuple[Card, ...], trump: Trumps) -> int:
    best = winning_card(cards, trump)
    return cards.index(best)


def tricks_won(deal: CardDeal, upto: int | None = None) -> dict[int, int]:
    """Tricks per active seat among the complete tricks (before trick ``upto`` when given)."""
    won = dict.fromkeys(deal.active, 0)
    for trick in tricks(deal):
        if trick.winner is not None and (upto is None or trick.number < upto):
            won[trick.winner] += 1
    return won


def shown_void_in_trump(deal: CardDeal, seat: int, trick_list: list[TrickView], v: BourreVariants) -> bool:
    """Whether ``seat`` has shown out of trumps: no trump on a trump lead, or neither the led suit
    nor a trump when trumping was compulsory (§3.4 rule 2). Nobody does in a Lo-No deal (no trumps)."""
    trump = deal.trump
    if trump is None:
        return False
    for trick in trick_list:
        if seat not in trick.seats[: len(trick.cards)]:
            continue
        i = trick.seats.index(seat)
        card, led = trick.cards[i], trick.cards[0].suit
        if i == 0:
            continue
        if led == trump and card.suit != trump:
            return True
        if led != trump and card.suit not in (led, trump):
            before = trick.cards[:i]
            if v.trump_when_cannot_overtrump or winning_card(before, trump).suit != trump:
                return True
    return False


def cinch_view(deal: CardDeal, seat: int, v: BourreVariants, trick_list: list[TrickView] | None = None) -> CinchView:
    """What ``seat`` knows for the §3.6 test just before playing to the current trick."""
    trick_list = tricks(deal) if trick_list is None else trick_list
    current = trick_list[-1]
    others = [s for s in deal.active if s != seat]
    return CinchView(
        won=tricks_won(deal, current.number).get(seat, 0),
        played=frozenset(c for _, c in deal.plays),
        known_out=_known_out(deal, seat, v),
        last_to_play=len(current.cards) == len(current.seats) - 1,
        others_void_in_trump=all(shown_void_in_trump(deal, s, trick_list, v) for s in others),
        own_played=frozenset(c for s, c in deal.plays if s == seat),
        opening_lead=_opening_lead(deal, seat, len(deal.plays)),
    )


def _opening_lead(deal: CardDeal, seat: int, index: int) -> Card | None:
    """§7 Lo-No: the turned card the dealer must lead, for the first card of the deal only."""
    return deal.up_card if deal.lo_no and seat == deal.dealer and index == 0 else None


@dataclass(frozen=True, slots=True)
class PlayContext:
    """One recorded play with what its player knew then: the trick number, the cards before it in
    the trick and the §3.6 view (computed in one pass over the deal, for the renege proofs)."""

    index: int
    seat: int
    card: Card
    trick: int
    before: tuple[Card, ...]
    view: CinchView


def play_contexts(deal: CardDeal, v: BourreVariants) -> list[PlayContext]:
    active = deal.active
    if len(active) < 2:
        return []
    order = deal.ranking
    trump = order.trump
    k = len(active)
    leader = deal.first_leader
    seats = rotate(active, leader)
    won = dict.fromkeys(active, 0)
    played: set[Card] = set()
    own: dict[int, set[Card]] = {s: set() for s in active}
    void: set[int] = set()
    known_out = {s: _known_out(deal, s, v) for s in active}
    cards: list[Card] = []
    number = 1
    out: list[PlayContext] = []
    for index, (seat, card) in enumerate(deal.plays):
        view = CinchView(
            won=won[seat],
            played=frozenset(played),
            known_out=known_out[seat],
            last_to_play=len(cards) == k - 1,
            others_void_in_trump=all(s in void for s in active if s != seat),
            own_played=frozenset(own[seat]),
            opening_lead=_opening_lead(deal, seat, index),
        )
        out.append(PlayContext(index, seat, card, number, tuple(cards), view))
        if cards and trump is not None:
            led = cards[0].suit
            no_trump_on_trump_lead = led == trump and card.suit != trump
            could_not_trump = card.suit not in (led, trump) and (
                v.trump_when_cannot_overtrump or winning_card(cards, trump).suit != trump
            )
            if no_trump_on_trump_lead or could_not_trump:
                void.add(seat)
        cards.append(card)
        played.add(card)
        own[seat].add(card)
        if len(cards) == k:
            winner = seats[_win_index(tuple(cards), order)]
            won[winner] += 1
            seats = rotate(active, winner)
            cards = []
            number += 1
    return out


def _known_out(deal: CardDeal, seat: int, v: BourreVariants) -> frozenset[Card]:
    known = {c for c in (deal.discards[seat] if deal.discards else ()) if c.suit == deal.trump}
    if deal.up_out:
        known.add(deal.up_card)
    return frozenset(known)
