"""Tonk records replay through ``python -m scoring replay``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from scoring.record import load, replay

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


def _cli(name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(RECORDS / name)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_session_record_replays() -> None:
    state = replay(load((RECORDS / "tonk-session.json").read_text(encoding="utf-8")))
    # Hand 1 (stake 2): Ben drops with 6 < 9, 9 → Ben +1 from each: Ann −2, Ben +4, Cat −2.
    # Hand 2: Ben's hit on Ann's run locks Ann for a turn; Ann lays 3H on it and discards her last card,
    # out by discard: Ann +1 from each → Ann +4, Ben −2, Cat −2. Totals: Ann 2, Ben 2, Cat −4.
    assert state.totals == (2, 2, -4)
    assert [h.end for h in state.hands] == ["drop", "out_by_discard"]
    done = _cli("tonk-session.json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)["summary"]
    assert summary["result"]["winners"] == [0, 1]
    assert summary["result"]["places"] == [1, 1, 3]


def test_a_spread_that_is_neither_a_book_nor_a_run_exits_1() -> None:
    done = _cli("tonk-invalid-spread.json")
    assert done.returncode == 1
    assert "invalid_spread at seq 3" in done.stderr
