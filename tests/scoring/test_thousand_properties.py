"""Hypothesis playouts choosing only legal actions, with invariants checked after every event.

Invariants: card points of every deal played to the end total 120 and tricks 8 (10 with two
players); totals stay multiples of 5 under the default rounding; every event round-trips through
its JSON form; ``apply`` never changes its input; replaying the record equals the state built step
by step; and the same deals recorded **without** the hands replay to the same totals with no
finding (legal play can never be "proven" illegal).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.record import MatchRecord, RecordedEvent, replay
from scoring.thousand import GAME
from scoring.thousand.match import current_seating
from scoring.thousand.rules import DECK, hand_size
from scoring.thousand.state import ThousandState

VARIANT_SETS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (3, {"must_head_trick": True, "four_aces_bonus": 200, "trump_change_timing": "next_trick"}),
    (3, {"blind_bidding": True, "talon_visibility": "dark_if_uncontested_100", "bomb": True}),
    (3, {"marriage_requires_won_trick": False, "bid_ceiling": "sum_of_marriages", "dump_truck": "both_signs"}),
    (4, {"four_player_inactive_bonus": "talon_points_and_pair", "four_player_inactive_seat": "dealer_opposite"}),
    (2, {}),
    (3, {"gold_set": True, "rospisat_limit": "one_plus_one_spisat", "barrel_collision": "bump_previous"}),
    (2, {"two_player_talons": "both", "two_player_discard_points_to": "declarer"}),
    (3, {"reverse_barrel": True, "blind_bidding": True, "blind_max_bid": None}),
]


def random_action(state: ThousandState, rng: random.Random) -> tuple[str, dict[str, Any]]:
    if state.deal is None:
        cards = list(DECK)
        rng.shuffle(cards)
        seating = current_seating(state)
        size = hand_size(len(seating.active))
        hands: list[list[str]] = [[] for _ in range(state.seats)]
        for i, seat in enumerate(seating.active):
            hands[seat] = [str(c) for c in cards[i * size : (i + 1) * size]]
        talon = [str(c) for c in cards[len(seating.active) * size :]]
        return "deal", {"hands": hands, "talon": talon}
    actions = GAME.legal_actions(state)
    rare = [a for a in actions if a["type"] in ("give_up", "raise_contract")]
    common = [a for a in actions if a not in rare]
    action = rng.choice(rare if rare and (not common or rng.random() < 0.08) else common)
    kind, seat = action["type"], action["seat"]
    if kind in ("bid", "raise_contract"):
        low = action["min"]
        high = action.get("max") or low + 40
        amount = rng.choice([low, low, rng.randrange(low, max(high, low) + 1, 5)])
        amount = min(amount, high)
        amount -= amount % (10 if amount > 200 and state.variants.bid_step_above_200 == 10 else 5)
        payload: dict[str, Any] = {"seat": seat, "amount": max(amount, low)}
        if action.get("blind"):
            payload["blind"] = True
        return kind, payload
    if kind == "give_card":
        return kind, {"seat": seat, "to": action["to"], "card": rng.choice(action["cards"])}
    if kind == "discard":
        return kind, {"seat": seat, "cards": rng.sample(action["cards"], action.get("count", 2))}
    if kind == "give_up":
        return kind, {"seat": seat, "kind": action["kind"]}
    if kind == "play_card":
        options = [{"card": c} for c in action["cards"]]
        options += [{"card": c, "announce": "marriage"} for c in action.get("marriage", [])] * 3
        options += [{"card": c, "announce": "four_aces"} for c in action.get("four_aces", [])]
        return kind, {"seat": seat, **rng.choice(options)}
    return kind, {k: v for k, v in action.items() if k in ("seat", "pile")}


def check_deal_invariants(state: ThousandState, defaults: bool) -> None:
    for record in state.history:
        if record.mode == "cards" and record.kind == "played" and record.card_points is not None:
            forfeit = any(n.code == "forfeit" for n in record.notes)
            if not forfeit:
                assert sum(record.card_points) == 120
                assert record.tricks is not None and sum(record.tricks) in (8, 10)
    if defaults:
        assert all(total % 5 == 0 for total in state.totals)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9), which=st.integers(0, len(VARIANT_SETS) - 1), deals=st.integers(1, 8))
def test_random_legal_playouts(seed: int, which: int, deals: int) -> None:
    rng = random.Random(seed)
    seats, variants = VARIANT_SETS[which]
    players = tuple("ABCD"[:seats])
    state = GAME.start(variants, players)
    events: list[tuple[str, dict[str, Any]]] = []
    while state.result is None and len(state.history) < deals:
        event_type, payload = random_action(state, rng)
        parsed = GAME.parse_event(event_type, payload)
        dumped_type, dumped = GAME.dump_event(parsed)
        assert dumped_type == event_type and GAME.parse_event(dumped_type, dumped) == parsed
        snapshot = copy.deepcopy(state) if len(events) % 7 == 0 else None
        new = GAME.apply(state, parsed)
        if snapshot is not None:
            assert state == snapshot  # apply never mutates its input
        state = new
        events.append((event_type, payload))
        check_deal_invariants(state, defaults=not variants or which == 5)
    record = MatchRecord(
        "thousand", variants, players, tuple(RecordedEvent(i, t, p) for i, (t, p) in enumerate(events, 1))
    )
    assert replay(record) == state
    # The same record without the hands: legal play proves nothing, totals are the same.
    blind_events = [(t, {k: v for k, v in p.items() if k != "hands"} if t == "deal" else p) for t, p in events]
    hidden = MatchRecord(
        "thousand", variants, players, tuple(RecordedEvent(i, t, p) for i, (t, p) in enumerate(blind_events, 1))
    )
    unknown = replay(hidden)
    assert unknown.findings == ()
    assert unknown.totals == state.totals
    assert [h.entries for h in unknown.history] == [h.entries for h in state.history]
    # ... and with the passed cards face down as well.
    faceless = [(t, {k: v for k, v in p.items() if k != "card"} if t == "give_card" else p) for t, p in blind_events]
    hidden2 = MatchRecord(
        "thousand", variants, players, tuple(RecordedEvent(i, t, p) for i, (t, p) in enumerate(faceless, 1))
    )
    unknown2 = replay(hidden2)
    assert unknown2.findings == () and unknown2.totals == state.totals
    # ... and with only some hands known (§16.1): the known ones checked exactly, still no finding.
    part = random.Random(seed + 1)
    partial = [(t, _some_hands(p, part) if t == "deal" else p) for t, p in events]
    hidden3 = MatchRecord(
        "thousand", variants, players, tuple(RecordedEvent(i, t, p) for i, (t, p) in enumerate(partial, 1))
    )
    unknown3 = replay(hidden3)
    assert unknown3.findings == () and unknown3.totals == state.totals


def _some_hands(payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The deal with a random set of hands (and maybe the talon) left out. With four players the
    talon stays: the sitting-out player's bonus needs it (§3.2)."""
    hands = [h if rng.random() < 0.5 else None for h in payload["hands"]]
    out: dict[str, Any] = {"hands": hands}
    if len(hands) == 4 or rng.random() < 0.5:
        out["talon"] = payload["talon"]
    return out


@st.composite
def played_entry(draw: st.DrawFn, state: ThousandState) -> dict[str, Any]:
    """A valid result entry for three players: tricks and card points that can happen."""
    seating = current_seating(state)
    active = list(seating.active)
    tricks = [0, 0, 0]
    for _ in range(8):
        tricks[draw(st.integers(0, 2))] += 1
    points = [0, 0, 0]
    winners = [i for i in range(3) if tricks[i]]
    for _ in range(120):
        points[draw(st.sampled_from(winners))] += 1
    suits = draw(st.lists(st.sampled_from("SCDH"), unique=True, max_size=4))
    marriages: list[list[str]] = [[], [], []]
    for suit in suits:
        marriages[draw(st.sampled_from(winners))].append(suit)
    declarer = draw(st.sampled_from(range(3)))
    contract = draw(st.sampled_from([100, 105, 110, 120, 125, 140, 160, 200]))
    return {
        "declarer": active[declarer],
        "contract": contract,
        "card_points": [points[active.index(s)] for s in range(3)],
        "tricks": [tricks[active.index(s)] for s in range(3)],
        "marriages": [marriages[active.index(s)] for s in range(3)],
    }


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_result_entries(data: st.DataObject) -> None:
    state = GAME.start({}, ("A", "B", "C"))
    for _ in range(data.draw(st.integers(1, 12))):
        if state.result is not None:
            break
        payload = data.draw(played_entry(state))
        snapshot = copy.deepcopy(state)
        new = GAME.apply_json(state, "deal_result", payload)
        assert state == snapshot
        state = new
        assert all(total % 5 == 0 for total in state.totals)
        last = state.history[-1]
        assert sum(last.card_points or ()) == 120
        # §9.1: nobody is left strictly between the barrel and 1000 outside the barrel.
        for seat, total in enumerate(state.totals):
            if 880 <= total < 1000:
                assert total == 880 and state.barrel[seat] is not None
