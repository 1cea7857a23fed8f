"""The service is game-agnostic: every registered game can be started, read, exported and imported
through the API with its default house rules."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.registry import GAME_MODULES, get_game
from tests.conftest import Person


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_game_starts_and_reads_through_the_api(alice: Person, game: str) -> None:
    engine = get_game(game)
    names = [f"P{i}" for i in range(engine.min_players)]
    response = alice.post("/api/v1/matches/", {"game": game, "players": names})
    assert response.status_code == 201, response.json()
    match: dict[str, Any] = response.json()
    assert match["variants"] == engine.variants({}).to_json()
    summary = alice.get(f"/api/v1/matches/{match['id']}/summary/").json()["summary"]
    assert {"game", "phase", "finished", "to_act", "totals", "result", "history", "findings"} <= set(summary)
    assert summary["finished"] is False
    actions = alice.get(f"/api/v1/matches/{match['id']}/legal-actions/").json()["actions"]
    assert actions and all("type" in action for action in actions)
    record = alice.get(f"/api/v1/matches/{match['id']}/record/").json()
    assert (record["game"], record["players"], record["events"]) == (game, names, [])
    imported = alice.post("/api/v1/records/import", record)
    assert imported.status_code == 201, imported.json()


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_game_rejects_too_few_players(alice: Person, game: str) -> None:
    engine = get_game(game)
    names = [f"P{i}" for i in range(engine.min_players - 1)]
    response = alice.post("/api/v1/matches/", {"game": game, "players": names})
    assert response.status_code == 400
    assert response.json()["code"] in ("wrong_player_count", "invalid")
