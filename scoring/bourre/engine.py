"""The Bourré engine: a session of many deals, by result entry or card by card (rules/bourre.md)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from scoring.bourre import cardplay, drawing, moves, result_entry, session, turns
from scoring.bourre.events import (
    EVENT_CLASSES,
    Deal,
    DealResult,
    Declare,
    Draw,
    EndSession,
    Join,
    Leave,
    PlayCard,
    PrematureSignal,
    Recall,
    Renege,
)
from scoring.bourre.league_facts import bourre_facts
from scoring.bourre.legality import legal
from scoring.bourre.state import Session
from scoring.bourre.tricks_view import cinch_view, play_rules, tricks, tricks_won
from scoring.bourre.variants import BourreVariants
from scoring.cards import STANDARD_DECK, Card, Suit
from scoring.errors import RulesError
from scoring.events import Event, EventCodec
from scoring.facts import LeagueFacts
from scoring.protocol import JSON, Game, MatchResult, SummaryParts

_BETWEEN_DEALS = (Deal, DealResult, Leave, Join, EndSession)


class BourreGame(Game[Session, BourreVariants]):
    claim_kinds: ClassVar[tuple[str, ...]] = ("all_tricks", "at_least")
    name: ClassVar[str] = "bourre"
    unit: ClassVar[str] = "deal"
    title: ClassVar[str] = "Bourré"
    deck: ClassVar[tuple[Card, ...]] = STANDARD_DECK
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    usual_players: ClassVar[int | None] = 4
    variants_class = BourreVariants
    codec: ClassVar[EventCodec] = EventCodec(EVENT_CLASSES)
    rules_file: ClassVar[str] = "bourre.md"
    end_rule: ClassVar[str] = "§4"
    result_event_types: ClassVar[tuple[str, ...]] = ("deal_result",)

    def seat_range(self, variants: BourreVariants) -> tuple[int, int]:
        return variants.seat_range  # §2.1: the table's player_count house rule

    def new_match(self, variants: BourreVariants, players: tuple[str, ...]) -> Session:
        n = len(players)
        return Session(
            variants=variants, players=players, seated=frozenset(range(n)), ledger=(0,) * n, forfeits=(0,) * n
        )

    def apply_event(self, state: Session, event: Event) -> Session:
        late = isinstance(event, Renege) and state.deal is not None and event.deal not in (None, state.deal.number)
        if (isinstance(event, _BETWEEN_DEALS) or late) and state.deal is not None:
            if turns.next_step(state) is not None:
                raise RulesError("deal_in_progress", "Finish recording the current deal first.", rule="bourre.md §3.5")
            state = cardplay.finish_deal(state)
        return _dispatch(state, event)

    def legal_actions(self, state: Session) -> list[JSON]:
        if state.finished:
            return []
        step = turns.next_step(state)
        if state.deal is not None and step is not None:
            return _deal_actions(state, step)
        actions: list[JSON] = []
        base = state
        if state.deal is not None:
            actions += _after_play_actions(state)
            base = cardplay.finish_deal(state)  # settled when the next deal starts
        expected, _, _ = session.expected_dealer(base)
        due, _ = session.ante_plan(base, expected if expected is not None else min(base.seated, default=0))
        actions.append({"type": "deal", "dealer": expected, "antes": list(due)})
        actions.append({"type": "deal_result", "dealer": expected, "antes": list(due), "seated": sorted(base.seated)})
        actions += [{"type": "leave", "seat": s} for s in sorted(base.seated)]
        actions += [{"type": "join", "seat": s} for s in range(base.seats) if s not in base.seated]
        actions.append({"type": "end_session"})
        return actions

    def legal_events(self, state: Session) -> list[Event]:
        return moves.legal_events(state, self.legal_actions)

    def chance_event(self, state: Session, rng: random.Random) -> Event | None:
        return moves.chance_event(state, rng, self.legal_actions)

    def result(self, state: Session) -> MatchResult | None:
        return state.result

    def entry_form(self, state: Session) -> JSON | None:
        from scoring.bourre.forms import entry_form

        return entry_form(state)

    def league_facts_of(
        self, summary: Mapping[str, Any], seats: int, variants: BourreVariants | None = None
    ) -> LeagueFacts:
        return bourre_facts(summary, seats)

    def claim_position(self, state: Session) -> JSON | None:
        from scoring.bourre.claims import play_position  # the claim checker's view, only when asked

        return play_position(state)

    def summary_parts(self, state: Session) -> SummaryParts:
        shown = state
        provisional = None
        if state.deal is not None and turns.next_step(state) is None and not state.finished:
            # A complete deal is settled when the next deal starts (§5.2/§5.3 windows stay open);
            # the summary shows its settlement already, marked provisional.
            shown = cardplay.finish_deal(state)
            provisional = shown.history[-1].number
        step = turns.next_step(state)
        rotation = shown
        if shown.deal is not None:  # during a deal, the next dealer follows this deal's dealer (§2.3)
            rotation = dataclasses.replace(shown, last_dealer=shown.deal.dealer)
        expected, _, _ = session.expected_dealer(rotation)
        findings = [f.as_json() for f in shown.findings]
        if state.deal is not None and provisional is None:
            findings += [f.as_json() for f in cardplay.deal_findings(state)]
        return SummaryParts(
            phase=_phase(state, step),
            to_act=step[1] if step else None,
            totals=shown.ledger,
            history=[h.as_json() for h in shown.history],
            findings=findings,
            hand_state=_hand_state(state, shown, expected, provisional),
        )


def _pot_with_antes(shown: Session, expected: int | None) -> int | None:
    """Between deals, the pot once the next deal's antes are in (§4.4 order of operations, §2.5):
    what the table sees in the middle, e.g. §6.1's 7 carried + 6 antes = 13. ``None`` during a deal."""
    if shown.deal is not None or not shown.seated:
        return None
    _due, paid = session.ante_plan(shown, expected if expected is not None else min(shown.seated))
    return shown.pot + sum(chips for _seat, chips in paid)


def _hand_state(state: Session, shown: Session, expected: int | None, provisional: int | None) -> JSON:
    return {
        "pot": shown.pot,
        "pot_with_antes": _pot_with_antes(shown, expected),
        "ledger": {state.players[s]: c for s, c in enumerate(shown.ledger)},
        "seated": sorted(shown.seated),
        "next_dealer": expected,
        "exempt_next_ante": sorted(shown.exempt),
        "deal_forfeits": list(shown.forfeits),
        "provisional_deal": provisional,
        "deal": _deal_view(state),
        "chips_conserved": sum(shown.ledger) + shown.pot == 0,
    }


def _dispatch(state: Session, event: Event) -> Session:
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise RulesError("unexpected_event", "%(event)s cannot be recorded now.", rule="bourre.md §3", event=event.TYPE)
    return handler(state, event)


#: Each event with the function that applies it (state, event) → state.
_HANDLERS: dict[type[Event], Callable[[Session, Any], Session]] = {
    DealResult: result_entry.apply_deal_result,
    Deal: cardplay.start_deal,
    Declare: drawing.declare,
    Draw: drawing.draw,
    PlayCard: cardplay.play_card,
    Recall: cardplay.recall,
    Renege: cardplay.allege,
    PrematureSignal: lambda state, event: session.add_premature(state, event.seat),
    Leave: lambda state, event: session.leave(state, event.seat),
    Join: lambda state, event: session.join(state, event.seat),
    EndSession: lambda state, event: session.end_session(state),
}


def _phase(state: Session, step: tuple[str, int] | None) -> str:
    if state.finished:
        return "finished"
    if state.deal is None:
        return "between_deals"
    if step is None:
        return "deal_complete"
    return {"declare": "play_or_pass", "draw": "draw", "play": "play"}[step[0]]


def _deal_actions(state: Session, step: tuple[str, int]) -> list[JSON]:
    deal = state.deal
    assert deal is not None
    v = state.variants
    kind, seat = step
    actions: list[JSON] = []
    if kind == "declare":
        ace = deal.up_card.rank == 14 and v.up_card_owned and seat == deal.dealer and v.dealer_must_play_on_ace
        hand = deal.hands[seat]
        first = all(s != seat for s, _ in deal.decisions)
        # §7 four-card Bourré: staying needs a trump or a club (known hands only).
        barred = v.indiana and first and hand is not None and all(c.suit not in (deal.trump, Suit.CLUBS) for c in hand)
        lo_no = deal.lo_no and seat == deal.dealer and first  # §7: the dealer who called Lo-No plays
        options = [True] if ace or lo_no else [False] if barred else [True, False]
        actions.append({"type": "declare", "seat": seat, "play": options})
    elif kind == "draw":
        cap = v.discard_cap(len(deal.seated))
        if deal.lo_no and seat == deal.dealer:
            cap = min(cap, deal.hand - 1)  # §7: the dealer keeps the turned card to lead it
        # hand_size: the cards of a hand entered after the draw (``draw.hand``, §2.6), for the phone's picker.
        actions.append({"type": "draw", "seat": seat, "min": 0, "max": cap, "hand_size": deal.hand})
    else:
        hand = deal.hands[seat]
        cards = None
        if hand is not None:
            current = tricks(deal)[-1]
            view = cinch_view(deal, seat, v)
            cards = [str(c) for c in legal(sorted(hand, key=str), current.cards, deal.ranking, play_rules(v), view)]
        # hand_known: only these cards can be played (the phone offers no others, as for Hearts).
        actions.append({"type": "play_card", "seat": seat, "cards": cards, "hand_known": hand is not None})
    actions += _after_play_actions(state)
    return actions


def _after_play_actions(state: Session) -> list[JSON]:
    deal = state.deal
    assert deal is not None
    actions: list[JSON] = []
    if deal.plays and state.variants.renege_correction_window != "none":
        seat, _ = deal.plays[-1]
        if deal.hands[seat] is None:
            actions.append({"type": "recall", "seat": seat})
    actions += [{"type": "renege", "seat": s} for s in deal.active] if len(deal.active) > 1 else []
    return actions


def _deal_view(state: Session) -> JSON | None:
    deal = state.deal
    if deal is None:
        return None
    trick_list = tricks(deal)
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "up_card": str(deal.up_card),
        "trump": deal.trump.value if deal.trump is not None else None,
        "lo_no": deal.lo_no,
        "seated": list(deal.seated),
        "active": list(deal.active),
        "passed": list(deal.passed),
        "stock": deal.stock,
        "pot": state.pot,
        "tricks": [
            {
                "number": t.number,
                "leader": t.leader,
                "cards": [{"seat": s, "card": str(c)} for s, c in zip(t.seats, t.cards, strict=False)],
                "winner": t.winner,
            }
            for t in trick_list
            if t.cards
        ],
        "tricks_won": {str(s): n for s, n in tricks_won(deal).items()},
        "hands_known": [sorted(map(str, h)) if h is not None else None for h in deal.hands],
        "explain": [n.as_json() for n in deal.notes],
    }


GAME = BourreGame()
