"""What the record knows about the cards of a Tonk hand being played (rules/tonk.md §6)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from scoring.cards import Card
from scoring.errors import RulesError
from scoring.tonk.state import Held, Play, add_seen


def copies(card: Card) -> int:
    """Copies of a card in the deck: two jokers, one of every other card."""
    return 2 if card.is_joker else 1


def check_unseen(play: Play, cards: Sequence[Card], rule: str = "tonk.md §6.1") -> None:
    """No card may appear twice among upcard, discards, spreads, hits and exposed hands (§6.1)."""
    for card in cards:
        if play.seen_count(card) + sum(1 for c in cards if c == card) > copies(card):
            raise RulesError(
                "card_already_seen",
                "The record already shows %(card)s elsewhere (upcard, discards, spreads or another hand).",
                rule=rule,
                card=card.pretty,
            )


def take(play: Play, seat: int, cards: Sequence[Card]) -> Play:
    """Remove ``cards`` from ``seat``'s hand: known cards first, else private cards never seen."""
    held = play.held[seat]
    known = list(held.known)
    unknown = held.unknown
    fresh: list[Card] = []
    for card in cards:
        if card in known:
            known.remove(card)
        elif unknown > 0:
            unknown -= 1
            fresh.append(card)
        else:
            raise RulesError(
                "card_not_in_hand",
                "%(card)s is not in seat %(seat)s's hand as recorded.",
                rule="tonk.md §6.1",
                seat=seat,
                card=card.pretty,
            )
    check_unseen(play, fresh)
    hands = list(play.held)
    hands[seat] = Held(tuple(known), unknown)
    return dataclasses.replace(play, held=tuple(hands), seen=add_seen(play.seen, tuple(fresh)))


def reveal(play: Play, seat: int, cards: Sequence[Card]) -> Play:
    """``seat`` shows its whole hand: the private cards become known (size and duplicates checked)."""
    held = play.held[seat]
    if len(cards) != held.size:
        raise RulesError(
            "wrong_number_of_cards",
            "Seat %(seat)s holds %(expected)s cards, but %(count)s were shown.",
            rule="tonk.md §6.1",
            seat=seat,
            expected=held.size,
            count=len(cards),
        )
    rest = list(cards)
    for card in held.known:
        if card not in rest:
            raise RulesError(
                "shown_hand_mismatch",
                "Seat %(seat)s's hand is known to hold %(card)s, which the shown cards lack.",
                rule="tonk.md §6.1",
                seat=seat,
                card=card.pretty,
            )
        rest.remove(card)
    check_unseen(play, rest)
    hands = list(play.held)
    hands[seat] = Held(tuple(cards), 0)
    return dataclasses.replace(play, held=tuple(hands), seen=add_seen(play.seen, tuple(rest)))


def add_known(play: Play, seat: int, card: Card, *, fresh: bool) -> Play:
    """A drawn card enters ``seat``'s hand (``fresh``: from the stock, never seen before)."""
    if fresh:
        check_unseen(play, [card])
    held = play.held[seat]
    hands = list(play.held)
    hands[seat] = Held((*held.known, card), held.unknown)
    seen = add_seen(play.seen, (card,)) if fresh else play.seen
    return dataclasses.replace(play, held=tuple(hands), seen=seen)


def add_unknown(play: Play, seat: int) -> Play:
    held = play.held[seat]
    hands = list(play.held)
    hands[seat] = Held(held.known, held.unknown + 1)
    return dataclasses.replace(play, held=tuple(hands))
