"""Hearts' facts for the league statistics (scoring.facts): hands, penalty points taken, moons, the
Q♠ taken when the record shows it, reneges; a hand is won by the lowest hand score."""

from __future__ import annotations

from scoring.facts import JSONIn, LeagueFacts, history_of, ints, scored_hands, streaks
from scoring.hearts.deal import QUEEN_VALUE, hand_total
from scoring.hearts.variants import HeartsVariants


def queen_taker(entry: JSONIn, points: tuple[int, ...] | None, variants: HeartsVariants) -> int | None:
    """Who took the Q♠ in a hand, when the record shows it.

    The engine's ``qs_taker`` if it names one. Else from the penalty points taken, when they are the
    hand's whole value (``hand_total``: 26, or 117 with spot hearts) and no renege changed them: if
    no seat can reach the queen's value with hearts alone (13 hearts at 1 point, hearts.md §3.1),
    the queen's taker is the only seat at or above it. Under spot hearts one heart may be worth more
    than the queen, so an entered hand never tells.
    """
    named = entry.get("qs_taker")
    if isinstance(named, int):
        return named
    total = hand_total(variants)
    if points is None or sum(points) != total or entry.get("offenders") or total - QUEEN_VALUE > QUEEN_VALUE:
        return None
    heavy = [seat for seat, value in enumerate(points) if value >= QUEEN_VALUE]
    return heavy[0] if len(heavy) == 1 else None


def hearts_facts(summary: JSONIn, seats: int, variants: HeartsVariants) -> LeagueFacts:
    facts = LeagueFacts(seats)
    history = history_of(summary)
    scored_hands(facts, history)
    won: list[list[int]] = []
    for entry in history:
        facts.add_each("hands")
        points = ints(entry.get("points"), seats)
        if points is not None:
            facts.add_each("penalty_points", points)
        shooter = entry.get("moon_shooter")
        if isinstance(shooter, int):
            facts.add(shooter, "moons")
        taker = queen_taker(entry, points, variants)
        if taker is not None:
            facts.add(taker, "qs_taken")
            facts.add_each("qs_known_hands")
        for offender in entry.get("offenders") or []:
            facts.add(int(offender), "reneges")
        scores = ints(entry.get("scores"), seats)
        if scores is not None:
            won.append([s for s in range(seats) if scores[s] == min(scores)])
    streaks(facts, won)
    return facts
