"""Tally: a seventh game that exists only in the tests, to prove that a game is taught to the engine
alone. Two to four players; each round's points are entered at once; the first total to reach the
target wins (more is better). Nothing outside this module knows it: the tests register it in
``scoring.registry`` and drive it through the API, the league and the claim service."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scoring.errors import RulesError
from scoring.events import Event, EventCodec
from scoring.protocol import JSON, Game, MatchResult, SummaryParts, places_from_scores
from scoring.variants import Variants, option


@dataclass(frozen=True, slots=True)
class TallyVariants(Variants):
    rule_source = "tally (a test game)"

    target_score: int = option(10, minimum=1, doc="The first total to reach this wins.")


@dataclass(frozen=True, slots=True)
class RoundResult(Event):
    """One round's points, one whole number per seat."""

    TYPE = "round_result"
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TallyState:
    variants: TallyVariants
    players: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...] = field(default=())

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(column) for column in zip(*self.rounds, strict=True)) or (0,) * len(self.players)


class Tally(Game[TallyState, TallyVariants]):
    name: ClassVar[str] = "tally"
    title: ClassVar[str] = "Tally"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    variants_class = TallyVariants
    codec: ClassVar[EventCodec] = EventCodec([RoundResult])
    rules_file: ClassVar[str] = "tally.md"
    end_rule: ClassVar[str] = "§1"
    result_event_types: ClassVar[tuple[str, ...]] = ("round_result",)
    unit: ClassVar[str] = "round"

    def new_match(self, variants: TallyVariants, players: tuple[str, ...]) -> TallyState:
        return TallyState(variants=variants, players=players)

    def apply_event(self, state: TallyState, event: Event) -> TallyState:
        if not isinstance(event, RoundResult):
            raise RulesError(
                "unexpected_event", "%(event)s cannot be recorded now.", rule="tally.md §1", event=event.TYPE
            )
        if len(event.points) != len(state.players) or min(event.points) < 0:
            raise RulesError("one_count_per_seat", "Give each seat's points, none below 0.", rule="tally.md §1")
        return TallyState(state.variants, state.players, (*state.rounds, tuple(event.points)))

    def legal_actions(self, state: TallyState) -> list[JSON]:
        return [] if self.is_terminal(state) else [{"type": RoundResult.TYPE}]

    def legal_events(self, state: TallyState) -> list[Event]:
        return []  # only result entry: no moves to choose among

    def result(self, state: TallyState) -> MatchResult | None:
        totals = state.totals
        if max(totals) < state.variants.target_score:
            return None
        places = places_from_scores(totals, lower_is_better=False)
        return MatchResult(tuple(s for s, p in enumerate(places) if p == 1), places, totals, False, "target reached")

    def summary_parts(self, state: TallyState) -> SummaryParts:
        history = [{"round": i + 1, "scores": list(points)} for i, points in enumerate(state.rounds)]
        return SummaryParts("round", None, state.totals, history, [], {"target_score": state.variants.target_score})


GAME = Tally()


def points(*values: int) -> dict[str, Sequence[int] | Any]:
    return {"points": list(values)}
