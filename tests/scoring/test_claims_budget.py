"""Every phase of a claim check honours its budget (issue 24 item 1).

The clocks here are counters, not the machine's time: each reading advances a fixed step, so the
tests count what the search did (readings, deals, steps) and pass or fail the same on any load.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import scoring.claims as claims_module
from scoring.cards import Suit, parse_cards
from scoring.claims import Claim, ClaimKind, Position, check_claim
from scoring.claims.bits import Timeout
from scoring.claims.native import FAST_ENGINE
from scoring.claims.position import HeartsPlay
from scoring.claims.unknown import CLOCK_EVERY, any_deal, distributions

CLUBS = parse_cards("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")
REST = parse_cards(" ".join(r + s for s in "SHD" for r in "3456789TJQKA"))


def laid_down_clubs() -> Position:
    """Hearts without passing, hands not recorded, after trick 1 (3: 2♣, 0: 2♠, 1: 2♥, 2: 2♦).

    Seat 3 lays down its 12 remaining clubs. What the record proves: nobody else holds a club
    (all 13 are seat 3's or played); seat 1 dropped a heart on the first trick, which the rules
    allow only to a hand of nothing but points (hearts.md §2.3 B), so it holds 12 of the 12 hearts
    and the Q♠ — and seats 0 and 2 share the other 24 cards. Building the first deal naively puts
    hearts in seat 0 first and backtracks through an exponential number of dead branches.
    """
    not_points = frozenset(c for c in REST + CLUBS if c.suit is not Suit.HEARTS and str(c) != "QS")
    return Position.hearts(
        [None, None, None, CLUBS],
        leader=3,
        rules=HeartsPlay(),
        played=frozenset(parse_cards("2C 2S 2H 2D")),
        tricks_won=(0, 0, 0, 1),
        points_won=(0, 0, 0, 1),
        hearts_broken=True,
        first_trick=False,
        hand_sizes=(12, 12, 12, 12),
        unseen=tuple(sorted(REST, key=str)),
        voids=(frozenset({Suit.CLUBS}),) * 3 + (frozenset(),),
        not_held=(frozenset(CLUBS), not_points, frozenset(CLUBS), frozenset()),
    )


def ticking(step: float) -> tuple[Callable[[], float], list[int]]:
    """A clock that advances ``step`` seconds at each reading, and the count of its readings."""
    readings = [0]

    def clock() -> float:
        readings[0] += 1
        return readings[0] * step

    return clock, readings


def test_the_first_deal_is_found_without_backtracking() -> None:
    pos = laid_down_clubs()
    assert any_deal(pos)
    clock, readings = ticking(0.001)
    deal = next(distributions(pos, clock=clock, deadline=1.0))  # Timeout after 64 000 steps
    # 36 cards placed, one step each (plus the leaf): the clock is read at most once per 64 steps.
    assert readings[0] <= 37 // CLOCK_EVERY + 1
    assert set(deal[1]) <= set(parse_cards("3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS"))
    assert deal[3] == CLUBS


def test_the_enumeration_of_deals_stops_at_its_deadline() -> None:
    # C(24,12) · 13 deals at least: far more than any budget; 1 ms a reading, 50 ms of budget.
    clock, readings = ticking(0.001)
    with pytest.raises(Timeout):
        for _ in distributions(laid_down_clubs(), clock=clock, deadline=0.05):
            pass
    assert readings[0] == 51


def test_the_laid_down_clubs_claim_holds_within_the_budget() -> None:
    # Seat 3 leads a club at each of the 12 tricks and nobody can follow: 12 tricks, whatever the
    # others hold. Answered by the pooled game long before 200 readings of 1 ms (the budget).
    clock, readings = ticking(0.001)
    verdict = check_claim(
        laid_down_clubs(), Claim(ClaimKind.AT_LEAST, claimant=3, tricks=12), budget_s=0.2, clock=clock
    )
    assert verdict.status == "holds"
    assert verdict.elapsed_s <= 0.2 and readings[0] < 200


class _NoPooledShortcut:
    """The fast engine, except that its pooled game always runs out of time: the check goes on to
    the deals one by one (the phase whose enumeration had no budget)."""

    def __init__(self, *args: Any, pool_mode: bool = False, **kw: Any) -> None:
        self.pool_mode = pool_mode
        self.engine = FAST_ENGINE(*args, pool_mode=pool_mode, **kw)
        self.stats = self.engine.stats

    def solve(self, need: int) -> bool:
        if self.pool_mode:
            raise Timeout
        return bool(self.engine.solve(need))

    def counter_line(self, need: int) -> Any:
        return self.engine.counter_line(need)


def test_the_deals_phase_stops_at_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(claims_module, "FAST_ENGINE", _NoPooledShortcut)
    clock, readings = ticking(0.001)
    verdict = check_claim(
        laid_down_clubs(), Claim(ClaimKind.AT_LEAST, claimant=3, tricks=12), budget_s=0.2, clock=clock
    )
    # every deal holds (the clubs win), so only the budget ends it: undetermined, having read the
    # clock just past 0.2 s, with the deals it checked named
    assert verdict.status == "undetermined" and verdict.reason_code == "time_budget", verdict.reason
    assert int(verdict.reason_params["count"]) >= 1
    assert 200 <= readings[0] <= 205
