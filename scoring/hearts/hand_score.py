"""Scoring one Hearts hand and ending the game (rules/hearts.md §3).

Shared by result entry and card-by-card play: both reduce a hand to penalty points per seat, who
took the J♦, who took no trick, and the reneges charged.

The hand's whole value ``total`` is 26 (13 hearts and the Q♠), or 117 under ``spot_hearts``
(hearts at pip value 2 + 3 + … + 14 = 104, and the Q♠ 13). It is what a moon needs, what a moon
gives or takes, and what a renege costs (§3.2, §3.5; our reading for spot hearts, see
docs/games/hearts.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.explain import Note
from scoring.hearts.deal import hand_total
from scoring.hearts.variants import HeartsVariants
from scoring.protocol import MatchResult, places_from_scores

#: All penalty points of a hand without ``spot_hearts`` (§1.3).
MOON_POINTS = 26
JACK_VALUE = -10


@dataclass(frozen=True, slots=True)
class HandScore:
    scores: tuple[int, ...]
    moon_shooter: int | None
    moon_choice: str | None
    notes: tuple[Note, ...]


def moon_shooter(points: Sequence[int], jd_taker: int | None, variants: HeartsVariants) -> int | None:
    """The seat that took every penalty point (and the J♦ where the variant asks for it)."""
    total = hand_total(variants)
    for seat, value in enumerate(points):
        if value == total:
            if variants.moon_requires_jd and jd_taker != seat:
                return None
            return seat
    return None


def score_hand(
    points: Sequence[int],
    *,
    variants: HeartsVariants,
    players: Sequence[str],
    jd_taker: int | None = None,
    moon_choice: str | None = None,
    no_tricks: Sequence[int] = (),
    renege_offenders: Sequence[int] = (),
) -> HandScore:
    """Hand scores from penalty points (§3.1–§3.2), plus the hand's total (26, or 117 with spot
    hearts) per renege offender when the variant scores the hand as played (§3.5). ``moon_choice``
    is the shooter's choice, only meaningful under ``moon_scoring = shooter_choice``."""
    n = len(points)
    total = hand_total(variants)
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
        name = players[shooter]
        if chosen == "add_to_others":
            scores = [0 if s == shooter else total for s in range(n)]
            notes.append(
                Note(
                    "moon_add_to_others",
                    "%(name)s shot the moon: every other player +%(value)s.",
                    shooter,
                    name=name,
                    value=total,
                )
            )
        else:
            scores = [-total if s == shooter else 0 for s in range(n)]
            notes.append(
                Note(
                    "moon_subtract_from_shooter",
                    "%(name)s shot the moon: −%(value)s for the shooter.",
                    shooter,
                    name=name,
                    value=total,
                )
            )
    if jd_taker is not None:
        scores[jd_taker] += JACK_VALUE
        notes.append(
            Note(
                "jack_of_diamonds",
                "%(name)s took %(card)s: %(value)s.",
                jd_taker,
                name=players[jd_taker],
                card="J♦" if variants.jack_of_diamonds != "td_minus_10" else "10♦",
                value=JACK_VALUE,
            )
        )
    notes += _no_tricks_bonus(scores, no_tricks, shooter, variants, players)
    for seat in renege_offenders:
        scores[seat] += total
        notes.append(
            Note(
                "renege_plus_26",
                "%(name)s reneged: +%(value)s on top of the hand as played.",
                seat,
                name=players[seat],
                value=total,
            )
        )
    return HandScore(tuple(scores), shooter, chosen, tuple(notes))


def abandoned_hand(players: Sequence[str], offenders: Sequence[int], variants: HeartsVariants) -> HandScore:
    """§3.5 default: the hand is abandoned, each offender is charged the hand's total (26, or 117
    with spot hearts), everyone else 0."""
    total = hand_total(variants)
    scores = tuple(total if s in offenders else 0 for s in range(len(players)))
    notes = tuple(
        Note(
            "renege_abandon_26",
            "%(name)s reneged: hand abandoned, %(value)s to the offender, 0 to the others.",
            s,
            name=players[s],
            value=total,
        )
        for s in offenders
    )
    return HandScore(scores, None, None, notes)


@dataclass(frozen=True, slots=True)
class GameEnd:
    totals: tuple[int, ...]
    result: MatchResult | None
    notes: tuple[Note, ...]


def end_of_hand(totals: Sequence[int], variants: HeartsVariants, players: Sequence[str] = ()) -> GameEnd:
    """Apply the exact-target rule and decide whether the game is over (§3.4).

    ``totals`` are the running totals after this hand's scores; ``players`` name the seats in the
    explanation (seat numbers when not given).
    """
    names = tuple(players) or tuple(str(s) for s in range(len(totals)))
    target = variants.target_score
    notes: list[Note] = []
    new_totals = list(totals)
    if variants.exact_target_rule == "reset_to_half":
        for seat, total in enumerate(totals):
            if total == target:
                # A target of 75 halves to 37: totals stay whole numbers (our reading of §3.4).
                new_totals[seat] = target // 2
                notes.append(
                    Note(
                        "reset_to_half",
                        "%(name)s landed exactly on %(target)s: back to %(total)s.",
                        seat,
                        name=names[seat],
                        target=target,
                        total=target // 2,
                    )
                )
    result = None
    exact = [s for s, total in enumerate(totals) if total == target]
    if variants.exact_target_rule == "exact_wins" and exact:
        result = _result(new_totals, tuple(exact), Note("won_exact", "landed exactly on %(target)s", target=target))
    elif any(total >= target for total in new_totals):
        low = min(new_totals)
        winners = tuple(s for s, total in enumerate(new_totals) if total == low)
        if len(winners) == 1 or variants.tie_break == "co_winners":
            result = _result(new_totals, winners, Note("won_lowest", "lowest total when someone reached the target"))
        else:
            notes.append(Note("tie_play_on", "Lowest totals are tied at %(total)s: another hand is played.", total=low))
    return GameEnd(tuple(new_totals), result, tuple(notes))


def _result(totals: Sequence[int], winners: tuple[int, ...], how: Note) -> MatchResult:
    places = list(places_from_scores(totals, lower_is_better=True))
    for seat in winners:
        places[seat] = 1
    return MatchResult(winners, tuple(places), tuple(totals), lower_is_better=True, how=how.text, how_note=how)


def _no_tricks_bonus(
    scores: list[int], no_tricks: Sequence[int], shooter: int | None, variants: HeartsVariants, players: Sequence[str]
) -> list[Note]:
    """``avoid_all_tricks_bonus`` (docs/games/hearts.md §5.1): each seat that won no trick scores the
    bonus — but not in a hand where someone shot the moon, as in OpenSpiel (the bonus's source),
    unless ``no_tricks_bonus_on_moon``. Adds to ``scores`` in place; returns the explanation."""
    bonus = variants.avoid_all_tricks_bonus
    if not bonus or not no_tricks:
        return []
    if shooter is not None and not variants.no_tricks_bonus_on_moon:
        return [
            Note(
                "no_tricks_bonus_moon",
                "%(name)s won no trick, but the moon was shot: no bonus.",
                seat,
                name=players[seat],
            )
            for seat in no_tricks
        ]
    for seat in no_tricks:
        scores[seat] += bonus
    return [
        Note("no_tricks_bonus", "%(name)s won no trick: %(value)s.", seat, name=players[seat], value=bonus)
        for seat in no_tricks
    ]
