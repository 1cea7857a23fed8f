"""What may be recorded next (rules/president.md §2): the protocol's ``legal_actions``.

With the hands known every legal play is listed as concrete cards (the engine itself is the
oracle: each candidate set is tried with ``apply``); with hidden hands the shape of a legal play
is described instead.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from scoring.cards import Card, format_cards, sort_cards
from scoring.errors import RulesError
from scoring.president.events import Pass, Play
from scoring.president.ranks import is_wild, key_name, natural_key, rank_copies
from scoring.president.state import PresidentState, Round

JSON = dict[str, Any]


def candidate_sets(hand: Sequence[Card], state: PresidentState) -> list[tuple[Card, ...]]:
    """Every distinct set of one rank that ``hand`` can lay (wild cards filling in)."""
    v = state.variants
    wilds = [c for c in hand if is_wild(c, v)]
    groups: dict[int, list[Card]] = {}
    for card in hand:
        if not is_wild(card, v):
            groups.setdefault(natural_key(card, v), []).append(card)
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[Card, ...]] = []

    def add(cards: tuple[Card, ...]) -> None:
        label = tuple(sorted(str(c) for c in cards))
        if cards and label not in seen:
            seen.add(label)
            out.append(cards)

    for key in sorted(groups):
        cards = sort_cards(groups[key])
        for size in range(1, len(cards) + 1):
            for combo in itertools.combinations(cards, size):
                for w in range(len(wilds) + 1):
                    for extra in itertools.combinations(wilds, w):
                        add(tuple(combo) + tuple(extra))
    for w in range(1, len(wilds) + 1):
        for extra in itertools.combinations(wilds, w):
            add(tuple(extra))
    return out


def play_actions(state: PresidentState, apply: Callable[[PresidentState, Any], PresidentState]) -> list[JSON]:
    rnd = state.current
    assert rnd is not None
    out: list[JSON] = []
    trick = rnd.trick
    top = trick.top if trick is not None else None
    if rnd.hands is None:
        return _hidden_play_actions(state, rnd)
    seats = [rnd.to_act] if rnd.to_act is not None else []
    if top is not None and state.variants.quick_clear:
        seats += [s for s in rnd.seating if s != rnd.to_act and rnd.active(s)]
    for seat in seats:
        assert seat is not None
        hand = rnd.hands[seat]
        if seat != rnd.to_act and top is not None:
            # Out of turn only a quick clear: the remaining natural cards of the top rank.
            key = top.combo.key
            needed = rank_copies(key, state.variants) - (trick.run if trick else 0)
            same = [c for c in hand if not is_wild(c, state.variants) and natural_key(c, state.variants) == key]
            candidates = [tuple(same)] if len(same) == needed else []
        else:
            candidates = candidate_sets(hand, state)
        for cards in candidates:
            try:
                apply(state, Play(seat, cards))
            except RulesError:
                continue
            out.append({"type": "play", "seat": seat, "cards": format_cards(cards)})
    if top is not None and rnd.to_act is not None:
        out.append({"type": "pass", "seat": rnd.to_act})
    return out


def _hidden_play_actions(state: PresidentState, rnd: Round) -> list[JSON]:
    v = state.variants
    trick = rnd.trick
    top = trick.top if trick is not None else None
    if top is None:
        action: JSON = {"type": "play", "seat": rnd.to_act, "lead": True}
        if rnd.lead_card is not None and not rnd.played:
            action["must_contain"] = str(rnd.lead_card)
        return [action]
    assert rnd.to_act is not None
    action = {"type": "play", "seat": rnd.to_act, "count": top.combo.count, "above": key_name(top.combo.key)}
    if v.equal_play != "not_allowed":
        action["equal_allowed"] = True
    out = [action, {"type": Pass.TYPE, "seat": rnd.to_act}]
    if v.quick_clear:
        out.append(
            {
                "type": "play",
                "seat": None,
                "quick_clear": True,
                "rank": key_name(top.combo.key),
                "count": rank_copies(top.combo.key, v) - (trick.run if trick else 0),
            }
        )
    return out
