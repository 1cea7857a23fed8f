"""Helpers for the Bourré tests: build events from JSON the way the API does."""

from __future__ import annotations

from typing import Any

from scoring.bourre import GAME, Session


def start(players: str | int = "ABCDEFG", **variants: Any) -> Session:
    names = list(players) if isinstance(players, str) else [f"P{i + 1}" for i in range(players)]
    return GAME.start(variants, names)


def step(state: Session, event_type: str, **payload: Any) -> Session:
    return GAME.apply_json(state, event_type, payload)


def run(state: Session, events: list[tuple[str, dict[str, Any]]]) -> Session:
    for event_type, payload in events:
        state = GAME.apply_json(state, event_type, payload)
    return state
