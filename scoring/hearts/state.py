"""Hearts match state: immutable values replayed from the record."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.explain import Note
from scoring.hearts.hand import DoneTrick, Finding, Hand
from scoring.hearts.variants import HeartsVariants
from scoring.protocol import MatchResult


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand, with everything needed to explain its numbers."""

    number: int
    dealer: int
    pass_direction: str
    points: tuple[int, ...] | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    moon_shooter: int | None = None
    moon_choice: str | None = None
    jd_taker: int | None = None
    offenders: tuple[int, ...] = ()
    notes: tuple[Note, ...] = ()
    mode: str = "result"
    #: Card by card only: tricks won per seat, who received the kitty and what it held.
    tricks_won: tuple[int, ...] | None = None
    kitty_to: int | None = None
    kitty: tuple[str, ...] | None = None
    #: Card by card only: every trick played, in order (leader, cards, winner, points), so that a
    #: dispute after the hand can still see who led trick 13 or who took the Q♠ (docs/games/hearts.md §3.1).
    tricks: tuple[DoneTrick, ...] | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "hand": self.number,
            "dealer": self.dealer,
            "pass_direction": self.pass_direction,
            "mode": self.mode,
            "points": list(self.points) if self.points is not None else None,
            "scores": list(self.scores),
            "totals": list(self.totals),
            "moon_shooter": self.moon_shooter,
            "moon_choice": self.moon_choice,
            "jd_taker": self.jd_taker,
            "offenders": list(self.offenders),
            "tricks_won": list(self.tricks_won) if self.tricks_won is not None else None,
            "kitty_to": self.kitty_to,
            "kitty": list(self.kitty) if self.kitty is not None else None,
            "tricks": [t.as_json(len(self.scores)) for t in self.tricks] if self.tricks is not None else None,
            "explain": [n.as_json() for n in self.notes],
        }


@dataclass(frozen=True, slots=True)
class HeartsState:
    variants: HeartsVariants
    players: tuple[str, ...]
    totals: tuple[int, ...]
    hands: tuple[HandRecord, ...] = ()
    result: MatchResult | None = None
    #: The hand being recorded card by card, if any (rules/hearts.md §2).
    current: Hand | None = None
    #: Reneges proven or reported in finished hands, with their penalty (§3.5, §6).
    findings: tuple[Finding, ...] = ()

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def hand_number(self) -> int:
        """The hand being played or entered next (1-based)."""
        return len(self.hands) + 1

    @property
    def dealer(self) -> int:
        """Seat 0 deals the first hand; the deal passes to the left (§1.5)."""
        return len(self.hands) % self.seats
