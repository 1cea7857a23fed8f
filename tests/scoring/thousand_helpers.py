"""Shared helpers for the Thousand tests (seats A=0, B=1, C=2, D=3 as in rules/thousand.md §14)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.thousand import GAME
from scoring.thousand.state import ThousandState

A, B, C, D = 0, 1, 2, 3
NAMES = ("A", "B", "C", "D")


def start(
    variants: dict[str, Any] | None = None,
    *,
    players: int = 3,
    totals: tuple[int, ...] | None = None,
    barrel: tuple[int | None, ...] | None = None,
    dealer: int | None = None,
    **fields: Any,
) -> ThousandState:
    """A match state as §14 describes it before an example (totals, barrel, counters)."""
    state = GAME.start(variants or {}, NAMES[:players])
    changes: dict[str, Any] = dict(fields)
    if totals is not None:
        changes["totals"] = totals
    if barrel is not None:
        changes["barrel"] = barrel
    if dealer is not None:
        changes.update(dealer=dealer, dealer_fixed=True)
    return replace(state, **changes)


def enter(state: ThousandState, **payload: Any) -> ThousandState:
    """Apply one deal_result given as its JSON payload (so the codec is exercised too)."""
    return GAME.apply_json(state, "deal_result", payload)


def played(
    state: ThousandState,
    declarer: int,
    contract: int,
    points: list[int],
    tricks: list[int],
    marriages: list[list[str]] | None = None,
    **extra: Any,
) -> ThousandState:
    payload: dict[str, Any] = {
        "declarer": declarer,
        "contract": contract,
        "card_points": points,
        "tricks": tricks,
        **extra,
    }
    if marriages is not None:
        payload["marriages"] = marriages
    return enter(state, **payload)


def apply_all(state: ThousandState, events: list[tuple[str, dict[str, Any]]]) -> ThousandState:
    for event_type, payload in events:
        state = GAME.apply_json(state, event_type, payload)
    return state


def codes(state: ThousandState, deal: int = -1) -> list[str]:
    return [n.code for n in state.history[deal].notes]


#: thousand.md T-24: the dealt hands (A, B, C) and its play card by card (the seat to play each card
#: follows from the legal actions).
T24_HANDS = ["AS KS AH TH KC JD 9H", "9S JS TS 9D QD JC QC", "KD AD JH QH KH TC AC"]
T24_PLAY = [
    "AS",
    "9S",
    "KD",
    "KS",
    "JS",
    "AD",
    "QS",
    "TS",
    "QH",
    "9D",
    "JH",
    "TD",
    "JD",
    "QD",
    "KH",
    "JC",
    "TC",
    "KC",
    "AC",
    "TH",
    "QC",
    "9H",
    "AH",
    "9C",
]
