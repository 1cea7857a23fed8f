"""Hearts result entry: one event per hand (rules/hearts.md §3.6)."""

from __future__ import annotations

import dataclasses

from scoring.errors import RulesError
from scoring.hearts.events import HandResult
from scoring.hearts.hand import Finding
from scoring.hearts.hand_score import MOON_POINTS, HandScore, abandoned_hand, end_of_hand, score_hand
from scoring.hearts.passing import pass_direction
from scoring.hearts.state import HandRecord, HeartsState

RULE = "hearts.md §3.6"


def _check_seat(state: HeartsState, seat: int, what: str) -> None:
    if not 0 <= seat < state.seats:
        raise RulesError(
            "no_such_seat",
            f"{what} names seat {seat}, but this table has seats 0–{state.seats - 1}.",
            rule=RULE,
            seat=seat,
        )


def _check_points(state: HeartsState, points: tuple[int, ...]) -> None:
    if len(points) != state.seats:
        raise RulesError(
            "points_per_seat",
            f"Give penalty points for each of the {state.seats} seats, not {len(points)}.",
            rule=RULE,
            seats=state.seats,
            given=len(points),
        )
    for seat, value in enumerate(points):
        if value < 0:
            raise RulesError(
                "negative_points", f"Seat {seat} cannot take {value} penalty points.", rule=RULE, seat=seat
            )
        if value > MOON_POINTS:
            raise RulesError(
                "points_out_of_range",
                f"Seat {seat} cannot take {value} penalty points (26 at most).",
                rule=RULE,
                seat=seat,
            )
    if sum(points) != MOON_POINTS:
        raise RulesError(
            "points_must_total_26",
            f"Penalty points in a hand total 26 (13 hearts and the Q♠), not {sum(points)}.",
            rule="hearts.md §1.3",
            total=sum(points),
        )


def _check_jack(state: HeartsState, event: HandResult, abandoned: bool) -> None:
    counts_jack = state.variants.counts_jack
    if event.jd_taker is not None:
        if not counts_jack:
            raise RulesError("jd_taker_not_allowed", "This table does not play the jack of diamonds.", rule=RULE)
        if abandoned:
            raise RulesError("jd_taker_not_allowed", "Nobody takes the jack in an abandoned hand (§3.5).", rule=RULE)
        _check_seat(state, event.jd_taker, "jd_taker")
    elif counts_jack and not abandoned:
        raise RulesError(
            "jd_taker_required", "Say who took the jack of diamonds (this table counts it −10).", rule=RULE
        )


def _check_moon_choice(state: HeartsState, event: HandResult, score: HandScore | None) -> None:
    moon = score is not None and score.moon_shooter is not None
    choosing = state.variants.moon_scoring == "shooter_choice"
    if event.moon_choice is not None and not (moon and choosing):
        reason = "there is no moon in this hand" if not moon else "this table does not let the shooter choose"
        raise RulesError("moon_choice_not_allowed", f"A moon choice was given, but {reason}.", rule=RULE)
    if moon and choosing and event.moon_choice is None:
        raise RulesError(
            "moon_choice_required",
            "The shooter chooses: add 26 to the others or subtract 26 from themselves.",
            rule="hearts.md §3.2",
        )


def _check_no_tricks(state: HeartsState, event: HandResult) -> None:
    if not event.no_tricks:
        return
    if not state.variants.avoid_all_tricks_bonus:
        raise RulesError("no_tricks_not_allowed", "This table gives no bonus for taking no trick.", rule=RULE)
    for seat in event.no_tricks:
        _check_seat(state, seat, "no_tricks")
        if (event.points and event.points[seat]) or event.jd_taker == seat:
            raise RulesError(
                "no_trick_player_has_points",
                f"Seat {seat} is listed as taking no trick but took points or the jack.",
                rule=RULE,
                seat=seat,
            )


def _score(state: HeartsState, event: HandResult) -> tuple[HandScore, bool]:
    penalty = state.variants.renege_penalty
    for seat in event.offenders:
        _check_seat(state, seat, "offenders")
    if len(set(event.offenders)) != len(event.offenders):
        raise RulesError("duplicate_seat", "An offender is listed twice.", rule=RULE)
    if event.offenders and penalty == "none":
        raise RulesError("no_renege_penalty", "This table charges no penalty for a renege.", rule="hearts.md §3.5")
    abandoned = bool(event.offenders) and penalty == "abandon_26"
    if abandoned:
        if event.points is not None:
            raise RulesError(
                "offenders_replace_points",
                "A hand abandoned for a renege is entered with its offenders only, not points (§3.5).",
                rule=RULE,
            )
        _check_jack(state, event, abandoned=True)
        _check_moon_choice(state, event, None)
        if event.no_tricks:
            raise RulesError("no_tricks_not_allowed", "An abandoned hand has no trick bonus.", rule=RULE)
        return abandoned_hand(state.seats, event.offenders), True
    if event.points is None:
        raise RulesError("points_required", "Enter each seat's penalty points for the hand.", rule=RULE)
    _check_points(state, event.points)
    _check_jack(state, event, abandoned=False)
    _check_no_tricks(state, event)
    score = score_hand(
        event.points,
        variants=state.variants,
        jd_taker=event.jd_taker,
        moon_choice=event.moon_choice,
        no_tricks=event.no_tricks,
        renege_offenders=event.offenders,
    )
    _check_moon_choice(state, event, score)
    return score, False


def finish_hand(state: HeartsState, record_fields: dict[str, object], score: HandScore) -> HeartsState:
    """Add a scored hand to the state and check for the end of the game."""
    raw_totals = tuple(t + s for t, s in zip(state.totals, score.scores, strict=True))
    end = end_of_hand(raw_totals, state.variants)
    record = HandRecord(
        number=state.hand_number,
        dealer=state.dealer,
        pass_direction=pass_direction(state.variants, state.seats, state.hand_number),
        scores=score.scores,
        totals=end.totals,
        moon_shooter=score.moon_shooter,
        moon_choice=score.moon_choice,
        notes=score.notes + end.notes,
        **record_fields,  # type: ignore[arg-type]
    )
    return dataclasses.replace(state, totals=end.totals, hands=(*state.hands, record), result=end.result)


def apply_hand_result(state: HeartsState, event: HandResult) -> HeartsState:
    score, abandoned = _score(state, event)
    fields: dict[str, object] = {
        "points": None if abandoned else event.points,
        "jd_taker": event.jd_taker,
        "offenders": event.offenders,
        "mode": "result",
    }
    penalty = (
        "hand abandoned: 26 to the offender, 0 to the others (§3.5)"
        if abandoned
        else "the hand is scored as played, +26 to the offender (§3.5)"
    )
    findings = tuple(
        Finding(
            state.hand_number,
            seat,
            "renege_reported",
            "reported",
            None,
            None,
            "Entered with the hand's result.",
            penalty,
        )
        for seat in event.offenders
    )
    new = finish_hand(state, fields, score)
    return dataclasses.replace(new, findings=new.findings + findings)
