"""``avoid_all_tricks_bonus`` in a moon hand (docs/games/hearts.md §5.1; rules/hearts.md §3.2 "Other
seen bonuses"). Our default follows OpenSpiel, where the bonus comes from: no bonus in a hand where
someone shot the moon. ``no_tricks_bonus_on_moon`` gives it anyway. Scores worked by hand below."""

from __future__ import annotations

import pytest

from scoring.hearts import GAME
from tests.scoring.hearts_support import ev, new_game, rotate
from tests.scoring.test_hearts_examples import MOON_3, record

BONUS = {"avoid_all_tricks_bonus": -5}


@pytest.mark.parametrize(
    ("variants", "scores"),
    [
        # Seat 2 takes all 26, seats 0 and 1 no trick, seat 3 tricks without points.
        # add_to_others: 26 26 0 26; no bonus in a moon hand (default).
        (BONUS, (26, 26, 0, 26)),
        # ... or with the bonus on a moon hand: 26 − 5 = 21 for seats 0 and 1.
        ({**BONUS, "no_tricks_bonus_on_moon": True}, (21, 21, 0, 26)),
        # subtract_from_shooter: 0 0 −26 0, and 0 − 5 = −5 for seats 0 and 1 with the variant.
        ({**BONUS, "moon_scoring": "subtract_from_shooter"}, (0, 0, -26, 0)),
        ({**BONUS, "moon_scoring": "subtract_from_shooter", "no_tricks_bonus_on_moon": True}, (-5, -5, -26, 0)),
    ],
)
def test_moon_hand_result_entry(variants: dict[str, object], scores: tuple[int, ...]) -> None:
    state = ev(new_game(variants), "hand_result", points=[0, 0, 26, 0], no_tricks=[0, 1])
    assert state.hands[-1].scores == scores


def test_bonus_without_a_moon_is_unchanged() -> None:
    """H-3's points 3 18 0 5 with seat 2 (0 points) entered as taking no trick: 3 18 −5 5."""
    state = ev(new_game(BONUS), "hand_result", points=[3, 18, 0, 5], no_tricks=[2])
    assert state.hands[-1].scores == (3, 18, -5, 5)


def test_moon_played_card_by_card_explains_the_missing_bonus() -> None:
    """MOON_3 moved one seat right: seat 2 wins every trick but trick 2 (seat 3, J♦ and A♦ there),
    so seats 0 and 1 win no trick; seat 2 shoots the moon: 26 26 0 26, no bonus (default)."""
    state = record(rotate(MOON_3, -1), BONUS)
    last = GAME.summary(state)["history"][-1]
    assert last["tricks_won"] == [0, 0, 12, 1] and last["scores"] == [26, 26, 0, 26]
    codes = [(n["code"], n["seat"]) for n in last["explain"]]
    assert ("no_tricks_bonus_moon", 0) in codes and ("no_tricks_bonus_moon", 1) in codes
    state = record(rotate(MOON_3, -1), {**BONUS, "no_tricks_bonus_on_moon": True})
    assert state.hands[-1].scores == (21, 21, 0, 26)
