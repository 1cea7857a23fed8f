"""Game.summary_head (issue 23 item 3): the summary with its history's latest rows only, rendered
lazily, and the count of the whole history; Game.history_rows pages the rest."""

from __future__ import annotations

import json

from scoring.registry import get_game

#: 26 points each hand, no moon: the running totals by hand are worked out by hand beside them.
HANDS = ([3, 18, 0, 5], [10, 6, 4, 6], [0, 8, 9, 9])
TOTALS = ([3, 18, 0, 5], [13, 24, 4, 11], [13, 32, 13, 20])


def _three_hands() -> tuple[object, object]:
    game = get_game("hearts")
    state = game.start({}, ["A", "B", "C", "D"])
    for points in HANDS:
        state = game.apply_json(state, "hand_result", {"points": points})
    return game, state


def test_the_head_has_the_latest_rows_and_counts_them_all() -> None:
    game, state = _three_hands()
    whole = game.summary(state)  # type: ignore[attr-defined]
    head, count = game.summary_head(state, 2)  # type: ignore[attr-defined]
    assert count == 3 and [row["totals"] for row in head["history"]] == [TOTALS[1], TOTALS[2]]
    assert {**head, "history": whole["history"]} == whole
    assert game.summary_head(state, None) == (whole, 3)  # type: ignore[attr-defined]
    assert game.history_rows(state, 0, 1) == whole["history"][:1]  # type: ignore[attr-defined]


def test_the_head_keeps_only_the_rows_that_fit_its_byte_budget() -> None:
    game, state = _three_hands()
    last = game.summary(state)["history"][-1]  # type: ignore[attr-defined]
    size = len(json.dumps(last, separators=(",", ":")))
    assert game.summary_head(state, 10, size)[0]["history"] == [last]  # type: ignore[attr-defined]
    assert game.summary_head(state, 10, size - 1)[0]["history"] == []  # type: ignore[attr-defined]


def test_a_thousand_row_rendered_alone_equals_the_whole_sheet_row() -> None:
    """cell_row(i) reads deal i and the totals before it; cells() of the sheet is the same, row by row."""
    import random

    from scoring.thousand.sheet import cell_row, cells

    game, rng = get_game("thousand"), random.Random(2)
    state = game.start({}, ["A", "B", "C"])
    while len(state.history) < 4:  # type: ignore[attr-defined]
        state = game.apply(state, game.chance_event(state, rng) or rng.choice(game.legal_events(state)))
    assert [cell_row(state, i) for i in range(len(state.history))] == cells(state)  # type: ignore[arg-type]
    assert game.summary(state)["history"][-1]["cells"] == cells(state)[-1]
