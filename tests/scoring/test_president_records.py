"""President records through ``python -m scoring replay``, and the games-catalogue entry."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.errors import VariantError
from scoring.president import GAME
from scoring.president.variants import PresidentVariants
from scoring.registry import get_game

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
ROOT = Path(__file__).resolve().parents[2]


def _replay(name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(RECORDS / name)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_result_entry_record_replays() -> None:
    run = _replay("president-result-entry.json")
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)["summary"]
    # By hand (title_points, 4 players: +2, +1, −1, −2); round 2 as amended:
    # R1 order Bob, Ann, Cat, Dan; R2 Bob, Cat, Ann, Dan; R3 Ann, Bob, Dan, Cat.
    # Ann 1 − 1 + 2 = 2; Bob 2 + 2 + 1 = 5; Cat −1 + 1 − 2 = −2; Dan −2 − 2 − 1 = −5.
    assert summary["totals"] == [2, 5, -2, -5]
    assert summary["result"]["winners"] == [1]
    assert summary["history"][1]["dealer"] == 3  # the Scum of round 1 deals round 2


def test_card_by_card_record_replays() -> None:
    run = _replay("president-cards.json")
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)["summary"]
    assert summary["finished"] is True
    for entry in summary["history"]:
        assert sorted(entry["order"]) == [0, 1, 2, 3]
        assert entry["mode"] == "cards"
        assert sum(entry["points"]) == 0


def test_rules_breaking_record_exits_1() -> None:
    run = _replay("president-rules-broken.json")
    assert run.returncode == 1
    assert "wrong_count at seq 3" in run.stderr


def test_registered_and_catalogued() -> None:
    assert get_game("president") is GAME
    entry = GAME.catalogue()
    assert (entry["min_players"], entry["max_players"]) == (3, 8)
    assert set(entry["events"]) == {"round_result", "deal", "redeal", "exchange", "play", "pass", "end_evening"}
    assert entry["result_event_types"] == ["round_result"]


# §5 Variants table: every key with its default and alternatives (player_count is the table's seats).
CATALOGUE = {
    "decks": (1, [1, 2]),
    "jokers": ("none", ["none", "high", "wild"]),
    "rank_order": ("three_low_two_high", ["three_low_two_high", "twos_low", "red_threes_high"]),
    "dealer": ("scum", ["scum", "president"]),
    "first_round_lead": ("three_of_clubs", ["three_of_clubs", "three_of_spades", "left_of_dealer"]),
    "later_round_lead": ("president", ["president", "scum", "left_of_dealer"]),
    "exchange_scheme": ("standard", ["standard", "graded", "president_picks", "none"]),
    "exchange_order": ("lower_first", ["lower_first", "upper_first"]),
    "redeal_if_scum_has_no_face_cards": (False, [False, True]),
    "equal_play": ("not_allowed", ["not_allowed", "allowed", "allowed_skips_next"]),
    "pass_is_final": (False, [False, True]),
    "twos_clear": (False, [False, True]),
    "single_two_beats_any": (False, [False, True]),
    "twos_beat_one_larger": (False, [False, True]),
    "no_lead_twos_or_bombs": (False, [False, True]),
    "bombs": ("none", ["none", "four_of_a_kind"]),
    "revolution": (False, [False, True]),
    "quick_clear": (False, [False, True]),
    "cannot_finish_on_two": (False, [False, True]),
    "round_end": ("play_to_last", ["play_to_last", "count_cards", "count_values"]),
    "reseat_by_title": (False, [False, True]),
    "show_card_counts": (True, [False, True]),
    "scoring_scheme": ("title_points", ["title_points", "top_two", "place_points", "zdnet_4p"]),
    "score_first_round": (True, [False, True]),
    "league_end": ("fixed_rounds", ["fixed_rounds", "target_points"]),
    "league_rounds": (None, None),
    "target_points": (None, None),
}


def test_every_variant_key_in_the_catalogue() -> None:
    rows = {row["key"]: row for row in PresidentVariants.catalogue()}
    assert set(rows) == set(CATALOGUE)
    for key, (default, choices) in CATALOGUE.items():
        assert rows[key]["default"] == default, key
        if choices is not None:
            assert rows[key]["choices"] == choices, key
        assert rows[key]["doc"], key
    assert rows["league_rounds"]["nullable"] and rows["target_points"]["nullable"]


@pytest.mark.parametrize(
    "raw",
    [
        {"decks": 3},
        {"jokers": "many"},
        {"equal_play": True},
        {"league_rounds": 0},
        {"rank_order": "red_threes_high", "jokers": "wild"},
        {"player_count": 4},
    ],
)
def test_bad_variants(raw: dict[str, object]) -> None:
    with pytest.raises(VariantError):
        PresidentVariants.from_json(raw)


def test_hide_card_counts() -> None:
    state = GAME.apply_json(GAME.start({"show_card_counts": False}, ["a", "b", "c"]), "deal", {"dealer": 0})
    assert GAME.summary(state)["current_round"]["card_counts"] is None
    state = GAME.apply_json(GAME.start({}, ["a", "b", "c"]), "deal", {"dealer": 0})
    assert GAME.summary(state)["current_round"]["card_counts"] == [17, 18, 17]  # §1.4: seat 1 (left of dealer) 18


def test_summary_has_the_protocol_keys_in_every_phase() -> None:
    keys = {"game", "phase", "finished", "to_act", "totals", "result", "history", "findings"}
    state = GAME.start({"league_rounds": 2}, ["a", "b", "c", "d"])
    phases = []
    for event_type, payload in (
        ("round_result", {"order": [0, 1, 2, 3], "dealer": 0}),
        ("deal", {}),
        ("exchange", {"giver": 3, "receiver": 0, "count": 2}),
    ):
        summary = GAME.summary(state)
        assert keys <= set(summary)
        phases.append(summary["phase"])
        state = GAME.apply_json(state, event_type, payload)
    phases.append(GAME.summary(state)["phase"])
    assert phases == ["deal", "deal", "exchange", "exchange"]
    summary = GAME.summary(state)
    assert summary["to_act"] == 0  # the President returns 2 cards next
    assert summary["current_round"]["exchange"][0]["done"] is True
    json.dumps(summary)  # plain JSON
