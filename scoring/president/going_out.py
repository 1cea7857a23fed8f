"""Going out and the end of a round (rules/president.md §2.6)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from scoring.cards import Card
from scoring.explain import Note
from scoring.president.league import close_round
from scoring.president.ranks import Combo, card_value
from scoring.president.state import PresidentState, Round


def places_free(rnd: Round) -> list[int]:
    taken = {p for p in rnd.places if p is not None}
    return [p for p in range(1, len(rnd.places) + 1) if p not in taken]


def go_out(state: PresidentState, rnd: Round, seat: int, cards: Sequence[Card], combo: Combo, clears: bool) -> Round:
    v = state.variants
    free = places_free(rnd)
    name = state.players[seat]
    bad_finish = v.cannot_finish_on_two and (clears or any(c.is_joker or c.rank == 2 for c in cards))
    if bad_finish:
        place = free[-1]
        note = Note(
            "finished_on_two",
            "%(name)s went out with %(cards)s (a 2, joker or clearing play): place %(place)s, "
            "the lowest free place (cannot_finish_on_two, president.md §2.6).",
            seat,
            name=name,
            cards=" ".join(c.pretty for c in cards),
            place=place,
        )
    else:
        place = free[0]
        note = Note("went_out", "%(name)s went out: place %(place)s (president.md §2.6).", seat, name=name, place=place)
    places = list(rnd.places)
    places[seat] = place
    return dataclasses.replace(
        rnd,
        places=tuple(places),
        notes=(*rnd.notes, note),
        first_out=rnd.first_out if rnd.first_out is not None else seat,
    )


def round_over(state: PresidentState, rnd: Round) -> bool:
    active = sum(1 for p in rnd.places if p is None)
    return active <= 1 or state.variants.round_end != "play_to_last"


def rank_rest(state: PresidentState, rnd: Round) -> Round:
    """Places for the players still holding cards (§2.6)."""
    v = state.variants
    rest = [s for s in rnd.seating if rnd.active(s)]
    free = places_free(rnd)
    if v.round_end == "play_to_last" or len(rest) <= 1:
        ordered = rest
        lines = [
            Note(
                "last_holder",
                "%(name)s is left holding cards: place %(place)s (president.md §2.6).",
                seat,
                name=state.players[seat],
                place=free[0],
            )
            for seat in rest
        ]
    else:
        ordered, lines = _ranked_by_what_is_left(state, rnd, rest, free)
    places = list(rnd.places)
    for place, seat in zip(free, ordered, strict=True):
        places[seat] = place
    return dataclasses.replace(rnd, places=tuple(places), notes=(*rnd.notes, *lines))


def _ranked_by_what_is_left(
    state: PresidentState, rnd: Round, rest: list[int], free: Sequence[int]
) -> tuple[list[int], list[Note]]:
    """The seats still holding cards ranked by the cards (or their value) left, ties to the nearest
    clockwise after the first player out (round_end = count_cards / count_values, §2.6)."""
    v = state.variants
    first = rnd.first_out
    assert first is not None
    n = len(rnd.seating)
    start = rnd.seating.index(first)

    def distance(seat: int) -> int:
        return (rnd.seating.index(seat) - start) % n

    def left(seat: int) -> int:
        if v.round_end == "count_cards":
            return rnd.sizes[seat]
        assert rnd.hands is not None
        return sum(card_value(c, v) for c in rnd.hands[seat])

    ordered = sorted(rest, key=lambda s: (left(s), distance(s)))
    notes = []
    for place, seat in zip(free, ordered, strict=True):
        if v.round_end == "count_cards":
            note = Note(
                "ranked_by_cards",
                "%(name)s had %(count)s card left: place %(place)s "
                "(round_end = count_cards; ties go to the nearest clockwise after the first out, §2.6).",
                seat,
                plural="%(name)s had %(count)s cards left: place %(place)s "
                "(round_end = count_cards; ties go to the nearest clockwise after the first out, §2.6).",
                name=state.players[seat],
                count=left(seat),
                place=place,
            )
        else:
            note = Note(
                "ranked_by_value",
                "%(name)s had %(value)s value left: place %(place)s "
                "(round_end = count_values; ties go to the nearest clockwise after the first out, §2.6).",
                seat,
                name=state.players[seat],
                value=left(seat),
                place=place,
            )
        notes.append(note)
    return ordered, notes


def finish(state: PresidentState, rnd: Round) -> PresidentState:
    order = tuple(sorted(range(state.seats), key=lambda s: rnd.places[s] or 0))
    new = close_round(state, order=order, mode="cards", dealer=rnd.dealer, seating=rnd.seating, notes=rnd.notes)
    # What a dispute about the round's end needs: who still held how many cards, who played how many.
    record = dataclasses.replace(new.rounds[-1], cards_left=rnd.sizes, cards_played=rnd.cards_played())
    return dataclasses.replace(new, rounds=(*new.rounds[:-1], record))
