"""Concrete events for the shared playout and perft harnesses (:meth:`scoring.protocol.Game.legal_events`).

Moves: the pass (hearts.md §2.2: any ``pass_count`` cards of the hand, or none under
``optional_pass``), the card played (§2.3, exactly :func:`~scoring.hearts.legality.legal_cards`),
passing the lead (§2.3 C.4 ``pass_lead``) and the moon shooter's choice (§3.3). Chance: the deal.
"""

from __future__ import annotations

import random
from itertools import combinations

from scoring.cards import sort_cards
from scoring.errors import RulesError
from scoring.events import Event
from scoring.hearts.deal import deal_config
from scoring.hearts.events import Deal, MoonChoice, PassCards, PassLead, PlayCard
from scoring.hearts.hand import Hand
from scoring.hearts.hand_score import moon_shooter
from scoring.hearts.legality import legal_cards, pass_lead_exclusions, seats_to_act
from scoring.hearts.state import HeartsState
from scoring.hearts.variants import HeartsVariants


def legal_events(state: HeartsState) -> list[Event]:
    hand = state.current
    if state.result is not None or hand is None:
        return []
    if hand.phase == "pass":
        return _passes(state, hand)
    if hand.phase == "moon_choice":
        shooter = moon_shooter(hand.points, hand.jack_taker, state.variants)
        assert shooter is not None  # the phase exists only after a moon
        return [MoonChoice(shooter, "add_to_others"), MoonChoice(shooter, "subtract_from_shooter")]
    events: list[Event] = []
    for seat in seats_to_act(hand, state.variants):
        events += [PlayCard(seat, card) for card in legal_cards(hand, state.variants, seat)]
        if may_pass_lead(hand, state.variants, seat):
            events.append(PassLead(seat))
    return events


def _passes(state: HeartsState, hand: Hand) -> list[Event]:
    v = state.variants
    declined = any(done and p == () for done, p in zip(hand.passed, hand.passes, strict=True))
    made = any(done and p != () for done, p in zip(hand.passed, hand.passes, strict=True))
    events: list[Event] = []
    for seat, done in enumerate(hand.passed):
        if done:
            continue
        if declined or (v.optional_pass and not made):  # §2.2 optional_pass: all pass or none does
            events.append(PassCards(seat, ()))
        if not declined:
            cards = sort_cards(hand.dealt_known[seat])
            events += [PassCards(seat, combo) for combo in combinations(cards, v.pass_count)]
    return events


def may_pass_lead(hand: Hand, variants: HeartsVariants, seat: int) -> bool:
    """§2.3 C.4: a leader holding only hearts may pass the lead (when the house rule says so)."""
    try:
        restrictions = pass_lead_exclusions(hand, variants, seat)
    except RulesError:
        return False
    return not any(frozenset(r.cards) & hand.known[seat] for r in restrictions)


def chance_event(state: HeartsState, rng: random.Random) -> Event | None:
    """The next hand's deal, every hand known (and the kitty, when there is one)."""
    if state.result is not None or state.current is not None:
        return None
    config = deal_config(state.variants, state.seats)
    pack = sort_cards(config.pack)
    rng.shuffle(pack)
    each = config.per_player
    hands = tuple(tuple(pack[i * each : (i + 1) * each]) for i in range(state.seats))
    kitty = tuple(pack[state.seats * each :]) if config.kitty_size else None
    return Deal(hands=hands, kitty=kitty)
