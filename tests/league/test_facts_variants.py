"""The league counts a hand under the match's own house rules: the engine states the facts
(Game.league_facts), so a variant that changes the points changes the facts, not league code.
Expected numbers are worked out by hand from rules/hearts.md in the comments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from league.extract import hand_rows, stat_rows, state_facts
from scoring.registry import get_game


def hearts_facts(events: Sequence[dict[str, Any]], **variants: Any):
    game = get_game("hearts")
    state = game.start(variants, ["Anna", "Ben", "Cleo", "Dan"])
    for payload in events:
        state = game.apply_json(state, "hand_result", payload)
    return state_facts(game, state)


def test_spot_hearts_hands_of_117_are_counted() -> None:
    # Spot hearts: hearts at pip value 2 + … + 14 = 104, Q♠ 13, 117 a hand (hearts.md §3.1 variant).
    # Hand 1: Anna the hearts 10–A (60), Ben the Q♠ (13), Cleo the hearts 2–9 (44).
    # Hand 2: Dan takes all 117, a moon: everyone else +117 (add_to_others, §3.2).
    facts = hearts_facts([{"points": [60, 13, 44, 0]}, {"points": [0, 0, 0, 117]}], spot_hearts=True)
    assert [h.scores for h in facts.hands] == [(60, 13, 44, 0), (117, 117, 117, 0)]
    assert [h.totals for h in facts.hands] == [(60, 13, 44, 0), (177, 130, 161, 0)]
    # Penalty points taken: Anna 60, Ben 13, Cleo 44, Dan 117.
    assert [s.get("penalty_points", 0) for s in facts.stats] == [60, 13, 44, 117]
    assert [s.get("moons", 0) for s in facts.stats] == [0, 0, 0, 1]
    # A heart (A♥ 14) outweighs the queen here: an entered hand never tells who took the Q♠.
    assert all("qs_taken" not in s and "qs_known_hands" not in s for s in facts.stats)
    # Hands won (lowest hand score): hand 1 Dan (0), hand 2 Dan (0): two in a row.
    assert facts.stats[3]["max_hand_streak"] == 2


def test_a_spot_hearts_taker_at_13_is_not_the_queen() -> None:
    # Ben 13 could be the Q♠ alone, or the K♥ (13) alone: under spot hearts the league cannot tell,
    # whereas the plain game's rule "the only seat at 13 or more" would have named him.
    facts = hearts_facts([{"points": [0, 13, 50, 54]}], spot_hearts=True)
    assert all("qs_taken" not in s for s in facts.stats)


def test_jack_of_diamonds_changes_the_scores_not_the_points() -> None:
    # J♦ −10 (hearts.md §3.1 variant) to Cleo. Points [13, 7, 0, 6] (26): Anna, the only seat at 13
    # or more, took the Q♠. Scores: Anna 13, Ben 7, Cleo 0 − 10 = −10, Dan 6.
    facts = hearts_facts([{"points": [13, 7, 0, 6], "jd_taker": 2}], jack_of_diamonds="jd_minus_10")
    assert [h.scores for h in facts.hands] == [(13, 7, -10, 6)]
    assert [s.get("penalty_points", 0) for s in facts.stats] == [13, 7, 0, 6]
    assert [s.get("qs_taken", 0) for s in facts.stats] == [1, 0, 0, 0]
    # Cleo won the hand with the lowest score (−10).
    assert [s.get("max_hand_streak") for s in facts.stats] == [None, None, 1, None]


def test_moon_subtracted_from_the_shooter() -> None:
    # moon_scoring = subtract_from_shooter (§3.2): Ben takes all 26 and scores −26, the others 0.
    facts = hearts_facts([{"points": [0, 26, 0, 0]}], moon_scoring="subtract_from_shooter")
    assert [h.scores for h in facts.hands] == [(0, -26, 0, 0)]
    assert [s.get("moons", 0) for s in facts.stats] == [0, 1, 0, 0]
    # The moon includes the Q♠: Ben took it; he won the hand alone (−26).
    assert [s.get("qs_taken", 0) for s in facts.stats] == [0, 1, 0, 0]
    assert [s.get("max_hand_streak") for s in facts.stats] == [None, 1, None, None]


def test_rows_for_the_league_tables() -> None:
    facts = hearts_facts([{"points": [60, 13, 44, 0]}], spot_hearts=True)
    seats = [(0, 10), (1, 11), (2, 12), (3, 13)]
    assert (11, "penalty_points", 13) in list(stat_rows(facts, seats))
    rows = list(hand_rows(facts, seats))
    assert rows[0] == {"hand": 1, "seat": 0, "player_id": 10, "score": 60, "total": 60, "details": {}}
