"""Thousand house rules (rules/thousand.md §15 and the sections above it).

Every key of the §15 table is declared here with its documented default; keys whose default
depends on another key (``barrel_level``, ``bid_step_above_200``, ``player_count``) are ``None``
and resolved by the properties at the end.

>>> v = ThousandVariants.from_json({"barrel_mode": "lviv"})
>>> v.effective_barrel_level, v.effective_barrel_deals
(900, None)
>>> ThousandVariants.from_json({"bid_step": 10}).compulsory_bid
100
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.errors import VariantError
from scoring.explain import N_
from scoring.variants import Variants, option


def _conflict(message: str, *keys: str) -> VariantError:
    return VariantError("variant_conflict", message, fields=dict.fromkeys(keys, "conflicts"), keys=list(keys))


@dataclass(frozen=True, slots=True)
class ThousandVariants(Variants):
    rule_source = "rules/thousand.md"

    # §3 players
    player_count: int | None = option(
        None, choices=(2, 3, 4), doc="2, 3 or 4 players (§3); empty: the number of seated players (3 usual)."
    )
    four_player_inactive_seat: str = option(
        "dealer", choices=("dealer", "dealer_right", "dealer_opposite"), doc="4 players: who sits out (§3.2)."
    )
    four_player_inactive_bonus: str = option(
        "none",
        choices=("none", "aces_and_pair", "talon_points_and_pair"),
        doc="4 players: the sitting-out player's score from the talon (§3.2).",
    )
    two_player_discard_points_to: str = option(
        "last_trick", choices=("last_trick", "declarer"), doc="2 players: who scores the declarer's 2 discards (§3.3)."
    )
    two_player_talons: str = option(
        "choose_one",
        choices=("choose_one", "both"),
        doc="2 players: the declarer picks one talon pile, or takes both and lays 4 cards aside (§3.3).",
    )
    # §4 bidding
    compulsory_bid: int = option(100, minimum=5, maximum=400, multiple_of=5, doc="The compulsory opening bid (§4.1).")
    compulsory_bidder: str = option(
        "left_of_dealer",
        choices=("left_of_dealer", "dealer_if_all_pass"),
        doc="Who must open; or nobody, and the dealer takes the opening bid if all pass (§4.1).",
    )
    bid_step: int = option(5, choices=(5, 10), doc="Bids and raises are multiples of this (§4.2).")
    bid_step_above_200: int | None = option(
        None, choices=(5, 10), doc="Step for bids above 200; empty: same as bid_step (§4.2)."
    )
    bid_ceiling: str = option(
        "marriage_required",
        choices=("marriage_required", "sum_of_marriages", "unlimited"),
        doc="Above 120 only with a K-Q pair; or at most 120 + the pairs held; or no limit (§4.3).",
    )
    raise_after_talon: bool = option(True, doc="The declarer may raise the contract after the talon (§4.4).")
    silence_threshold: int | None = option(
        None, maximum=0, multiple_of=5, doc="A player whose total is below this may not bid (§4.5); −300 suggested."
    )
    blind_bidding: bool = option(False, doc="Bidding without looking at one's hand doubles the deal (§4.6).")
    blind_multiplier_applies_to: str = option(
        "all", choices=("all", "declarer_only"), doc="A blind contract doubles every entry, or the declarer's (§4.6)."
    )
    blind_max_bid: int | None = option(
        120, minimum=100, multiple_of=5, doc="Highest blind bid; empty: no cap beyond bid_ceiling (§4.6)."
    )
    gold_set: bool = option(False, doc="Opening round: one deal per dealer, minimum bid 120, scores ×2 (§4.7).")
    gold_set_replay_resets_scores: bool = option(False, doc="A gold set replayed because nobody made resets totals.")
    # §5 talon and redeals
    talon_visibility: str = option(
        "exposed",
        choices=("exposed", "dark_always", "dark_if_uncontested_100", "dark_below_threshold"),
        doc="Whether the declarer shows the talon (§5.2).",
    )
    dark_talon_threshold: int = option(
        120, minimum=100, multiple_of=5, doc="dark_below_threshold: talon shown from this contract up (§5.2)."
    )
    dark_give_up: bool = option(
        True, doc="dark_if_uncontested_100: the declarer may give up, −100 and +50 to each opponent (§5.2)."
    )
    pass_cards_face_up: bool = option(False, doc="The two cards are passed face up (§5.1).")
    four_nines_redeal: str = option(
        "any_after_exchange",
        choices=("any_after_exchange", "original_hand_only", "three_nines", "off"),
        doc="Who may have the deal annulled for nines (§5.3).",
    )
    four_nines_triple_penalty: bool = option(
        False, doc="Third consecutive four-nines redeal: dealer −120, the deal passes (§5.3)."
    )
    jack_bottom_recut: str = option(
        "off", choices=("off", "jack", "nine_russian"), doc="Bottom-card re-cuts; three in a row cost 120 (§5.3)."
    )
    low_talon_redeal: int | None = option(
        None, choices=(5, 6), doc="Declarer may demand a redeal if the talon has fewer card points (§5.3)."
    )
    low_talon_min_bid_only: bool = option(False, doc="Low-talon redeal only on the minimum contract (§5.3).")
    weak_hand_redeal: int | None = option(
        None, minimum=1, maximum=40, doc="A player with fewer card points after the exchange may demand a redeal."
    )
    weak_hand_requires_no_overbid: bool = option(False, doc="Weak-hand redeal only for a player who did not overbid.")
    four_jacks_redeal: bool = option(False, doc="Four jacks in hand allow a redeal (§5.3).")
    misdeal_penalty: str = option(
        "none", choices=("none", "dealer_minus_120_deal_passes"), doc="A misdeal: redeal, or dealer −120 and pass."
    )
    # §6 play
    must_trump_when_void: bool = option(True, doc="Void in the led suit, a player must trump if able (§6.2).")
    must_head_trick: bool = option(False, doc="Polish: beat the best card so far when able (§6.2).")
    must_overtrump: bool = option(False, doc="When trumping, beat a trump already played when able (§6.2).")
    marriage_requires_won_trick: bool = option(
        True, doc="No marriage on the first trick; off: the declarer may announce on the first lead (§6.4)."
    )
    trump_change_timing: str = option(
        "immediate", choices=("immediate", "next_trick"), doc="A marriage's suit is trumps at once or next trick."
    )
    spades_marriage_value: int = option(40, choices=(40, 60), doc="Value of the ♠ marriage (§2.3).")
    four_aces_bonus: int = option(0, choices=(0, 200), doc="Four aces announced like a marriage; 0 = off (§6.5).")
    # §7 scoring
    defender_rounding_step: int = option(5, choices=(5, 10, 1), doc="Defenders' points rounded to this (§7.2).")
    declarer_rounding: bool = option(False, doc="Round the declarer's points before comparing (§7.1).")
    # §8 give-ups
    rospisat: bool = option(True, doc="The declarer may give up before play: 0 and Р, opponents +60 (§8.1).")
    rospisat_award: str = option(
        "fixed_60", choices=("fixed_60", "half_bid_up_5", "half_bid_up_10"), doc="What each opponent of a Р gets."
    )
    rospisat_limit: str = option(
        "every_third_penalised",
        choices=("every_third_penalised", "two_per_game", "one_plus_one_spisat", "unlimited_free"),
        doc="How many Р a player may write and what they cost (§8.1).",
    )
    rospisat_penalty: int = option(120, minimum=0, multiple_of=5, doc="Penalty for every rospisat_penalty_every-th Р.")
    rospisat_penalty_every: int = option(3, minimum=1, doc="Every this many Р cost rospisat_penalty (§8.1).")
    rospisat_on_barrel: bool = option(True, doc="A player on the barrel may declare Rospisat' (§8.1).")
    bomb: bool = option(False, doc="One bomb per player per game on an uncontested 100: 0, others +60 (§8.2).")
    # §9 barrel
    barrel_level: int | None = option(
        None, minimum=100, maximum=995, multiple_of=5, doc="The barrel; empty: 880 (900 under barrel_mode = lviv)."
    )
    barrel_deals: int | None = option(
        3, minimum=1, maximum=10, doc="Deals a barrel player has to win; empty: no limit."
    )
    barrel_fine: int = option(120, minimum=0, multiple_of=5, doc="Fine for falling off or colliding (§9).")
    barrel_attempts_count: str = option(
        "all_deals", choices=("all_deals", "own_contracts"), doc="Which deals use up a barrel deal (§9.2)."
    )
    barrel_collision: str = option(
        "coexist", choices=("coexist", "fine_all_jumpers", "bump_previous"), doc="Several players at the barrel."
    )
    barrel_third_fall_reset: bool = option(False, doc="The third timeout fall resets the total to 0 (§9.5).")
    barrel_mode: str = option("standard", choices=("standard", "lviv"), doc="Lviv: 900, no clamp, no limit (§9.6).")
    barrel_defender_rounding: str = option(
        "rounded", choices=("rounded", "exact"), doc="Lviv: players at the barrel are not rounded (§9.6)."
    )
    win_threshold: str = option(
        "reach_1000", choices=("reach_1000", "exceed_1000"), doc="Win at 1000 or more, or above 1000 (§12)."
    )
    # §10 bolts
    bolt_trigger: str = option(
        "no_tricks", choices=("no_tricks", "zero_score"), doc="A bolt for no tricks, or also a rounded 0 (§10)."
    )
    bolts_per_penalty: int = option(3, minimum=1, doc="Every this many bolts cost bolt_penalty (§10).")
    bolt_penalty: int = option(120, minimum=0, multiple_of=5, doc="Penalty for every bolts_per_penalty-th bolt.")
    bolts_consecutive_only: bool = option(False, doc="A trick taken resets the bolt count (§10).")
    declarer_can_bolt: bool = option(False, doc="A trickless failed declarer also gets a bolt (§10).")
    # §11 other
    dump_truck: str = option("off", choices=("off", "positive", "both_signs"), doc="Samosval: 555 (or ±555) → 0.")
    dump_truck_value: int = option(555, minimum=5, multiple_of=5, doc="The samosval total (§11).")
    reverse_barrel: bool = option(
        False, doc="Reverse barrel: at −880, 3 deals to reach −1000 (the player loses) or be lifted to −760 (§11)."
    )
    # §16 penalties
    renege_penalty: str = option(
        "contract_forfeit",
        choices=("contract_forfeit", "fixed_120", "replay"),
        doc="Proven renege or illegal announcement or bid (§16.4).",
    )

    def validate(self) -> None:
        if self.compulsory_bid % self.bid_step:
            raise _conflict(N_("compulsory_bid must be a multiple of bid_step (§4.2)."), "compulsory_bid", "bid_step")
        if self.bid_step_above_200 is not None and self.bid_step_above_200 % self.bid_step:
            raise _conflict(N_("bid_step_above_200 must be a multiple of bid_step."), "bid_step_above_200", "bid_step")
        if self.blind_max_bid is not None and self.blind_max_bid < self.compulsory_bid:
            raise _conflict(N_("blind_max_bid is below the compulsory bid."), "blind_max_bid", "compulsory_bid")
        if self.low_talon_min_bid_only and self.low_talon_redeal is None:
            raise _conflict(N_("low_talon_min_bid_only needs low_talon_redeal."), "low_talon_min_bid_only")
        if self.weak_hand_requires_no_overbid and self.weak_hand_redeal is None:
            raise _conflict(
                N_("weak_hand_requires_no_overbid needs weak_hand_redeal."), "weak_hand_requires_no_overbid"
            )
        if (self.must_head_trick or self.must_overtrump) and not self.must_trump_when_void:
            # §6.2: heading/over-trumping only narrows an obligation to trump; without one a void
            # player could discard, so "beat the trump" has nothing to narrow (our reading).
            raise _conflict(
                N_("must_head_trick / must_overtrump need must_trump_when_void."), "must_head_trick", "must_overtrump"
            )
        if self.barrel_mode == "lviv":
            if self.barrel_collision != "coexist":
                raise _conflict(N_("Lviv mode lets every player sit at the barrel (§9.6)."), "barrel_collision")
            if self.barrel_third_fall_reset:
                raise _conflict(N_("Lviv mode has no falls (§9.6)."), "barrel_third_fall_reset")
        elif self.barrel_defender_rounding != "rounded":
            raise _conflict(N_("barrel_defender_rounding = exact is a Lviv rule (§9.6)."), "barrel_defender_rounding")
        if self.reverse_barrel and self.barrel_mode == "lviv":
            # §11 mirrors the standard barrel (a level, a deal count, a 120 lift); Lviv has neither.
            raise _conflict(
                N_("The reverse barrel mirrors the standard barrel, not Lviv mode (§11)."), "reverse_barrel"
            )
        if self.dark_talon_threshold != 120 and self.talon_visibility != "dark_below_threshold":
            raise _conflict(N_("dark_talon_threshold needs dark_below_threshold."), "dark_talon_threshold")
        if self.gold_set and self.compulsory_bid > 120:
            raise _conflict(N_("The gold set's minimum is 120; compulsory_bid is higher (§4.7)."), "gold_set")

    # -- resolved values ----------------------------------------------------------------------
    @property
    def effective_barrel_level(self) -> int:
        if self.barrel_level is not None:
            return self.barrel_level
        return 900 if self.barrel_mode == "lviv" else 880

    @property
    def effective_barrel_deals(self) -> int | None:
        return None if self.barrel_mode == "lviv" else self.barrel_deals

    @property
    def lviv(self) -> bool:
        return self.barrel_mode == "lviv"

    @property
    def win_total(self) -> int:
        """The smallest winning total (§12): 1000, or 1005 under exceed_1000 (scores in 5s)."""
        return 1000 if self.win_threshold == "reach_1000" else 1001

    @property
    def reverse_level(self) -> int:
        """§11 reverse barrel: the mirror of the barrel level (−880 by default)."""
        return -self.effective_barrel_level

    @property
    def losing_total(self) -> int:
        """§11 reverse barrel: a total at or below this loses (−1000; −1001 under exceed_1000)."""
        return -self.win_total

    def step_at(self, amount: int) -> int:
        """The bid step that applies to a bid of ``amount`` (§4.2)."""
        if amount > 200 and self.bid_step_above_200 is not None:
            return self.bid_step_above_200
        return self.bid_step
