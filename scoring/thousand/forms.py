"""The Thousand deal-result form (rules/thousand.md §7.4): outcome, declarer and contract, then
card points (120 a deal, §2.2) and, optionally, tricks (8, or 10 with two active players) for the
active seats, with their marriages. The contract offers ``chips``: one-tap bids around the last one."""

from __future__ import annotations

from typing import get_args

from scoring import forms
from scoring.cards import Suit
from scoring.errors import RulesError
from scoring.thousand.events import DealResult, Kind, ThrowInReason
from scoring.thousand.match import current_seating, minimum_bid
from scoring.thousand.result_entry import on_step, throw_in_allowed
from scoring.thousand.rules import TOTAL_POINTS, marriage_value, tricks_per_deal
from scoring.thousand.state import ThousandState
from scoring.thousand.variants import ThousandVariants

#: The order the phone offers marriages in, lowest first (§2.3).
MARRIAGE_ORDER = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
PLAYED_KINDS = ["played"]
DECLARED_KINDS = ["played", "rospisat", "spisat", "bomb", "dark_give_up"]


def kinds(v: ThousandVariants) -> list[str]:
    """The outcomes this table's house rules allow (§8.1, §8.2, §5.2); the thrown-in deal always."""
    allowed = {
        "played": True,
        "rospisat": v.rospisat,
        "spisat": v.rospisat_limit == "one_plus_one_spisat",
        "bomb": v.bomb,
        "dark_give_up": v.talon_visibility == "dark_if_uncontested_100" and v.dark_give_up,
        "thrown_in": True,
    }
    return [k for k in get_args(Kind) if allowed[k]]


def throw_in_reasons(state: ThousandState) -> list[str]:
    reasons = []
    for reason in get_args(ThrowInReason):
        try:
            throw_in_allowed(state, reason)
        except RulesError:
            continue
        reasons.append(reason)
    return reasons


def contract_chips(state: ThousandState, low: int, ceiling: int) -> list[int]:
    """One-tap contracts: the minimum, and the legal bids around the last deal's contract."""
    last = next((h.contract for h in reversed(state.history) if h.contract), low)
    chips, bid = [low], max(low, last - 2 * state.variants.bid_step)
    while len(chips) < 6 and bid <= ceiling:
        if bid not in chips and on_step(state, bid):
            chips.append(bid)
        bid += 5  # every step in use is a multiple of 5 (§4.2)
    return chips


def entry_form(state: ThousandState) -> forms.JSON | None:
    """None while a deal is played card by card or once the match is over."""
    if state.result is not None or state.deal is not None:
        return None
    v = state.variants
    seat = current_seating(state)
    active = sorted(seat.active)
    low = minimum_bid(state)
    # No contract can exceed every card point plus every marriage (§4.3).
    ceiling = TOTAL_POINTS + sum(marriage_value(s, v) for s in Suit)
    played = {"field": "kind", "in": PLAYED_KINDS}
    fields = [
        forms.choice("kind", kinds(v), default="played"),
        forms.choice("reason", throw_in_reasons(state), nullable=True, when={"field": "kind", "in": ["thrown_in"]}),
        forms.seat("declarer", active, required=True, when={"field": "kind", "in": DECLARED_KINDS}),
        forms.number(
            "contract",
            minimum=low,
            maximum=ceiling,
            step=v.bid_step,
            default=low,
            chips=contract_chips(state, low, ceiling),
            when={"field": "kind", "in": DECLARED_KINDS},
        ),
        forms.per_seat(
            "card_points",
            active,
            maximum=TOTAL_POINTS,
            total=TOTAL_POINTS,
            total_code="card_points_must_total_120",
            fill_last=True,
            when=played,
        ),
        forms.per_seat(
            "tricks",
            active,
            maximum=tricks_per_deal(len(active)),
            total=tricks_per_deal(len(active)),
            total_code=f"tricks_must_total_{tricks_per_deal(len(active))}",
            fill_last=True,
            # optional (§7.4 as relaxed in result_entry.took_tricks): card points tell who took a trick
            required=False,
            main=False,
            when=played,
        ),
        {
            "name": "marriages",
            "kind": "suits_per_seat",
            "seats": active,
            "suits": [s.value for s in MARRIAGE_ORDER],
            "when": played,
        },
    ]
    if seat.inactive is not None:
        fields.append({"name": "inactive", "kind": "fixed", "value": seat.inactive, "when": played})
    return forms.form(DealResult.TYPE, state.deal_number, fields)
