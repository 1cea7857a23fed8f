"""The Hearts engine: the game protocol over result entry (and, as it lands, card play)."""

from __future__ import annotations

from typing import Any, ClassVar

from scoring.errors import RulesError
from scoring.events import Event, EventCodec
from scoring.hearts.events import HandResult
from scoring.hearts.passing import pass_direction
from scoring.hearts.result_entry import apply_hand_result
from scoring.hearts.state import HeartsState
from scoring.hearts.variants import HeartsVariants
from scoring.protocol import JSON, Game, MatchResult


class HeartsGame(Game[HeartsState, HeartsVariants]):
    name: ClassVar[str] = "hearts"
    title: ClassVar[str] = "Hearts"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    variants_class = HeartsVariants
    codec: ClassVar[EventCodec] = EventCodec([HandResult])
    rules_file: ClassVar[str] = "hearts.md"
    result_event_types: ClassVar[tuple[str, ...]] = ("hand_result",)

    def new_match(self, variants: HeartsVariants, players: tuple[str, ...]) -> HeartsState:
        if variants.kitty == "four_player_12" and len(players) != 4:
            raise RulesError(
                "variant_needs_four_players", "The four_player_12 kitty is for 4 players.", rule="hearts.md §2.4"
            )
        return HeartsState(variants=variants, players=players, totals=(0,) * len(players))

    def apply(self, state: HeartsState, event: Event) -> HeartsState:
        if state.result is not None:
            raise RulesError(
                "match_finished", "The game is over: no more hands can be recorded.", rule="hearts.md §3.4"
            )
        if isinstance(event, HandResult):
            return apply_hand_result(state, event)
        raise RulesError("unexpected_event", f"{event.TYPE} cannot be recorded now.", rule="hearts.md §2.1")

    def legal_actions(self, state: HeartsState) -> list[JSON]:
        if state.result is not None:
            return []
        return [{"type": HandResult.TYPE, "hand": state.hand_number}]

    def result(self, state: HeartsState) -> MatchResult | None:
        return state.result

    def summary(self, state: HeartsState) -> JSON:
        result = state.result
        return {
            "game": self.name,
            "phase": "finished" if result else "hand_entry",
            "finished": result is not None,
            "to_act": None,
            "totals": list(state.totals),
            "result": result.as_json() if result else None,
            "history": [h.as_json() for h in state.hands],
            "findings": [],
            "hand": state.hand_number,
            "dealer": state.dealer,
            "pass_direction": pass_direction(state.variants, state.seats, state.hand_number),
            "target_score": state.variants.target_score,
        }


GAME = HeartsGame()


def summary(state: HeartsState) -> dict[str, Any]:
    return GAME.summary(state)
