"""``Game.totals`` says the summary's ``totals`` (the append's compact answer carries only these):
for every recorded match in tests/data/records that replays, and for the engines that say them
directly (Hearts, Thousand), after every event."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.errors import ScoringError
from scoring.record import effective_events, load, replay
from scoring.registry import get_game

RECORDS = sorted((Path(__file__).resolve().parents[1] / "data" / "records").glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_totals_are_the_summarys(path: Path) -> None:
    try:
        record = load(path.read_text())
        state = replay(record)
    except ScoringError:
        pytest.skip("a record the engine rejects: no state to read")
    game = get_game(record.game)
    assert game.totals(state) == game.summary(state)["totals"]


@pytest.mark.parametrize("name", ["hearts-mixed", "thousand-mixed"])
def test_totals_after_every_event(name: str) -> None:
    record = load((Path(__file__).resolve().parents[1] / "data" / "records" / f"{name}.json").read_text())
    game = get_game(record.game)
    state = game.start(record.variants, record.players)
    seen = set()
    for event in effective_events(record.events):
        state = game.apply_json(state, event.type, event.payload)
        totals = game.totals(state)
        assert totals == game.summary(state)["totals"]
        seen.add(tuple(totals))
    assert len(seen) > 1, "the record moves the totals"
