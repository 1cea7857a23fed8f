"""President: how many cards each player has played so far and, when a round ends, how many each
still held (docs/games/president.md §3.1, issue 18). Counts worked by hand from the deal sizes of
rules/president.md §1.4 (52 cards, 4 players: 13 each)."""

from __future__ import annotations

from scoring.president import GAME
from tests.scoring.president_helpers import deal4, ev, pass_, play, position

P1, P2, P3, P4 = 0, 1, 2, 3


def test_cards_played_so_far_in_the_summary() -> None:
    state = deal4({P1: "3C 3D", P2: "5C 5D", P3: "9C"})
    assert GAME.summary(state)["current_round"]["cards_played"] == [0, 0, 0, 0]
    state = play(state, P1, "3C 3D")  # P1 leads a pair: 2 played, 11 left
    state = play(state, P2, "5C 5D")  # P2 beats it with a pair: 2 played, 11 left
    state = pass_(state, P3)
    current = GAME.summary(state)["current_round"]
    assert current["cards_played"] == [2, 2, 0, 0]
    assert current["card_counts"] == [11, 11, 13, 13]


def test_hidden_card_counts_hide_the_played_counts_too() -> None:
    """show_card_counts = off: the played counts would give the counts away (13 minus played)."""
    state = play(deal4({P1: "3C"}, show_card_counts=False), P1, "3C")
    current = GAME.summary(state)["current_round"]
    assert current["card_counts"] is None and current["cards_played"] is None


def test_round_end_says_who_held_how_many() -> None:
    """rules/president.md PR-18: P2 goes out first (round_end = count_cards); cards left P1 3,
    P3 1, P4 5. The round's history keeps those counts; P2's 9♠ is the one card played."""
    state = deal4({}, round_end="count_cards")
    state = position(state, {P1: "4C 4D 5C", P2: "9S", P3: "6C", P4: "7C 7D 8C 8D TC"}, P2, [None] * 4)
    state = play(state, P2, "9S")
    last = GAME.summary(state)["history"][-1]
    assert last["cards_left"] == [3, 0, 1, 5]
    assert last["cards_played"] == [0, 1, 0, 0]


def test_result_entry_rounds_have_no_counts() -> None:
    state = ev(GAME.start({}, ["Ann", "Bob", "Cat", "Dan"]), "round_result", order=[1, 0, 3, 2])
    last = GAME.summary(state)["history"][-1]
    assert last["cards_left"] is None and last["cards_played"] is None
