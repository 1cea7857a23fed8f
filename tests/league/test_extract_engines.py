"""Counters of Thousand, Bourré and President read from the real engines' summaries (result entry).

Each match is short (the counters do not need a finished match); the expected counts are worked out
by hand from the events in the comments.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from league.extract import match_facts
from league.figures import figures_for
from scoring.registry import get_game


def facts(game_name: str, players: Sequence[str], events: Sequence[tuple[str, dict[str, Any]]], **variants: Any):
    game = get_game(game_name)
    state = game.start(variants, list(players))
    for event_type, payload in events:
        state = game.apply_json(state, event_type, payload)
    return match_facts(game_name, game.summary(state), len(players))


def test_thousand_from_the_engine() -> None:
    got = facts(
        "thousand",
        "ABC",
        [
            # A bids 120, takes 85 card points and the ♥ marriage (100): 185 ≥ 120, made.
            (
                "deal_result",
                {
                    "declarer": 0,
                    "contract": 120,
                    "card_points": [85, 23, 12],
                    "tricks": [5, 2, 1],
                    "marriages": [["H"], [], []],
                },
            ),
            # B gives up at 110 (Р).
            ("deal_result", {"kind": "rospisat", "declarer": 1, "contract": 110}),
            # C bids 100 and takes only 10: failed.
            ("deal_result", {"declarer": 2, "contract": 100, "card_points": [60, 50, 10], "tricks": [3, 4, 1]}),
            # A bids 100, takes 100: made; C takes no trick: a bolt.
            ("deal_result", {"declarer": 0, "contract": 100, "card_points": [100, 20, 0], "tricks": [6, 2, 0]}),
        ],
    )
    a, b, c = (figures_for("thousand", s) for s in got.stats)
    # A: declared 120 and 100, made both → 100 %, average 110, one marriage; highest made 120.
    assert (a["contracts_made_pct"], a["average_contract"], a["marriages"]) == (100.0, 110.0, 1)
    assert got.stats[0]["max_contract_made"] == 120
    # B: one Р at 110, counted as declared and not made.
    assert (b["rospisat"], b["contracts_made_pct"], b["average_contract"]) == (1, 0.0, 110.0)
    # C: declared 100, failed; one bolt.
    assert (c["contracts_made_pct"], c["bolts"]) == (0.0, 1)
    assert len(got.hands) == 4


def test_bourre_from_the_engine() -> None:
    got = facts(
        "bourre",
        "ABC",
        [
            # Everyone plays; A takes 3 tricks and the pot, C takes none: bourré.
            ("deal_result", {"played": [0, 1, 2], "tricks": [3, 2, 0]}),
            # A and B play; B takes 3 of 5 and the pot.
            ("deal_result", {"played": [0, 1], "tricks": [2, 3, 0]}),
        ],
    )
    figures = [figures_for("bourre", s) for s in got.stats]
    assert [f["pots_won"] for f in figures] == [1, 1, 0]
    assert [f["bourres"] for f in figures] == [0, 0, 1]
    # Chips are conserved between players and the pot; C paid antes and the bourré: net negative.
    assert figures[2]["net_chips"] < 0
    assert got.stats[0]["max_pot_won"] > 0 and got.stats[1]["max_pot_won"] > 0


def test_president_from_the_engine() -> None:
    got = facts(
        "president",
        "ABCD",
        [
            # Round 1: out first C, then A, D, B → C President, A Vice-President, D Vice-Scum, B Scum.
            ("round_result", {"order": [2, 0, 3, 1], "dealer": 0}),
            # Round 2: C, B, A, D → C President again, B Vice-President, A Vice-Scum, D Scum.
            ("round_result", {"order": [2, 1, 0, 3]}),
        ],
    )
    figures = [figures_for("president", s) for s in got.stats]
    assert [f["title_president"] for f in figures] == [0, 0, 2, 0]
    assert [f["title_vice_president"] for f in figures] == [1, 1, 0, 0]
    assert [f["title_vice_scum"] for f in figures] == [1, 0, 0, 1]
    assert [f["title_scum"] for f in figures] == [0, 1, 0, 1]
    assert got.stats[2]["max_hand_streak"] == 2
