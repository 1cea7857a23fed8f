"""Hearts records replayed through ``python -m scoring replay`` (DESIGN.md §2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


def _replay(name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(RECORDS / name)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_mixed_record_replays() -> None:
    # Hand 1 by result entry [1, 2, 3, 20]; hand 2 card by card with hands and passes unrecorded
    # (H-3's play: [3, 18, 0, 5]); hand 3 by result entry, seat 2's moon: [26, 26, 0, 26].
    done = _replay("hearts-mixed.json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)["summary"]
    assert summary["totals"] == [30, 46, 3, 51]
    assert [h["mode"] for h in summary["history"]] == ["result", "cards", "result"]
    assert summary["history"][1]["scores"] == [3, 18, 0, 5]


def test_renege_record_replays_with_its_finding() -> None:
    # H-14 recorded card by card: seat 2 showed out of clubs on trick 4 and plays TC on trick 9.
    done = _replay("hearts-renege.json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)["summary"]
    assert summary["totals"] == [0, 0, 26, 0]
    assert [(f["seat"], f["code"], f["status"]) for f in summary["findings"]] == [(2, "must_follow_suit", "proven")]


def test_rules_breaking_record_exits_1() -> None:
    done = _replay("hearts-illegal.json")
    assert done.returncode == 1
    assert "must_follow_suit at seq 3" in done.stderr
