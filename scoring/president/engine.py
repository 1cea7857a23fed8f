"""The President engine: result entry and card-by-card play on the shared protocol."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from scoring.cards import JOKER, STANDARD_DECK, Card, format_cards
from scoring.errors import RulesError
from scoring.events import Event, EventCodec
from scoring.facts import LeagueFacts
from scoring.president import moves
from scoring.president.deal import apply_deal, apply_exchange, apply_redeal
from scoring.president.events import (
    EVENT_CLASSES,
    Deal,
    EndEvening,
    Exchange,
    Pass,
    Play,
    Redeal,
    RoundResult,
)
from scoring.president.league import end_evening
from scoring.president.league_facts import president_facts
from scoring.president.legal import play_actions
from scoring.president.play import apply_pass, apply_play
from scoring.president.ranks import exchange_value, set_label
from scoring.president.result_entry import apply_round_result
from scoring.president.state import PresidentState, Round
from scoring.president.titles import title_label, titles_for
from scoring.president.variants import PresidentVariants
from scoring.protocol import JSON, Game, MatchResult, SummaryParts


class PresidentGame(Game[PresidentState, PresidentVariants]):
    name: ClassVar[str] = "president"
    unit: ClassVar[str] = "round"
    title: ClassVar[str] = "President"
    deck: ClassVar[tuple[Card, ...]] = (*STANDARD_DECK, JOKER)
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 8
    variants_class = PresidentVariants
    codec: ClassVar[EventCodec] = EventCodec(EVENT_CLASSES)
    rules_file: ClassVar[str] = "president.md"
    end_rule: ClassVar[str] = "§3"
    result_event_types: ClassVar[tuple[str, ...]] = ("round_result",)

    def new_match(self, variants: PresidentVariants, players: tuple[str, ...]) -> PresidentState:
        n = len(players)
        return PresidentState(variants=variants, players=players, totals=(0,) * n, seating=tuple(range(n)))

    def apply_event(self, state: PresidentState, event: Event) -> PresidentState:
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise RulesError(
                "unexpected_event", "%(type)s cannot be recorded now.", rule="president.md §2.1", type=event.TYPE
            )
        return handler(state, event)

    def phase(self, state: PresidentState) -> str:
        if state.result is not None:
            return "finished"
        if state.current is None:
            return "deal"
        return state.current.phase

    def to_act(self, state: PresidentState) -> int | None:
        rnd = state.current
        if state.result is not None or rnd is None:
            return None
        if rnd.phase == "exchange":
            return rnd.transfers[rnd.done].giver
        return rnd.to_act if rnd.phase == "play" else None

    def legal_actions(self, state: PresidentState) -> list[JSON]:
        if state.result is not None:
            return []
        rnd = state.current
        closing = [{"type": EndEvening.TYPE}] if state.rounds else []
        if rnd is None:
            last = state.last
            dealer = last.next_dealer if last else None
            return [
                {"type": Deal.TYPE, "dealer": dealer},
                {"type": RoundResult.TYPE, "dealer": dealer, "round": state.round_number},
                *closing,
            ]
        if rnd.phase == "redeal_due":
            return [{"type": Redeal.TYPE}, *closing]
        if rnd.phase == "exchange":
            t = rnd.transfers[rnd.done]
            action: JSON = {
                "type": Exchange.TYPE,
                "giver": t.giver,
                "receiver": t.receiver,
                "count": t.count,
                "kind": t.kind,
            }
            if rnd.hands is not None and t.kind == "best":
                hand = sorted(rnd.hands[t.giver], key=lambda c: exchange_value(c, state.variants), reverse=True)
                action["best"] = format_cards(hand[: t.count])
            redeal = (
                [{"type": Redeal.TYPE}]
                if state.variants.redeal_if_scum_has_no_face_cards and rnd.done == 0 and rnd.hands is None
                else []
            )
            return [action, *redeal, *closing]
        return [*play_actions(state, self.apply), *closing]

    def legal_events(self, state: PresidentState) -> list[Event]:
        return moves.legal_events(state, self.apply)

    def chance_event(self, state: PresidentState, rng: random.Random) -> Event | None:
        return moves.chance_event(state, rng)

    def result(self, state: PresidentState) -> MatchResult | None:
        return state.result

    def league_facts_of(
        self, summary: Mapping[str, Any], seats: int, variants: PresidentVariants | None = None
    ) -> LeagueFacts:
        return president_facts(summary, seats)

    def summary_parts(self, state: PresidentState) -> SummaryParts:
        return SummaryParts(
            phase=self.phase(state),
            to_act=self.to_act(state),
            totals=state.totals,
            result=_result_json(state),
            history=[r.as_json() for r in state.rounds],
            findings=[f.as_json() for f in state.findings],
            hand_state=_hand_state(state),
        )


def _hand_state(state: PresidentState) -> JSON:
    last = state.last
    v = state.variants
    return {
        "round": state.round_number,
        "seating": list(state.seating),
        "titles": list(last.titles) if last else None,
        "title_labels": [title_label(t) for t in last.titles] if last else None,
        "title_names": list(titles_for(state.seats)),
        "next_round": last.as_json()["next_round"] if last and state.current is None else None,
        "league": {
            "scoring_scheme": v.scoring_scheme,
            "league_end": v.league_end,
            "league_rounds": v.league_rounds,
            "target_points": v.target_points,
            "rounds_played": len(state.rounds),
        },
        **({"current_round": _round_json(state.current, v)} if state.current is not None else {}),
    }


def _round_json(rnd: Round, v: PresidentVariants) -> JSON:
    trick = rnd.trick
    top = trick.top if trick is not None else None
    return {
        "dealer": rnd.dealer,
        "seating": list(rnd.seating),
        "exchange": [dict(t.as_json(), done=i < rnd.done) for i, t in enumerate(rnd.transfers)],
        "card_counts": list(rnd.sizes) if v.show_card_counts else None,
        # Played counts reveal the counts held (the deal and the exchange are public).
        "cards_played": list(rnd.cards_played()) if v.show_card_counts else None,
        "places": list(rnd.places),
        "revolution": rnd.revolution,
        "trick": None
        if trick is None
        else {
            "leader": trick.leader,
            "top": None
            if top is None
            else {"seat": top.seat, "cards": format_cards(top.cards), "set": set_label(top.combo).as_json()},
            "plays": [{"seat": p.seat, "cards": format_cards(p.cards), "kind": p.kind} for p in trick.plays],
            "passed": sorted(trick.passes),
        },
        "explain": [n.as_json() for n in rnd.notes],
    }


def _result_json(state: PresidentState) -> JSON | None:
    """The protocol's result, with ``how`` also as a translatable line."""
    result = state.result
    if result is None:
        return None
    data = result.as_json()
    if state.result_note is not None:
        data["explain"] = [state.result_note.as_json()]
    return data


GAME = PresidentGame()


def summary(state: PresidentState) -> dict[str, Any]:
    return GAME.summary(state)


#: Each event with the function that applies it (state, event) → state.
_HANDLERS: dict[type[Event], Callable[[PresidentState, Any], PresidentState]] = {
    RoundResult: apply_round_result,
    Deal: apply_deal,
    Redeal: apply_redeal,
    Exchange: apply_exchange,
    Play: apply_play,
    Pass: apply_pass,
    EndEvening: lambda state, event: end_evening(state),
}
