"""Bourré house rules (rules/bourre.md §7). Defaults are the rules file's defaults.

>>> v = BourreVariants.from_json({"pot_limit": 20})
>>> v.pot_limit, v.split_pot_handling
(20, 'carry_over')
>>> BourreVariants.from_json({"bourre_payment": "fixed"})
Traceback (most recent call last):
...
scoring.errors.VariantError: bourre_payment = fixed needs bourre_fixed_amount (bourre.md §4.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.errors import VariantError
from scoring.variants import Variants, option

#: Values declared so that a table's configuration is validated and documented, but whose
#: procedure the engine does not model; choosing one is refused (see docs/games/bourre.md).
UNSUPPORTED: dict[str, tuple[object, ...]] = {}


@dataclass(frozen=True, slots=True)
class BourreVariants(Variants):
    rule_source = "rules/bourre.md"

    player_count: str = option("2-8", choices=("2-8", "2-7", "3-8"), doc="Seated players allowed at a deal (§2.1).")
    hand_size: int = option(
        5,
        choices=(5, 4),
        doc="Cards per hand; 4 is Indiana four-card Bourré (ownerless trump card, staying costs a chip "
        "before and after the draw, discard at most 3, a renege costs twice the pot).",
    )
    first_dealer: str = option(
        "draw_high_redraw_ties",
        choices=("draw_high_redraw_ties", "agreed"),
        doc="How the first dealer is chosen; the first deal event names the dealer either way (§2.3).",
    )
    ante_amount: int = option(1, minimum=1, doc="Chips in one ante (§2.5).")
    ante_payer: str = option(
        "each_player",
        choices=("each_player", "dealer_for_all"),
        doc="Each seated player antes, or the dealer pays every counted ante (§2.5).",
    )
    second_ante: bool = option(False, doc="Double ante: each player who plays adds one ante when declaring (§7).")
    double_ante_exemptions: bool = option(
        False, doc="With second_ante, keep the §4.5 exemptions from the first ante (normally nobody is exempt)."
    )
    decision_mode: str = option(
        "combined_rotation",
        choices=("combined_rotation", "separate_rounds", "simultaneous_fist"),
        doc="Play/pass and discards in one rotation, or all declare first and then draw in rotation (§3.1).",
    )
    trump_source: str = option(
        "dealer_fifth_card",
        choices=("dealer_fifth_card", "separate_card_no_owner", "separate_card_dealer_may_take"),
        doc="The up-card is the dealer's fifth card, or an extra card nobody owns (§2.6, §7).",
    )
    max_discard: str = option(
        "five",
        choices=("five", "four", "three_with_7", "three_with_7_or_8", "by_table_size"),
        doc="Most cards one player may exchange (by_table_size: ≤5 seated 5, 6→4, 7→3, 8→3).",
    )
    stock_exhaustion: str = option(
        "recycle_acted_discards_and_folds",
        choices=("recycle_acted_discards_and_folds", "folds_then_discards"),
        doc="What is reshuffled when the stock runs out during the draw (§3.2).",
    )
    dealer_must_play_on_ace: bool = option(True, doc="A dealer whose up-card is an ace may not pass (§3.1.4).")
    lone_player_wins: bool = option(True, choices=(True,), doc="A single player who plays takes the pot (§3.1.5).")
    all_pass_policy: str = option(
        "dealer_collects",
        choices=("dealer_collects", "carry_over"),
        doc="When nobody plays: the dealer collects as a lone player, or the pot carries over (§3.1.5).",
    )
    premature_signal_penalty: str = option(
        "forfeit_next_deal", choices=("forfeit_next_deal", "none"), doc="Penalty for a premature signal (§3.1.6)."
    )
    head_trick_required: bool = option(True, doc="A player who can beat the winning card must (§3.4).")
    must_beat_mode: str = option(
        "any_beating_card",
        choices=("any_beating_card", "highest_card"),
        doc="Any beating card is enough, or the highest card of the suit played (§3.4 notes).",
    )
    trump_when_cannot_overtrump: bool = option(
        True, doc="Void in the led suit and unable to overtrump, a trump must still be played (§3.4.2)."
    )
    cinch_rules: str = option(
        "pagat",
        choices=("pagat", "none", "akq_only", "lay_down"),
        doc="Cinch obligations: pagat C-lead/C-follow, none, A-K-Q only, or lay down (no play obligation) (§3.6).",
    )
    cinch_equivalent_trumps: str = option(
        "sequence",
        choices=("sequence", "adjacent_only", "strict"),
        doc="Which trumps count as the cinch holder's highest trump (§3.6).",
    )
    cinch_breach_is_renege: bool = option(True, doc="Breaking a cinch obligation is a renege (§3.6, §5.1).")
    must_lead_trump_when_others_void: bool = option(
        False, doc="When every other active player has shown out of trumps, a leader holding one must lead it."
    )
    split_pot_handling: str = option(
        "carry_over", choices=("carry_over", "share_equally"), doc="A tie for most tricks (§4.2)."
    )
    tied_players_skip_ante: bool = option(True, doc="Players tied in a carried-over split pot skip the next ante.")
    bourre_payment: str = option(
        "match_pot", choices=("match_pot", "fixed"), doc="A player with no trick pays the pot, or a fixed amount."
    )
    bourre_fixed_amount: int | None = option(None, minimum=1, doc="Chips a bourré player pays under fixed.")
    pot_limit: int | None = option(None, minimum=1, doc="Most a winner takes and a payer pays (§4.6).")
    renege_uncorrected_penalty: str = option(
        "match_pot",
        choices=("match_pot", "double_pot", "retraction_only"),
        doc="What an uncorrected renege costs (§5.3).",
    )
    renege_correction_window: str = option(
        "until_next_card", choices=("until_next_card", "none"), doc="A renege may be recalled before the next card."
    )
    uncorrected_renege_forfeits_pot: bool = option(True, doc="An uncorrected offender cannot win the pot (§5.3).")
    renege_and_bourre_stack: bool = option(False, doc="An offender with no trick pays twice (§5.3).")
    uncorrected_renege_forfeits_deal: bool = option(
        False, doc="An uncorrected offender also loses their next turn to deal (§5.3)."
    )
    forfeited_pot_policy: str = option(
        "carry_over",
        choices=("carry_over", "next_best_eligible"),
        doc="When the most tricks belong to a forfeiting offender (§5.4).",
    )
    renege_claim_deadline: str = option(
        "before_next_deal",
        choices=("before_next_deal", "end_of_session"),
        doc="Until when a renege may be alleged (§5.3).",
    )
    lo_no: bool = option(
        False,
        doc="A dealer who turns a low card may call Lo-No: no trumps, low cards win, the dealer plays and leads it.",
    )
    lo_no_max_rank: int = option(
        6, minimum=2, maximum=8, doc="Highest rank of a low card for Lo-No: 6 means a turned 2 to 6 (§7 lo_no)."
    )

    def validate(self) -> None:
        for key, values in UNSUPPORTED.items():
            if getattr(self, key) in values:
                raise VariantError(
                    "variant_not_supported",
                    "%(key)s = %(value)s is declared in bourre.md §7 but not supported by this engine.",
                    fields={key: "not supported"},
                    key=key,
                    value=repr(getattr(self, key)),
                )
        if self.hand_size == 4 and (self.trump_source != "separate_card_no_owner" or self.second_ante):
            raise VariantError(
                "variant_conflict",
                "Four-card Bourré turns an ownerless trump card and has its own stakes for staying: "
                "set trump_source = separate_card_no_owner and no second_ante (§7 hand_size).",
                fields={"hand_size": "needs trump_source = separate_card_no_owner, no second_ante"},
            )
        if self.lo_no and self.trump_source != "dealer_fifth_card":
            raise VariantError(
                "variant_conflict",
                "Under Lo-No the dealer leads the turned card, so it must be the dealer's own fifth card: "
                "set trump_source = dealer_fifth_card (§7 lo_no).",
                fields={"lo_no": "needs trump_source = dealer_fifth_card"},
            )
        if self.bourre_payment == "fixed" and self.bourre_fixed_amount is None:
            raise VariantError(
                "variant_conflict",
                "bourre_payment = fixed needs bourre_fixed_amount (bourre.md §4.3).",
                fields={"bourre_fixed_amount": "required"},
            )

    # -- derived ------------------------------------------------------------------------------
    @property
    def seat_range(self) -> tuple[int, int]:
        low, high = self.player_count.split("-")
        return int(low), int(high)

    @property
    def exemptions_apply(self) -> bool:
        """§7: under the double ante nobody is exempt from the first ante unless the table keeps it."""
        return not self.second_ante or self.double_ante_exemptions

    @property
    def up_card_owned(self) -> bool:
        return self.trump_source == "dealer_fifth_card"

    def lo_no_card(self, rank: int) -> bool:
        """Whether a turned card of ``rank`` lets the dealer call Lo-No (§7; docs/games/bourre.md).

        >>> [BourreVariants(lo_no=True).lo_no_card(r) for r in (2, 6, 7, 14)]
        [True, True, False, False]
        """
        return self.lo_no and rank <= self.lo_no_max_rank

    @property
    def indiana(self) -> bool:
        """§7 hand_size = 4: Indiana four-card Bourré."""
        return self.hand_size == 4

    @property
    def stay_cost(self) -> int:
        """Chips a player adds on choosing to play: the double ante, or Indiana's stake."""
        return self.ante_amount if self.second_ante or self.indiana else 0

    @property
    def renege_penalty(self) -> str:
        """§7: in four-card Bourré a renege costs twice the pot (unless only a retraction)."""
        if self.indiana and self.renege_uncorrected_penalty == "match_pot":
            return "double_pot"
        return self.renege_uncorrected_penalty

    def discard_cap(self, seated: int) -> int:
        """§7 max_discard for a deal with ``seated`` players.

        >>> [BourreVariants(max_discard="by_table_size").discard_cap(n) for n in (4, 6, 7, 8)]
        [5, 4, 3, 3]
        """
        cap = self.max_discard
        if self.indiana:
            return 3  # four-card Bourré: up to 3, never all 4
        if cap == "four":
            return 4
        if cap == "three_with_7":
            return 3 if seated == 7 else 5
        if cap == "three_with_7_or_8":
            return 3 if seated >= 7 else 5
        if cap == "by_table_size":
            return {6: 4, 7: 3, 8: 3}.get(seated, 5)
        return 5

    def cap(self, chips: int) -> int:
        """§4.6: a limit caps every take and payment."""
        return chips if self.pot_limit is None else min(chips, self.pot_limit)
