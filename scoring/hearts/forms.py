"""The Hearts hand-result form (rules/hearts.md §3.6): penalty points per seat, totalling the hand's
value (26, or 117 with spot hearts, §1.3/§3.2), with the moon, J♦ and no-trick extras the house
rules ask for."""

from __future__ import annotations

from scoring import forms
from scoring.cards import STANDARD_DECK
from scoring.hearts.deal import card_value, hand_total
from scoring.hearts.events import HandResult
from scoring.hearts.state import HeartsState
from scoring.hearts.variants import HeartsVariants

MOON_CHOICES = ("add_to_others", "subtract_from_shooter")


def card_points(v: HeartsVariants) -> dict[str, int]:
    """The penalty points of every card that carries some (§1.3, §3.2): the numbers the phone's help
    line names, so that it never keeps a rule constant of its own.

    >>> points = card_points(HeartsVariants())
    >>> points["2H"], points["AH"], points["QS"], len(points)
    (1, 1, 13, 14)
    >>> card_points(HeartsVariants(spot_hearts=True))["AH"]
    14
    """
    return {str(c): card_value(c, spot=v.spot_hearts) for c in STANDARD_DECK if card_value(c, spot=v.spot_hearts)}


def entry_form(state: HeartsState) -> forms.JSON | None:
    """None while a hand is played card by card or once the match is over."""
    if state.result is not None or state.current is not None:
        return None
    v = state.variants
    total = hand_total(v)
    everyone = range(state.seats)
    fields = [
        forms.per_seat(
            "points",
            everyone,
            maximum=total,
            total=total,
            total_code="points_must_total_117" if v.spot_hearts else "points_must_total_26",
            shortcut={"value": total},
            # the last player's points are what the others leave of the hand's total
            fill_last=True,
            count="spot" if v.spot_hearts else "plain",
            card_points=card_points(v),
        )
    ]
    if v.moon_scoring == "shooter_choice":
        # The shooter's choice moves `total` points either way (§3.2).
        fields.append(forms.choice("moon_choice", MOON_CHOICES, points=total, when={"field": "points", "has": total}))
    if v.counts_jack:
        card = "TD" if v.jack_of_diamonds == "td_minus_10" else "JD"
        fields.append(forms.seat("jd_taker", everyone, nullable=True, card=card))
    if v.avoid_all_tricks_bonus:
        fields.append(forms.seats("no_tricks", everyone))
    return forms.form(HandResult.TYPE, state.hand_number, fields)
