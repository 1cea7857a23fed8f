"""Game-specific counters, figures and records from small recorded matches, computed by hand.

Games whose engine is on this branch are played through the engine (``GAME.start``/``apply_json``) and
read from the real ``summary``; each expected number is worked out in the comment above it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from league.extract import MatchFacts, match_facts
from league.figures import FIGURES, RECORDS, figures_for, record_label
from scoring.registry import GAME_MODULES, get_game


def played(game_name: str, players: Sequence[str], events: Sequence[tuple[str, dict[str, Any]]], **variants: Any):
    game = get_game(game_name)
    state = game.start(variants, list(players))
    for event_type, payload in events:
        state = game.apply_json(state, event_type, payload)
    return game, state


def facts_of(game_name: str, players: Sequence[str], events: Any, **variants: Any) -> tuple[MatchFacts, Any]:
    game, state = played(game_name, players, events, **variants)
    assert game.result(state) is not None, "the test match must be finished"
    return match_facts(game_name, game.summary(state), len(players)), game.result(state)


HEARTS = [("hand_result", {"points": p}) for p in ([10, 10, 0, 6], [13, 13, 0, 0], [0, 26, 0, 0], [5, 13, 5, 3])]


def test_hearts_counters_and_figures() -> None:
    facts, result = facts_of("hearts", "ABCD", HEARTS, target_score=50)
    # Hand scores (hearts.md §3, moon add_to_others): [10,10,0,6], [13,13,0,0], [26,0,26,26], [5,13,5,3].
    assert [h.scores for h in facts.hands] == [(10, 10, 0, 6), (13, 13, 0, 0), (26, 0, 26, 26), (5, 13, 5, 3)]
    assert facts.hands[-1].totals == (54, 36, 31, 35)
    # Penalty points *taken* (not scored): A 10+13+0+5 = 28 over 4 hands = 7.0; B 10+13+26+13 = 62 → 15.5.
    assert figures_for("hearts", facts.stats[0])["points_per_hand"] == 7.0
    assert figures_for("hearts", facts.stats[1])["points_per_hand"] == 15.5
    # B shot the moon in hand 3; nobody else did.
    assert [figures_for("hearts", s)["moons"] for s in facts.stats] == [0, 1, 0, 0]
    # Q♠ (13) goes to the only seat with 13 or more points: hand 1 [10,10,0,6] has none (the entry
    # only totals 26), hand 2 [13,13,0,0] has two (queen alone or all hearts: unknown), hand 3 is B's
    # moon (26), hand 4 [5,13,5,3] is B's 13. So B took it twice, in 2 known hands.
    assert [figures_for("hearts", s)["qs_taken"] for s in facts.stats] == [0, 2, 0, 0]
    assert facts.stats[0]["qs_known_hands"] == 2
    # Hands won (lowest hand score): h1 C; h2 C and D; h3 B; h4 D → C won 2 in a row, B 1, D 1, A none.
    assert [s.get("max_hand_streak") for s in facts.stats] == [None, 1, 2, 1]
    assert result.winners == (2,)


def test_hearts_queen_of_spades_named_or_inferred() -> None:
    # Hand 1: the engine names the taker (seat 3). Hand 2: a moon by seat 0 (26 points).
    summary = {
        "history": [
            {"hand": 1, "mode": "cards", "points": [0, 4, 9, 13], "scores": [0, 4, 9, 13], "qs_taker": 3},
            # A hand with a renege: points are not as played, so the taker is not inferred.
            {"hand": 2, "mode": "cards", "points": [0, 13, 13, 0], "scores": [0, 13, 13, 0], "offenders": [1]},
            {"hand": 3, "mode": "cards", "points": [26, 0, 0, 0], "scores": [0, 26, 26, 26], "moon_shooter": 0},
        ]
    }
    facts = match_facts("hearts", summary, 4)
    # D took the queen in hand 1; A shot the moon in hand 2, so A took it there.
    assert [figures_for("hearts", s)["qs_taken"] for s in facts.stats] == [1, 0, 0, 1]
    assert figures_for("hearts", facts.stats[0])["moons"] == 1


TONK = [
    # Hand 1: B drops with 6 < 9, 9: drop won, each other pays B 1 stake → [-1, +2, -1].
    ("hand_result", {"end": "drop", "by": 1, "counts": [9, 6, 9]}),
    # Hand 2: C tonks: everyone pays C 2 stakes → [-2, -2, +4].
    ("hand_result", {"end": "tonk", "by": 2}),
    # Hand 3: A drops with 9, B has 7, C 12: caught (pagat). A pays B 2 (7 ≤ 9); B, the lowest,
    # collects 1 from A and 1 from C → [-3, +4, -1].
    ("hand_result", {"end": "drop", "by": 0, "counts": [9, 7, 12]}),
    ("end_session", {}),
]


def test_tonk_counters_and_figures() -> None:
    facts, result = facts_of("tonk", "ABC", TONK)
    assert [h.scores for h in facts.hands] == [(-1, 2, -1), (-2, -2, 4), (-3, 4, -1)]
    figures = [figures_for("tonk", s) for s in facts.stats]
    # Net stakes: A −1−2−3 = −6, B 2−2+4 = 4, C −1+4−1 = 2.
    assert [f["net_stakes"] for f in figures] == [-6, 4, 2]
    assert [f["tonks"] for f in figures] == [0, 0, 1]
    # A's drop was caught once, by B; B's own drop was not caught.
    assert [f["drops_caught"] for f in figures] == [1, 0, 0]
    assert [f["catches"] for f in figures] == [0, 1, 0]
    # Hands won (best positive net): B, C, B → no run longer than 1.
    assert [s.get("max_hand_streak") for s in facts.stats] == [None, 1, 1]
    assert result.places == (3, 1, 2)


TSHIRT = [
    ("start_game", {"first_judge": 0}),
    ("round_result", {"round": 1, "judge": 0, "winner": 2, "value": 400}),
    ("round_result", {"round": 2, "judge": 1, "winner": 2, "value": 300}),
    ("round_result", {"round": 3, "judge": 2, "winner": 0, "value": 200}),
    ("round_result", {"round": 4, "judge": 0, "winner": 2, "value": 500}),
]


def test_tshirt_counters_and_figures() -> None:
    facts, result = facts_of("tshirt", "ABC", TSHIRT, target_points=1000)
    # Totals: [0,0,400] → [0,0,700] → [200,0,700] → [200,0,1200]: C passes 1000 and wins.
    assert [h.totals for h in facts.hands] == [(0, 0, 400), (0, 0, 700), (200, 0, 700), (200, 0, 1200)]
    assert [h.scores for h in facts.hands][2] == (200, 0, 0)
    figures = [figures_for("tshirt", s) for s in facts.stats]
    assert [f["rounds_won"] for f in figures] == [1, 0, 3]
    assert [f["points"] for f in figures] == [200, 0, 1200]
    # C won rounds 1 and 2 in a row; A's single round; the best card C won was worth 500.
    assert [s.get("max_hand_streak") for s in facts.stats] == [1, None, 2]
    assert facts.stats[2]["max_card_won"] == 500
    assert result.winners == (2,)


def test_thousand_counters_from_deal_history() -> None:
    # Three deals as the Thousand engine writes them (DealRecord.as_json: kind, declarer, contract,
    # raw entries, totals, explain codes).
    summary = {
        "totals": [230, 120, 60],
        "history": [
            # A declares 120 and makes it (raw +120) with a ♥ marriage; C takes no trick: a bolt.
            {
                "deal": 1,
                "kind": "played",
                "declarer": 0,
                "contract": 120,
                "raw": [120, 40, 0],
                "totals": [120, 40, 0],
                "explain": [{"code": "marriage", "seat": 0}, {"code": "bolt", "seat": 2}],
            },
            # B declares 110 and fails (raw −110).
            {
                "deal": 2,
                "kind": "played",
                "declarer": 1,
                "contract": 110,
                "raw": [60, -110, 60],
                "totals": [180, -70, 60],
                "explain": [{"code": "declarer_failed", "seat": 1}],
            },
            # A gives up at 100 (Р): opponents get 50 each.
            {
                "deal": 3,
                "kind": "rospisat",
                "declarer": 0,
                "contract": 100,
                "raw": [0, 50, 50],
                "totals": [180, -20, 110],
                "explain": [{"code": "rospisat", "seat": 0}],
            },
            # A declares 140 and makes it; B is on the barrel and falls off after his deals run out.
            {
                "deal": 4,
                "kind": "played",
                "declarer": 0,
                "contract": 140,
                "raw": [140, 20, 0],
                "totals": [320, 0, 110],
                "explain": [{"code": "barrel_fall", "seat": 1}, {"code": "barrel_win", "seat": 0}],
            },
        ],
    }
    facts = match_facts("thousand", summary, 3)
    a = figures_for("thousand", facts.stats[0])
    # A declared 120, 100 (Р), 140 = 3 contracts, made 2: 66.67 %; average (120+100+140)/3 = 120.
    assert a["contracts_made_pct"] == 66.67
    assert a["average_contract"] == 120.0
    assert (a["marriages"], a["rospisat"], a["barrel_wins"]) == (1, 1, 1)
    b = figures_for("thousand", facts.stats[1])
    assert (b["contracts_made_pct"], b["barrel_falls"]) == (0.0, 1)
    assert figures_for("thousand", facts.stats[2])["bolts"] == 1
    # Highest contract made: A's 140 (the failed 110 and the Р 100 do not count).
    assert facts.stats[0]["max_contract_made"] == 140
    assert "max_contract_made" not in facts.stats[1]
    # Deal scores are the changes of the totals: deal 3 gives [0, +50, +50].
    assert facts.hands[2].scores == (0, 50, 50)
    # Deals won (contract made): A in 1 and 4, not in a row.
    assert facts.stats[0]["max_hand_streak"] == 1


def test_bourre_counters_from_deal_history() -> None:
    # Two deals as the Bourré engine writes them (DealRecord.as_json: taken, payments, ledger).
    summary = {
        "totals": [7, -5, -2],
        "history": [
            # A takes the 6-chip pot; C took no trick and is bourré (pays 6 into the next pot).
            {
                "deal": 1,
                "active": [0, 1, 2],
                "taken": [{"seat": 0, "chips": 6}],
                "payments": [{"seat": 2, "chips": 6, "reason": "bourre"}],
                "ledger": [4, -2, -8],
            },
            # A takes the 9-chip pot again.
            {"deal": 2, "active": [0, 2], "taken": [{"seat": 0, "chips": 9}], "payments": [], "ledger": [7, -5, -2]},
        ],
    }
    facts = match_facts("bourre", summary, 3)
    figures = [figures_for("bourre", s) for s in facts.stats]
    assert [f["net_chips"] for f in figures] == [7, -5, -2]
    assert [f["pots_won"] for f in figures] == [2, 0, 0]
    assert [f["bourres"] for f in figures] == [0, 0, 1]
    # Biggest pot: 9 (deal 2); A won both deals in a row.
    assert facts.stats[0]["max_pot_won"] == 9
    assert facts.stats[0]["max_hand_streak"] == 2
    # Deal rows are ledger changes: deal 2 gives [+3, −3, +6].
    assert facts.hands[1].scores == (3, -3, 6)


def test_president_titles_by_count() -> None:
    # Three rounds of four players as the President engine writes them (RoundRecord.as_json).
    p, vp, vs, s = "President", "Vice-President", "Vice-Scum", "Scum"
    summary = {
        "history": [
            {"round": 1, "titles": [p, vp, vs, s], "points": [2, 1, -1, -2], "totals": [2, 1, -1, -2]},
            {"round": 2, "titles": [p, vs, vp, s], "points": [2, -1, 1, -2], "totals": [4, 0, 0, -4]},
            {"round": 3, "titles": [vp, s, p, vs], "points": [1, -2, 2, -1], "totals": [5, -2, 2, -5]},
        ],
    }
    facts = match_facts("president", summary, 4)
    a = figures_for("president", facts.stats[0])
    # A: President twice, Vice-President once.
    assert (a["title_president"], a["title_vice_president"], a["title_scum"]) == (2, 1, 0)
    d = figures_for("president", facts.stats[3])
    assert (d["title_scum"], d["title_vice_scum"]) == (2, 1)
    assert facts.stats[0]["max_hand_streak"] == 2
    assert [h.scores for h in facts.hands][2] == (1, -2, 2, -1)


def test_every_registered_game_has_figures_and_states_its_facts() -> None:
    from scoring.protocol import Game
    from scoring.registry import get_game

    for name in GAME_MODULES:
        engine = type(get_game(name))
        assert engine.league_facts_of is not Game.league_facts_of and name in FIGURES, name


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("max_contract_made", "Highest contract made"),
        ("max_pot_won", "Biggest pot won"),
        ("max_odd_thing", "Odd thing"),
    ],
)
def test_record_labels(key: str, label: str) -> None:
    assert record_label(key) == label
    assert all(k.startswith("max_") or k == "longest_win_streak" for k in RECORDS)
