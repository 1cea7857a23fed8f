"""The T-Shirt Game (rules/tshirt-game.md): judged rounds, Hot or Not points, BOO YAH! steals."""

from scoring.tshirt.engine import GAME, TShirtGame
from scoring.tshirt.events import RoundResult, SloganPlayed, StartGame
from scoring.tshirt.state import TShirtState
from scoring.tshirt.variants import TShirtVariants

__all__ = ["GAME", "RoundResult", "SloganPlayed", "StartGame", "TShirtGame", "TShirtState", "TShirtVariants"]
