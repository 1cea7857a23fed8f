"""What a finished match contributes to the statistics, read from its engine summary.

Every game's summary has a ``history`` with one entry per hand (deal, round); each game's extractor
turns it into per-hand rows and per-player counters (``moons``, ``bolts``, ``contracts_made`` …).
Counters are whole numbers so that any season or filter can sum them in the database; rates and
averages are computed from sums when read (``contracts_made / contracts_played``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

JSON = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class HandFact:
    hand: int
    scores: tuple[int, ...]
    totals: tuple[int, ...] | None
    details: tuple[dict[str, Any], ...]


@dataclass(slots=True)
class MatchFacts:
    seats: int
    hands: list[HandFact] = field(default_factory=list)
    stats: list[dict[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.stats:
            self.stats = [{} for _ in range(self.seats)]

    def add(self, seat: int, key: str, value: int = 1) -> None:
        if value:
            self.stats[seat][key] = self.stats[seat].get(key, 0) + int(value)

    def best(self, seat: int, key: str, value: int) -> None:
        if key not in self.stats[seat] or value > self.stats[seat][key]:
            self.stats[seat][key] = int(value)


def _ints(values: Any, seats: int) -> tuple[int, ...] | None:
    if isinstance(values, Sequence) and not isinstance(values, str) and len(values) == seats:
        try:
            return tuple(int(v) if v is not None else 0 for v in values)
        except (TypeError, ValueError):
            return None
    return None


def _generic_hands(facts: MatchFacts, history: Sequence[JSON], score_key: str = "scores") -> None:
    for index, entry in enumerate(history, start=1):
        scores = _ints(entry.get(score_key), facts.seats)
        if scores is None:
            continue
        number = entry.get("hand") or entry.get("deal") or entry.get("round") or index
        totals = _ints(entry.get("totals"), facts.seats)
        facts.hands.append(HandFact(int(number), scores, totals, tuple({} for _ in range(facts.seats))))


def _delta_hands(facts: MatchFacts, history: Sequence[JSON], number_key: str) -> list[tuple[int, ...]]:
    """Hand rows whose score is the change of each seat's running total (games that keep a ledger)."""
    previous = (0,) * facts.seats
    deltas: list[tuple[int, ...]] = []
    for index, entry in enumerate(history, start=1):
        totals = _ints(entry.get("totals") or entry.get("ledger"), facts.seats)
        if totals is None:
            continue
        delta = tuple(t - p for t, p in zip(totals, previous, strict=True))
        previous = totals
        deltas.append(delta)
        number = int(entry.get(number_key) or index)
        facts.hands.append(HandFact(number, delta, totals, tuple({} for _ in range(facts.seats))))
    return deltas


def _streaks(facts: MatchFacts, winners_per_hand: Sequence[Sequence[int]], key: str = "max_hand_streak") -> None:
    """The longest run of consecutive hands each seat won in this match (a record, hence ``max_``)."""
    runs = [0] * facts.seats
    for winners in winners_per_hand:
        for seat in range(facts.seats):
            runs[seat] = runs[seat] + 1 if seat in winners else 0
            if runs[seat]:
                facts.best(seat, key, runs[seat])


def _notes(entry: JSON) -> list[tuple[str, int | None]]:
    out = []
    for note in entry.get("explain") or []:
        seat = note.get("seat")
        out.append((str(note.get("code")), seat if isinstance(seat, int) else None))
    return out


def _queen_taker(entry: JSON, points: tuple[int, ...] | None) -> int | None:
    """Who took the Q♠ in a Hearts hand, when the record shows it.

    The engine's ``qs_taker`` if it names one; else from the penalty points taken: the Q♠ is worth 13
    and the 13 hearts 1 each (hearts.md §3.1, no variant changes either), so the queen's taker is
    the only seat with 13 or more — unless two seats have exactly 13 (the queen alone, all the
    hearts), or no seat has 13 (a result entry that only totals 26), or a renege changed the points.
    """
    named = entry.get("qs_taker")
    if isinstance(named, int):
        return named
    if points is None or sum(points) != 26 or entry.get("offenders"):
        return None
    heavy = [seat for seat, value in enumerate(points) if value >= 13]
    return heavy[0] if len(heavy) == 1 else None


def _hearts(facts: MatchFacts, summary: JSON) -> None:
    """Hands, penalty points taken, moons, Q♠ taken (card by card only), reneges; a hand is won
    by the lowest hand score."""
    history = summary.get("history") or []
    _generic_hands(facts, history)
    won: list[list[int]] = []
    for entry in history:
        points = _ints(entry.get("points"), facts.seats)
        for seat in range(facts.seats):
            facts.add(seat, "hands")
            if points is not None:
                facts.add(seat, "penalty_points", points[seat])
        shooter = entry.get("moon_shooter")
        if isinstance(shooter, int):
            facts.add(shooter, "moons")
        taker = _queen_taker(entry, points)
        if taker is not None:
            facts.add(taker, "qs_taken")
            for seat in range(facts.seats):
                facts.add(seat, "qs_known_hands")
        for offender in entry.get("offenders") or []:
            facts.add(int(offender), "reneges")
        scores = _ints(entry.get("scores"), facts.seats)
        if scores is not None:
            low = min(scores)
            won.append([s for s in range(facts.seats) if scores[s] == low])
    _streaks(facts, won)


def _thousand(facts: MatchFacts, summary: JSON) -> None:
    """Contracts declared and made (and their sum), marriages, barrel wins and falls, bolts, Р.

    A contract counts as declared for the declarer of every deal that reached a result, give-ups
    (Р, spisat', bomb) included; it is made when a played deal's raw entry for the declarer is
    positive (thousand.md §13 step 2: +contract when made, −contract when failed). A hand is won
    by the declarer who made the contract.
    """
    history = summary.get("history") or []
    _delta_hands(facts, history, "deal")
    won: list[list[int]] = []
    for entry in history:
        for seat in range(facts.seats):
            facts.add(seat, "deals")
        kind = entry.get("kind")
        declarer = entry.get("declarer")
        contract = entry.get("contract")
        made_by: list[int] = []
        if isinstance(declarer, int) and isinstance(contract, int) and kind not in (None, "thrown_in"):
            facts.add(declarer, "contracts_declared")
            facts.add(declarer, "contract_sum", contract)
            raw = _ints(entry.get("raw"), facts.seats)
            if kind == "played" and raw is not None and raw[declarer] > 0:
                facts.add(declarer, "contracts_made")
                facts.best(declarer, "max_contract_made", contract)
                made_by.append(declarer)
            if kind == "rospisat":
                facts.add(declarer, "rospisat")
        won.append(made_by)
        for code, noted in _notes(entry):
            if noted is None:
                continue
            key = {
                "marriage": "marriages",
                "four_aces": "four_aces",
                "barrel_win": "barrel_wins",
                "barrel_fall": "barrel_falls",
                "barrel_fall_reset": "barrel_falls",
                "bolt": "bolts",
                "samosval": "samosvals",
            }.get(code)
            if key is not None:
                facts.add(noted, key)
    _streaks(facts, won)


def _bourre(facts: MatchFacts, summary: JSON) -> None:
    """Net chips (the ledger), pots won and the biggest, times bourré; a deal is won by taking the pot."""
    history = summary.get("history") or []
    _delta_hands(facts, history, "deal")
    won: list[list[int]] = []
    for entry in history:
        takers = []
        for taken in entry.get("taken") or []:
            seat, chips = taken.get("seat"), int(taken.get("chips") or 0)
            if isinstance(seat, int) and chips > 0:
                facts.add(seat, "pots_won")
                facts.add(seat, "chips_won", chips)
                facts.best(seat, "max_pot_won", chips)
                takers.append(seat)
        won.append(takers)
        for payment in entry.get("payments") or []:
            seat = payment.get("seat")
            if isinstance(seat, int) and payment.get("code", payment.get("reason")) in ("bourre", "bourre_and_renege"):
                facts.add(seat, "bourres")
        for seat in entry.get("active") or []:
            facts.add(int(seat), "deals_played")
        for seat in range(facts.seats):
            facts.add(seat, "deals")
    ledger = _ints(summary.get("totals"), facts.seats)
    if ledger is not None:
        for seat in range(facts.seats):
            facts.add(seat, "net_chips", ledger[seat])
    _streaks(facts, won)


#: president.md §2.7 titles → counter keys.
PRESIDENT_TITLES = {
    "President": "title_president",
    "Vice-President": "title_vice_president",
    "Neutral": "title_neutral",
    "Vice-Scum": "title_vice_scum",
    "Scum": "title_scum",
}


def _president(facts: MatchFacts, summary: JSON) -> None:
    """Rounds, titles by count, league points; a round is won by going out first (President)."""
    history = summary.get("history") or []
    _generic_hands(facts, history, score_key="points")
    won: list[list[int]] = []
    for entry in history:
        titles = entry.get("titles") or []
        for seat, title in enumerate(titles[: facts.seats]):
            facts.add(seat, "rounds")
            key = PRESIDENT_TITLES.get(str(title))
            if key is not None:
                facts.add(seat, key)
        won.append([s for s, t in enumerate(titles) if t == "President"])
        points = _ints(entry.get("points"), facts.seats)
        if points is not None:
            for seat in range(facts.seats):
                facts.add(seat, "league_points", points[seat])
    _streaks(facts, won)


def _tonk(facts: MatchFacts, summary: JSON) -> None:
    """Net stakes and money, tonks, drops, drops caught (own) and catches (another's drop).

    A hand's row is the seat's money (``net``, stakes × stake plus side bets); it is won by the seat
    that ended it and was paid (tonk.md §3), i.e. the seats with the best net of the hand when > 0.
    """
    history = summary.get("history") or []
    _generic_hands(facts, history, score_key="net")
    won: list[list[int]] = []
    for entry in history:
        for seat in range(facts.seats):
            facts.add(seat, "hands")
        stakes = _ints(entry.get("net_stakes"), facts.seats)
        money = _ints(entry.get("net"), facts.seats)
        if stakes is not None:
            for seat in range(facts.seats):
                facts.add(seat, "net_stakes", stakes[seat])
        if money is not None:
            for seat in range(facts.seats):
                facts.add(seat, "net_money", money[seat])
            best = max(money)
            won.append([s for s in range(facts.seats) if best > 0 and money[s] == best])
        end, by = entry.get("end"), entry.get("by")
        if isinstance(by, int):
            if end == "tonk":
                facts.add(by, "tonks")
            if end == "drop":
                facts.add(by, "drops")
        caught = [p for p in entry.get("payments") or [] if p.get("code") == "caught_drop"]
        if caught and isinstance(by, int):
            facts.add(by, "drops_caught")
            for payee in sorted({int(p["payee"]) for p in caught}):
                facts.add(payee, "catches")
    _streaks(facts, won)


def _tshirt(facts: MatchFacts, summary: JSON) -> None:
    """Rounds judged and won, BOO YAH! steals, points (final totals); a round is won by its winner."""
    history = summary.get("history") or []
    _delta_hands(facts, history, "round")
    won: list[list[int]] = []
    for entry in history:
        for seat in range(facts.seats):
            facts.add(seat, "rounds")
        winner, judge = entry.get("winner"), entry.get("judge")
        if isinstance(judge, int):
            facts.add(judge, "rounds_judged")
        if isinstance(winner, int):
            facts.add(winner, "rounds_won")
            if entry.get("boo_yah"):
                facts.add(winner, "boo_yahs")
            if isinstance(entry.get("stolen_from"), int):
                facts.add(winner, "steals")
            facts.best(winner, "max_card_won", int(entry.get("value") or 0))
        won.append([winner] if isinstance(winner, int) else [])
    totals = _ints(summary.get("totals"), facts.seats)
    if totals is not None:
        for seat in range(facts.seats):
            facts.add(seat, "points", totals[seat])
    _streaks(facts, won)


EXTRACTORS: dict[str, Callable[[MatchFacts, JSON], None]] = {
    "bourre": _bourre,
    "hearts": _hearts,
    "president": _president,
    "thousand": _thousand,
    "tonk": _tonk,
    "tshirt": _tshirt,
}


def match_facts(game: str, summary: JSON, seats: int) -> MatchFacts:
    """Per-hand rows and per-player counters of a finished match."""
    facts = MatchFacts(seats)
    extractor = EXTRACTORS.get(game)
    if extractor is None:
        _generic_hands(facts, summary.get("history") or [])
    else:
        extractor(facts, summary)
    return facts
