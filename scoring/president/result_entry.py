"""President result entry: one event per round with its finishing order (rules/president.md §3.1)."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.errors import RulesError
from scoring.explain import N_
from scoring.president.events import RoundResult
from scoring.president.league import close_round
from scoring.president.state import PresidentState
from scoring.president.titles import next_seating

RULE = "president.md §3.1"


def check_seat(state: PresidentState, seat: int, what: str) -> None:
    if not 0 <= seat < state.seats:
        raise RulesError(
            "no_such_seat",
            "%(field)s names seat %(seat)s, but this table has seats 0–%(last)s.",
            rule=RULE,
            seat=seat,
            field=what,
            last=state.seats - 1,
        )


def check_permutation(state: PresidentState, seats: Sequence[int], template: str, code: str) -> None:
    """``template`` (marked with ``N_``) has the params ``seats`` (the count) and ``shown``."""
    if sorted(seats) != list(range(state.seats)):
        raise RulesError(code, template, rule=RULE, given=list(seats), seats=state.seats, shown=str(list(seats)))


def round_dealer(state: PresidentState, given: int | None) -> int | None:
    """Round 1: the dealer given (random or by cut); later: the Scum or President (§1.4)."""
    last = state.last
    if last is None:
        if given is not None:
            check_seat(state, given, "dealer")
        return given
    if given is not None and given != last.next_dealer:
        raise RulesError(
            "wrong_dealer",
            "%(name)s deals this round (dealer = %(option)s), not %(other)s.",
            rule="president.md §1.4",
            expected=last.next_dealer,
            name=state.players[last.next_dealer],
            option=state.variants.dealer,
            other=state.players[given] if 0 <= given < state.seats else given,
        )
    return last.next_dealer


def round_seating(state: PresidentState, given: tuple[int, ...] | None) -> tuple[int, ...]:
    """The seating of this round: under ``reseat_by_title`` it follows from the titles (§2.7);
    otherwise players may have moved, and the entry says so."""
    if given is None:
        return state.seating
    check_permutation(
        state,
        given,
        N_("The seating must name every one of the %(seats)s seats exactly once, not %(shown)s."),
        "seating_not_a_permutation",
    )
    last = state.last
    if state.variants.reseat_by_title and last is not None:
        expected = next_seating(last.order, last.seating, state.variants)
        if given != expected:
            raise RulesError(
                "wrong_seating",
                "Under reseat_by_title players sit clockwise in title order from the President: "
                "%(names)s, not %(given_names)s.",
                rule="president.md §2.7",
                expected=list(expected),
                names=", ".join(state.players[s] for s in expected),
                given_names=", ".join(state.players[s] for s in given),
            )
    return given


def apply_round_result(state: PresidentState, event: RoundResult) -> PresidentState:
    if state.current is not None:
        raise RulesError(
            "round_in_progress",
            "Round %(round)s is being recorded card by card; finish it before entering a result.",
            rule=RULE,
            round=state.round_number,
        )
    check_permutation(
        state,
        event.order,
        N_("The finishing order must name every one of the %(seats)s seats exactly once, not %(shown)s."),
        "order_not_a_permutation",
    )
    dealer = round_dealer(state, event.dealer)
    seating = round_seating(state, event.seating)
    return close_round(state, order=event.order, mode="result", dealer=dealer, seating=seating)
