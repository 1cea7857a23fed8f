"""Thousand's facts for the league statistics (scoring.facts): contracts declared and made (and
their sum), marriages, barrel wins and falls, bolts, Р.

A contract counts as declared for the declarer of every deal that reached a result, give-ups (Р,
spisat', bomb) included; it is made when a played deal's raw entry for the declarer is positive
(thousand.md §13 step 2: +contract when made, −contract when failed). A deal is won by the
declarer who made the contract.
"""

from __future__ import annotations

from scoring.facts import JSONIn, LeagueFacts, delta_hands, history_of, ints, noted_seats, streaks

#: The explanation codes of a deal (scoring.thousand) that count, and their counter.
NOTE_COUNTERS = {
    "marriage": "marriages",
    "four_aces": "four_aces",
    "barrel_win": "barrel_wins",
    "barrel_fall": "barrel_falls",
    "barrel_fall_reset": "barrel_falls",
    "bolt": "bolts",
    "samosval": "samosvals",
}


def _contract(facts: LeagueFacts, entry: JSONIn) -> list[int]:
    """Count the deal's contract; the seats that won the deal (the declarer who made it)."""
    kind, declarer, contract = entry.get("kind"), entry.get("declarer"), entry.get("contract")
    if not isinstance(declarer, int) or not isinstance(contract, int) or kind in (None, "thrown_in"):
        return []
    facts.add(declarer, "contracts_declared")
    facts.add(declarer, "contract_sum", contract)
    if kind == "rospisat":
        facts.add(declarer, "rospisat")
    raw = ints(entry.get("raw"), facts.seats)
    if kind == "played" and raw is not None and raw[declarer] > 0:
        facts.add(declarer, "contracts_made")
        facts.best(declarer, "max_contract_made", contract)
        return [declarer]
    return []


def thousand_facts(summary: JSONIn, seats: int) -> LeagueFacts:
    facts = LeagueFacts(seats)
    history = history_of(summary)
    delta_hands(facts, history, "deal")
    won: list[list[int]] = []
    for entry in history:
        facts.add_each("deals")
        won.append(_contract(facts, entry))
        for code, seat in noted_seats(entry):
            key = NOTE_COUNTERS.get(code)
            if key is not None and seat is not None:
                facts.add(seat, key)
    streaks(facts, won)
    return facts
