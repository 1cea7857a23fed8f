"""Random Tonk hands with private cards, choosing only legal actions.

Random sessions with every hand known are the shared harness's (tests/scoring/test_playouts.py).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import STANDARD_DECK, Card
from scoring.events import Event
from scoring.record import RecordedEvent, replay_events
from scoring.tonk import GAME, TonkState

VARIANT_CHOICES: dict[str, list[Any]] = {
    "hand_size": [5, 7],
    "jokers_wild": [False, True],
    "ace_in_runs": ["low_only", "low_or_high_no_wrap"],
    "hit_lock": ["per_card", "per_hitting_turn", "off"],
    "caught_payout": ["pagat", "dropper_only", "wikipedia", "low_only_double"],
    "stock_end": ["on_draw_from_empty", "on_last_card"],
    "stock_tie": ["draw", "split"],
    "tonk_requires_six": [False, True],
    "payout_scheme": ["standard", "texas"],
    "auto_49_50": ["both_double", "fifty_only_auto", "texas", "off"],
    "low_count_auto": ["off", "le13_double", "le13_double_le9_triple", "le15_double"],
    "drop_timing": ["start_of_turn", "also_after_deal"],
    "discard_take_must_meld": [False, True],
    "rediscard_taken_card": [False, True],
    "one_hit_per_turn": [False, True],
    "hit_runs_only": [False, True],
    "upcard": [True, False],
    "court_values": ["ten_ten_ten", "11_12_13"],
    "double_double": [False, True],
}


def _step(state: TonkState, event: Event, recorded: list[RecordedEvent]) -> TonkState:
    before = copy.deepcopy(state)
    event_type, payload = GAME.dump_event(event)
    assert GAME.parse_event(event_type, json.loads(json.dumps(payload))) == event
    new = GAME.apply(state, event)
    assert state == before  # apply never mutates its input
    recorded.append(RecordedEvent(len(recorded) + 1, event_type, payload))
    return new


def _private_options(state: TonkState, real: list[list[Card]]) -> list[dict[str, Any]]:
    """Legal actions for a table whose hands are private: the harness knows the real cards."""
    from itertools import combinations

    from scoring.tonk.melds import hit_kinds, spread_kinds

    play = state.play
    assert play is not None
    out: list[dict[str, Any]] = []
    for action in GAME.legal_actions(state):
        kind = action["type"]
        if kind in ("declare", "side_bet", "show_hands"):
            continue
        if kind in ("drop", "draw", "claim_49"):
            out.append(dict(action))
        elif kind == "spread":
            hand = real[action["seat"]]
            for size in range(3, len(hand) + 1):
                out += [
                    {"type": "spread", "seat": action["seat"], "cards": [str(c) for c in combo]}
                    for combo in combinations(hand, size)
                    if spread_kinds(combo, state.variants)
                ]
            for target in play.spreads:
                out += [
                    {"type": "hit", "seat": action["seat"], "spread": target.number, "cards": [str(c)]}
                    for c in hand
                    if hit_kinds(target.cards, target.kinds, (c,), state.variants)
                ]
        elif kind == "discard":
            hand = real[action["seat"]]
            cards = action["cards"] if action["cards"] is not None else [str(c) for c in hand]
            if play.taken is not None and not state.variants.rediscard_taken_card and len(hand) > 1:
                cards = [c for c in cards if c != str(play.taken)]
            out += [{"type": "discard", "seat": action["seat"], "card": c} for c in cards]
    return out


@settings(max_examples=80, deadline=None)
@given(data=st.data(), seats=st.integers(2, 4))
def test_random_hands_with_private_cards(data: st.DataObject, seats: int) -> None:
    """Hands and stock draws private for some seats; hands are shown at a drop or stock end."""
    players = tuple(f"P{i}" for i in range(seats))
    variants = {"hit_lock": data.draw(st.sampled_from(["per_card", "off"])), "auto_49_50": "off"}
    state = GAME.start(variants, players)
    initial = state
    recorded: list[RecordedEvent] = []
    deck = data.draw(st.permutations(list(STANDARD_DECK)))
    real = [list(deck[i * 5 : (i + 1) * 5]) for i in range(seats)]
    public = [data.draw(st.booleans()) for _ in range(seats)]
    rest = list(deck[seats * 5 :])
    upcard = rest.pop(0)
    hands = [[str(c) for c in real[s]] if public[s] else None for s in range(seats)]
    state = _step(state, GAME.parse_event("deal", {"upcard": str(upcard), "hands": hands}), recorded)
    for _ in range(400):
        if state.hands:
            break
        play = state.play
        assert play is not None
        for seat, held in enumerate(play.held):
            assert held.size == len(real[seat])  # the record's hand sizes follow the real hands
            assert set(held.known) <= set(real[seat])
        assert play.stock == len(rest)
        if play.pending is not None:
            shown = [[str(c) for c in real[s]] if not play.held[s].fully_known else None for s in range(seats)]
            state = _step(state, GAME.parse_event("show_hands", {"hands": shown}), recorded)
            continue
        choice = data.draw(st.sampled_from(_private_options(state, real)))
        kind = choice.pop("type")
        seat = choice.get("seat")
        if kind == "draw" and choice["source"] == "stock" and rest:
            card = rest.pop(0)
            real[seat].append(card)
            if public[seat]:
                choice["card"] = str(card)
        elif kind == "draw" and choice["source"] == "discard":
            real[seat].append(play.discards[-1])
        elif kind in ("spread", "hit"):
            for text in choice["cards"]:
                real[seat].remove(next(c for c in real[seat] if str(c) == text))
        elif kind == "discard":
            real[seat].remove(next(c for c in real[seat] if str(c) == choice["card"]))
        state = _step(state, GAME.parse_event(kind, choice), recorded)
    assert state.hands, "hand did not end"
    assert sum(state.totals) == 0
    assert replay_events(GAME, initial, recorded) == state
