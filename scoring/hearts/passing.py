"""The pass cycle (rules/hearts.md §2.2)."""

from __future__ import annotations

from scoring.hearts.variants import HeartsVariants

_OFFSETS = {"left": 1, "right": -1, "across": 2, "left2": 2, "right2": -2, "hold": 0}


def pass_cycle(variants: HeartsVariants, seats: int) -> tuple[str, ...]:
    if variants.pass_count == 0:
        return ("hold",)
    if seats == 4:
        return variants.pass_cycle_4p
    if variants.pass_cycle_other == "extended" and seats in (5, 6):
        return ("left", "right", "left2", "right2") + (("across",) if seats == 6 else ()) + ("hold",)
    return ("left", "right", "hold")


def pass_direction(variants: HeartsVariants, seats: int, hand_number: int) -> str:
    """Direction of the pass on hand ``hand_number`` (1-based).

    >>> from scoring.hearts.variants import HeartsVariants
    >>> [pass_direction(HeartsVariants(), 4, h) for h in (1, 2, 3, 4, 5)]
    ['left', 'right', 'across', 'hold', 'left']
    """
    cycle = pass_cycle(variants, seats)
    return cycle[(hand_number - 1) % len(cycle)]


def pass_target(seat: int, direction: str, seats: int) -> int:
    """Seat that receives ``seat``'s pass; ``across`` with 6 players is ``s+3``."""
    if direction == "across" and seats == 6:
        return (seat + 3) % seats
    return (seat + _OFFSETS[direction]) % seats
