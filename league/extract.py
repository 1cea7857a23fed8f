"""What a finished match contributes to the statistics: the engine's facts, mapped to the league's rows.

The rules live in the engines: :meth:`scoring.protocol.Game.league_facts` gives one row per hand and
whole-number counters per seat (``moons``, ``bolts``, ``contracts_made`` …), read under the match's
house rules (``scoring/<game>/league_facts.py``). Here they become the rows the league stores; counters
are summed by any season or filter in the database, and rates are computed from sums when read
(``contracts_made / contracts_declared``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scoring.facts import HandFacts, LeagueFacts
from scoring.protocol import Game
from scoring.registry import get_game

#: The engine's facts of one match (the league's name for them).
MatchFacts = LeagueFacts
HandFact = HandFacts


def match_facts(
    game: str, summary: Mapping[str, Any], seats: int, variants: Mapping[str, Any] | None = None
) -> MatchFacts:
    """The facts of a match from its engine summary, played under ``variants`` (house rules as JSON)."""
    engine = get_game(game)
    return engine.league_facts_of(summary, seats, engine.variants(variants))


def state_facts(game: Game[Any, Any], state: Any) -> MatchFacts:
    """The facts of a match from its engine state (its house rules included)."""
    return game.league_facts(state)


def stat_rows(facts: MatchFacts, seats: Sequence[tuple[int, Any]]) -> Iterator[tuple[Any, str, int]]:
    """(player, counter, value) for each seated player's counters."""
    for seat, player_id in seats:
        for key, value in sorted(facts.stats[seat].items()):
            yield player_id, key, value


def hand_rows(facts: MatchFacts, seats: Sequence[tuple[int, Any]]) -> Iterator[dict[str, Any]]:
    """One hand row per (hand, seated player): the hand's score, the total after it, its details."""
    for hand in facts.hands:
        for seat, player_id in seats:
            yield {
                "hand": hand.hand,
                "seat": seat,
                "player_id": player_id,
                "score": hand.scores[seat],
                "total": hand.totals[seat] if hand.totals else None,
                "details": hand.details[seat],
            }
