"""President's facts for the league statistics (scoring.facts): rounds, titles by count, league
points; a round is won by going out first (President)."""

from __future__ import annotations

from scoring.facts import JSONIn, LeagueFacts, history_of, ints, scored_hands, streaks

#: president.md §2.7 titles → counter keys.
TITLE_COUNTERS = {
    "President": "title_president",
    "Vice-President": "title_vice_president",
    "Neutral": "title_neutral",
    "Vice-Scum": "title_vice_scum",
    "Scum": "title_scum",
}


def president_facts(summary: JSONIn, seats: int) -> LeagueFacts:
    facts = LeagueFacts(seats)
    history = history_of(summary)
    scored_hands(facts, history, score_key="points")
    won: list[list[int]] = []
    for entry in history:
        titles = entry.get("titles") or []
        for seat, title in enumerate(titles[:seats]):
            facts.add(seat, "rounds")
            key = TITLE_COUNTERS.get(str(title))
            if key is not None:
                facts.add(seat, key)
        won.append([s for s, t in enumerate(titles) if t == "President"])
        points = ints(entry.get("points"), seats)
        if points is not None:
            facts.add_each("league_points", points)
    streaks(facts, won)
    return facts
