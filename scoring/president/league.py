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
    later_leader,
    next_dealer,
    next_seating,
    ordinal,
    round_points,
    seat_transfers,
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
    n = state.seats
    names = state.players
    number = state.round_number
    by_place = titles_for(n)
    titles = [""] * n
    points = [0] * n
    scored = v.score_first_round or number > 1
    place_points = round_points(n, v)
    explain: list[Note] = list(notes)
    for place, seat in enumerate(order, start=1):
        titles[seat] = by_place[place - 1]
        explain.append(
            Note(
                "title",
                f"{names[seat]} went out {ordinal(place)} of {n}: {by_place[place - 1]} (president.md §2.7).",
                seat,
            )
        )
    for place, seat in enumerate(order, start=1):
        if scored:
            points[seat] = place_points[place - 1]
            explain.append(
                Note(
                    "points",
                    f"{names[seat]}: {by_place[place - 1]} ({ordinal(place)}) scores {_sign(points[seat])} "
                    f"under {v.scoring_scheme} (president.md §3); standing {state.totals[seat] + points[seat]}.",
                    seat,
                )
            )
    if not scored:
        explain.append(
            Note("first_round_not_scored", "Round 1 only sets the titles (score_first_round off, president.md §3).")
        )
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    new_dealer = next_dealer(order, v)
    new_seating = next_seating(order, seating, v)
    leader = later_leader(order, new_dealer, new_seating, v)
    moves = seat_transfers(order, v)
    explain.append(
        Note(
            "next_dealer",
            f"Next round {names[new_dealer]} ({titles[new_dealer]}) deals (dealer = {v.dealer}, president.md §1.4).",
            new_dealer,
        )
    )
    if v.reseat_by_title:
        explain.append(
            Note(
                "reseat",
                "Players reseat clockwise in title order: "
                + ", ".join(names[s] for s in new_seating)
                + " (president.md §2.7).",
            )
        )
    for t in moves:
        giver = f"{names[t.giver]} ({titles[t.giver]})"
        receiver = f"{names[t.receiver]} ({titles[t.receiver]})"
        cards = f"{t.count} card" + ("s" if t.count > 1 else "")
        if t.kind == "choice":
            text = f"{giver} gives {receiver} any {cards} of their choice"
        elif t.kind == "requested":
            text = f"{giver} gives {receiver} the {cards} {names[t.receiver]} names, if held"
        else:
            text = f"{giver} gives {receiver} their {cards.replace('card', 'best card')}"
        explain.append(Note("exchange", f"Next round's exchange: {text} (president.md §2.2).", t.giver))
    neutrals = [names[s] for s in order if titles[s] == NEUTRAL and all(s not in (t.giver, t.receiver) for t in moves)]
    if moves and neutrals:
        explain.append(Note("exchange_none", ", ".join(neutrals) + " exchange nothing (president.md §2.2)."))
    explain.append(
        Note(
            "next_leader",
            f"{names[leader]} leads next round after the exchange (later_round_lead = {v.later_round_lead}, §2.3).",
            leader,
        )
    )
    record = RoundRecord(
        number=number,
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
    return dataclasses.replace(new, result=_league_result(new))


def _league_result(state: PresidentState) -> MatchResult | None:
    v = state.variants
    if v.league_end == "target_points":
        assert v.target_points is not None  # validated with the variants
        if max(state.totals) >= v.target_points:
            return _target_result(state, v.target_points)
        return None
    if v.league_rounds is not None and len(state.rounds) >= v.league_rounds:
        return _standings_result(state, f"the evening's {v.league_rounds} rounds were played")
    return None


def _standings_result(state: PresidentState, how: str) -> MatchResult:
    scores = state.totals
    places = places_from_scores(scores, lower_is_better=False)
    winners = tuple(s for s, p in enumerate(places) if p == 1)
    return MatchResult(winners, places, scores, lower_is_better=False, how=how)


def _target_result(state: PresidentState, target: int) -> MatchResult:
    """§3 [our default]: highest standing wins; equal standings are separated by the last round's
    places, the better place winning."""
    last = state.rounds[-1].places
    scores = state.totals
    rank_key = [(-scores[s], last[s]) for s in range(state.seats)]
    places = tuple(1 + sum(1 for other in rank_key if other < mine) for mine in rank_key)
    winners = tuple(s for s, p in enumerate(places) if p == 1)
    return MatchResult(
        winners,
        places,
        scores,
        lower_is_better=False,
        how=f"reached {target} points; highest standing wins, ties broken by the last round's places",
    )


def end_evening(state: PresidentState) -> PresidentState:
    """The table closes the evening (§3 ``league_end``): standings decide; an unfinished round
    does not count."""
    if not state.rounds:
        raise RulesError(
            "no_rounds_played",
            "No round has been finished yet, so there are no standings to close the evening with.",
            rule="president.md §3",
        )
    how = "the table closed the evening after round " + str(len(state.rounds))
    if state.current is not None:
        how += " (the unfinished round does not count)"
    return dataclasses.replace(state, current=None, result=_standings_result(state, how))
