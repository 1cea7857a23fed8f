"""The typed reading of a state (scoring/protocol.py): ``to_act``, ``is_terminal``, ``returns`` and
``is_legal``, worked by hand on a short Hearts match (rules/hearts.md §3: lower is better, the
match ends when a total reaches the target)."""

from __future__ import annotations

from scoring.registry import get_game

HEARTS = get_game("hearts")


def test_a_hearts_match_to_fifty_read_through_the_protocol() -> None:
    state = HEARTS.start({"target_score": 50}, ["Ann", "Bob", "Cy", "Di"])
    hand = HEARTS.parse_event("hand_result", {"points": [13, 13, 0, 0]})
    # A hand's points total 26 (13 hearts + the Q♠): 25 is refused, so it is not legal.
    assert not HEARTS.is_legal(state, HEARTS.parse_event("hand_result", {"points": [13, 12, 0, 0]}))
    assert HEARTS.is_legal(state, hand)
    # Between hands nobody in particular acts (a deal or a hand's result is entered).
    assert HEARTS.to_act(state) is None and not HEARTS.is_terminal(state) and HEARTS.returns(state) is None
    for _ in range(3):
        state = HEARTS.apply(state, hand)
    # 39, 39, 0, 0: nobody has reached 50 yet.
    assert not HEARTS.is_terminal(state) and HEARTS.returns(state) is None
    state = HEARTS.apply(state, hand)
    # 52, 52, 0, 0: Ann and Bob passed 50, so the match is over; Cy and Di share the win.
    assert HEARTS.is_terminal(state) and HEARTS.to_act(state) is None
    # Returns are "more is better": penalty points negated.
    assert HEARTS.returns(state) == (-52, -52, 0, 0)
    assert not HEARTS.is_legal(state, hand)  # a finished match takes no event
