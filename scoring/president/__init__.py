"""President (rules/president.md): result entry and card-by-card play for 3–8 players."""

from scoring.president.engine import GAME, PresidentGame
from scoring.president.state import PresidentState
from scoring.president.variants import PresidentVariants

__all__ = ["GAME", "PresidentGame", "PresidentState", "PresidentVariants"]
