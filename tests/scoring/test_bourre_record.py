"""The Bourré record files replayed through ``python -m scoring replay`` (subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
ROOT = Path(__file__).resolve().parents[2]


def run(name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(RECORDS / name)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_session_record_replays() -> None:
    """bourre-session.json: §6.1 deals 1–3 by result entry (pots 7 → 13 → 30, then 65 with deal 4's
    antes); deal 4 everyone before the dealer D passes, D collects 65 (§3.1.5); deal 5 card by card:
    G shows 3♣ on F's 7♦ lead (trump ♠), later plays 9♦ → renege proven; G has most tricks (4) but
    forfeits the pot (§5.4 carry_over) and pays B = 7 (§5.3).

    Hand calculation of the ledger: after deal 4's antes §6.1 gives A −3, B −4, C −39, D +26, E −38,
    F −3, G −4; D +65 → 91; deal 5 antes −1 each; G −7 → A −4, B −5, C −40, D 90, E −39, F −4, G −12;
    pot 0 + 7 antes + 7 = 14.
    """
    done = run("bourre-session.json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)["summary"]
    assert summary["finished"]
    assert [h["pot_at_play"] for h in summary["history"]] == [7, 13, 30, 65, 7]
    assert summary["totals"] == [-4, -5, -40, 90, -39, -4, -12]
    assert summary["pot"] == 14
    assert [(f["seat"], f["code"], f["proven_by"]) for f in summary["findings"]] == [(6, "must_follow_suit", "9D")]
    assert summary["result"]["winners"] == [3]


def test_rules_breaking_record_exits_1() -> None:
    done = run("bourre-bad-tricks.json")
    assert done.returncode == 1
    assert "tricks_must_total_5" in done.stderr


def test_lo_no_record_replays() -> None:
    """bourre-lo-no.json (house rule lo_no): deal 1 card by card, C deals, turns 4♦ and calls Lo-No
    (the whole deal of tests/scoring/test_bourre_lo_no.py): B 3 tricks takes B = 3, A is bourré and
    pays 3 → pot 3, ledger A −4, B +2, C −1. Deal 2 by result entry, A deals, turns 3♥ and calls Lo-No;
    A (exempt: paid bourré) and C play, B passes; antes B, C → B = 3 + 2 = 5; A 4 tricks takes 5,
    C 1 trick. Ledger A −4 + 5 = +1, B +2 − 1 = +1, C −1 − 1 = −2; pot 0; A and B share first place.
    """
    done = run("bourre-lo-no.json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)["summary"]
    assert [h["lo_no"] for h in summary["history"]] == [True, True]
    assert [h["pot_at_play"] for h in summary["history"]] == [3, 5]
    assert summary["totals"] == [1, 1, -2] and summary["pot"] == 0
    assert summary["result"]["winners"] == [0, 1]
