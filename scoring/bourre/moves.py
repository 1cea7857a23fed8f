"""Concrete events for the shared playout and perft harnesses (:meth:`scoring.protocol.Game.legal_events`).

Moves, from hands the record knows: play or pass (bourre.md §3.1, with the dealer's duty on an
ace and four-card Bourré's entry condition), and the card played (§3.4, §3.6: exactly the cards
:func:`~scoring.bourre.legality.legal` allows). Chance: the deal (hands, up-card, and Lo-No when
the dealer may call it, §7) and the draw (§3.2: the discards are the player's secret, the cards
received the stock's; at most what the stock still holds, so no recycling is needed).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from scoring.bourre import turns
from scoring.bourre.events import Deal, Declare, Draw, PlayCard
from scoring.bourre.state import CardDeal, Session
from scoring.cards import STANDARD_DECK, Card, parse_cards
from scoring.events import Event
from scoring.protocol import JSON

Actions = Callable[[Session], list[JSON]]


def legal_events(state: Session, actions: Actions) -> list[Event]:
    step = turns.next_step(state)
    if state.finished or state.deal is None or step is None or step[0] == "draw":
        return []
    events: list[Event] = []
    for action in actions(state):
        if action["type"] == "declare":
            events += [Declare(action["seat"], play) for play in action["play"]]
        elif action["type"] == "play_card":
            events += [PlayCard(action["seat"], card) for card in parse_cards(action["cards"] or [])]
    return events


def chance_event(state: Session, rng: random.Random, actions: Actions) -> Event | None:
    if state.finished:
        return None
    step = turns.next_step(state) if state.deal is not None else None
    if state.deal is not None and step is not None:
        return _draw(state, state.deal, step[1], rng) if step[0] == "draw" else None
    return _deal(state, rng, actions)


def _deal(state: Session, rng: random.Random, actions: Actions) -> Event:
    v = state.variants
    template = next(a for a in actions(state) if a["type"] == "deal")
    seated = sorted(state.seated)
    dealer: int = template["dealer"] if template["dealer"] is not None else seated[0]
    pack = list(STANDARD_DECK)
    rng.shuffle(pack)
    order = [s for s in ((dealer + i) % state.seats for i in range(1, state.seats + 1)) if s in seated]
    hands: dict[int, list[Card]] = {s: [] for s in order}
    for _ in range(v.hand_size):  # §2.4: one card at a time, the dealer's last card turned up
        for s in order:
            hands[s].append(pack.pop())
    up = hands[dealer][-1] if v.up_card_owned else pack.pop()
    lo_no = v.lo_no_card(up.rank) and rng.random() < 0.7
    dealt = tuple(tuple(hands.get(s, ())) for s in range(state.seats))
    return Deal(up_card=up, dealer=dealer, hands=dealt, lo_no=lo_no)


def _draw(state: Session, deal: CardDeal, seat: int, rng: random.Random) -> Event:
    hand = deal.hands[seat]
    assert hand is not None, "chance draws are for hands the record knows"
    cap = state.variants.discard_cap(len(deal.seated))
    kept = deal.up_card if deal.lo_no and seat == deal.dealer else None  # §7: the Lo-No dealer leads it
    stock = sorted(_unseen(deal), key=str)
    count = rng.randint(0, min(cap, len(stock), deal.stock, len(hand) - (kept is not None)))
    out = tuple(rng.sample(sorted((c for c in hand if c != kept), key=str), count))
    got = tuple(rng.sample(stock, count))
    return Draw(seat, count, out, got)


def _unseen(deal: CardDeal) -> set[Card]:
    """Cards no hand, discard, play or up-card of this deal shows: what the stock may give."""
    seen: set[Card] = {deal.up_card}
    for held in deal.hands:
        seen |= held or set()
    for thrown in deal.discards:
        seen |= thrown
    for record in deal.draws:
        seen |= set(record.discarded) | set(record.received)
    seen |= {card for _, card in deal.plays}
    return set(STANDARD_DECK) - seen
