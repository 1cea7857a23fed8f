"""Benchmark: replay a whole Thousand match recorded card by card (DESIGN.md §5: ≤ 20 ms).

The match is generated with a fixed seed by choosing random legal actions (hands recorded with the
deal, every bid, the talon, the two cards given and every card played with its announcements).

Run: ``.venv/bin/python bench/thousand_replay.py [--repeat 200] [--parts]`` (``--parts`` also times
the pieces of the JSON replay one by one: corrections, parsing, the house rules, applying).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.cards import Card, parse_card
from scoring.record import MatchRecord, RecordedEvent, effective_events, replay, replay_events
from scoring.thousand import GAME
from scoring.thousand.match import current_seating
from scoring.thousand.play import base_rules
from scoring.thousand.rules import DECK, POINTS, hand_size, marriage_value, pairs_in
from scoring.thousand.state import ThousandState
from scoring.tricks import beats, winning_index

PLAYERS = ("Anna", "Boris", "Vera")


def _value(text: str) -> int:
    return POINTS[parse_card(text).rank]


def _estimate(cards: frozenset[Card], variants: Any) -> int:
    """A rough hand value: card points plus marriages held (a table player's instinct)."""
    return sum(POINTS[c.rank] for c in cards) + sum(marriage_value(s, variants) for s in pairs_in(cards))


def choose(state: ThousandState, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """A plausible legal action as (type, payload): bid on strength, announce marriages, try to win."""
    deal = state.deal
    assert deal is not None
    actions = GAME.legal_actions(state)
    by_type = {a["type"]: a for a in actions}
    if deal.phase == "bidding":
        bid = by_type.get("bid")
        hand = deal.dealt[deal.to_act] if deal.dealt is not None else frozenset()
        if bid is not None and ("pass" not in by_type or _estimate(hand, state.variants) + 25 >= bid["min"]):
            return "bid", {"seat": bid["seat"], "amount": bid["min"]}
        return "pass", {"seat": by_type["pass"]["seat"]}
    if "take_talon" in by_type:
        action = by_type["take_talon"]
        return "take_talon", {k: v for k, v in action.items() if k in ("seat", "pile")}
    if "give_card" in by_type or "discard" in by_type:
        action = by_type.get("give_card") or by_type["discard"]
        hand = deal.hands[action["seat"]] if deal.hands is not None else frozenset()
        keep = {str(c) for s in pairs_in(hand) for c in hand if c.suit == s and c.rank in (12, 13)}
        cheap = sorted((c for c in action["cards"] if c not in keep), key=lambda c: (_value(c), rng.random()))
        if action["type"] == "discard":
            return "discard", {"seat": action["seat"], "cards": cheap[:2]}
        return "give_card", {"seat": action["seat"], "to": action["to"], "card": cheap[0]}
    play = by_type["play_card"]
    seat = play["seat"]
    weak = deal.phase == "declare" and deal.hands is not None and rng.random() < 0.5
    if weak and _estimate(deal.hands[seat], state.variants) + 20 < deal.contract and "give_up" in by_type:  # type: ignore[index]
        return "give_up", {"seat": seat, "kind": "rospisat"}
    if play.get("marriage"):
        return "play_card", {"seat": seat, "card": rng.choice(play["marriage"]), "announce": "marriage"}
    cards = play["cards"]
    trick = deal.trick.cards if deal.trick is not None else ()
    if not trick:
        return "play_card", {"seat": seat, "card": max(cards, key=lambda c: (_value(c), rng.random()))}
    rules = base_rules(state.variants).with_trump(deal.trump)
    best = trick[winning_index(trick, rules)]
    winners = [c for c in cards if beats(parse_card(c), best, trick[0].suit, rules)]
    if winners:
        return "play_card", {"seat": seat, "card": max(winners, key=_value)}
    return "play_card", {"seat": seat, "card": min(cards, key=lambda c: (_value(c), rng.random()))}


def deal_event(state: ThousandState, rng: random.Random) -> dict[str, Any]:
    cards = list(DECK)
    rng.shuffle(cards)
    seating = current_seating(state)
    size = hand_size(len(seating.active))
    hands: list[list[str]] = [[] for _ in range(state.seats)]
    for i, seat in enumerate(seating.active):
        hands[seat] = [str(c) for c in cards[i * size : (i + 1) * size]]
    return {"hands": hands}


def build_match(seed: int = 1, players: tuple[str, ...] = PLAYERS) -> list[tuple[str, dict[str, Any]]]:
    """Events of one whole match played with random legal actions."""
    rng = random.Random(seed)
    state = GAME.start({}, players)
    events: list[tuple[str, dict[str, Any]]] = []
    while state.result is None:
        event = ("deal", deal_event(state, rng)) if state.deal is None else choose(state, rng)
        state = GAME.apply_json(state, *event)
        events.append(event)
    return events


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parts", action="store_true")
    args = parser.parse_args()
    events = build_match(args.seed)
    record = MatchRecord(
        "thousand", {}, PLAYERS, tuple(RecordedEvent(i, t, p) for i, (t, p) in enumerate(events, start=1))
    )
    if args.parts:
        parts(record, events, args.repeat)
    final = replay(record)
    parsed = [GAME.parse_event(t, p) for t, p in events]
    # The same match recorded without the hands: every play goes through the proof checks (§16.2).
    hidden = [
        GAME.parse_event(t, {k: v for k, v in p.items() if k != "hands"} if t == "deal" else p) for t, p in events
    ]
    wall: dict[str, list[float]] = {"record": [], "apply": [], "hidden": []}
    cpu: dict[str, list[float]] = {"record": [], "apply": [], "hidden": []}
    state = final
    for _ in range(args.repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        replay(record)
        wall["record"].append(time.perf_counter() - w0)
        cpu["record"].append(time.process_time() - c0)
        w0, c0 = time.perf_counter(), time.process_time()
        state = GAME.start({}, PLAYERS)
        for event in parsed:
            state = GAME.apply(state, event)
        wall["apply"].append(time.perf_counter() - w0)
        cpu["apply"].append(time.process_time() - c0)
        w0, c0 = time.perf_counter(), time.process_time()
        unknown = GAME.start({}, PLAYERS)
        for event in hidden:
            unknown = GAME.apply(unknown, event)
        wall["hidden"].append(time.perf_counter() - w0)
        cpu["hidden"].append(time.process_time() - c0)
        assert unknown.totals == final.totals and not unknown.findings
    assert state == final
    assert replay_events(GAME, GAME.start({}, PLAYERS), effective_events(record.events)) == final
    winner = final.result.winners if final.result else None
    print(f"events: {len(events)}  deals: {len(final.history)}  winner: {winner}  repeats: {args.repeat}")
    for key, label in (
        ("record", "replay of the JSON record (parse + apply)"),
        ("apply", "apply only (events parsed once)"),
        ("hidden", "apply only, hands not recorded (proof checks)"),
    ):
        w, c = wall[key], cpu[key]
        print(
            f"{label}: wall min {min(w) * 1000:.2f} ms, median {statistics.median(w) * 1000:.2f} ms; "
            f"CPU min {min(c) * 1000:.2f} ms, median {statistics.median(c) * 1000:.2f} ms"
        )


def parts(record: MatchRecord, events: list[tuple[str, dict[str, Any]]], repeat: int) -> None:
    """CPU min of each piece of ``replay(record)``, measured one after the other."""
    parsed = [GAME.parse_event(t, p) for t, p in events]

    def apply() -> None:
        state = GAME.start({}, PLAYERS)
        for event in parsed:
            state = GAME.apply(state, event)

    pieces = {
        "effective_events (corrections)": lambda: effective_events(record.events),
        f"parse {len(events)} events": lambda: [GAME.parse_event(t, p) for t, p in events],
        "replay of the record with no events (house rules, start)": lambda: replay(
            MatchRecord("thousand", record.variants, PLAYERS, ())
        ),
        "GAME.apply of the parsed events": apply,
        "replay (all of it)": lambda: replay(record),
    }
    best = dict.fromkeys(pieces, float("inf"))
    for _ in range(repeat):
        for name, piece in pieces.items():
            c0 = time.process_time()
            piece()
            best[name] = min(best[name], time.process_time() - c0)
    for name, t in best.items():
        print(f"part: {name}: CPU min {t * 1000:.2f} ms")


if __name__ == "__main__":
    main()
