"""Checks shared by Tonk result entry and card-by-card play."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.cards import Card, Suit
from scoring.errors import RulesError
from scoring.tonk.settlement import side_bet
from scoring.tonk.state import TonkState


def check_seat(state: TonkState, seat: int, field: str, rule: str = "tonk.md §1.1") -> None:
    """``field`` (a payload field) names ``seat``, which must be one of the table's."""
    if not 0 <= seat < state.seats:
        raise RulesError(
            "no_such_seat",
            "%(field)s names seat %(seat)s, but this table has seats 0–%(last)s.",
            rule=rule,
            seat=seat,
            field=field,
            last=state.seats - 1,
        )


def check_cards_allowed(state: TonkState, cards: Sequence[Card]) -> None:
    """Jokers only with jokers_wild; no card twice in one deck (§1.2, §6.1 card duplication)."""
    jokers = sum(1 for c in cards if c.is_joker)
    if jokers and not state.variants.jokers_wild:
        raise RulesError("no_jokers", "This table plays without jokers (jokers_wild is off).", rule="tonk.md §1.2")
    naturals = [c for c in cards if not c.is_joker]
    if len(set(naturals)) != len(naturals) or jokers > 2:
        dup = next((c for c in naturals if naturals.count(c) > 1), None)
        if dup is None:
            raise RulesError(
                "duplicate_card",
                "More than two jokers are shown, but the deck holds two.",
                rule="tonk.md §6.1",
                card="🃏",
            )
        raise RulesError(
            "duplicate_card",
            "%(card)s appears twice, but the deck holds it once.",
            rule="tonk.md §6.1",
            card=dup.pretty,
        )


def check_side_bet(
    state: TonkState, players: Sequence[int], amount: int | None, spades: Sequence[Card | None]
) -> tuple[int | None, dict[int, int]]:
    """Validate the spades side bet (§3.3) and return its winner and net amounts."""
    rule = "tonk.md §3.3"
    if not state.variants.spades_side_bet:
        raise RulesError("side_bet_not_played", "This table plays no spades side bet (spades_side_bet).", rule=rule)
    for seat in players:
        check_seat(state, seat, "players", rule)
    if len(set(players)) != len(players) or len(players) < 2:
        raise RulesError("side_bet_players", "A side bet needs two or more different participants.", rule=rule)
    if amount is None or amount < 1:
        raise RulesError("side_bet_amount", "Each participant puts a positive amount into the side pot.", rule=rule)
    if len(spades) != len(players):
        raise RulesError(
            "side_bet_spades", "Give the spade each participant showed (null for none), in order.", rule=rule
        )
    shown = [c for c in spades if c is not None]
    for card in shown:
        if card.suit != Suit.SPADES:
            raise RulesError("not_a_spade", "%(card)s is not a spade.", rule=rule, card=card.pretty)
    check_cards_allowed(state, shown)
    return side_bet(players, [c.rank if c is not None else None for c in spades], amount)
