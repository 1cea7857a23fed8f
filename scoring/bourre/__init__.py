"""Bourré (rules/bourre.md): a session of deals with a chip ledger, by result entry or card by card."""

from scoring.bourre.engine import GAME, BourreGame
from scoring.bourre.state import Session
from scoring.bourre.variants import BourreVariants

__all__ = ["GAME", "BourreGame", "BourreVariants", "Session"]
