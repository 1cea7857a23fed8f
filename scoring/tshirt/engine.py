"""The T-Shirt Game engine: judged rounds entered one result at a time, with optional card tracking."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from scoring.errors import RulesError
from scoring.events import Event, EventCodec
from scoring.facts import LeagueFacts
from scoring.protocol import JSON, Game, MatchResult, SummaryParts
from scoring.tshirt import moves
from scoring.tshirt.events import RoundResult, SloganPlayed, StartGame
from scoring.tshirt.league_facts import tshirt_facts
from scoring.tshirt.rounds import round_result, slogan_played, start_game
from scoring.tshirt.state import TShirtState
from scoring.tshirt.variants import TShirtVariants


class TShirtGame(Game[TShirtState, TShirtVariants]):
    name: ClassVar[str] = "tshirt"
    unit: ClassVar[str] = "round"
    title: ClassVar[str] = "The T-Shirt Game"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    variants_class = TShirtVariants
    codec: ClassVar[EventCodec] = EventCodec([StartGame, SloganPlayed, RoundResult])
    rules_file: ClassVar[str] = "tshirt-game.md"
    end_rule: ClassVar[str] = "Scoring"
    result_event_types: ClassVar[tuple[str, ...]] = ("round_result",)

    def new_match(self, variants: TShirtVariants, players: tuple[str, ...]) -> TShirtState:
        return TShirtState(variants=variants, players=players)

    def apply_event(self, state: TShirtState, event: Event) -> TShirtState:
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise RulesError(
                "unexpected_event", "%(type)s cannot be recorded now.", rule="tshirt-game.md", type=event.TYPE
            )
        return handler(state, event)

    def legal_actions(self, state: TShirtState) -> list[JSON]:
        if state.result is not None:
            return []
        judge = state.judge
        if judge is None:
            return [{"type": StartGame.TYPE, "seats": list(range(state.seats))}]
        rnd = state.round_number
        others = [s for s in range(state.seats) if s != judge]
        actions: list[JSON] = [
            {"type": SloganPlayed.TYPE, "round": rnd, "seat": s} for s in others if s not in state.submitted
        ]
        if not state.submitted or len(state.submitted) == len(others):
            actions.append({"type": RoundResult.TYPE, "round": rnd, "judge": judge, "winners": others})
        return actions

    def legal_events(self, state: TShirtState) -> list[Event]:
        return moves.legal_events(state)

    def chance_event(self, state: TShirtState, rng: random.Random) -> Event | None:
        return moves.chance_event(state, rng)

    def result(self, state: TShirtState) -> MatchResult | None:
        return state.result

    def league_facts_of(
        self, summary: Mapping[str, Any], seats: int, variants: TShirtVariants | None = None
    ) -> LeagueFacts:
        return tshirt_facts(summary, seats)

    def summary_parts(self, state: TShirtState) -> SummaryParts:
        result = state.result
        started = state.judge is not None
        return SummaryParts(
            phase="round" if started else "seating",
            to_act=state.judge,
            totals=state.totals if started else [0] * state.seats,
            result=_result_json(state),
            history=[r.as_json() for r in state.rounds],
            findings=[],
            hand_state=self._hand_state(state, result is not None),
        )

    def _hand_state(self, state: TShirtState, over: bool) -> JSON:
        return {
            "round": state.round_number,
            "judge": None if over else state.judge,
            "first_judge": state.first_judge,
            "target_points": state.variants.target_points,
            "cards": [[c.as_json() for c in mine] for mine in state.cards],
            "submitted": sorted(state.submitted),
            "hand_sizes": list(state.hand_sizes),
            "decks": {
                "slogan": state.slogan_deck,
                "slogan_discards": state.slogan_discards,
                "tshirt": state.tshirt_deck,
                "hot_or_not": state.hot_or_not_left,
            },
        }


def _result_json(state: TShirtState) -> JSON | None:
    """The protocol's result, with ``how`` also as a translatable line."""
    if state.result is None:
        return None
    data = state.result.as_json()
    if state.result_note is not None:
        data["explain"] = [state.result_note.as_json()]
    return data


GAME = TShirtGame()


#: Each event with the function that applies it (state, event) → state.
_HANDLERS: dict[type[Event], Callable[[TShirtState, Any], TShirtState]] = {
    StartGame: start_game,
    SloganPlayed: slogan_played,
    RoundResult: round_result,
}
