"""A T-Shirt Game record replayed through the CLI (random playouts: tests/scoring/test_playouts.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from scoring.record import load, replay

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


def test_record_file_replays_through_the_cli() -> None:
    path = RECORDS / "tshirt-boo-yah.json"
    state = replay(load(path.read_text(encoding="utf-8")))
    # Hand calculation: rounds 1-4: Bea 1200 + 900 = 2100, Dee 600, Cal 800. Round 5: Dee's BOO YAH! worth 500
    # takes Bea's 1200: Bea 900, Dee 600 + 500 + 1200 = 2300. Round 6: Cal +0. Round 7: Bea +2200 → 3100 ≥ 3000.
    assert state.totals == (0, 3100, 800, 2300)
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["summary"]["result"]["winners"] == [1]
    bad = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(RECORDS / "tshirt-judge-wins.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 1
    assert "judge_cannot_win" in bad.stderr
