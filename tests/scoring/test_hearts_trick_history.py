"""Hearts: the tricks of every hand played card by card stay in the summary's history and in the
record's replay output after the hand is scored (docs/games/hearts.md §3.1, issue 18)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

from scoring.__main__ import main
from scoring.hearts import GAME
from tests.scoring.test_hearts_examples import H3, record

RANK = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def test_h3_tricks_kept_after_the_hand_is_scored() -> None:
    """rules/hearts.md §4 H-3, written trick by trick in test_hearts_examples.H3: who led, what was
    played, who won and the points of each trick, read back from the finished hand's history."""
    state = record(H3)
    assert state.current is None  # the hand is scored
    tricks = GAME.summary(state)["history"][-1]["tricks"]
    assert len(tricks) == 13
    # Trick 7: seat 1 leads Q♠ and wins it (8♠ 2♠ 7♠ follow): 13 points.
    assert tricks[6] == {
        "leader": 1,
        "lead_passed_by": [],
        "cards": ["QS", "8S", "2S", "7S"],
        "seats": [1, 2, 3, 0],
        "winner": 1,
        "points": 13,
    }
    # Trick 13: seat 0 leads J♦, 9♥ 8♦ 5♣ follow: J♦ wins, the 9♥ is 1 point.
    assert (tricks[12]["leader"], tricks[12]["winner"], tricks[12]["points"]) == (0, 0, 1)
    # Trick 9: seat 1 leads 8♥; K♥ (seat 2) … A♥ (seat 3) wins 4 hearts.
    assert (tricks[8]["winner"], tricks[8]["points"]) == (3, 4)
    points = [0, 0, 0, 0]
    for trick in tricks:
        points[trick["winner"]] += trick["points"]
    assert points == [3, 18, 0, 5]  # H-3's points


def _by_hand(plays: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """The tricks of a 4-player hand worked independently of the engine: highest card of the suit
    led wins; each heart 1, Q♠ 13."""
    out = []
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        led = trick[0][1][-1]
        winner = max((p for p in trick if p[1][-1] == led), key=lambda p: RANK[p[1][0]])[0]
        points = sum(1 if c[-1] == "H" else 13 if c == "QS" else 0 for _, c in trick)
        out.append({"leader": trick[0][0], "cards": [c for _, c in trick], "winner": winner, "points": points})
    return out


def test_replay_output_keeps_the_tricks_of_the_played_hand() -> None:
    path = Path(__file__).parent.parent / "data" / "records" / "hearts-mixed.json"
    events = json.loads(path.read_text(encoding="utf-8"))["events"]
    plays = [(e["payload"]["seat"], e["payload"]["card"]) for e in events if e["type"] == "play_card"]
    assert len(plays) == 52
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["replay", str(path)]) == 0
    history = json.loads(out.getvalue())["summary"]["history"]
    assert history[0]["tricks"] is None  # hand 1 was entered as a result: no tricks to show
    got = [{k: t[k] for k in ("leader", "cards", "winner", "points")} for t in history[1]["tricks"]]
    assert got == _by_hand(plays)
