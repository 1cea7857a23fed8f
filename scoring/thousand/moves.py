"""Concrete events for the shared playout and perft harnesses (:meth:`scoring.protocol.Game.legal_events`).

Moves, from hands the record knows: every bid from the minimum to the seat's ceiling (thousand.md
§4.2–§4.3, open or blind §4.6), a pass, looking at a blind hand, taking the talon (§5), giving
cards (§5.2), the discard (two-player §13), raising the contract (§5.3), giving up (§6), and the
card played with the marriage or four aces it may announce (§7–§8). Chance: the deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

from scoring.cards import Card, parse_cards
from scoring.events import Event
from scoring.protocol import JSON
from scoring.thousand import cardplay
from scoring.thousand.events import (
    Bid,
    Deal,
    Discard,
    GiveCard,
    GiveUp,
    LookAtHand,
    Pass,
    PlayCard,
    RaiseContract,
    TakeTalon,
)
from scoring.thousand.match import current_seating
from scoring.thousand.rules import DECK, hand_size
from scoring.thousand.state import ThousandState
from scoring.thousand.variants import ThousandVariants

#: The highest contract a hand can make: 120 card points and all four marriages (100+80+60+40),
#: the ceiling when the record does not know the bidder's hand.
HIGHEST_CONTRACT = 400


def legal_events(state: ThousandState) -> list[Event]:
    if state.result is not None or state.deal is None:
        return []
    events: list[Event] = []
    for action in cardplay.legal_actions(state):
        events += _concrete(state.variants, action)
    return events


def _concrete(v: ThousandVariants, action: JSON) -> list[Event]:
    kind = action["type"]
    seat: int = action.get("seat") or 0
    if kind == "bid":
        return [Bid(seat, a, bool(action.get("blind"))) for a in _amounts(v, action["min"], action.get("max"))]
    if kind == "raise_contract":
        return [RaiseContract(seat, a) for a in _amounts(v, action["min"], action.get("max"))]
    if kind == "pass":
        return [Pass(seat)]
    if kind == "look_at_hand":
        return [LookAtHand(seat)]
    if kind == "take_talon":
        return [TakeTalon(seat, pile=action.get("pile"))]
    if kind == "give_up":
        return [GiveUp(seat, action["kind"])]
    if kind == "give_card":
        return [GiveCard(seat, action["to"], card) for card in parse_cards(action.get("cards") or [])]
    if kind == "discard":
        return [Discard(seat, combo) for combo in combinations(parse_cards(action.get("cards") or []), action["count"])]
    if kind == "play_card":
        return _plays(seat, action)
    return []


def _plays(seat: int, action: JSON) -> list[Event]:
    events: list[Event] = [PlayCard(seat, card) for card in parse_cards(action.get("cards") or [])]
    events += [PlayCard(seat, card, "marriage") for card in parse_cards(action.get("marriage", []))]
    events += [PlayCard(seat, card, "four_aces") for card in parse_cards(action.get("four_aces", []))]
    return events


def _amounts(v: ThousandVariants, low: int, high: int | None) -> Iterator[int]:
    amount, top = low, HIGHEST_CONTRACT if high is None else high
    while amount <= top:
        yield amount
        amount += v.step_at(amount + v.bid_step)


def chance_event(state: ThousandState, rng: random.Random) -> Event | None:
    """The next deal: a hand for every active seat and the talon (§3)."""
    if state.result is not None or state.deal is not None:
        return None
    cards = list(DECK)
    rng.shuffle(cards)
    active = current_seating(state).active
    size = hand_size(len(active))
    hands: list[tuple[Card, ...] | None] = [None] * state.seats
    for i, seat in enumerate(active):
        hands[seat] = tuple(cards[i * size : (i + 1) * size])
    return Deal(hands=tuple(hands), talon=tuple(cards[len(active) * size :]))
