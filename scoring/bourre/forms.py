"""The Bourré deal-result form (rules/bourre.md §4.8): who played, and tricks only for them (the
hand size in all, §3.5) when two or more played; dealer, up-card, antes and reneges under "More"."""

from __future__ import annotations

from scoring import forms
from scoring.bourre.state import Session


def entry_form(state: Session) -> forms.JSON | None:
    """None while a deal is played card by card or once the session has ended."""
    if state.finished or state.deal is not None:
        return None
    seated = sorted(state.seated)
    size = state.variants.hand_size
    fields = [
        forms.seats("played", seated, required=True),
        forms.per_seat(
            "tricks",
            [],
            seats_from="played",
            maximum=size,
            total=size,
            total_code=f"tricks_must_total_{size}",
            total_when={"field": "played", "min_seats": 2},
            fill_last=True,
        ),
    ]
    return forms.form("deal_result", state.deal_number, fields)
