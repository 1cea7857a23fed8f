"""Tonk card by card: dispatch, legal actions and the table view (rules/tonk.md §2, §6)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from scoring.cards import Card
from scoring.errors import RulesError
from scoring.events import Event
from scoring.protocol import JSON
from scoring.tonk import deal as dealing
from scoring.tonk import turns
from scoring.tonk.events import Claim49, Deal, Declare, Discard, Draw, Drop, Hit, ShowHands, SideBet, Spread
from scoring.tonk.melds import RUN, count, hit_kinds, spread_kinds
from scoring.tonk.state import Play, TonkState


def apply_play(state: TonkState, event: Event) -> TonkState:
    if isinstance(event, Deal):
        return dealing.deal(state, event)
    play = state.play
    if play is None:
        raise RulesError(
            "no_hand_in_progress",
            "Deal a hand before recording %(event_type)s.",
            rule="tonk.md §2.1",
            event_type=event.TYPE,
        )
    if play.pending is not None and not isinstance(event, ShowHands):
        raise RulesError(
            "hands_must_be_shown",
            "The hand has ended: record the cards or counts left in each hand (show_hands).",
            rule="tonk.md §3.5",
        )
    seat = getattr(event, "seat", None)
    if isinstance(seat, int) and not 0 <= seat < state.seats:
        raise RulesError("no_such_seat", "There is no seat %(seat)s.", rule="tonk.md §1.1", seat=seat)
    handler = _IN_HAND.get(type(event))
    if handler is None:
        raise RulesError(
            "unexpected_event", "%(event_type)s cannot be recorded now.", rule="tonk.md §2.1", event_type=event.TYPE
        )
    return handler(state, play, event)


#: The events of a hand in progress, each with the function that applies it (state, hand, event).
_IN_HAND: dict[type[Event], Callable[[TonkState, Play, Any], TonkState]] = {
    Declare: dealing.declare,
    SideBet: dealing.side_bet_event,
    Claim49: dealing.claim_49,
    ShowHands: dealing.show_hands,
    Drop: turns.drop,
    Draw: turns.draw,
    Spread: turns.spread,
    Hit: turns.hit,
    Discard: turns.discard,
}


def _spread_options(state: TonkState, play: Play, seat: int) -> list[list[str]]:
    held = play.held[seat]
    cards = held.known
    options = []
    for size in range(3, len(cards) + 1):
        for combo in combinations(cards, size):
            if spread_kinds(combo, state.variants) and _uses_taken(state, play, seat, combo):
                options.append([str(c) for c in combo])
    return options


def _uses_taken(state: TonkState, play: Play, seat: int, cards: tuple[Card, ...]) -> bool:
    """Under discard_take_must_meld the first lay after taking the discard must include it."""
    taken = play.taken
    if not state.variants.discard_take_must_meld or taken is None or taken not in play.held[seat].known:
        return True
    return taken in cards


def _hit_options(state: TonkState, play: Play, seat: int) -> list[JSON]:
    v = state.variants
    if v.one_hit_per_turn and play.hit_cards >= 1:
        return []
    out: list[JSON] = []
    for target in play.spreads:
        if v.hit_runs_only and RUN not in target.kinds:
            continue
        for card in dict.fromkeys(play.held[seat].known):
            kinds = hit_kinds(target.cards, target.kinds, (card,), v)
            if v.hit_runs_only:
                kinds = kinds - {"book"}
            if kinds and _uses_taken(state, play, seat, (card,)):
                out.append({"type": "hit", "seat": seat, "spread": target.number, "cards": [str(card)]})
    return out


def _discard_options(state: TonkState, play: Play, seat: int) -> list[str] | None:
    held = play.held[seat]
    v = state.variants
    if play.taken is not None and play.taken in held.known and v.discard_take_must_meld:
        return []
    if not held.fully_known:
        return None
    cards = list(dict.fromkeys(held.known))
    if play.taken is not None and not v.rediscard_taken_card and held.size > 1:
        cards = [c for c in cards if c != play.taken]
    return [str(c) for c in cards]


def _may_take_discard(state: TonkState, play: Play, seat: int) -> bool:
    """Under discard_take_must_meld the top discard is offered only if the known hand can lay it at once."""
    held = play.held[seat]
    if not state.variants.discard_take_must_meld or not held.fully_known:
        return True
    top = play.discards[-1]
    v = state.variants
    hand = (*held.known, top)
    for size in range(3, len(hand) + 1):
        for combo in combinations(hand, size):
            if top in combo and spread_kinds(combo, v):
                return True
    return any(hit_kinds(s.cards, s.kinds, (top,), v) - ({"book"} if v.hit_runs_only else set()) for s in play.spreads)


def legal_play_actions(state: TonkState) -> list[JSON]:
    play = state.play
    assert play is not None
    v = state.variants
    if play.pending is not None:
        need = [s for s, h in enumerate(play.held) if not h.fully_known]
        return [{"type": "show_hands", "seats": need}]
    if dealing.must_declare(state, play):
        return [{"type": "declare"}]
    seat = play.turn
    actions: list[JSON] = []
    if not play.drawn:
        if play.auto_open and not all(h.fully_known for h in play.held):
            actions.append({"type": "declare"})
            if v.spades_side_bet and not play.side_bet_done:
                actions.append({"type": "side_bet"})
        held = play.held[seat]
        if (
            v.auto_49_50 == "fifty_only_auto"
            and play.turns_taken[seat] == 0
            and (not held.fully_known or count(held.known, v) == 49)
        ):
            actions.append({"type": "claim_49", "seat": seat})
        droppers = [seat]
        if v.drop_timing == "also_after_deal" and not play.any_draw:
            droppers = list(range(state.seats))
        actions += [{"type": "drop", "seat": s} for s in droppers if play.locked[s] == 0]
        actions.append({"type": "draw", "seat": seat, "source": "stock"})
        if play.discards and _may_take_discard(state, play, seat):
            actions.append({"type": "draw", "seat": seat, "source": "discard", "card": str(play.discards[-1])})
        return actions
    known = play.held[seat].fully_known
    actions.append({"type": "spread", "seat": seat, "spreads": _spread_options(state, play, seat) if known else None})
    actions += _hit_options(state, play, seat)
    options = _discard_options(state, play, seat)
    if options is None or options:
        actions.append({"type": "discard", "seat": seat, "cards": options})
    return actions


def table_json(state: TonkState) -> JSON:
    play = state.play
    assert play is not None
    return {
        "stock": play.stock,
        "stock_draws": play.stock_draws,
        "discard_top": str(play.discards[-1]) if play.discards else None,
        "discards": len(play.discards),
        "spreads": [s.as_json() for s in play.spreads],
        "hand_sizes": [h.size for h in play.held],
        "known_cards": [[str(c) for c in h.known] for h in play.held],
        "locked_turns": list(play.locked),
        "drawn": play.drawn,
        "pending_end": list(play.pending) if play.pending else None,
    }
