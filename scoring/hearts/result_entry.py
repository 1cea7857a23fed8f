"""Hearts result entry: one event per hand (rules/hearts.md §3.6)."""

from __future__ import annotations

import dataclasses
from functools import cache

from scoring.errors import RulesError
from scoring.explain import Note
from scoring.hearts.deal import QUEEN_VALUE, hand_total
from scoring.hearts.events import HandResult
from scoring.hearts.hand import Finding
from scoring.hearts.hand_score import HandScore, abandoned_hand, end_of_hand, score_hand
from scoring.hearts.passing import pass_direction
from scoring.hearts.play import penalty_note
from scoring.hearts.state import HandRecord, HeartsState

RULE = "hearts.md §3.6"


def _check_seat(state: HeartsState, seat: int, field: str) -> None:
    if not 0 <= seat < state.seats:
        raise RulesError(
            "no_such_seat",
            "%(field)s names seat %(seat)s, but this table has seats 0–%(last)s.",
            rule=RULE,
            seat=seat,
            field=field,
            last=state.seats - 1,
        )


#: The cards' values under ``spot_hearts`` (§3.2): hearts 2 … 14 and the Q♠ 13, highest first.
SPOT_VALUES = (*range(14, 1, -1), QUEEN_VALUE)


@cache
def _splits(values: tuple[int, ...], wanted: tuple[int, ...]) -> bool:
    """Whether ``values`` (highest first) can be shared out so that each share sums to its ``wanted``
    (kept sorted, so equal positions are tried once)."""
    if not values:
        return not any(wanted)
    first, rest = values[0], values[1:]
    for index, room in enumerate(wanted):
        if room >= first and (index == 0 or room != wanted[index - 1]):
            left = tuple(sorted((*wanted[:index], room - first, *wanted[index + 1 :])))
            if _splits(rest, left):
                return True
    return False


def possible_split(points: tuple[int, ...]) -> bool:
    """Whether spot-hearts points can come from the cards: every heart (2–14) and the Q♠ (13) go to
    exactly one player.

    >>> possible_split((104, 13, 0, 0)), possible_split((1, 116, 0, 0)), possible_split((3, 3, 111, 0))
    (True, False, False)
    """
    return _splits(tuple(sorted(SPOT_VALUES, reverse=True)), tuple(sorted(points)))


def _check_points(state: HeartsState, points: tuple[int, ...]) -> None:
    total = hand_total(state.variants)
    spot = state.variants.spot_hearts
    if len(points) != state.seats:
        raise RulesError(
            "points_per_seat",
            "Give penalty points for each of the %(seats)s seats, not %(given)s.",
            rule=RULE,
            seats=state.seats,
            given=len(points),
            field="points",
        )
    for seat, value in enumerate(points):
        if value < 0:
            raise RulesError(
                "negative_points",
                "%(name)s cannot take %(value)s penalty points.",
                rule=RULE,
                seat=seat,
                name=state.players[seat],
                value=value,
                field="points",
            )
        if value > total:
            raise RulesError(
                "points_out_of_range",
                "%(name)s cannot take %(value)s penalty points (%(maximum)s at most).",
                rule=RULE,
                seat=seat,
                name=state.players[seat],
                value=value,
                maximum=total,
                field="points",
            )
    if sum(points) != total:
        raise _wrong_total(points, total, spot=spot)
    if spot and not possible_split(points):
        raise RulesError(
            "points_not_possible",
            "No deal of the cards gives these points: with spot hearts each heart counts its pip value "
            "(2 to 14) and the Q♠ 13, and every card goes to one player.",
            rule="hearts.md §3.2",
            points=list(points),
            field="points",
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
            "jd_taker_required", "Say who took %(card)s (this table counts it −10).", rule=RULE, card=_jack(state)
        )


def _jack(state: HeartsState) -> str:
    return "10♦" if state.variants.jack_of_diamonds == "td_minus_10" else "J♦"


def _check_moon_choice(state: HeartsState, event: HandResult, score: HandScore | None) -> None:
    moon = score is not None and score.moon_shooter is not None
    choosing = state.variants.moon_scoring == "shooter_choice"
    if event.moon_choice is not None and not (moon and choosing):
        raise RulesError(
            "moon_choice_not_allowed",
            "A moon choice was given, but there is no moon in this hand."
            if not moon
            else "A moon choice was given, but this table does not let the shooter choose.",
            rule=RULE,
        )
    if moon and choosing and event.moon_choice is None:
        raise RulesError(
            "moon_choice_required",
            "The shooter chooses: add %(value)s to the others or subtract %(value)s from themselves.",
            rule="hearts.md §3.2",
            value=hand_total(state.variants),
            field="moon_choice",
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
                "%(name)s is listed as taking no trick but took points or the jack.",
                rule=RULE,
                seat=seat,
                name=state.players[seat],
                field="no_tricks",
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
        return abandoned_hand(state.players, event.offenders, state.variants), True
    if event.points is None:
        raise RulesError("points_required", "Enter each seat's penalty points for the hand.", rule=RULE)
    _check_points(state, event.points)
    _check_jack(state, event, abandoned=False)
    _check_no_tricks(state, event)
    score = score_hand(
        event.points,
        variants=state.variants,
        players=state.players,
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
    end = end_of_hand(raw_totals, state.variants, state.players)
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
    findings = tuple(
        Finding(
            "hand",
            state.hand_number,
            seat,
            "renege_reported",
            Note(
                "renege_reported",
                "%(name)s reneged: entered with the hand's result.",
                seat,
                name=state.players[seat],
            ),
            penalty_note(state.variants, seat, state.players[seat], True),
            status="reported",
        )
        for seat in event.offenders
    )
    if not abandoned and event.points is not None:
        took = tuple(
            Note(
                "took_points",
                "%(name)s took %(count)s penalty point.",
                seat,
                plural="%(name)s took %(count)s penalty points.",
                name=state.players[seat],
                count=value,
            )
            for seat, value in enumerate(event.points)
        )
        score = dataclasses.replace(score, notes=took + score.notes)
    new = finish_hand(state, fields, score)
    return dataclasses.replace(new, findings=new.findings + findings)


def _wrong_total(points: tuple[int, ...], total: int, *, spot: bool) -> RulesError:
    """The hand's points do not add up: the code names the total the rule asks for (as
    ``tricks_must_total_N`` does), 117 with spot hearts (§3.2: hearts 2 + 3 + … + 14 = 104, Q♠ 13)."""
    if spot:
        return RulesError(
            "points_must_total_117",
            "With spot hearts the penalty points in a hand total %(expected)s (hearts 2 to 14 and the Q♠ 13), "
            "not %(total)s.",
            rule="hearts.md §3.2",
            total=sum(points),
            expected=total,
            field="points",
        )
    return RulesError(
        "points_must_total_26",
        "Penalty points in a hand total %(expected)s (13 hearts and the Q♠), not %(total)s.",
        rule="hearts.md §1.3",
        total=sum(points),
        expected=total,
        field="points",
    )
