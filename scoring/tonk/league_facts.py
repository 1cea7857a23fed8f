"""Tonk's facts for the league statistics (scoring.facts): net stakes and money, tonks, drops, drops
caught (own) and catches (another's drop).

A hand's row is the seat's money (``net``, stakes × stake plus side bets); it is won by the seat
that ended it and was paid (tonk.md §3), i.e. the seats with the best net of the hand when > 0.
"""

from __future__ import annotations

from scoring.facts import JSONIn, LeagueFacts, history_of, ints, scored_hands, streaks


def _ending(facts: LeagueFacts, entry: JSONIn) -> None:
    end, by = entry.get("end"), entry.get("by")
    if not isinstance(by, int):
        return
    if end in ("tonk", "drop"):
        facts.add(by, f"{end}s")
    caught = [p for p in entry.get("payments") or [] if p.get("code") == "caught_drop"]
    if caught:
        facts.add(by, "drops_caught")
        for payee in sorted({int(p["payee"]) for p in caught}):
            facts.add(payee, "catches")


def tonk_facts(summary: JSONIn, seats: int) -> LeagueFacts:
    facts = LeagueFacts(seats)
    history = history_of(summary)
    scored_hands(facts, history, score_key="net")
    won: list[list[int]] = []
    for entry in history:
        facts.add_each("hands")
        stakes = ints(entry.get("net_stakes"), seats)
        money = ints(entry.get("net"), seats)
        if stakes is not None:
            facts.add_each("net_stakes", stakes)
        if money is not None:
            facts.add_each("net_money", money)
            best = max(money)
            won.append([s for s in range(seats) if best > 0 and money[s] == best])
        _ending(facts, entry)
    streaks(facts, won)
    return facts
