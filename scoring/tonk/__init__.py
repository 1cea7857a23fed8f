"""Tonk (rules/tonk.md): a knock-rummy gambling game settled in stakes, 2–6 players."""

from scoring.tonk.engine import GAME, TonkGame
from scoring.tonk.state import TonkState
from scoring.tonk.variants import TonkVariants

__all__ = ["GAME", "TonkGame", "TonkState", "TonkVariants"]
