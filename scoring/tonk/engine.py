"""The Tonk engine: a session of hands settled in stakes, by result entry or card by card."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from scoring.errors import RulesError
from scoring.events import Event, EventCodec
from scoring.explain import Note
from scoring.facts import LeagueFacts
from scoring.protocol import JSON, Game, MatchResult, SummaryParts, places_from_scores
from scoring.tonk import moves, play
from scoring.tonk.events import ALL_EVENTS, EndSession, HandResult
from scoring.tonk.league_facts import tonk_facts
from scoring.tonk.result_entry import apply_hand_result
from scoring.tonk.state import TonkState
from scoring.tonk.variants import TonkVariants


class TonkGame(Game[TonkState, TonkVariants]):
    name: ClassVar[str] = "tonk"
    title: ClassVar[str] = "Tonk"
    # tonk.md §1.1 [our default]: 2 to 6 players (the issue said 2–5; the rules file governs).
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    variants_class = TonkVariants
    codec: ClassVar[EventCodec] = EventCodec(ALL_EVENTS)
    rules_file: ClassVar[str] = "tonk.md"
    end_rule: ClassVar[str] = "§3"
    result_event_types: ClassVar[tuple[str, ...]] = ("hand_result",)

    def new_match(self, variants: TonkVariants, players: tuple[str, ...]) -> TonkState:
        n = len(players)
        stock = variants.deck_size - n * variants.hand_size - (1 if variants.upcard else 0)
        if stock < 1:
            raise RulesError(
                "no_stock_left",
                "%(players)s players with %(hand_size)s cards each leave no stock (§1.5): choose a smaller hand.",
                rule="tonk.md §1.5",
                stock=stock,
                players=n,
                hand_size=variants.hand_size,
            )
        return TonkState(variants=variants, players=players, totals=(0,) * n)

    def apply_event(self, state: TonkState, event: Event) -> TonkState:
        between = _BETWEEN_HANDS.get(type(event))
        return between(state, event) if between is not None else play.apply_play(state, event)

    def legal_actions(self, state: TonkState) -> list[JSON]:
        if state.result is not None:
            return []
        if state.play is None:
            return [
                {"type": "deal", "dealer": state.dealer, "hand": state.hand_number},
                {"type": HandResult.TYPE, "dealer": state.dealer, "hand": state.hand_number},
                {"type": EndSession.TYPE},
            ]
        return play.legal_play_actions(state)

    def legal_events(self, state: TonkState) -> list[Event]:
        return moves.legal_events(state)

    def chance_event(self, state: TonkState, rng: random.Random) -> Event | None:
        return moves.chance_event(state, rng)

    def result(self, state: TonkState) -> MatchResult | None:
        return state.result

    def league_facts_of(
        self, summary: Mapping[str, Any], seats: int, variants: TonkVariants | None = None
    ) -> LeagueFacts:
        return tonk_facts(summary, seats)

    def summary_parts(self, state: TonkState) -> SummaryParts:
        p = state.play
        if p is None:
            phase = "between_hands"
        elif p.pending is not None:
            phase = "showdown"
        else:
            phase = "play"
        return SummaryParts(
            phase=phase,
            to_act=None if p is None or p.pending is not None else p.turn,
            totals=state.totals,
            history=[h.as_json() for h in state.hands],
            findings=[f.as_json() for f in state.findings],
            hand_state={
                "hand": state.hand_number,
                "dealer": state.dealer,
                "stake": state.variants.stake,
                "table": play.table_json(state) if p is not None else None,
            },
        )


def _end_session(state: TonkState) -> TonkState:
    if state.play is not None:
        raise RulesError(
            "hand_in_progress", "Finish the hand being played before ending the session.", rule="tonk.md §2.1"
        )
    totals = state.totals
    best = max(totals)
    winners = tuple(s for s, t in enumerate(totals) if t == best)
    how = Note(
        "result",
        "Highest net result over %(count)s hand.",
        None,
        plural="Highest net result over %(count)s hands.",
        count=len(state.hands),
    )
    places = places_from_scores(totals, lower_is_better=False)
    result = MatchResult(winners, places, totals, False, how.text, how_note=how)
    return dataclasses.replace(state, result=result)


GAME = TonkGame()


#: The events recorded outside card play (a whole hand's result, the end of the session); every
#: other event is card play (``scoring.tonk.play.apply_play``).
_BETWEEN_HANDS: dict[type[Event], Callable[[TonkState, Any], TonkState]] = {
    HandResult: apply_hand_result,
    EndSession: lambda state, event: _end_session(state),
}
