"""Thousand: card points and marriages taken so far in the mid-deal summary (docs/games/thousand.md
§3.1, issue 18), on rules/thousand.md §14 T-22 as written out in test_thousand_cardplay.py.

Card values (§2): A 11, 10 10, K 4, Q 3, J 2, 9 0; the ♥ marriage is worth 100 (§6.4).
T1 A♠ 9♠ Q♣ → A: 11 + 0 + 3 = 14. T2 K♥ (A announces ♥) A♥ J♥ → B: 4 + 11 + 2 = 17.
"""

from __future__ import annotations

from scoring.thousand import GAME
from tests.scoring.test_thousand_cardplay import T22_PLAY, plays, t22_state
from tests.scoring.thousand_helpers import A


def test_t22_after_two_tricks() -> None:
    state = plays(t22_state({}), " ".join(T22_PLAY.split()[:6]))
    current = GAME.summary(state)["current_deal"]
    assert current["card_points"] == [14, 17, 0]
    assert current["marriage_points"] == [100, 0, 0]
    assert current["points_so_far"] == [114, 17, 0]
    assert current["announcements"] == [
        {"seat": A, "kind": "marriage", "suit": "H", "trick": 2, "value": 100, "counts": True}
    ]


def test_before_the_first_card_everything_is_zero() -> None:
    current = GAME.summary(t22_state({}))["current_deal"]
    assert current["card_points"] == [0, 0, 0] and current["marriage_points"] == [0, 0, 0]
