"""Hearts (rules/hearts.md): result entry and card-by-card play for 3–6 players."""

from scoring.hearts.engine import GAME, HeartsGame
from scoring.hearts.events import Deal, HandResult, MoonChoice, PassCards, PassLead, PlayCard, RenegeReport, RetractCard
from scoring.hearts.play import PlayPosition, play_position, read_position
from scoring.hearts.state import HeartsState
from scoring.hearts.variants import HeartsVariants

__all__ = [
    "GAME",
    "Deal",
    "HandResult",
    "HeartsGame",
    "HeartsState",
    "HeartsVariants",
    "MoonChoice",
    "PassCards",
    "PassLead",
    "PlayCard",
    "PlayPosition",
    "RenegeReport",
    "RetractCard",
    "play_position",
    "read_position",
]
