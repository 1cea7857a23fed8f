"""Concrete events for the shared playout and perft harnesses (:meth:`scoring.protocol.Game.legal_events`).

The players' moves are the seating (who judges first) and the slogans played face down. The round's
result is the judge's taste and a Hot or Not card drawn from the deck: no rule chooses either, so it
is the round's chance event (tshirt-game.md "Result entry for one round").
"""

from __future__ import annotations

import random

from scoring.events import Event
from scoring.tshirt.events import RoundResult, SloganPlayed, StartGame
from scoring.tshirt.state import TShirtState

#: Printed values a drawn Hot or Not card may show (the box's cards run from 0 to a few thousand).
CARD_VALUES = (0, 50, 200, 450, 1000, 1500)


def legal_events(state: TShirtState) -> list[Event]:
    if state.result is not None:
        return []
    judge = state.judge
    if judge is None:
        return [StartGame(s) for s in range(state.seats)]
    return [SloganPlayed(state.round_number, s) for s in _others(state, judge) if s not in state.submitted]


def chance_event(state: TShirtState, rng: random.Random) -> Event | None:
    judge = state.judge
    if state.result is not None or judge is None or legal_events(state):
        return None
    others = _others(state, judge)
    winner = rng.choice(others)
    limit = state.variants.max_hot_or_not_value
    value = rng.choice([v for v in CARD_VALUES if limit is None or v <= limit])
    boo = rng.random() < 0.2
    victims = [(s, c) for s, mine in enumerate(state.cards) if s != winner for c in mine]
    if boo and state.variants.boo_yah_can_steal and victims and rng.random() < 0.5:
        seat, card = rng.choice(victims)
        return RoundResult(state.round_number, judge, winner, value, True, seat, card.round, card.printed)
    return RoundResult(state.round_number, judge, winner, value, boo)


def _others(state: TShirtState, judge: int) -> list[int]:
    return [s for s in range(state.seats) if s != judge]
