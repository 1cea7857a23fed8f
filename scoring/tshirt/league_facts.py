"""T-Shirt's facts for the league statistics (scoring.facts): rounds judged and won, BOO YAH!
steals, points (final totals); a round is won by its winner."""

from __future__ import annotations

from scoring.facts import JSONIn, LeagueFacts, delta_hands, history_of, ints, streaks


def _round(facts: LeagueFacts, entry: JSONIn) -> list[int]:
    winner, judge = entry.get("winner"), entry.get("judge")
    if isinstance(judge, int):
        facts.add(judge, "rounds_judged")
    if not isinstance(winner, int):
        return []
    facts.add(winner, "rounds_won")
    if entry.get("boo_yah"):
        facts.add(winner, "boo_yahs")
    if isinstance(entry.get("stolen_from"), int):
        facts.add(winner, "steals")
    facts.best(winner, "max_card_won", int(entry.get("value") or 0))
    return [winner]


def tshirt_facts(summary: JSONIn, seats: int) -> LeagueFacts:
    facts = LeagueFacts(seats)
    history = history_of(summary)
    delta_hands(facts, history, "round")
    won: list[list[int]] = []
    for entry in history:
        facts.add_each("rounds")
        won.append(_round(facts, entry))
    totals = ints(summary.get("totals"), seats)
    if totals is not None:
        facts.add_each("points", totals)
    streaks(facts, won)
    return facts
