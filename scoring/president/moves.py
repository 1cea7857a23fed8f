"""Concrete events for the shared playout and perft harnesses (:meth:`scoring.protocol.Game.legal_events`).

Moves: the exchange (president.md §2.2: the best cards when the rule names them, any cards of the
giver's choice otherwise), the redeal when it is due, and every set a seat may play or a pass
(§2.4, the sets of :func:`~scoring.president.legal.play_actions`). Chance: the deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from typing import Any

from scoring.cards import parse_cards, sort_cards
from scoring.events import Event
from scoring.president.deal import deal_sizes, full_deck
from scoring.president.events import Deal, Exchange, Pass, Play, Redeal
from scoring.president.legal import play_actions
from scoring.president.ranks import exchange_value
from scoring.president.state import PresidentState, Round


def legal_events(state: PresidentState, apply: Callable[[PresidentState, Any], PresidentState]) -> list[Event]:
    rnd = state.current
    if state.result is not None or rnd is None:
        return []
    if rnd.phase == "redeal_due":
        return [Redeal()]
    if rnd.phase == "exchange":
        return _exchanges(state, rnd)
    events: list[Event] = []
    for action in play_actions(state, apply):
        if action["type"] == "pass":
            events.append(Pass(action["seat"]))
        elif action.get("cards") is not None:
            events.append(Play(action["seat"], tuple(parse_cards(" ".join(action["cards"])))))
    return events


def _exchanges(state: PresidentState, rnd: Round) -> list[Event]:
    t = rnd.transfers[rnd.done]
    if rnd.hands is None:
        return [Exchange(t.giver, t.receiver, count=t.count)]
    hand = sorted(rnd.hands[t.giver], key=lambda c: exchange_value(c, state.variants), reverse=True)
    if t.kind == "best":
        return [Exchange(t.giver, t.receiver, tuple(hand[: t.count]))]
    options = sorted(set(combinations(sort_cards(hand), t.count)), key=lambda combo: [str(c) for c in combo])
    if t.kind == "requested":
        return [Exchange(t.giver, t.receiver, combo, requested=combo) for combo in options]
    return [Exchange(t.giver, t.receiver, combo) for combo in options]


def chance_event(state: PresidentState, rng: random.Random) -> Event | None:
    """The next round's deal with every hand known; the first dealer is drawn at random (§2.1)."""
    if state.result is not None or state.current is not None:
        return None
    last = state.last
    dealer = last.next_dealer if last else rng.randrange(state.seats)
    pack = list(full_deck(state.variants))
    rng.shuffle(pack)
    hands = []
    for size in deal_sizes(len(pack), state.seating, dealer):
        hands.append(tuple(pack[:size]))
        pack = pack[size:]
    return Deal(dealer=dealer, hands=tuple(hands))
