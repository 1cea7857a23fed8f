"""An accepted claim "the rest are mine" ends the deal card by card (rules/thousand.md §16.3).

When the hands were not entered, the settling plays of a claim cannot be recorded: nobody knows
which card the others would have followed with. What the table agreed is enough to score the deal:
the claimant takes every trick still to play, so every card not yet won in a trick (the trick on
the table, the unplayed hands and, with two players, the cards never played, §3.3) counts for the
claimant. The claimant's laid-down cards are the unplayed cards the record then holds (§16.1).
"""

from __future__ import annotations

from scoring.errors import RulesError
from scoring.thousand.events import Concede
from scoring.thousand.play import finish, known_elsewhere, start_play
from scoring.thousand.rules import TOTAL_POINTS, rule, tricks_per_deal
from scoring.thousand.state import DealState, ThousandState, evolve, hand_of


def fail(code: str, message: str, **params: object) -> RulesError:
    return RulesError(code, message, rule=rule("§16.3"), **params)


def _check_cards(state: ThousandState, deal: DealState, e: Concede) -> None:
    """The laid-down cards are unplayed and may be the claimant's (the whole hand when it is known)."""
    hand = hand_of(deal, e.seat)
    for card in e.cards:
        if card in deal.played:
            raise fail("card_already_played", "%(card)s has already been played.", card=card.pretty)
        if hand is None and known_elsewhere(deal, e.seat, card):
            raise fail("card_not_in_hand", "The record puts %(card)s in another hand.", card=card.pretty, seat=e.seat)
    if hand is not None and e.cards and set(e.cards) != set(hand):
        raise fail(
            "card_not_in_hand",
            "%(name)s's unplayed cards are not the ones laid down.",
            seat=e.seat,
            name=state.name(e.seat),
        )


def apply_concede(state: ThousandState, deal: DealState, e: Concede) -> ThousandState:
    """Every remaining trick to ``e.seat``; the deal is scored as if they had been played (§13)."""
    if deal.phase == "declare":
        deal = start_play(deal)
    elif deal.phase != "play":
        raise fail("not_playing", "No trick is left to concede at this point of the deal.", phase=deal.phase)
    if e.seat not in deal.active:
        raise fail("seat_not_active", "%(name)s does not play this deal.", seat=e.seat, name=state.name(e.seat))
    _check_cards(state, deal, e)
    won = list(deal.won)
    won[e.seat] += tricks_per_deal(len(deal.active)) - len(deal.completed)
    points = list(deal.points)
    if len(deal.active) != 2:  # with two players finish() gives the rest to the last trick's winner
        points[e.seat] += TOTAL_POINTS - sum(points)
    deal = evolve(deal, trick=None, won=tuple(won), points=tuple(points), last_trick_winner=e.seat)
    return finish(state, deal)
