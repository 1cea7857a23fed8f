"""The companion-record/1 document, corrections, and `python -m scoring replay` (DESIGN.md §2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.errors import RecordError
from scoring.record import FORMAT, MatchRecord, ReplayError, dump, load, replay
from scoring.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


def record(*events: dict[str, object], **variants: object) -> dict[str, object]:
    numbered = [{"seq": i, **e} for i, e in enumerate(events, start=1)]
    return {
        "format": FORMAT,
        "game": "hearts",
        "variants": variants,
        "players": ["A", "B", "C", "D"],
        "events": numbered,
    }


def hand(*points: int) -> dict[str, object]:
    return {"type": "hand_result", "payload": {"points": list(points)}}


def totals(data: dict[str, object]) -> list[int]:
    state = replay(load(data))
    return list(get_game("hearts").summary(state)["totals"])


def test_a_record_round_trips_through_its_json_text() -> None:
    loaded = load(record(hand(3, 18, 0, 5)))
    assert isinstance(loaded, MatchRecord)
    assert load(dump(loaded)) == loaded


def test_a_void_removes_an_event_from_the_replay_but_not_from_the_record() -> None:
    data = record(hand(3, 18, 0, 5), hand(26, 0, 0, 0), {"type": "void", "payload": {"seq": 2}})
    # Hand 2 (a moon by seat 0) is voided: only hand 1 counts.
    assert totals(data) == [3, 18, 0, 5]
    assert len(load(data).events) == 3


def test_an_amend_replaces_an_event_in_place() -> None:
    data = record(
        hand(3, 18, 0, 5),
        hand(0, 13, 13, 0),
        {"type": "amend", "payload": {"seq": 1, "type": "hand_result", "payload": {"points": [5, 18, 0, 3]}}},
    )
    # 5+0, 18+13, 0+13, 3+0
    assert totals(data) == [5, 31, 13, 3]


@pytest.mark.parametrize(
    ("correction", "code"),
    [
        ({"type": "void", "payload": {"seq": 7}}, "no_such_event"),
        ({"type": "void", "payload": {"seq": 1, "why": "x"}}, "unknown_field"),
        ({"type": "void", "payload": {}}, "invalid_field"),
    ],
)
def test_bad_corrections_are_refused(correction: dict[str, object], code: str) -> None:
    with pytest.raises(ReplayError) as excinfo:
        replay(load(record(hand(3, 18, 0, 5), correction)))
    assert excinfo.value.code == code


def test_voiding_twice_is_refused() -> None:
    data = record(hand(3, 18, 0, 5), {"type": "void", "payload": {"seq": 1}}, {"type": "void", "payload": {"seq": 1}})
    with pytest.raises(ReplayError) as excinfo:
        replay(load(data))
    assert excinfo.value.code == "already_voided"


def test_a_rules_error_names_the_event() -> None:
    with pytest.raises(ReplayError) as excinfo:
        replay(load(record(hand(3, 18, 0, 5), hand(3, 18, 0, 4))))
    assert (excinfo.value.code, excinfo.value.seq) == ("points_must_total_26", 2)
    assert excinfo.value.is_rules_error


@pytest.mark.parametrize(
    "data",
    [
        "not json",
        {"format": "companion-record/2", "game": "hearts", "players": ["A", "B", "C"]},
        {"format": FORMAT, "game": "hearts", "players": "A,B,C"},
        {"format": FORMAT, "game": "hearts", "players": ["A", "B", "C"], "events": [{"seq": 2, "type": "x"}]},
    ],
)
def test_malformed_records_are_refused(data: object) -> None:
    with pytest.raises(RecordError):
        load(data if isinstance(data, str) else json.dumps(data))


def run_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(path)], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_the_cli_prints_the_replayed_summary() -> None:
    result = run_cli(RECORDS / "hearts-result-entry.json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)["summary"]
    # hearts.md H-3 then H-4's moon by seat 2 (add_to_others): [3,18,0,5] + [26,26,0,26]
    assert summary["totals"] == [29, 44, 0, 31]


def test_the_cli_reports_a_rules_error_with_its_seq(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record(hand(3, 18, 0, 5), hand(1, 1, 1, 1))))
    result = run_cli(bad)
    assert result.returncode == 1
    assert "points_must_total_26" in result.stderr and "seq 2" in result.stderr


def test_the_cli_exits_2_on_a_malformed_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert run_cli(bad).returncode == 2
    assert run_cli(tmp_path / "missing.json").returncode == 2


def test_replays_keep_each_records_own_house_rules() -> None:
    """Validated house rules are memoised per game and JSON text: a record with other rules gets
    its own, and bad rules are refused on every replay, not only the first."""
    from scoring.errors import ScoringError

    game = get_game("hearts")
    plain = replay(load(record(hand(26, 0, 0, 0))))
    short = replay(load(record(hand(26, 0, 0, 0), target_score=50)))
    assert plain.variants.target_score == 100  # hearts.md §3.4 default
    assert short.variants.target_score == 50
    assert replay(load(record(hand(26, 0, 0, 0)))).variants == game.variants({})
    for _ in range(2):
        with pytest.raises(ScoringError):
            replay(load(record(hand(26, 0, 0, 0), target_score="fifty")))
