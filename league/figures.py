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
    #: A counter that must be positive for the figure to be known (``None`` otherwise).
    known_if: str | None = None

    def value(self, sums: Mapping[str, int]) -> float | int | None:
        if self.known_if is not None and not sums.get(self.known_if, 0):
            return None
        top = sums.get(self.numerator, 0)
        if self.denominator is None:
            return top
        bottom = sums.get(self.denominator, 0)
        return round(self.per * top / bottom, 2) if bottom else None


_STREAK = Figure("max_hand_streak", "Most hands won in a row", "max_hand_streak")

FIGURES: dict[str, tuple[Figure, ...]] = {
    "thousand": (
        Figure("contracts_made_pct", "Contracts made %", "contracts_made", "contracts_declared", per=100),
        Figure("average_contract", "Average contract", "contract_sum", "contracts_declared"),
        Figure("contracts_declared", "Contracts declared", "contracts_declared"),
        Figure("marriages", "Marriages", "marriages"),
        Figure("barrel_wins", "Barrel wins", "barrel_wins"),
        Figure("barrel_falls", "Barrel falls", "barrel_falls"),
        Figure("bolts", "Bolts", "bolts"),
        Figure("rospisat", "Р (rospisat')", "rospisat"),
    ),
    "hearts": (
        Figure("moons", "Moons shot", "moons"),
        Figure("points_per_hand", "Average points per hand", "penalty_points", "hands"),
        # Known only from hands recorded card by card (result entry gives points, not cards).
        Figure("qs_taken", "Q♠ taken (card by card)", "qs_taken", known_if="hands_card_by_card"),
        Figure("reneges", "Reneges", "reneges"),
    ),
    "bourre": (
        Figure("net_chips", "Net chips", "net_chips"),
        Figure("pots_won", "Pots won", "pots_won"),
        Figure("bourres", "Times bourré", "bourres"),
    ),
    "president": (
        Figure("title_president", "President", "title_president"),
        Figure("title_vice_president", "Vice-President", "title_vice_president"),
        Figure("title_neutral", "Neutral", "title_neutral"),
        Figure("title_vice_scum", "Vice-Scum", "title_vice_scum"),
        Figure("title_scum", "Scum", "title_scum"),
    ),
    "tonk": (
        Figure("net_stakes", "Net stakes", "net_stakes"),
        Figure("tonks", "Tonks", "tonks"),
        Figure("drops_caught", "Drops caught", "drops_caught"),
        Figure("catches", "Caught another's drop", "catches"),
    ),
    "tshirt": (
        Figure("rounds_won", "Rounds won", "rounds_won"),
        Figure("points", "Points", "points"),
    ),
}

#: Records: the largest single-match value of a ``max_`` counter, and who holds it (``selectors.records``).
RECORDS: dict[str, Figure] = {
    "max_contract_made": Figure("max_contract_made", "Highest contract made", "max_contract_made"),
    "max_pot_won": Figure("max_pot_won", "Biggest pot won", "max_pot_won"),
    "max_card_won": Figure("max_card_won", "Highest Hot or Not card won", "max_card_won"),
    "max_hand_streak": _STREAK,
    "longest_win_streak": Figure("longest_win_streak", "Most matches won in a row", "longest_win_streak"),
}


def record_label(key: str) -> str:
    figure = RECORDS.get(key)
    return figure.label if figure is not None else key.removeprefix("max_").replace("_", " ").capitalize()


def figures_for(game: str, sums: Mapping[str, int]) -> dict[str, float | int | None]:
    return {f.key: f.value(sums) for f in FIGURES.get(game, ())}
