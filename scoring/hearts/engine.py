"""The Hearts engine: the game protocol over result entry and card-by-card play.

Both granularities share the log: between hands the next event is either a ``hand_result`` (the
whole hand's outcome) or a ``deal`` that starts a hand recorded card by card, one hand at a time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from scoring.cards import STANDARD_DECK, Card, format_cards, sort_cards
from scoring.errors import RulesError
from scoring.events import Event, EventCodec
from scoring.facts import LeagueFacts
from scoring.hearts.events import (
    CARD_EVENTS,
    Deal,
    HandResult,
    MoonChoice,
    PassCards,
    PassLead,
    PlayCard,
    RenegeReport,
    RetractCard,
)
from scoring.hearts.hand import Hand, evidence, voids_shown
from scoring.hearts.hand_score import moon_shooter
from scoring.hearts.hand_setup import apply_deal, apply_pass
from scoring.hearts.league_facts import hearts_facts
from scoring.hearts.legality import legal_cards, seats_to_act
from scoring.hearts.moves import chance_event, legal_events, may_pass_lead
from scoring.hearts.passing import pass_direction, pass_target
from scoring.hearts.play import play_position, retract_window
from scoring.hearts.play_events import apply_moon_choice, apply_pass_lead, apply_play, apply_report, apply_retract
from scoring.hearts.result_entry import apply_hand_result
from scoring.hearts.state import HeartsState
from scoring.hearts.texts import SUSPECT
from scoring.hearts.variants import HeartsVariants
from scoring.knowledge import Exclusion
from scoring.protocol import JSON, Game, MatchResult, SummaryParts


class HeartsGame(Game[HeartsState, HeartsVariants]):
    claim_kinds: ClassVar[tuple[str, ...]] = ("all_tricks", "at_least", "no_more_points")
    name: ClassVar[str] = "hearts"
    title: ClassVar[str] = "Hearts"
    deck: ClassVar[tuple[Card, ...]] = STANDARD_DECK
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    usual_players: ClassVar[int | None] = 4
    variants_class = HeartsVariants
    codec: ClassVar[EventCodec] = EventCodec([HandResult, *CARD_EVENTS])
    rules_file: ClassVar[str] = "hearts.md"
    end_rule: ClassVar[str] = "§3.4"
    result_event_types: ClassVar[tuple[str, ...]] = ("hand_result",)
    lower_is_better: ClassVar[bool] = True

    def new_match(self, variants: HeartsVariants, players: tuple[str, ...]) -> HeartsState:
        if variants.kitty == "four_player_12" and len(players) != 4:
            raise RulesError(
                "variant_needs_four_players", "The four_player_12 kitty is for 4 players.", rule="hearts.md §2.4"
            )
        return HeartsState(variants=variants, players=players, totals=(0,) * len(players))

    def apply_event(self, state: HeartsState, event: Event) -> HeartsState:
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise RulesError(
                "unexpected_event", "%(event)s cannot be recorded now.", rule="hearts.md §2.1", event=event.TYPE
            )
        return handler(state, event)

    # -- reading -------------------------------------------------------------------------------
    def legal_actions(self, state: HeartsState) -> list[JSON]:
        if state.result is not None:
            return []
        hand = state.current
        if hand is None:
            return [
                {"type": Deal.TYPE, "hand": state.hand_number, "dealer": state.dealer},
                {"type": HandResult.TYPE, "hand": state.hand_number},
            ]
        variants = state.variants
        if hand.phase == "pass":
            declined = any(done and p == () for done, p in zip(hand.passed, hand.passes, strict=True))
            made = any(done and p != () for done, p in zip(hand.passed, hand.passes, strict=True))
            return [
                {
                    "type": PassCards.TYPE,
                    "seat": s,
                    "count": 0 if declined else variants.pass_count,
                    "direction": hand.direction,
                    "to": pass_target(s, hand.direction, hand.seats),
                    "may_decline": variants.optional_pass and not made,
                    "cards": format_cards(sort_cards(hand.dealt_known[s])) if hand.dealt_complete[s] else None,
                }
                for s, done in enumerate(hand.passed)
                if not done
            ]
        report: JSON = {"type": RenegeReport.TYPE, "seats": list(range(hand.seats))}
        if hand.phase == "moon_choice":
            shooter = moon_shooter(hand.points, hand.jack_taker, variants)
            choices = ["add_to_others", "subtract_from_shooter"]
            return [{"type": MoonChoice.TYPE, "seat": shooter, "choices": choices}, report]
        actions: list[JSON] = []
        for seat in seats_to_act(hand, variants):
            cards = legal_cards(hand, variants, seat)
            actions.append(
                {"type": PlayCard.TYPE, "seat": seat, "cards": format_cards(cards), "hand_known": hand.complete[seat]}
            )
            if may_pass_lead(hand, variants, seat):
                actions.append({"type": PassLead.TYPE, "seat": seat})
        actions += [
            {"type": RetractCard.TYPE, "seat": s} for s in range(hand.seats) if retract_window(hand, s) is not None
        ]
        actions.append(report)
        return actions

    def legal_events(self, state: HeartsState) -> list[Event]:
        return legal_events(state)

    def chance_event(self, state: HeartsState, rng: random.Random) -> Event | None:
        return chance_event(state, rng)

    def result(self, state: HeartsState) -> MatchResult | None:
        return state.result

    def entry_form(self, state: HeartsState) -> JSON | None:
        from scoring.hearts.forms import entry_form

        return entry_form(state)

    def totals(self, state: HeartsState) -> list[Any]:
        return list(state.totals)

    def league_facts_of(
        self, summary: Mapping[str, Any], seats: int, variants: HeartsVariants | None = None
    ) -> LeagueFacts:
        return hearts_facts(summary, seats, variants or HeartsVariants())

    def claim_position(self, state: HeartsState) -> JSON | None:
        return play_position(state)

    def summary_parts(self, state: HeartsState) -> SummaryParts:
        hand = state.current
        to_act: int | None = None
        if hand is not None:
            seats = seats_to_act(hand, state.variants)
            to_act = seats[0] if len(seats) == 1 else None
            if hand.phase == "moon_choice":
                to_act = moon_shooter(hand.points, hand.jack_taker, state.variants)
        findings = [f.as_json() for f in state.findings]
        if hand is not None and hand.phase != "pass":
            findings += [f.as_json() for f in hand.findings] + suspected(hand)
        return SummaryParts(
            phase=hand.phase if hand is not None else "hand_entry",
            to_act=to_act,
            totals=state.totals,
            history=[h.as_json() for h in state.hands],
            findings=findings,
            hand_state={
                "hand": state.hand_number,
                "dealer": state.dealer,
                "pass_direction": pass_direction(state.variants, state.seats, state.hand_number),
                "target_score": state.variants.target_score,
                "hand_in_play": hand_status(hand) if hand is not None else None,
            },
        )


def suspected(hand: Hand) -> list[JSON]:
    """Shown voids not yet proven or cleared (§6.2): the seat could still hold an excluded card."""
    out: list[JSON] = []
    for seat in range(hand.seats):
        reported: set[str] = set()
        for e in hand.knowledge.restrictions:
            if not isinstance(e, Exclusion) or e.seat != seat:
                continue
            open_cards = frozenset(e.cards) - hand.seen - hand.held_elsewhere(seat)
            if not open_cards or e.code in reported:
                continue
            reported.add(e.code)
            out.append(
                {
                    **evidence(e, SUSPECT, trick=e.trick).as_json(),
                    "hand": hand.number,
                    "seat": seat,
                    "code": e.code,
                    "status": "suspected",
                    "trick": e.trick,
                    "proven_at_trick": None,
                    "open_cards": len(open_cards),
                    "penalty": None,
                }
            )
    return out


def hand_status(hand: Hand) -> JSON:
    """The hand being recorded: pass, trick, tricks, points so far, what is known of each hand."""
    status: JSON = {
        "hand": hand.number,
        "dealer": hand.dealer,
        "pass_direction": hand.direction,
        "phase": hand.phase,
        "cards_each": hand.config.per_player,
        "removed": format_cards(sort_cards(hand.config.removed)),
    }
    if hand.phase == "pass":
        status["passed"] = [s for s, done in enumerate(hand.passed) if done]
        return status
    trick = hand.trick
    status.update(
        {
            "trick_number": hand.trick_number,
            "trick": {
                "leader": trick.leader if trick is not None else None,
                "cards": format_cards(trick.cards) if trick is not None else [],
            },
            "tricks": [t.as_json(hand.seats) for t in hand.tricks],
            "hearts_broken": hand.hearts_broken,
            "points": list(hand.points),
            "tricks_won": list(hand.tricks_won),
            "hands": [hand.remaining_hand(s) for s in range(hand.seats)],
            "known_cards": [format_cards(sort_cards(k)) for k in hand.known],
            "voids_shown": [sorted(map(str, v)) for v in voids_shown(hand)],
            "lead_passed_by": list(hand.lead_passers),
            "kitty": format_cards(sort_cards(hand.kitty)) if hand.kitty is not None else None,
            "kitty_to": hand.kitty_to,
            "jack_taker": hand.jack_taker,
        }
    )
    return status


GAME = HeartsGame()


def summary(state: HeartsState) -> dict[str, Any]:
    return GAME.summary(state)


def _hand_result(state: HeartsState, event: HandResult) -> HeartsState:
    """A whole hand's points, unless that hand is being recorded card by card."""
    if state.current is not None:
        raise RulesError(
            "hand_in_progress",
            "Hand %(hand)s is being recorded card by card; finish it first.",
            rule="hearts.md §2.1",
            hand=state.hand_number,
        )
    return apply_hand_result(state, event)


#: Each event with the function that applies it (state, event) → state.
_HANDLERS: dict[type[Event], Callable[[HeartsState, Any], HeartsState]] = {
    HandResult: _hand_result,
    Deal: apply_deal,
    PassCards: apply_pass,
    PlayCard: apply_play,
    PassLead: apply_pass_lead,
    RetractCard: apply_retract,
    RenegeReport: apply_report,
    MoonChoice: apply_moon_choice,
}
