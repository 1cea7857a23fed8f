"""Tonk house rules (rules/tonk.md §5). Defaults are the rules file's defaults."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.variants import Variants, option


@dataclass(frozen=True, slots=True)
class TonkVariants(Variants):
    rule_source = "rules/tonk.md"

    player_count: str = option(
        "2-6", choices=("2-6",), doc="The players seated, 2 to 6 (best 2-3); fewer or more are rejected (§1.1)."
    )
    hand_size: int = option(5, choices=(5, 7, 9), doc="Cards dealt to each player; the stock must keep ≥ 1 card.")
    jokers_wild: bool = option(False, doc="54 cards: two wild jokers that stand for any card in a spread (§1.2).")
    joker_count_value: int = option(
        0, minimum=0, maximum=50, doc="[service] Count value of a joker left in hand (no source gives one)."
    )
    court_values: str = option(
        "ten_ten_ten", choices=("ten_ten_ten", "11_12_13"), doc="J, Q, K count 10 each, or 11, 12, 13 (§1.3)."
    )
    upcard: bool = option(True, doc="The card after the deal is turned up to start the discard pile (§1.5).")
    ace_in_runs: str = option(
        "low_only", choices=("low_only", "low_or_high_no_wrap"), doc="Ace low only (A-2-3), or low or high (Q-K-A)."
    )
    auto_49_50: str = option(
        "both_double",
        choices=("both_double", "fifty_only_auto", "texas", "off"),
        doc="Dealt 49/50: wins double; only 50 at the deal (49 claimed in turn); Texas (50 double, 49 single); off.",
    )
    low_count_auto: str = option(
        "off",
        choices=("off", "le13_double", "le13_double_le9_triple", "le15_double"),
        doc="Dealt low count wins at once: ≤13 double; ≤13 double and ≤9 triple; ≤15 double (§2.2).",
    )
    multiple_auto_winners: str = option(
        "draw", choices=("draw",), doc="Several automatic winners at the deal: the hand is a draw (§2.2)."
    )
    drop_timing: str = option(
        "start_of_turn",
        choices=("start_of_turn", "also_after_deal"),
        doc="Drop only at the start of one's turn, or also by anyone right after the deal, before any draw.",
    )
    discard_take_must_meld: bool = option(False, doc="A card taken from the discard pile must be laid this turn.")
    rediscard_taken_card: bool = option(False, doc="The card just taken from the discard pile may be discarded.")
    one_hit_per_turn: bool = option(False, doc="At most one card may be added to existing spreads per turn.")
    hit_runs_only: bool = option(False, doc="Cards may be added only to runs, never to books (Speno).")
    hit_lock: str = option(
        "per_card",
        choices=("per_card", "per_hitting_turn", "off"),
        doc="A hit on your spread stops you dropping: one turn per card, per hitting turn, or never (§2.4).",
    )
    caught_payout: str = option(
        "pagat",
        choices=("pagat", "dropper_only", "wikipedia", "low_only_double"),
        doc="Payments when a drop is caught (§3.2).",
    )
    stock_end: str = option(
        "on_draw_from_empty",
        choices=("on_draw_from_empty", "on_last_card"),
        doc="The hand ends when someone draws from the empty stock, or after the turn that drew its last card.",
    )
    stock_tie: str = option(
        "draw", choices=("draw", "split"), doc="Tie for lowest at stock end: no payments, or each tied collects 1."
    )
    tonk_requires_six: bool = option(
        False, doc="A tonk pays double only if the whole hand plus the draw went down in one turn (§3.3)."
    )
    payout_scheme: str = option(
        "standard", choices=("standard", "texas"), doc="Texas Tonk: caught dropper pays the lowest hand double."
    )
    double_double: bool = option(
        False, doc="A tonk on a run that the other hand could go out on in turn pays 4 stakes (§3.3)."
    )
    spades_side_bet: bool = option(False, doc="Optional side pot won by the highest spade shown (§3.3).")
    stake: int = option(1, minimum=1, doc="The basic stake of a hand; payments are multiples of it.")

    @property
    def deck_size(self) -> int:
        return 54 if self.jokers_wild else 52
