"""Whose turn it is in a deal recorded card by card (rules/bourre.md §3.1, §3.3)."""

from __future__ import annotations

from scoring.bourre.state import CardDeal, Session
from scoring.bourre.tricks_view import tricks
from scoring.errors import RulesError

RULE_DEAL = "bourre.md §2.6"
RULE_DECIDE = "bourre.md §3.1"
RULE_PLAY = "bourre.md §3.3"
HAND = 5


def next_step(state: Session) -> tuple[str, int] | None:
    """``("declare"|"draw"|"play", seat)`` expected next in the current deal, or ``None`` when complete."""
    deal = state.deal
    if deal is None:
        return None
    v = state.variants
    decided = {s for s, _ in deal.decisions}
    drawn = {d.seat for d in deal.draws}
    active = deal.active
    if len(decided) == len(deal.order) and len(active) <= 1:
        return None
    combined = v.decision_mode == "combined_rotation"
    for seat in deal.order:
        if seat not in decided:
            return ("declare", seat)
        if combined and seat in active and seat not in drawn:
            return ("draw", seat)
    for seat in active:
        if seat not in drawn:
            return ("draw", seat)
    if v.indiana:  # §7 four-card Bourré: a second chance to pass after the draw
        again = {s for s, _ in deal.second_round}
        for seat in active:
            if seat not in again:
                return ("declare", seat)
        if len(active) <= 1:
            return None
    if len(deal.plays) >= deal.hand * len(active):
        return None
    to_play = tricks(deal)[-1].to_play
    assert to_play is not None
    return ("play", to_play)


def expect(state: Session, kind: str, seat: int) -> CardDeal:
    deal = state.deal
    if deal is None:
        raise RulesError("no_deal", "Record a deal first.", rule=RULE_DEAL)
    step = next_step(state)
    if step is None:
        raise RulesError("deal_complete", "This deal is complete: record the next deal.", rule=RULE_PLAY)
    if step != (kind, seat):
        expected_kind, expected_seat = step
        raise RulesError(
            "not_your_turn",
            f"Next is {state.players[expected_seat]} to {expected_kind}, not {state.players[seat] if 0 <= seat < state.seats else seat} to {kind} (§3.1, §3.3).",
            rule=RULE_PLAY if expected_kind == "play" else RULE_DECIDE,
            expected=expected_seat,
            expected_action=expected_kind,
            seat=seat,
        )
    return deal
