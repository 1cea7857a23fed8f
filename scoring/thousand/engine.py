"""The Thousand engine: the game protocol over result entry and card-by-card play."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from scoring.cards import Card
from scoring.errors import RulesError
from scoring.events import Event, EventCodec
from scoring.facts import LeagueFacts
from scoring.protocol import JSON, Game, HistoryRows, MatchResult, SummaryParts
from scoring.thousand import cardplay, moves
from scoring.thousand.events import EVENT_TYPES, DealResult, RevealTalon
from scoring.thousand.league_facts import thousand_facts
from scoring.thousand.match import current_seating, is_silenced, minimum_bid, new_state, on_barrel
from scoring.thousand.result_entry import apply_deal_result
from scoring.thousand.reveal import reveal_talon, taken_size
from scoring.thousand.rules import DECK, rule
from scoring.thousand.sheet import cell_row
from scoring.thousand.state import ThousandState, evolve
from scoring.thousand.variants import ThousandVariants


class ThousandGame(Game[ThousandState, ThousandVariants]):
    claim_kinds: ClassVar[tuple[str, ...]] = ("all_tricks", "at_least", "contract")
    name: ClassVar[str] = "thousand"
    unit: ClassVar[str] = "deal"
    title: ClassVar[str] = "Thousand (Тысяча)"
    deck: ClassVar[tuple[Card, ...]] = DECK
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    variants_class = ThousandVariants
    codec: ClassVar[EventCodec] = EventCodec(EVENT_TYPES)
    rules_file: ClassVar[str] = "thousand.md"
    end_rule: ClassVar[str] = "§12"
    result_event_types: ClassVar[tuple[str, ...]] = ("deal_result",)

    def new_match(self, variants: ThousandVariants, players: tuple[str, ...]) -> ThousandState:
        if variants.player_count is not None and variants.player_count != len(players):
            raise RulesError(
                "player_count_mismatch",
                "The house rules say %(count)s players but %(seated)s are seated.",
                rule=rule("§3"),
                count=variants.player_count,
                seated=len(players),
            )
        if (
            len(players) == 4
            and variants.compulsory_bidder == "dealer_if_all_pass"
            and variants.four_player_inactive_seat == "dealer"
        ):
            raise RulesError(
                "variant_conflict",
                "dealer_if_all_pass needs an active dealer; with four players the dealer sits out.",
                rule=rule("§4.1"),
            )
        return new_state(variants, players)

    def apply(self, state: ThousandState, event: Event) -> ThousandState:
        if isinstance(event, RevealTalon):
            return reveal_talon(state, event.cards)  # also after the deal that ended the game
        if state.reveal is not None:
            state = evolve(state, reveal=None)  # §16.1: the talon is revealed right after the deal or never
        return super().apply(state, event)

    def apply_event(self, state: ThousandState, event: Event) -> ThousandState:
        if isinstance(event, DealResult):
            if state.deal is not None:
                raise RulesError(
                    "deal_in_progress",
                    "A deal is being recorded card by card; finish it before entering a result.",
                    rule=rule("§7.4"),
                )
            return apply_deal_result(state, event)
        return cardplay.apply_card_event(state, event)

    def legal_actions(self, state: ThousandState) -> list[JSON]:
        reveal: list[JSON] = []
        if state.reveal is not None:
            size = taken_size(state, state.reveal.deal)
            reveal = [{"type": "reveal_talon", "cards": size}]
        if state.result is not None:
            return reveal
        if state.deal is None:
            seat = current_seating(state)
            entry: JSON = {
                "type": "deal_result",
                "dealer": state.dealer,
                "active": list(seat.active),
                "inactive": seat.inactive,
                "min_contract": minimum_bid(state),
            }
            return [
                entry,
                {"type": "deal", "dealer": state.dealer},
                {"type": "claim_redeal", "reason": "misdeal"},
                *reveal,
            ]
        return cardplay.legal_actions(state)

    def legal_events(self, state: ThousandState) -> list[Event]:
        return moves.legal_events(state)

    def chance_event(self, state: ThousandState, rng: random.Random) -> Event | None:
        return moves.chance_event(state, rng)

    def result(self, state: ThousandState) -> MatchResult | None:
        return state.result

    def entry_form(self, state: ThousandState) -> JSON | None:
        from scoring.thousand.forms import entry_form

        return entry_form(state)

    def totals(self, state: ThousandState) -> list[Any]:
        return list(state.totals)

    def league_facts_of(
        self, summary: Mapping[str, Any], seats: int, variants: ThousandVariants | None = None
    ) -> LeagueFacts:
        return thousand_facts(summary, seats)

    def claim_position(self, state: ThousandState) -> JSON | None:
        from scoring.thousand.claims import play_position  # the claim checker's view, only when asked

        return play_position(state)

    def summary_parts(self, state: ThousandState) -> SummaryParts:
        deal = state.deal
        return SummaryParts(
            phase="deal" if deal is None else deal.phase,
            to_act=None if deal is None else cardplay.to_act(deal),
            totals=state.totals,
            history=HistoryRows(len(state.history), lambda i: _history_row(state, i)),
            findings=[f.as_json() for f in state.findings],
            hand_state=_hand_state(state),
        )


def _history_row(state: ThousandState, index: int) -> JSON:
    row = cell_row(state, index)
    return state.history[index].as_json() | {"scores": [c["score"] for c in row], "cells": row}


def _barrel_json(state: ThousandState) -> list[JSON]:
    v = state.variants
    limit = v.effective_barrel_deals
    barrel = []
    for s in range(state.seats):
        used = state.barrel[s]
        on = on_barrel(state, s)
        barrel.append(
            {
                "seat": s,
                "on": on,
                "deals_used": used if not v.lviv else None,
                "deals_left": (limit - used) if (limit is not None and used is not None and not v.lviv) else None,
                "falls": state.barrel_falls[s],
            }
        )
    return barrel


def _hand_state(state: ThousandState) -> JSON:
    v = state.variants
    seat = current_seating(state)
    deal = state.deal
    return {
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "inactive_seat": seat.inactive,
        "compulsory_bidder": seat.first if v.compulsory_bidder == "left_of_dealer" else None,
        "minimum_bid": minimum_bid(state),
        "barrel_level": v.effective_barrel_level,
        "barrel": _barrel_json(state),
        "reverse_barrel": reverse_barrel_summary(state),
        "bolts": list(state.bolts),
        "rospisat_counts": list(state.rospisat_counts),
        "spisat_counts": list(state.spisat_counts),
        "bombs_used": list(state.bombs_used),
        "silenced": [s for s in range(state.seats) if is_silenced(state, s)],
        "gold_set": {
            "enabled": v.gold_set,
            "active": state.gold_active,
            "deals_played": state.gold_deals,
            "deals_in_set": state.seats,
            "contract_made": state.gold_made,
            "replays": state.gold_rounds,
        },
        "winner_note": state.winner_note.as_json() if state.winner_note is not None else None,
        "talon_to_reveal": state.reveal is not None,
        "current_deal": cardplay.deal_summary(state) if deal is not None else None,
    }


def reverse_barrel_summary(state: ThousandState) -> JSON:
    """§11 reverse barrel: who is on it (at −880) and how many deals each has left."""
    v = state.variants
    limit = v.effective_barrel_deals
    seats = []
    for s in range(state.seats):
        used = state.reverse_barrel[s]
        seats.append(
            {
                "seat": s,
                "on": used is not None,
                "deals_used": used,
                "deals_left": limit - used if limit is not None and used is not None else None,
                "lifts": state.reverse_lifts[s],
            }
        )
    return {"enabled": v.reverse_barrel, "level": v.reverse_level, "losing_total": v.losing_total, "seats": seats}


GAME = ThousandGame()
