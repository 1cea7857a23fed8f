"""Tonk: an automatic win recorded card by card together with the other players' dealt counts
(docs/games/tonk.md §2.1; rules/tonk.md §2.2, §3.4 and §3.5). Stake 1, 3 players, default rules
(auto_49_50 = both_double): a dealt 50 is paid 2 stakes by each other player, so A +4, B −2, C −2."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.tonk import GAME, TonkState

ABC = ["A", "B", "C"]
FIFTY = ["KS", "QH", "JD", "TC", "TH"]  # 10 × 5 = 50


def dealt(**deal: Any) -> TonkState:
    return GAME.apply_json(GAME.start({}, ABC), "deal", {"dealer": 2, "upcard": "2D", **deal})


def declare(state: TonkState, **payload: Any) -> TonkState:
    return GAME.apply_json(state, "declare", payload)


def last_hand(state: TonkState) -> dict[str, Any]:
    history: list[dict[str, Any]] = GAME.summary(state)["history"]
    return history[-1]


def test_dealt_cards_with_the_other_players_counts() -> None:
    state = declare(dealt(), hands=[FIFTY, None, None], counts=[None, 23, 31])
    hand = last_hand(state)
    assert hand["end"] == "auto_win" and hand["by"] == 0
    assert hand["counts"] == [50, 23, 31] and state.totals == (4, -2, -2)
    assert hand["explain"][0]["params"] == {"counts": "A 50, B 23, C 31"}


def test_a_dealt_count_instead_of_the_cards() -> None:
    """§3.5: "the dealt count, or better the dealt cards": A gives 50 as a number."""
    state = declare(dealt(), counts=[50, 23, 31])
    assert last_hand(state)["counts"] == [50, 23, 31] and state.totals == (4, -2, -2)


def test_all_hands_known_at_the_deal_keep_every_count() -> None:
    """B: A♣ 2♣ 3♣ 4♣ 5♣ = 1 + 2 + 3 + 4 + 5 = 15; C: 6♦ 7♦ 8♦ 9♦ A♦ = 6 + 7 + 8 + 9 + 1 = 31."""
    hands = [FIFTY, ["AC", "2C", "3C", "4C", "5C"], ["6D", "7D", "8D", "9D", "AD"]]
    state = dealt(hands=hands)
    assert last_hand(state)["counts"] == [50, 15, 31] and state.totals == (4, -2, -2)


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"counts": [None, 23, 31]}, "nothing_declared"),  # nobody's count wins automatically
        ({"hands": [FIFTY, None, None], "counts": [None, 51, 31]}, "impossible_count"),  # 5 cards: 6–50
        ({"hands": [FIFTY, None, None], "counts": [49, None, None]}, "count_mismatch"),  # the cards count 50
        ({"counts": [50, 23]}, "hands_per_seat"),
    ],
)
def test_refusals(payload: dict[str, Any], code: str) -> None:
    with pytest.raises(RulesError) as err:
        declare(dealt(), **payload)
    assert err.value.code == code


def _impossible(state: TonkState, **payload: Any) -> dict[str, Any]:
    with pytest.raises(RulesError) as err:
        declare(state, **payload)
    assert err.value.code == "impossible_count"
    return dict(err.value.params)


def test_a_50_with_another_players_count_of_5_is_impossible() -> None:
    """Issue 24: [50, null, 5] was stored. The lowest five cards are A A A A 2 = 1+1+1+1+2 = 6
    (rules/tonk.md §1.3); the highest left after A's K♠ Q♥ J♦ T♣ T♥ are five of the 11 other
    ten-count cards = 50."""
    params = _impossible(dealt(), hands=[FIFTY, None, None], counts=[None, None, 5])
    assert (params["seat"], params["count"], params["low"], params["high"]) == (2, 5, 6, 50)


def test_a_lone_count_of_5_is_impossible_not_nothing_declared() -> None:
    """docs/games/tonk.md §2.1: a count must be possible for five cards (``impossible_count``) —
    checked before whether anything wins automatically."""
    params = _impossible(dealt(), counts=[5, None, None])
    assert (params["seat"], params["low"]) == (0, 6)


def test_a_count_of_6_is_possible_and_recorded() -> None:
    state = declare(dealt(), hands=[FIFTY, None, None], counts=[None, None, 6])
    assert last_hand(state)["counts"] == [50, None, 6] and state.totals == (4, -2, -2)


def test_cards_already_seen_raise_the_lowest_count() -> None:
    """The upcard is A♠: three aces are left, so five unseen cards count at least 1+1+1+2+2 = 7."""
    params = _impossible(dealt(upcard="AS"), hands=[FIFTY, None, None], counts=[None, None, 6])
    assert (params["low"], params["high"]) == (7, 50)
