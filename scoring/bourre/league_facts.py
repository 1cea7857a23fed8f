"""Bourré's facts for the league statistics (scoring.facts): net chips (the ledger), pots won and
the biggest, times bourré; a deal is won by taking the pot."""

from __future__ import annotations

from scoring.facts import JSONIn, LeagueFacts, delta_hands, history_of, ints, streaks

#: The payment codes that mean a player was bourré (scoring.bourre.settlement).
BOURRE_CODES = ("bourre", "bourre_and_renege")


def _pots(facts: LeagueFacts, entry: JSONIn) -> list[int]:
    takers = []
    for taken in entry.get("taken") or []:
        seat, chips = taken.get("seat"), int(taken.get("chips") or 0)
        if isinstance(seat, int) and chips > 0:
            facts.add(seat, "pots_won")
            facts.add(seat, "chips_won", chips)
            facts.best(seat, "max_pot_won", chips)
            takers.append(seat)
    return takers


def bourre_facts(summary: JSONIn, seats: int) -> LeagueFacts:
    facts = LeagueFacts(seats)
    history = history_of(summary)
    delta_hands(facts, history, "deal")
    won: list[list[int]] = []
    for entry in history:
        won.append(_pots(facts, entry))
        for payment in entry.get("payments") or []:
            seat = payment.get("seat")
            if isinstance(seat, int) and payment.get("code", payment.get("reason")) in BOURRE_CODES:
                facts.add(seat, "bourres")
        for seat in entry.get("active") or []:
            facts.add(int(seat), "deals_played")
        facts.add_each("deals")
    ledger = ints(summary.get("totals"), seats)
    if ledger is not None:
        facts.add_each("net_chips", ledger)
    streaks(facts, won)
    return facts
