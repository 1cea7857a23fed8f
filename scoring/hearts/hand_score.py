"""Scoring one Hearts hand and ending the game (rules/hearts.md §3).

Shared by result entry and card-by-card play: both reduce a hand to penalty points per seat, who
took the J♦, who took no trick, and the reneges charged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.explain import Note
from scoring.hearts.variants import HeartsVariants
from scoring.protocol import MatchResult, places_from_scores

MOON_POINTS = 26
JACK_VALUE = -10


@dataclass(frozen=True, slots=True)
class HandScore:
    scores: tuple[int, ...]
    moon_shooter: int | None
    moon_choice: str | None
    notes: tuple[Note, ...]


def moon_shooter(points: Sequence[int], jd_taker: int | None, variants: HeartsVariants) -> int | None:
    """The seat that took all 26 penalty points (and the J♦ where the variant asks for it)."""
    for seat, value in enumerate(points):
        if value == MOON_POINTS:
            if variants.moon_requires_jd and jd_taker != seat:
                return None
            return seat
    return None


def score_hand(
    points: Sequence[int],
    *,
    variants: HeartsVariants,
    jd_taker: int | None = None,
    moon_choice: str | None = None,
    no_tricks: Sequence[int] = (),
    renege_offenders: Sequence[int] = (),
) -> HandScore:
    """Hand scores from penalty points (§3.1–§3.2), plus +26 per renege offender when the
    variant scores the hand as played (§3.5). ``moon_choice`` is the shooter's choice, only
    meaningful under ``moon_scoring = shooter_choice``."""
    n = len(points)
    notes: list[Note] = []
    shooter = (
        None
        if renege_offenders and variants.renege_penalty == "abandon_26"
        else moon_shooter(points, jd_taker, variants)
    )
    if shooter is None:
        scores = list(points)
        chosen = None
    else:
        chosen = moon_choice if variants.moon_scoring == "shooter_choice" else variants.moon_scoring
        if chosen == "add_to_others":
            scores = [0 if s == shooter else MOON_POINTS for s in range(n)]
            notes.append(Note("moon_add_to_others", f"Seat {shooter} shot the moon: every other player +26.", shooter))
        else:
            scores = [-MOON_POINTS if s == shooter else 0 for s in range(n)]
            notes.append(
                Note("moon_subtract_from_shooter", f"Seat {shooter} shot the moon: −26 for the shooter.", shooter)
            )
    if jd_taker is not None:
        scores[jd_taker] += JACK_VALUE
        notes.append(Note("jack_of_diamonds", f"Seat {jd_taker} took the jack: −10.", jd_taker))
    if variants.avoid_all_tricks_bonus:
        for seat in no_tricks:
            scores[seat] += variants.avoid_all_tricks_bonus
            notes.append(Note("no_tricks_bonus", f"Seat {seat} won no trick: {variants.avoid_all_tricks_bonus}.", seat))
    for seat in renege_offenders:
        scores[seat] += MOON_POINTS
        notes.append(Note("renege_plus_26", f"Seat {seat} reneged: +26 on top of the hand as played.", seat))
    return HandScore(tuple(scores), shooter, chosen, tuple(notes))


def abandoned_hand(seats: int, offenders: Sequence[int]) -> HandScore:
    """§3.5 default: the hand is abandoned, each offender is charged 26, everyone else 0."""
    scores = tuple(MOON_POINTS if s in offenders else 0 for s in range(seats))
    notes = tuple(
        Note("renege_abandon_26", f"Seat {s} reneged: hand abandoned, 26 to the offender, 0 to the others.", s)
        for s in offenders
    )
    return HandScore(scores, None, None, notes)


@dataclass(frozen=True, slots=True)
class GameEnd:
    totals: tuple[int, ...]
    result: MatchResult | None
    notes: tuple[Note, ...]


def end_of_hand(totals: Sequence[int], variants: HeartsVariants) -> GameEnd:
    """Apply the exact-target rule and decide whether the game is over (§3.4).

    ``totals`` are the running totals after this hand's scores.
    """
    target = variants.target_score
    notes: list[Note] = []
    new_totals = list(totals)
    if variants.exact_target_rule == "reset_to_half":
        for seat, total in enumerate(totals):
            if total == target:
                # A target of 75 halves to 37: totals stay whole numbers (our reading of §3.4).
                new_totals[seat] = target // 2
                notes.append(
                    Note("reset_to_half", f"Seat {seat} landed exactly on {target}: back to {target // 2}.", seat)
                )
    result = None
    exact = [s for s, total in enumerate(totals) if total == target]
    if variants.exact_target_rule == "exact_wins" and exact:
        result = _result(new_totals, tuple(exact), f"landed exactly on {target}")
    elif any(total >= target for total in new_totals):
        low = min(new_totals)
        winners = tuple(s for s, total in enumerate(new_totals) if total == low)
        if len(winners) == 1 or variants.tie_break == "co_winners":
            result = _result(new_totals, winners, "lowest total when someone reached the target")
        else:
            notes.append(Note("tie_play_on", "Lowest totals are tied: another hand is played."))
    return GameEnd(tuple(new_totals), result, tuple(notes))


def _result(totals: Sequence[int], winners: tuple[int, ...], how: str) -> MatchResult:
    places = list(places_from_scores(totals, lower_is_better=True))
    for seat in winners:
        places[seat] = 1
    return MatchResult(winners, tuple(places), tuple(totals), lower_is_better=True, how=how)
