"""T-Shirt Game events (rules/tshirt-game.md, "Result entry for one round")."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.events import Event


@dataclass(frozen=True, slots=True)
class StartGame(Event):
    """Seating recorded at the start: the seat of the first judge (the youngest player by default)."""

    TYPE = "start_game"
    first_judge: int


@dataclass(frozen=True, slots=True)
class SloganPlayed(Event):
    """Optional card tracking: ``seat`` played one Slogan Card face down in ``round``."""

    TYPE = "slogan_played"
    round: int
    seat: int


@dataclass(frozen=True, slots=True)
class RoundResult(Event):
    """One round: its judge, the winning slogan's player and the Hot or Not card they drew.

    For BOO YAH! (``boo_yah``), ``stolen_from`` and ``stolen_round`` (the round in which the taken
    card was won, which identifies it) and ``stolen_value`` (its printed value) name the card taken,
    or are all left out when nothing was taken.
    """

    TYPE = "round_result"
    round: int
    judge: int
    winner: int
    value: int
    boo_yah: bool = False
    stolen_from: int | None = None
    stolen_round: int | None = None
    stolen_value: int | None = None
