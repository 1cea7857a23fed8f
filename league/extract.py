"""What a finished match contributes to the statistics, read from its engine summary.

Every game's summary has a ``history`` with one entry per hand (deal, round); each game's extractor
turns it into per-hand rows and per-player counters (``moons``, ``bolts``, ``contracts_made`` …).
Counters are whole numbers so that any season or filter can sum them in the database; rates and
averages are computed from sums when read (``contracts_made / contracts_played``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

JSON = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class HandFact:
    hand: int
    scores: tuple[int, ...]
    totals: tuple[int, ...] | None
    details: tuple[dict[str, Any], ...]


@dataclass(slots=True)
class MatchFacts:
    seats: int
    hands: list[HandFact] = field(default_factory=list)
    stats: list[dict[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.stats:
            self.stats = [{} for _ in range(self.seats)]

    def add(self, seat: int, key: str, value: int = 1) -> None:
        if value:
            self.stats[seat][key] = self.stats[seat].get(key, 0) + int(value)

    def best(self, seat: int, key: str, value: int) -> None:
        if key not in self.stats[seat] or value > self.stats[seat][key]:
            self.stats[seat][key] = int(value)


def _ints(values: Any, seats: int) -> tuple[int, ...] | None:
    if isinstance(values, Sequence) and not isinstance(values, str) and len(values) == seats:
        try:
            return tuple(int(v) if v is not None else 0 for v in values)
        except (TypeError, ValueError):
            return None
    return None


def _generic_hands(facts: MatchFacts, history: Sequence[JSON], score_key: str = "scores") -> None:
    for index, entry in enumerate(history, start=1):
        scores = _ints(entry.get(score_key), facts.seats)
        if scores is None:
            continue
        number = entry.get("hand") or entry.get("deal") or entry.get("round") or index
        totals = _ints(entry.get("totals"), facts.seats)
        facts.hands.append(HandFact(int(number), scores, totals, tuple({} for _ in range(facts.seats))))


def _hearts(facts: MatchFacts, summary: JSON) -> None:
    history = summary.get("history") or []
    _generic_hands(facts, history)
    for entry in history:
        points = _ints(entry.get("points"), facts.seats)
        for seat in range(facts.seats):
            facts.add(seat, "hands")
            if points is not None:
                facts.add(seat, "penalty_points", points[seat])
        shooter = entry.get("moon_shooter")
        if isinstance(shooter, int):
            facts.add(shooter, "moons")
        taker = entry.get("qs_taker")
        if isinstance(taker, int):
            facts.add(taker, "qs_taken")
        for offender in entry.get("offenders") or []:
            facts.add(int(offender), "reneges")


EXTRACTORS: dict[str, Callable[[MatchFacts, JSON], None]] = {"hearts": _hearts}


def match_facts(game: str, summary: JSON, seats: int) -> MatchFacts:
    """Per-hand rows and per-player counters of a finished match."""
    facts = MatchFacts(seats)
    extractor = EXTRACTORS.get(game)
    if extractor is None:
        _generic_hands(facts, summary.get("history") or [])
    else:
        extractor(facts, summary)
    return facts
