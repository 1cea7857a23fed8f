"""Closing a round and the league evening (rules/president.md §2.7, §3).

Both recording granularities end a round here: from the finishing order follow the titles, the
league points, the next round's dealer, seating, leader and exchange, and whether the evening is
over.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from scoring.errors import RulesError
from scoring.explain import Note
from scoring.president.state import PresidentState, RoundRecord
from scoring.president.titles import (
    NEUTRAL,
    PRESIDENT,
    Transfer,
    exchange_note,
    later_leader,
    next_dealer,
    next_seating,
    points_note,
    round_points,
    seat_transfers,
    title_note,
    titles_for,
)
from scoring.protocol import MatchResult, places_from_scores


def _sign(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def close_round(
    state: PresidentState,
    *,
    order: Sequence[int],
    mode: str,
    dealer: int | None,
    seating: tuple[int, ...],
    notes: Sequence[Note] = (),
) -> PresidentState:
    """Score a finished round and check whether the evening is over."""
    v = state.variants
    titles, points, explain = _titles_and_points(state, order, notes)
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    new_dealer = next_dealer(order, v)
    new_seating = next_seating(order, seating, v)
    leader = later_leader(order, new_dealer, new_seating, v)
    moves = seat_transfers(order, v)
    explain += _next_round_notes(state, order, titles, new_dealer, new_seating, leader, moves)
    record = RoundRecord(
        number=state.round_number,
        mode=mode,
        dealer=dealer,
        seating=seating,
        order=tuple(order),
        titles=tuple(titles),
        points=tuple(points),
        totals=totals,
        next_dealer=new_dealer,
        next_leader=leader,
        next_seating=new_seating,
        next_transfers=moves,
        notes=tuple(explain),
    )
    new = dataclasses.replace(
        state, totals=totals, rounds=(*state.rounds, record), current=None, seating=new_seating, redeals=0
    )
    return with_result(new, _league_result(new))


def _titles_and_points(
    state: PresidentState, order: Sequence[int], notes: Sequence[Note]
) -> tuple[list[str], list[int], list[Note]]:
    """Each seat's title by its place, its points (unless round 1 goes unscored, §3) and the lines saying so."""
    v = state.variants
    n = state.seats
    names = state.players
    by_place = titles_for(n)
    titles = [""] * n
    points = [0] * n
    scored = v.score_first_round or state.round_number > 1
    place_points = round_points(n, v)
    explain: list[Note] = list(notes)
    for place, seat in enumerate(order, start=1):
        titles[seat] = by_place[place - 1]
        explain.append(title_note(titles[seat], seat, name=names[seat], place=place, seats=n))
    for place, seat in enumerate(order, start=1):
        if scored:
            points[seat] = place_points[place - 1]
            explain.append(
                points_note(
                    titles[seat],
                    seat,
                    name=names[seat],
                    place=place,
                    points=_sign(points[seat]),
                    scheme=v.scoring_scheme,
                    total=state.totals[seat] + points[seat],
                )
            )
    if not scored:
        explain.append(
            Note("first_round_not_scored", "Round 1 only sets the titles (score_first_round off, president.md §3).")
        )
    return titles, points, explain


def _next_round_notes(
    state: PresidentState,
    order: Sequence[int],
    titles: Sequence[str],
    new_dealer: int,
    new_seating: Sequence[int],
    leader: int,
    moves: Sequence[Transfer],
) -> list[Note]:
    """Who deals, how the table reseats, who hands what to whom, and who leads next round."""
    v = state.variants
    names = state.players
    if titles[new_dealer] == PRESIDENT:
        dealer = Note(
            "next_dealer",
            "Next round %(name)s (President) deals (dealer = president, president.md §1.4).",
            new_dealer,
            name=names[new_dealer],
        )
    else:
        dealer = Note(
            "next_dealer",
            "Next round %(name)s (Scum) deals (dealer = scum, president.md §1.4).",
            new_dealer,
            name=names[new_dealer],
        )
    explain = [dealer]
    if v.reseat_by_title:
        explain.append(
            Note(
                "reseat",
                "Players reseat clockwise in title order: %(names)s (president.md §2.7).",
                names=", ".join(names[s] for s in new_seating),
            )
        )
    explain += [exchange_note(titles[t.giver], t, names[t.giver], names[t.receiver]) for t in moves]
    neutrals = [names[s] for s in order if titles[s] == NEUTRAL and all(s not in (t.giver, t.receiver) for t in moves)]
    if moves and neutrals:
        explain.append(
            Note(
                "exchange_none",
                "%(names)s exchanges nothing (president.md §2.2).",
                plural="%(names)s exchange nothing (president.md §2.2).",
                names=", ".join(neutrals),
                count=len(neutrals),
            )
        )
    explain.append(
        Note(
            "next_leader",
            "%(name)s leads next round after the exchange (later_round_lead = %(option)s, §2.3).",
            leader,
            name=names[leader],
            option=v.later_round_lead,
        )
    )
    return explain


def _league_result(state: PresidentState) -> tuple[MatchResult, Note] | None:
    v = state.variants
    if v.league_end == "target_points":
        assert v.target_points is not None  # validated with the variants
        if max(state.totals) >= v.target_points:
            return _target_result(state, v.target_points)
        return None
    if v.league_rounds is not None and len(state.rounds) >= v.league_rounds:
        how = Note(
            "evening_rounds_played",
            "the evening's %(count)s round was played",
            plural="the evening's %(count)s rounds were played",
            count=v.league_rounds,
        )
        return _standings_result(state, how)
    return None


def _standings_result(state: PresidentState, how: Note) -> tuple[MatchResult, Note]:
    scores = state.totals
    places = places_from_scores(scores, lower_is_better=False)
    winners = tuple(s for s, p in enumerate(places) if p == 1)
    return MatchResult(winners, places, scores, lower_is_better=False, how=how.text, how_note=how), how


def _target_result(state: PresidentState, target: int) -> tuple[MatchResult, Note]:
    """§3 [our default]: highest standing wins; equal standings are separated by the last round's
    places, the better place winning."""
    last = state.rounds[-1].places
    scores = state.totals
    rank_key = [(-scores[s], last[s]) for s in range(state.seats)]
    places = tuple(1 + sum(1 for other in rank_key if other < mine) for mine in rank_key)
    winners = tuple(s for s, p in enumerate(places) if p == 1)
    how = Note(
        "target_reached",
        "reached %(target)s points; highest standing wins, ties broken by the last round's places",
        target=target,
    )
    return MatchResult(winners, places, scores, lower_is_better=False, how=how.text, how_note=how), how


def with_result(state: PresidentState, ended: tuple[MatchResult, Note] | None) -> PresidentState:
    if ended is None:
        return state
    result, how = ended
    return dataclasses.replace(state, result=result, result_note=how)


def end_evening(state: PresidentState) -> PresidentState:
    """The table closes the evening (§3 ``league_end``): standings decide; an unfinished round
    does not count."""
    if not state.rounds:
        raise RulesError(
            "no_rounds_played",
            "No round has been finished yet, so there are no standings to close the evening with.",
            rule="president.md §3",
        )
    if state.current is not None:
        how = Note(
            "evening_closed",
            "the table closed the evening after round %(round)s (the unfinished round does not count)",
            round=len(state.rounds),
        )
    else:
        how = Note("evening_closed", "the table closed the evening after round %(round)s", round=len(state.rounds))
    return with_result(dataclasses.replace(state, current=None), _standings_result(state, how))
