"""Find a game's engine by name.

Engines are imported on first use, so that reading one record does not load every game.
"""

from __future__ import annotations

import importlib
from typing import Any

from scoring.errors import EventFormatError
from scoring.protocol import Game

#: game name → module whose ``GAME`` attribute is the engine.
GAME_MODULES: dict[str, str] = {
    "hearts": "scoring.hearts",
    "bourre": "scoring.bourre",
    "president": "scoring.president",
    "thousand": "scoring.thousand",
    "tonk": "scoring.tonk",
    "tshirt": "scoring.tshirt",
}


def get_game(name: str) -> Game[Any, Any]:
    module_name = GAME_MODULES.get(name)
    if module_name is None:
        raise EventFormatError(
            "unknown_game",
            "'%(game)s' is not a game Companion knows; choose one of: %(choices)s.",
            fields={"game": "unknown game"},
            game=name,
            choices=", ".join(sorted(GAME_MODULES)),
        )
    game: Game[Any, Any] = importlib.import_module(module_name).GAME
    return game


def all_games() -> list[Game[Any, Any]]:
    return [get_game(name) for name in sorted(GAME_MODULES)]
