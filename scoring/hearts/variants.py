"""Hearts house rules (rules/hearts.md §5). Defaults are the rules file's defaults."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import Suit, parse_card
from scoring.errors import VariantError
from scoring.variants import Variants, option

PASS_DIRECTIONS = ("left", "right", "across", "hold")
_CARD_CHOICES = None  # any non-penalty card; checked in validate()


@dataclass(frozen=True, slots=True)
class HeartsVariants(Variants):
    rule_source = "rules/hearts.md"

    short_deal_method: str = option(
        "strip", choices=("strip", "kitty"), doc="3, 5 or 6 players: strip low cards, or deal evenly into a kitty."
    )
    strip_cards_3p: tuple[str, ...] = option(("2D",), doc="Cards removed with 3 players (§1.4).")
    strip_cards_5p: tuple[str, ...] = option(("2D", "2C"), doc="Cards removed with 5 players (§1.4).")
    strip_cards_6p: tuple[str, ...] = option(("2D", "3D", "2C", "3C"), doc="Cards removed with 6 players (§1.4).")
    pass_count: int = option(3, minimum=0, maximum=4, doc="Cards each player passes (§2.2).")
    pass_cycle_4p: tuple[str, ...] = option(
        ("left", "right", "across", "hold"),
        item_choices=PASS_DIRECTIONS,
        doc="Pass directions with 4 players, repeating (§2.2).",
    )
    pass_cycle_other: str = option(
        "standard",
        choices=("standard", "extended"),
        doc="3, 5, 6 players: left, right, hold; or extended: left, right, 2nd left, 2nd right, (across), hold.",
    )
    optional_pass: bool = option(False, doc="A player may decline to pass.")
    first_lead: str = option(
        "two_of_clubs",
        choices=("two_of_clubs", "any_club", "left_of_dealer"),
        doc="Who leads the first trick and with what (§2.3 A).",
    )
    no_points_first_trick: bool = option(True, doc="No hearts or Q♠ may be discarded on the first trick.")
    first_trick_fallback: str = option(
        "any", choices=("any", "heart_only"), doc="Void on trick 1 with only point cards: any of them, or a heart."
    )
    must_break_hearts: bool = option(True, doc="Hearts may not be led until a heart has been played.")
    queen_breaks_hearts: bool = option(False, doc="Playing the Q♠ also breaks hearts.")
    can_lead_hearts_instead_of_qs: bool = option(
        False, doc="Holding only hearts and the Q♠ before hearts break, a heart may be led."
    )
    all_hearts_unbroken_lead: str = option(
        "lead_heart", choices=("lead_heart", "pass_lead"), doc="Leader with only hearts before they break."
    )
    jack_of_diamonds: str = option(
        "off", choices=("off", "jd_minus_10", "td_minus_10"), doc="J♦ (or 10♦) counts −10 for whoever takes it."
    )
    moon_scoring: str = option(
        "add_to_others",
        choices=("add_to_others", "subtract_from_shooter", "shooter_choice"),
        doc="Shooting the moon: others +26, shooter −26, or the shooter chooses.",
    )
    moon_requires_jd: bool = option(False, doc="A moon needs the J♦ (or 10♦) as well.")
    avoid_all_tricks_bonus: int = option(0, choices=(0, -5, -3), doc="Score for a player who wins no trick.")
    no_tricks_bonus_on_moon: bool = option(
        False, doc="The no-trick bonus is given even in a hand where someone shot the moon."
    )
    spot_hearts: bool = option(
        False, doc="Spot hearts: each heart counts its pip value (J 11, Q 12, K 13, A 14); 117 points a hand."
    )
    kitty: str = option(
        "off",
        choices=("off", "four_player_12", "leftover_first_trick", "leftover_first_penalty", "leftover_last_trick"),
        doc="Face-down kitty and who receives it (§2.4).",
    )
    target_score: int = option(
        100, minimum=50, maximum=500, multiple_of=25, doc="The game ends when someone reaches this total."
    )
    tie_break: str = option("co_winners", choices=("co_winners", "play_on"), doc="Lowest totals tied at the end.")
    exact_target_rule: str = option(
        "none", choices=("none", "reset_to_half", "exact_wins"), doc="Landing exactly on the target (§3.4)."
    )
    renege_penalty: str = option(
        "abandon_26",
        choices=("abandon_26", "score_as_played_plus_26", "none"),
        doc="Proven renege: hand abandoned and offender 26, or scored as played plus 26, or none.",
    )

    def validate(self) -> None:
        if self.moon_requires_jd and self.jack_of_diamonds == "off":
            raise VariantError(
                "variant_conflict",
                "%(option)s needs the %(needs)s variant.",
                fields={"moon_requires_jd": "needs jack_of_diamonds"},
                option="moon_requires_jd",
                needs="jack_of_diamonds",
            )
        for key in ("strip_cards_3p", "strip_cards_5p", "strip_cards_6p"):
            for text in getattr(self, key):
                card = parse_card(text)
                if card.suit == Suit.HEARTS or str(card) == "QS":
                    raise VariantError(
                        "variant_conflict",
                        "%(option)s may not remove a penalty card (%(card)s): every heart and the Q♠ are always "
                        "in play (§1.4).",
                        fields={key: "penalty card"},
                        option=key,
                        card=card.pretty,
                    )

    @property
    def counts_jack(self) -> bool:
        return self.jack_of_diamonds != "off"
