"""Hearts (rules/hearts.md): result entry and card-by-card play for 3–6 players."""

from scoring.hearts.engine import GAME, HeartsGame
from scoring.hearts.events import HandResult
from scoring.hearts.state import HeartsState
from scoring.hearts.variants import HeartsVariants

__all__ = ["GAME", "HandResult", "HeartsGame", "HeartsState", "HeartsVariants"]
