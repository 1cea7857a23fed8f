"""Thousand (rules/thousand.md): result entry and card-by-card play for 2, 3 and 4 players."""

from scoring.thousand.engine import GAME, ThousandGame
from scoring.thousand.state import ThousandState
from scoring.thousand.variants import ThousandVariants

__all__ = ["GAME", "ThousandGame", "ThousandState", "ThousandVariants"]
