"""``python -m scoring replay`` on Thousand records (companion-record/1)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


def run(name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(RECORDS / name)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_mixed_record_replays() -> None:
    done = run("thousand-mixed.json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)["summary"]
    # Deal 1 (T-1 numbers from 0): A +120, B 25, C 10. Deal 2: B's Rospisat' at 110: A and C +60.
    assert summary["history"][0]["totals"] == [120, 25, 10]
    assert summary["history"][1]["totals"] == [180, 25, 70]
    assert summary["rospisat_counts"] == [0, 1, 0]
    # Deal 3, card by card (tricks worked by hand from the record):
    #   T1 C A♥ A 9♣ B 9♥ → C 11 · T2 C K♠ (♠ marriage, trumps) A 9♠ B A♣ → C 15
    #   T3 C A♠ A J♠ B A♦ → C 24 · T4 C J♦ A 9♦ B K♦ → B 6 · T5 B K♥ (♥ marriage) C T♥ A J♣ → C 16
    #   T6 C K♣ A Q♣ B T♣ → B 17 · T7 B J♥ C Q♠ A Q♦ → B 8 · T8 B Q♥ C T♦ A T♠ → B 23
    # C raised to 120 and took 66 + ♠40 = 106 < 120 → −120; B 54 + ♥100 = 154 → 155; A took no
    # trick → 0 and a bolt.
    assert summary["history"][2]["entries"] == [0, 155, -120]
    assert summary["totals"] == [180, 180, -50]
    assert summary["bolts"] == [1, 0, 0]
    assert summary["dealer"] == 2 and summary["phase"] == "deal"


def test_rule_breaking_record_exits_1() -> None:
    done = run("thousand-bad-bid-step.json")
    assert done.returncode == 1
    assert "bid_off_step at seq 3" in done.stderr
