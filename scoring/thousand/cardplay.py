"""Card-by-card recording: dispatch of the deal, auction, talon and play events (§16.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring.errors import RulesError
from scoring.events import Event
from scoring.protocol import JSON
from scoring.thousand import bidding, concede, play, talon
from scoring.thousand.events import (
    Bid,
    ClaimRedeal,
    Concede,
    Deal,
    Discard,
    GiveCard,
    GiveUp,
    LookAtHand,
    Pass,
    PlayCard,
    RaiseContract,
    TakeTalon,
)
from scoring.thousand.rules import rule
from scoring.thousand.state import DealState, ThousandState, all_hands_known, hand_of


def apply_card_event(state: ThousandState, event: Event) -> ThousandState:
    deal = state.deal
    if isinstance(event, Deal):
        if deal is not None:
            raise RulesError("deal_in_progress", "The current deal is not finished.", rule=rule("§3"))
        return bidding.start_deal(state, event)
    if isinstance(event, ClaimRedeal):
        return talon.apply_claim_redeal(state, deal, event)
    if deal is None:
        raise RulesError(
            "no_deal",
            "%(event)s needs a deal: record the deal (or a deal result) first.",
            rule=rule("§3"),
            event=event.TYPE,
        )
    handler = _IN_DEAL.get(type(event))
    if handler is None:
        raise RulesError("unexpected_event", "%(event)s cannot be recorded now.", rule=rule("§16.1"), event=event.TYPE)
    return handler(state, deal, event)


#: The events of a deal in progress, each with the function that applies it (state, deal, event).
_IN_DEAL: dict[type[Event], Callable[[ThousandState, DealState, Any], ThousandState]] = {
    PlayCard: play.apply_play,
    Concede: concede.apply_concede,
    Bid: bidding.apply_bid,
    Pass: bidding.apply_pass,
    LookAtHand: bidding.apply_look,
    TakeTalon: talon.apply_take_talon,
    GiveCard: talon.apply_give_card,
    Discard: talon.apply_discard,
    RaiseContract: talon.apply_raise,
    GiveUp: talon.apply_give_up,
}


def to_act(deal: DealState) -> int:
    """The seat expected to act: bidder, declarer before play, then the next player to the trick."""
    if deal.phase == "play" and deal.trick is not None:
        return play.next_seat(deal)
    if deal.phase in ("talon", "exchange", "discard", "declare") and deal.declarer is not None:
        return deal.declarer
    return deal.to_act


def legal_actions(state: ThousandState) -> list[JSON]:
    deal = state.deal
    assert deal is not None
    v = state.variants
    decl = deal.declarer
    if deal.phase == "bidding":
        return bidding.bidding_actions(state, deal)
    actions: list[JSON] = []
    if deal.phase == "talon":
        if len(deal.active) == 2 and v.two_player_talons == "choose_one":
            actions += [{"type": "take_talon", "seat": decl, "pile": p} for p in (0, 1)]
        else:
            actions.append({"type": "take_talon", "seat": decl})
        if talon.give_up_allowed(state, deal, decl or 0, "bomb"):
            actions.append({"type": "give_up", "seat": decl, "kind": "bomb"})
        return actions
    if deal.phase == "exchange":
        for to in deal.active:
            if to != decl and not any(t == to for t, _c in deal.given):
                action: JSON = {"type": "give_card", "seat": decl, "to": to}
                held = hand_of(deal, decl) if decl is not None else None
                if held is not None:
                    action["cards"] = sorted(str(c) for c in held)
                actions.append(action)
    elif deal.phase == "discard":
        action = {"type": "discard", "seat": decl, "count": 4 if v.two_player_talons == "both" else 2}
        held = hand_of(deal, decl) if decl is not None else None
        if held is not None:
            action["cards"] = sorted(str(c) for c in held)
        actions.append(action)
    elif deal.phase == "declare" and v.raise_after_talon and not deal.blind:
        top = bidding.max_bid(state, decl or 0, hand_of(deal, decl or 0))
        low = deal.contract + v.step_at(deal.contract + v.bid_step)
        if top is None or low <= top:
            actions.append({"type": "raise_contract", "seat": decl, "min": low, "max": top})
    if deal.phase in ("exchange", "discard", "declare"):
        for kind in ("rospisat", "spisat", "bomb", "dark_give_up"):
            if talon.give_up_allowed(state, deal, decl or 0, kind):
                actions.append({"type": "give_up", "seat": decl, "kind": kind})
    if deal.phase in ("declare", "play"):
        actions += play.legal_plays(state, deal)
    return actions


def last_trick(deal: DealState) -> JSON | None:
    """The trick taken last, with who played each card and who took it (kept in view until the next
    one is complete, so a table sees where the cards went)."""
    if not deal.completed:
        return None
    trick, winner, _trump = deal.completed[-1]
    order = deal.active
    start = order.index(trick.leader)
    seats = [order[(start + i) % len(order)] for i in range(len(trick.cards))]
    return {"leader": trick.leader, "cards": [str(c) for c in trick.cards], "seats": seats, "winner": winner}


def deal_summary(state: ThousandState) -> JSON:
    deal: DealState | None = state.deal
    assert deal is not None
    trick = deal.trick
    return {
        "phase": deal.phase,
        "dealer": deal.dealer,
        "active": list(deal.active),
        "inactive": deal.inactive,
        "hands_known": all_hands_known(deal),
        "hands_known_seats": [s for s in deal.active if hand_of(deal, s) is not None],
        "auction": [{"seat": s, "bid": a, "blind": b} for s, a, b in deal.bids],
        "passed": sorted(deal.passed),
        "high_bid": deal.high or None,
        "declarer": deal.declarer,
        "contract": deal.contract or None,
        "blind": deal.blind,
        "dark_talon": deal.dark,
        "talon": None if deal.talon_known is None or deal.dark else [str(c) for c in deal.talon_known],
        "given": [{"to": to, "card": None if c is None else str(c)} for to, c in deal.given],
        "trump": None if deal.trump is None else deal.trump.value,
        "trick_number": deal.trick_number,
        "trick": None if trick is None else {"leader": trick.leader, "cards": [str(c) for c in trick.cards]},
        "last_trick": last_trick(deal),
        "points": list(deal.points),
        "tricks_won": list(deal.won),
        "announcements": [
            {
                "seat": a.seat,
                "kind": a.kind,
                "suit": None if a.suit is None else a.suit.value,
                "trick": a.trick,
                "value": a.value,
                "counts": i not in deal.void_announcements,
            }
            for i, a in enumerate(deal.announcements)
        ],
        **taken_so_far(deal, state.seats),
    }


def taken_so_far(deal: DealState, seats: int) -> JSON:
    """What each seat has taken so far (docs/games/thousand.md §3.1): card points of the tricks
    won, the marriages (and four aces) announced that still count, and their sum. The deal's
    scoring (§13) may still change them: a Lviv barrel voids marriages, two players share the
    unplayed cards, a renege forfeits."""
    card_points = [deal.points[s] if s < len(deal.points) else 0 for s in range(seats)]
    marriages = [0] * seats
    for i, a in enumerate(deal.announcements):
        if i not in deal.void_announcements:
            marriages[a.seat] += a.value
    return {
        "card_points": card_points,
        "marriage_points": marriages,
        "points_so_far": [c + m for c, m in zip(card_points, marriages, strict=True)],
    }
