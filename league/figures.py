"""The game-specific figures shown per player, computed from summed counters (see ``extract``).

A figure is a counter sum, or a ratio of two sums (``per`` = 100 for a percentage).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Figure:
    key: str
    label: str
    numerator: str
    denominator: str | None = None
    per: int = 1

    def value(self, sums: Mapping[str, int]) -> float | int | None:
        top = sums.get(self.numerator, 0)
        if self.denominator is None:
            return top
        bottom = sums.get(self.denominator, 0)
        return round(self.per * top / bottom, 2) if bottom else None


FIGURES: dict[str, tuple[Figure, ...]] = {
    "hearts": (
        Figure("moons", "Moons shot", "moons"),
        Figure("points_per_hand", "Average points per hand", "penalty_points", "hands"),
        Figure("qs_taken", "Q♠ taken (card by card)", "qs_taken"),
        Figure("reneges", "Reneges", "reneges"),
    ),
}

#: Records: the largest single-match value of a counter, and who holds it.
RECORDS: dict[str, tuple[Figure, ...]] = {}


def figures_for(game: str, sums: Mapping[str, int]) -> dict[str, float | int | None]:
    return {f.key: f.value(sums) for f in FIGURES.get(game, ())}
