"""Hearts events. Result entry: one :class:`HandResult` per hand (rules/hearts.md §3.6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scoring.events import Event


@dataclass(frozen=True, slots=True)
class HandResult(Event):
    """One hand's outcome: penalty points per seat (hearts 1, Q♠ 13; never the J♦)."""

    TYPE = "hand_result"
    points: tuple[int, ...] | None = None
    jd_taker: int | None = None
    moon_choice: Literal["add_to_others", "subtract_from_shooter"] | None = None
    no_tricks: tuple[int, ...] = ()
    offenders: tuple[int, ...] = ()
