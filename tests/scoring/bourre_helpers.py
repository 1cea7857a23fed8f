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


def decide(state: Session, spec: str) -> Session:
    """Play-or-pass in rotation: ``"0:+0 1:+2 2:-"`` (seat: + plays and discards n, - passes).

    Under the combined rotation each player's draw follows their decision (§3.1).
    """
    for item in spec.split():
        seat_text, choice = item.split(":")
        seat = int(seat_text)
        state = step(state, "declare", seat=seat, play=choice.startswith("+"))
        if choice.startswith("+") and GAME.legal_actions(state)[0]["type"] == "draw":
            state = step(state, "draw", seat=seat, count=int(choice[1:]))
    return state


def play(state: Session, cards: str) -> Session:
    """Play cards in the expected order: ``"AS 2S 3S"`` — the seat is whoever is to act."""
    for card in cards.split():
        seat = GAME.summary(state)["to_act"]
        state = step(state, "play_card", seat=seat, card=card)
    return state
