"""The facts a finished match gives the league statistics, as the engine states them.

:meth:`scoring.protocol.Game.league_facts` returns a :class:`LeagueFacts`: one :class:`HandFacts`
row per hand (deal, round) and whole-number counters per seat (``moons``, ``bolts``,
``contracts_made`` …). Counters are whole numbers so that the league can sum them over any season
or filter in its database; rates and averages are computed from sums when read.

The engines build their facts from their own summary and house rules (``scoring/<game>/league.py``),
so that the league never needs to know a rule: how many points a hand holds, which card is worth
what, what makes a contract. The helpers here are the parts several games share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

JSONIn = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class HandFacts:
    """One hand's row: its number, each seat's score of the hand, the running totals after it (when
    the game keeps them) and game-specific details per seat (JSON objects)."""

    hand: int
    scores: tuple[int, ...]
    totals: tuple[int, ...] | None
    details: tuple[dict[str, Any], ...]


@dataclass(slots=True)
class LeagueFacts:
    """Per-hand rows and per-seat counters of one match."""

    seats: int
    hands: list[HandFacts] = field(default_factory=list)
    stats: list[dict[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.stats:
            self.stats = [{} for _ in range(self.seats)]

    def add(self, seat: int, key: str, value: int = 1) -> None:
        """Add ``value`` to a counter (a zero leaves no key, so absent means none)."""
        if value:
            self.stats[seat][key] = self.stats[seat].get(key, 0) + int(value)

    def add_each(self, key: str, values: Sequence[int] | None = None) -> None:
        """Add one per seat (``values`` None) or each seat's value."""
        for seat in range(self.seats):
            self.add(seat, key, 1 if values is None else values[seat])

    def best(self, seat: int, key: str, value: int) -> None:
        """Keep the highest value seen (a record such as ``max_pot_won``)."""
        if key not in self.stats[seat] or value > self.stats[seat][key]:
            self.stats[seat][key] = int(value)

    def hand(self, number: int, scores: tuple[int, ...], totals: tuple[int, ...] | None) -> None:
        self.hands.append(HandFacts(number, scores, totals, tuple({} for _ in range(self.seats))))


def ints(values: Any, seats: int) -> tuple[int, ...] | None:
    """One whole number per seat, or ``None`` when ``values`` is not that."""
    if isinstance(values, Sequence) and not isinstance(values, str) and len(values) == seats:
        try:
            return tuple(int(v) if v is not None else 0 for v in values)
        except (TypeError, ValueError):
            return None
    return None


def history_of(summary: JSONIn) -> Sequence[JSONIn]:
    return summary.get("history") or []


def scored_hands(facts: LeagueFacts, history: Sequence[JSONIn], score_key: str = "scores") -> None:
    """Hand rows from each history entry's per-seat ``score_key`` (and ``totals`` when given)."""
    for index, entry in enumerate(history, start=1):
        scores = ints(entry.get(score_key), facts.seats)
        if scores is None:
            continue
        number = entry.get("hand") or entry.get("deal") or entry.get("round") or index
        facts.hand(int(number), scores, ints(entry.get("totals"), facts.seats))


def delta_hands(facts: LeagueFacts, history: Sequence[JSONIn], number_key: str) -> None:
    """Hand rows whose score is the change of each seat's running total (games that keep a ledger)."""
    previous = (0,) * facts.seats
    for index, entry in enumerate(history, start=1):
        totals = ints(entry.get("totals") or entry.get("ledger"), facts.seats)
        if totals is None:
            continue
        delta = tuple(t - p for t, p in zip(totals, previous, strict=True))
        previous = totals
        facts.hand(int(entry.get(number_key) or index), delta, totals)


def streaks(facts: LeagueFacts, winners_per_hand: Sequence[Sequence[int]], key: str = "max_hand_streak") -> None:
    """The longest run of consecutive hands each seat won in this match (a record, hence ``max_``)."""
    runs = [0] * facts.seats
    for winners in winners_per_hand:
        for seat in range(facts.seats):
            runs[seat] = runs[seat] + 1 if seat in winners else 0
            if runs[seat]:
                facts.best(seat, key, runs[seat])


def noted_seats(entry: JSONIn) -> list[tuple[str, int | None]]:
    """The (code, seat) of each explanation line of a history entry."""
    out = []
    for note in entry.get("explain") or []:
        seat = note.get("seat")
        out.append((str(note.get("code")), seat if isinstance(seat, int) else None))
    return out


def generic_facts(summary: JSONIn, seats: int) -> LeagueFacts:
    """Hand rows from the summary's history, no counters: a game that states no facts of its own."""
    facts = LeagueFacts(seats)
    scored_hands(facts, history_of(summary))
    return facts
