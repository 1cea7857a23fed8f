"""Each game names its scored unit in its own word (rules: thousand.md and bourre.md count deals,
president.md rounds, hearts.md and tonk.md hands); the phone picks its sentences by this key."""

from __future__ import annotations

import pytest

from scoring.registry import GAME_MODULES, get_game

UNITS = {
    "thousand": "deal",
    "bourre": "deal",
    "president": "round",
    "tshirt": "round",
    "hearts": "hand",
    "tonk": "hand",
}


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
def test_the_catalogue_names_the_games_unit(name: str) -> None:
    assert get_game(name).catalogue()["unit"] == UNITS[name]
