"""Concrete events for the shared playout and perft harnesses (:meth:`scoring.protocol.Game.legal_events`).

Moves, from hands the record knows (tonk.md §2): a drop, a 49 claimed, a draw from the discard pile,
a draw from the stock (listed once per card the stock may hold: the record has not seen it yet), a
spread, a hit and a discard, exactly the options of :func:`scoring.tonk.play.legal_play_actions`.
Declarations and shown hands exist for hands kept private, so they are not moves here. Chance: the deal.
"""

from __future__ import annotations

import random
from collections import Counter

from scoring.cards import JOKER, STANDARD_DECK, Card, parse_cards
from scoring.events import Event
from scoring.protocol import JSON
from scoring.tonk.events import Claim49, Deal, Discard, Draw, Drop, Hit, Spread
from scoring.tonk.play import legal_play_actions
from scoring.tonk.state import TonkState


def _pack(state: TonkState) -> list[Card]:
    return list(STANDARD_DECK) + ([JOKER, JOKER] if state.variants.jokers_wild else [])


def legal_events(state: TonkState) -> list[Event]:
    if state.result is not None or state.play is None:
        return []
    events: list[Event] = []
    for action in legal_play_actions(state):
        events += _concrete(state, action)
    return events


def _concrete(state: TonkState, action: JSON) -> list[Event]:
    kind = action["type"]
    seat: int = action.get("seat", -1)
    if kind == "drop":
        return [Drop(seat)]
    if kind == "claim_49":
        return [Claim49(seat)]
    if kind == "draw" and action["source"] == "discard":
        return [Draw(seat, "discard", parse_cards(action["card"])[0])]
    if kind == "draw":
        return [Draw(seat, "stock", card) for card in _stock_cards(state)] or [Draw(seat, "stock")]
    if kind == "spread":
        return [Spread(seat, parse_cards(cards)) for cards in action["spreads"] or []]
    if kind == "hit":
        return [Hit(seat, action["spread"], parse_cards(action["cards"]))]
    if kind == "discard":
        return [Discard(seat, card) for card in parse_cards(action["cards"] or [])]
    return []  # declare, side_bet, show_hands: for private hands


def _stock_cards(state: TonkState) -> list[Card]:
    """The cards the stock may hold: the pack less every card the record has seen."""
    play = state.play
    if play is None or play.stock == 0:
        return []
    unseen = Counter(_pack(state)) - Counter(dict(play.seen))
    return sorted(unseen, key=str)


def chance_event(state: TonkState, rng: random.Random) -> Event | None:
    """The next hand's deal, every hand known, with the up-card when the table turns one (§1.5)."""
    if state.result is not None or state.play is not None:
        return None
    pack = _pack(state)
    rng.shuffle(pack)
    n, size = state.seats, state.variants.hand_size
    hands = tuple(tuple(pack[i * size : (i + 1) * size]) for i in range(n))
    upcard = pack[n * size] if state.variants.upcard else None
    return Deal(hands=hands, upcard=upcard)
