"""Whose turn it is in a deal recorded card by card (rules/bourre.md §3.1, §3.3)."""

from __future__ import annotations

from scoring.bourre.proofs import table_error
from scoring.bourre.state import CardDeal, Session
from scoring.bourre.tricks_view import tricks
from scoring.cards import STANDARD_DECK, Card
from scoring.errors import RulesError
from scoring.explain import N_

RULE_DEAL = "bourre.md §2.6"
RULE_DECIDE = "bourre.md §3.1"
RULE_PLAY = "bourre.md §3.3"
HAND = 5
#: ``not_your_turn`` by (expected step, attempted step): each pair is its own sentence.
NOT_YOUR_TURN = {
    ("declare", "declare"): N_("Next is %(name)s to declare, not %(other)s to declare (§3.1, §3.3)."),
    ("declare", "draw"): N_("Next is %(name)s to declare, not %(other)s to draw (§3.1, §3.3)."),
    ("declare", "play"): N_("Next is %(name)s to declare, not %(other)s to play (§3.1, §3.3)."),
    ("draw", "declare"): N_("Next is %(name)s to draw, not %(other)s to declare (§3.1, §3.3)."),
    ("draw", "draw"): N_("Next is %(name)s to draw, not %(other)s to draw (§3.1, §3.3)."),
    ("draw", "play"): N_("Next is %(name)s to draw, not %(other)s to play (§3.1, §3.3)."),
    ("play", "declare"): N_("Next is %(name)s to play, not %(other)s to declare (§3.1, §3.3)."),
    ("play", "draw"): N_("Next is %(name)s to play, not %(other)s to draw (§3.1, §3.3)."),
    ("play", "play"): N_("Next is %(name)s to play, not %(other)s to play (§3.1, §3.3)."),
}


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
        raise table_error(
            "not_your_turn",
            NOT_YOUR_TURN[expected_kind, kind],
            rule=RULE_PLAY if expected_kind == "play" else RULE_DECIDE,
            name=state.players[expected_seat],
            other=state.players[seat] if 0 <= seat < state.seats else seat,
            expected=expected_seat,
            expected_action=expected_kind,
            seat=seat,
        )
    return deal


def check_in_pack(card: Card) -> None:
    """A card named in a play or a hand must be one of the 52 (§2.2)."""
    if card not in STANDARD_DECK:
        raise RulesError(
            "not_in_pack",
            "%(card_pretty)s is not in a 52-card pack.",
            rule="bourre.md §2.2",
            card=str(card),
            card_pretty=card.pretty,
        )
