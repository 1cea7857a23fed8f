"""President house rules (rules/president.md §5). Defaults are the rules file's defaults.

>>> PresidentVariants.from_json({"equal_play": "allowed"}).equal_play
'allowed'
>>> PresidentVariants.from_json({"league_end": "target_points"})
Traceback (most recent call last):
...
scoring.errors.VariantError: league_end = target_points needs target_points (president.md §3).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.errors import VariantError
from scoring.variants import Variants, option


@dataclass(frozen=True, slots=True)
class PresidentVariants(Variants):
    rule_source = "rules/president.md"

    decks: int = option(1, choices=(1, 2), doc="Number of 52-card decks (§1.2).")
    jokers: str = option(
        "none",
        choices=("none", "high", "wild"),
        doc="Jokers (2 per deck): none; high (rank above 2, sets among themselves); wild (complete any set) (§2.4).",
    )
    rank_order: str = option(
        "three_low_two_high",
        choices=("three_low_two_high", "twos_low", "red_threes_high"),
        doc="Rank order: 3 low … A 2 high; twos low (2 … A); or red 3s highest, black 3s lowest, 2s wild (§1.3).",
    )
    dealer: str = option("scum", choices=("scum", "president"), doc="Who deals rounds 2+ (round 1: given) (§1.4).")
    first_round_lead: str = option(
        "three_of_clubs",
        choices=("three_of_clubs", "three_of_spades", "left_of_dealer"),
        doc="Round 1: the holder of this card leads a set containing it, or the dealer's left leads anything (§2.3).",
    )
    later_round_lead: str = option(
        "president", choices=("president", "scum", "left_of_dealer"), doc="Who leads rounds 2+ (§2.3)."
    )
    exchange_scheme: str = option(
        "standard",
        choices=("standard", "graded", "president_picks", "none"),
        doc="Card exchange before rounds 2+: standard 1 (3p) or 2+1; graded 3/2/1; President picks; none (§2.2).",
    )
    exchange_order: str = option(
        "lower_first",
        choices=("lower_first", "upper_first"),
        doc="Within each pair (top pair first) the lower title gives first, or the upper title (§2.2).",
    )
    redeal_if_scum_has_no_face_cards: bool = option(
        False, doc="A Scum holding no J, Q or K after the deal may have the round redealt (§1.4)."
    )
    equal_play: str = option(
        "not_allowed",
        choices=("not_allowed", "allowed", "allowed_skips_next"),
        doc="An equal set on an equal set: never; allowed; allowed and the next player is skipped (§2.4).",
    )
    pass_is_final: bool = option(False, doc="Once passed, a player is skipped until the pile is cleared (§2.4).")
    twos_clear: bool = option(False, doc="A play of 2s clears the pile and its player leads again (§2.4).")
    single_two_beats_any: bool = option(False, doc="A single 2 may be played on a set of any size (§2.4).")
    twos_beat_one_larger: bool = option(False, doc="j twos beat any set of j + 1 cards (§2.4).")
    no_lead_twos_or_bombs: bool = option(
        False, doc="A lead may not be 2s or a bomb (lapses when the leader has no other lead) (§2.4)."
    )
    bombs: str = option(
        "none",
        choices=("none", "four_of_a_kind"),
        doc="Four of a kind may be played at one's turn on anything and clears the pile (§2.4).",
    )
    revolution: bool = option(
        False, doc="Four of a kind reverses the rank order (jokers stay top) until the round ends (§2.4)."
    )
    quick_clear: bool = option(
        False, doc="Anyone completing the rank on top of the pile, even out of turn, clears it and leads (§2.4)."
    )
    cannot_finish_on_two: bool = option(
        False, doc="Going out with a 2, a joker or a clearing play puts a player in the lowest free place (§2.6)."
    )
    round_end: str = option(
        "play_to_last",
        choices=("play_to_last", "count_cards", "count_values"),
        doc="Play until one player is left; or rank the rest by cards left, or by value left, at the first out (§2.6).",
    )
    reseat_by_title: bool = option(False, doc="Players reseat clockwise in title order after each round (§2.7).")
    show_card_counts: bool = option(True, doc="The summary shows how many cards each player holds (§5).")
    scoring_scheme: str = option(
        "title_points",
        choices=("title_points", "top_two", "place_points", "zdnet_4p"),
        doc="League points per round: +2/+1/0/−1/−2; 2/1/0; n−1 … 0; or 5/4/3/2/1 (§3).",
    )
    score_first_round: bool = option(True, doc="Off: the first round only sets titles (§3).")
    league_end: str = option(
        "fixed_rounds",
        choices=("fixed_rounds", "target_points"),
        doc="The evening ends after league_rounds rounds (or when closed), or when someone reaches target_points (§3).",
    )
    league_rounds: int | None = option(
        None, minimum=1, maximum=200, doc="Rounds in an evening; unset: until the table closes it (§3)."
    )
    target_points: int | None = option(
        None, minimum=1, maximum=10000, doc="Points that end the evening under league_end = target_points (§3)."
    )

    def validate(self) -> None:
        if self.league_end == "target_points" and self.target_points is None:
            raise VariantError(
                "variant_conflict",
                "league_end = target_points needs target_points (president.md §3).",
                fields={"target_points": "required with league_end = target_points"},
            )
        if self.league_end != "target_points" and self.target_points is not None:
            raise VariantError(
                "variant_conflict",
                "target_points only applies with league_end = target_points (president.md §3).",
                fields={"target_points": "needs league_end = target_points"},
            )
        if self.rank_order == "red_threes_high" and self.jokers == "wild":
            # Both make cards wild; the source's red-three set-up uses 2s as its wild cards (§1.3).
            raise VariantError(
                "variant_conflict",
                "red_threes_high already makes the 2s wild; use jokers none or high with it (president.md §1.3).",
                fields={"jokers": "conflicts with red_threes_high"},
            )

    @property
    def copies(self) -> int:
        """Copies of each card in the pack."""
        return self.decks

    @property
    def joker_count(self) -> int:
        return 0 if self.jokers == "none" else 2 * self.decks
