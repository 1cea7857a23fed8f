"""Random T-Shirt Game playouts choosing only legal actions, with invariants after every event."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.events import Event
from scoring.record import RecordedEvent, load, replay, replay_events
from scoring.tshirt import GAME, RoundResult, SloganPlayed, StartGame, TShirtState

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


def _choose_event(data: st.DataObject, state: TShirtState) -> Event:
    actions = GAME.legal_actions(state)
    action = data.draw(st.sampled_from(actions))
    if action["type"] == "start_game":
        return StartGame(data.draw(st.sampled_from(action["seats"])))
    if action["type"] == "slogan_played":
        return SloganPlayed(action["round"], action["seat"])
    winner = data.draw(st.sampled_from(action["winners"]))
    value = data.draw(st.sampled_from([0, 50, 200, 450, 1000, 1500]))
    boo = data.draw(st.booleans())
    steal: dict[str, int] = {}
    if boo and state.variants.boo_yah_can_steal:
        victims = [(s, c) for s, mine in enumerate(state.cards) if s != winner for c in mine]
        if victims and data.draw(st.booleans()):
            seat, card = data.draw(st.sampled_from(victims))
            steal = {"stolen_from": seat, "stolen_round": card.round, "stolen_value": card.printed}
    return RoundResult(action["round"], action["judge"], winner, value, boo, **steal)


@settings(max_examples=120, deadline=None)
@given(
    data=st.data(),
    seats=st.integers(3, 6),
    mode=st.sampled_from(["steal_and_value", "steal_only", "value_only", "first_draw_no_value"]),
    target=st.sampled_from([1000, 3000]),
)
def test_random_games_keep_their_invariants(data: st.DataObject, seats: int, mode: str, target: int) -> None:
    players = tuple(f"P{i}" for i in range(seats))
    variants = {"boo_yah_mode": mode, "target_points": target, "hot_or_not_deck_size": 30}
    state = GAME.start(variants, players)
    initial = state
    recorded: list[RecordedEvent] = []
    while GAME.result(state) is None:
        event = _choose_event(data, state)
        before = copy.deepcopy(state)
        event_type, payload = GAME.dump_event(event)
        # JSON round-trip of every event.
        assert GAME.parse_event(event_type, json.loads(json.dumps(payload))) == event
        new = GAME.apply(state, event)
        assert state == before  # apply never mutates its input
        recorded.append(RecordedEvent(len(recorded) + 1, event_type, payload))
        state = new
        if state.judge is not None:
            # Total points equal the sum of the Hot or Not cards awarded (counted values).
            awarded = sum(_counted(mode, r.event) for r in state.rounds)
            assert sum(state.totals) == awarded
            assert all(len({c.round for c in mine}) == len(mine) for mine in state.cards)
            assert sum(len(mine) for mine in state.cards) == len(state.rounds)
            assert all(0 <= h <= 3 for h in state.hand_sizes)
        json.dumps(GAME.summary(state))
    result = GAME.result(state)
    assert result is not None
    assert max(state.totals) >= target or state.hot_or_not_left == 0
    assert replay_events(GAME, initial, recorded) == state  # replay equals step by step


def _counted(mode: str, event: RoundResult) -> int:
    """What a drawn card adds to the table's points, from the Variants table (steals only move points)."""
    if event.boo_yah and (mode == "steal_only" or (mode == "first_draw_no_value" and event.round == 1)):
        return 0
    return event.value


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
