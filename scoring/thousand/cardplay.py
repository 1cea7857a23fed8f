"""Card-by-card recording: dispatch of the deal, auction, talon and play events."""

from __future__ import annotations

from scoring.errors import RulesError
from scoring.events import Event
from scoring.protocol import JSON
from scoring.thousand.rules import rule
from scoring.thousand.state import ThousandState


def apply_card_event(state: ThousandState, event: Event) -> ThousandState:
    raise RulesError("unexpected_event", f"{event.TYPE} cannot be recorded now.", rule=rule("§16.1"))


def legal_actions(state: ThousandState) -> list[JSON]:
    return []


def deal_summary(state: ThousandState) -> JSON:
    return {}
