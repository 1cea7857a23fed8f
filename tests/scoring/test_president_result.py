"""President result entry (rules/president.md §2.7, §3, §4 PR-8 … PR-12).

Expected values are written from the rules file, never from the engine's output.
"""

from __future__ import annotations

import pytest

from scoring.errors import RulesError, VariantError
from scoring.president import GAME
from tests.scoring.president_helpers import ev, start

# Seats: A=0, B=1, C=2, D=3, E=4 (the examples' players in order, P1…Pn clockwise).
A, B, C, D, E = range(5)


def test_pr8_titles_and_points_five_players() -> None:
    # PR-8: order C, A, E, B, D → C President (+2), A VP (+1), E Neutral (0), B Vice-Scum (−1), D Scum (−2).
    state = ev(start(5), "round_result", order=[C, A, E, B, D], dealer=E)
    record = GAME.summary(state)["history"][0]
    assert record["titles"] == ["Vice-President", "Vice-Scum", "President", "Scum", "Neutral"]
    assert record["points"] == [1, -1, 2, -2, 0]
    assert GAME.summary(state)["totals"] == [1, -1, 2, -2, 0]


def test_pr8_place_points() -> None:
    # PR-8: under place_points C 4, A 3, E 2, B 1, D 0.
    state = ev(start(5, scoring_scheme="place_points"), "round_result", order=[C, A, E, B, D], dealer=E)
    assert state.totals == (3, 1, 4, 0, 2)


@pytest.mark.parametrize(
    ("scheme", "expected_by_place"),
    [
        ("title_points", (2, 1, -1, -2)),  # PR-9: B +2, D +1, A −1, C −2
        ("top_two", (2, 1, 0, 0)),  # PR-9: 2, 1, 0, 0
        ("zdnet_4p", (5, 4, 2, 1)),  # PR-9: 5, 4, 2, 1
        ("place_points", (3, 2, 1, 0)),  # §3: n−1 … 0
    ],
)
def test_pr9_four_players_every_scheme(scheme: str, expected_by_place: tuple[int, ...]) -> None:
    # PR-9: order B, D, A, C.
    order = [B, D, A, C]
    state = ev(start(4, scoring_scheme=scheme), "round_result", order=order, dealer=0)
    record = state.rounds[0]
    assert [record.titles[s] for s in order] == ["President", "Vice-President", "Vice-Scum", "Scum"]
    assert tuple(state.totals[s] for s in order) == expected_by_place


def test_pr10_three_players_titles_points_and_exchange() -> None:
    # PR-10: order A, C, B → A President (+2), C Neutral (0), B Scum (−2); next round B gives A 1 best card.
    state = ev(start(3), "round_result", order=[A, C, B], dealer=A)
    assert state.rounds[0].titles == ("President", "Scum", "Neutral")
    assert state.totals == (2, -2, 0)
    moves = GAME.summary(state)["next_round"]["exchange"]
    assert [(m["giver"], m["receiver"], m["count"], m["kind"]) for m in moves] == [
        (B, A, 1, "best"),
        (A, B, 1, "choice"),
    ]


def _moves(n: int, **variants: object) -> list[tuple[int, int, int, str]]:
    state = ev(start(n, **variants), "round_result", order=list(range(n)), dealer=0)
    return [(t.giver, t.receiver, t.count, t.kind) for t in state.rounds[0].next_transfers]


def test_pr11_four_player_obligations() -> None:
    # PR-11 / §2.2: Scum → President 2 best, President → Scum 2 of choice; Vice-Scum → VP 1, VP → Vice-Scum 1.
    assert _moves(4) == [(3, 0, 2, "best"), (0, 3, 2, "choice"), (2, 1, 1, "best"), (1, 2, 1, "choice")]


def test_pr12_five_and_six_players() -> None:
    # PR-12: 5 players Scum→P 2, VS→VP 1, Neutral nothing; 6 players default the same.
    expected5 = [(4, 0, 2, "best"), (0, 4, 2, "choice"), (3, 1, 1, "best"), (1, 3, 1, "choice")]
    assert _moves(5) == expected5
    assert _moves(6) == [(5, 0, 2, "best"), (0, 5, 2, "choice"), (4, 1, 1, "best"), (1, 4, 1, "choice")]


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        # §2.2 graded table: pairs (lower place → upper place, best cards).
        (3, [(3, 1, 1)]),
        (4, [(4, 1, 2), (3, 2, 1)]),
        (5, [(5, 1, 2), (4, 2, 1)]),
        (6, [(6, 1, 3), (5, 2, 2), (4, 3, 1)]),  # PR-12: 3/2/1
        (7, [(7, 1, 3), (6, 2, 2), (5, 3, 1)]),  # PR-12: 4th neutral
        (8, [(8, 1, 3), (7, 2, 2), (6, 3, 1)]),  # PR-12: 4th and 5th neutral
    ],
)
def test_pr12_graded(n: int, expected: list[tuple[int, int, int]]) -> None:
    moves = _moves(n, exchange_scheme="graded")
    best = [(g + 1, r + 1, c) for g, r, c, k in moves if k == "best"]
    assert best == expected
    choice = [(g + 1, r + 1, c) for g, r, c, k in moves if k == "choice"]
    assert choice == [(r, g, c) for g, r, c in expected]  # each answered by the same number


def test_graded_titles_stay_those_of_2_7() -> None:
    # §2.2: under graded the third pair are Neutrals by title and score as Neutrals.
    state = ev(start(6, exchange_scheme="graded"), "round_result", order=[0, 1, 2, 3, 4, 5], dealer=0)
    assert state.rounds[0].titles == ("President", "Vice-President", "Neutral", "Neutral", "Vice-Scum", "Scum")
    assert state.totals == (2, 1, 0, 0, -1, -2)


def test_upper_first_order_and_no_exchange() -> None:
    # §2.2 exchange_order = upper_first: the upper player hands over first, pair by pair from the top.
    assert _moves(4, exchange_order="upper_first") == [
        (0, 3, 2, "choice"),
        (3, 0, 2, "best"),
        (1, 2, 1, "choice"),
        (2, 1, 1, "best"),
    ]
    assert _moves(5, exchange_scheme="none") == []
    assert [k for *_, k in _moves(4, exchange_scheme="president_picks")] == [
        "requested",
        "choice",
        "requested",
        "choice",
    ]


def test_next_dealer_and_leader() -> None:
    # §1.4: later rounds the Scum deals (variant: the President); §2.3: the President leads (variant: Scum).
    state = ev(start(4), "round_result", order=[2, 0, 3, 1], dealer=0)
    assert (state.rounds[0].next_dealer, state.rounds[0].next_leader) == (1, 2)
    state = ev(start(4, dealer="president", later_round_lead="scum"), "round_result", order=[2, 0, 3, 1], dealer=0)
    assert (state.rounds[0].next_dealer, state.rounds[0].next_leader) == (2, 1)
    state = ev(start(4, later_round_lead="left_of_dealer"), "round_result", order=[2, 0, 3, 1], dealer=0)
    assert state.rounds[0].next_leader == 2  # Scum is seat 1, who deals; seat 2 is on their left


def test_points_accumulate_and_wrong_dealer_rejected() -> None:
    state = ev(start(4), "round_result", order=[0, 1, 2, 3], dealer=2)
    # Round 2 is dealt by the Scum, seat 3.
    with pytest.raises(RulesError) as err:
        ev(state, "round_result", order=[3, 2, 1, 0], dealer=0)
    assert err.value.code == "wrong_dealer"
    state = ev(state, "round_result", order=[3, 2, 1, 0], dealer=3)
    state = ev(state, "round_result", order=[3, 0, 1, 2])
    # By hand: seat 0: +2 −2 +1 = 1; seat 1: +1 −1 −1 = −1; seat 2: −1 +1 −2 = −2; seat 3: −2 +2 +2 = 2.
    assert state.totals == (1, -1, -2, 2)
    assert state.result is None


def test_reseat_by_title() -> None:
    state = ev(start(4, reseat_by_title=True), "round_result", order=[2, 0, 3, 1], dealer=0)
    assert state.seating == (2, 0, 3, 1)
    with pytest.raises(RulesError) as err:
        ev(state, "round_result", order=[0, 1, 2, 3], seating=[0, 1, 2, 3])
    assert err.value.code == "wrong_seating"
    state = ev(state, "round_result", order=[0, 1, 2, 3], seating=[2, 0, 3, 1])
    assert state.rounds[1].seating == (2, 0, 3, 1)


@pytest.mark.parametrize(
    ("order", "code"),
    [
        ([0, 1, 2], "order_not_a_permutation"),
        ([0, 1, 2, 2], "order_not_a_permutation"),
        ([0, 1, 2, 4], "order_not_a_permutation"),
    ],
)
def test_bad_orders(order: list[int], code: str) -> None:
    state = start(4)
    with pytest.raises(RulesError) as err:
        ev(state, "round_result", order=order, dealer=0)
    assert err.value.code == code
    assert state.rounds == ()


def test_fixed_rounds_league_end() -> None:
    state = start(3, league_rounds=2)
    state = ev(state, "round_result", order=[0, 1, 2], dealer=0)
    assert state.result is None
    state = ev(state, "round_result", order=[0, 2, 1])
    # Seat 0 +2 +2 = 4, seat 1 0 −2 = −2, seat 2 −2 0 = −2.
    assert state.result is not None
    assert state.result.winners == (0,)
    assert state.result.places == (1, 2, 2)
    with pytest.raises(RulesError) as err:
        ev(state, "round_result", order=[0, 1, 2])
    assert err.value.code == "match_finished"


def test_end_evening_closes_an_open_league() -> None:
    state = start(4)
    with pytest.raises(RulesError) as err:
        ev(state, "end_evening")
    assert err.value.code == "no_rounds_played"
    state = ev(state, "round_result", order=[1, 0, 2, 3], dealer=0)
    state = ev(state, "end_evening")
    assert state.result is not None and state.result.winners == (1,)
    assert GAME.summary(state)["phase"] == "finished"


def test_target_points_tie_broken_by_last_round() -> None:
    # §3 target_points [our default]: ends after the first round where someone reaches the target;
    # equal standings are separated by the last round's places.
    state = start(4, scoring_scheme="top_two", league_end="target_points", target_points=3)
    state = ev(state, "round_result", order=[0, 1, 2, 3], dealer=0)  # 2, 1, 0, 0
    state = ev(state, "round_result", order=[1, 0, 2, 3])  # 3, 3, 0, 0 → both at the target
    assert state.result is not None
    assert state.result.winners == (1,)  # seat 1 was 1st in the last round
    # The same tie-break orders every place: seats 2 and 3 both have 0, and were 3rd and 4th last round.
    assert state.result.places == (2, 1, 3, 4)


def test_score_first_round_off() -> None:
    state = start(4, score_first_round=False)
    state = ev(state, "round_result", order=[0, 1, 2, 3], dealer=0)
    assert state.totals == (0, 0, 0, 0)
    assert any(n["code"] == "first_round_not_scored" for n in GAME.summary(state)["history"][0]["explain"])
    state = ev(state, "round_result", order=[0, 1, 2, 3])
    assert state.totals == (2, 1, -1, -2)


def test_summary_explains_every_title_and_point() -> None:
    state = ev(start(5), "round_result", order=[C, A, E, B, D], dealer=E)
    explain = GAME.summary(state)["history"][0]["explain"]
    titles = {n["seat"]: n["text"] for n in explain if n["code"] == "title"}
    assert "Vice-President" in titles[A] and "place 2 of 5" in titles[A]
    points = {n["seat"]: n["text"] for n in explain if n["code"] == "points"}
    assert "+1" in points[A] and "title_points" in points[A]
    assert len(points) == 5
    assert any(n["code"] == "exchange_none" and "Eve" in n["text"] for n in explain)


def test_target_points_variant_checks() -> None:
    with pytest.raises(VariantError):
        start(4, league_end="target_points")
    with pytest.raises(VariantError):
        start(4, target_points=11)


def test_result_entry_and_deal_rejected_while_a_round_is_played() -> None:
    state = ev(start(4), "deal", dealer=3)
    for event_type, payload in (("round_result", {"order": [0, 1, 2, 3]}), ("deal", {})):
        with pytest.raises(RulesError) as err:
            GAME.apply_json(state, event_type, payload)
        assert err.value.code == "round_in_progress"
