"""Which card a Bourré player may play (rules/bourre.md §3.4) and the cinch (§3.6).

The obligations are described once, in :mod:`scoring.obligations.bourre`, which the claim
checker's play model (:mod:`scoring.claims.games`) reads as well; this module is the engine's
name for them.
"""

from __future__ import annotations

from scoring.obligations.bourre import (
    ALL_RANKS,
    LO_NO,
    LOW_WINS,
    RULE_CINCH,
    RULE_PLAY,
    CinchView,
    PlayRules,
    TrickOrder,
    Trumps,
    basic_legal,
    card_beats,
    equivalent_trumps,
    has_cinch,
    legal,
    order_of,
    outstanding_trumps,
    sure_tricks,
    trick_rules,
    why_illegal,
    winning_card,
)

__all__ = [
    "ALL_RANKS",
    "LOW_WINS",
    "LO_NO",
    "RULE_CINCH",
    "RULE_PLAY",
    "CinchView",
    "PlayRules",
    "TrickOrder",
    "Trumps",
    "basic_legal",
    "card_beats",
    "equivalent_trumps",
    "has_cinch",
    "legal",
    "order_of",
    "outstanding_trumps",
    "sure_tricks",
    "trick_rules",
    "why_illegal",
    "winning_card",
]
