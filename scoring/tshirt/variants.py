"""T-Shirt Game house rules (rules/tshirt-game.md, "Variants / house rules")."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.variants import Variants, option

BOO_YAH_MODES = ("steal_and_value", "steal_only", "value_only", "first_draw_no_value")


@dataclass(frozen=True, slots=True)
class TShirtVariants(Variants):
    rule_source = "rules/tshirt-game.md"

    target_points: int = option(3000, minimum=1, doc="The first player to reach this total wins at once.")
    hand_size: int = option(3, choices=(3,), doc="Slogan Cards each player holds; refilled to this after a round.")
    first_judge: str = option(
        "youngest",
        choices=("youngest", "agreed"),
        doc="Who judges round 1: the youngest player, or a player the table agrees on (start_game names the seat).",
    )
    judge_rotation: str = option("left", choices=("left",), doc="The judge role passes one seat to the left.")
    max_hot_or_not_value: int | None = option(
        None,
        minimum=0,
        doc="House rule: Hot or Not cards worth more than this are removed from the deck (e.g. 1000); none = keep all.",
    )
    allow_negative_values: bool = option(
        False, doc="Accept negative Hot or Not values (no printed card shows one; off by default)."
    )
    boo_yah_mode: str = option(
        "steal_and_value",
        choices=BOO_YAH_MODES,
        doc="BOO YAH!: optional steal plus its own value; steal only; value only; or as the default "
        "but worth 0 when it is the game's first Hot or Not card.",
    )
    hot_or_not_exhausted: str = option(
        "highest_wins_ties_share",
        choices=("highest_wins_ties_share",),
        doc="If the Hot or Not deck runs out before the target, the highest total wins; equal totals share.",
    )
    slogan_deck_size: int = option(209, minimum=3, doc="Slogan Cards in the box (reshuffled when exhausted).")
    tshirt_deck_size: int = option(70, minimum=1, doc="T-Shirt Cards in the box (reshuffled when exhausted).")
    hot_or_not_deck_size: int = option(77, minimum=1, doc="Hot or Not Cards in the box (the game ends when gone).")

    @property
    def boo_yah_can_steal(self) -> bool:
        return self.boo_yah_mode != "value_only"
