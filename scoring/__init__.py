"""Companion's rule engines: pure Python, no Django, no I/O, no clock.

>>> from scoring import get_game
>>> hearts = get_game("hearts")
>>> state = hearts.start({}, ["Ann", "Bob", "Cat", "Dan"])
>>> state = hearts.apply_json(state, "hand_result", {"points": [3, 18, 0, 5]})
>>> hearts.summary(state)["totals"]
[3, 18, 0, 5]
"""

#: The version of the engines (the companion-rules distribution; CHANGELOG.md). Kept equal to the
#: app's version in pyproject.toml (tests/scoring/test_rules_readme.py checks both).
__version__ = "0.1.0"

from scoring.errors import EventFormatError, RecordError, RulesError, ScoringError, VariantError
from scoring.protocol import Game, MatchResult
from scoring.registry import all_games, get_game

__all__ = [
    "EventFormatError",
    "Game",
    "MatchResult",
    "RecordError",
    "RulesError",
    "ScoringError",
    "VariantError",
    "__version__",
    "all_games",
    "get_game",
]
