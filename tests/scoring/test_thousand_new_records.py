"""``python -m scoring replay`` on a record that uses the newer Thousand events and variants:
a deal with only some hands known, a dark talon revealed after the deal (§16.1), and the reverse
barrel (§11)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.scoring.thousand_helpers import T24_PLAY

ROOT = Path(__file__).resolve().parents[2]


def _events() -> list[dict[str, Any]]:
    raw: list[tuple[str, dict[str, Any]]] = [
        # Deal 1 (dealer C): T-24 with B's hand known only, talon dark and revealed afterwards.
        ("deal", {"dealer": 2, "hands": [None, ["9S", "JS", "TS", "9D", "QD", "JC", "QC"], None]}),
        ("bid", {"seat": 0, "amount": 130}),
        ("pass", {"seat": 1}),
        ("pass", {"seat": 2}),
        ("take_talon", {"seat": 0}),
        ("give_card", {"seat": 0, "to": 1, "card": "9C"}),
        ("give_card", {"seat": 0, "to": 2, "card": "9H"}),
    ]
    # T24_PLAY in trick order. Leaders: A (T1–T3; A wins T1 and T2, B's T♠ wins T3), B (T4, A's
    # T♦ wins), A (T5, B's Q♦ wins), B (T6, C's T♣ wins), C (T7, C's A♣ wins), C (T8).
    seats = [0, 1, 2] * 3 + [1, 2, 0] + [0, 1, 2] + [1, 2, 0] + [2, 0, 1] * 2
    raw += [("play_card", {"seat": s, "card": c}) for s, c in zip(seats, T24_PLAY, strict=True)]
    raw.append(("reveal_talon", {"cards": ["QS", "9C", "TD"]}))
    return [{"seq": i, "type": t, "payload": p} for i, (t, p) in enumerate(raw, start=1)]


def test_record_with_partial_hands_reveal_and_reverse_barrel(tmp_path: Path) -> None:
    variants = {"talon_visibility": "dark_always", "reverse_barrel": True, "renege_penalty": "fixed_120"}
    record = {
        "format": "companion-record/1",
        "game": "thousand",
        "variants": variants,
        "players": ["Anna", "Boris", "Vera"],
        "events": _events(),
    }
    path = tmp_path / "thousand-reveal.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)["summary"]
    # T-24: A 55 < 130 → −130, and the bid proven illegal once the talon is revealed → −120 more;
    # B 25, C 40.
    assert summary["totals"] == [-250, 25, 40]
    assert [f["code"] for f in summary["findings"]] == ["illegal_bid"]
    assert summary["history"][0]["talon_revealed"] == ["QS", "9C", "TD"]
    assert summary["reverse_barrel"]["enabled"] is True
