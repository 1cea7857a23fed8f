"""Claims: "the rest are mine" checked by searching every way the remaining cards can be played.

>>> from scoring.cards import parse_cards
>>> pos = Position.hearts([parse_cards("AS KS"), parse_cards("2S 3S"), parse_cards("4S 5S"), parse_cards("6S 7S")],
...                       leader=0, hearts_broken=True)
>>> check_claim(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)).status
'holds'
>>> v = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, claimant=1))
>>> v.status, [str(p) for p in v.counter_line][:4]
('fails', ['0:AS', '1:3S', '2:5S', '3:7S'])

The claimant plays against every other player together; each plays by the rules of the game and
the match's variants. With every hand known the verdict is exact; with only some known it holds
only if it holds for every deal of the unseen cards consistent with the record. See docs/claims.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from scoring.cards import Card
from scoring.claims.games import check_claim_kind, claim_score, claim_target
from scoring.claims.knowledge import knowledge_of
from scoring.claims.modelsearch import ModelSearch, needs_model_search
from scoring.claims.native import FAST_ENGINE, TIMEOUTS
from scoring.claims.pooled import PooledSearch, pooled_applies
from scoring.claims.position import (
    BourrePlay,
    Claim,
    ClaimKind,
    GameName,
    HeartsPlay,
    Play,
    Position,
    ThousandPlay,
)
from scoring.claims.solver import Engine, Timeout
from scoring.claims.unknown import any_deal, distributions, pins_from_line
from scoring.explain import N_, Note, ParamValue

__all__ = [
    "BourrePlay",
    "Claim",
    "ClaimKind",
    "GameName",
    "HeartsPlay",
    "Play",
    "Position",
    "ThousandPlay",
    "Verdict",
    "check_claim",
]

HOLDS, FAILS, UNDETERMINED = "holds", "fails", "undetermined"
DEFAULT_BUDGET_S = 2.0
#: Reasons a service gives when it cannot start the search at all (translatable: the claims catalogue).
REASON_CARDS_UNKNOWN = N_("The cards are not known well enough to search.")
REASON_RECORD_CHANGED = N_("The claim could not be checked: the record changed while it waited.")


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to a claim. ``counter_line`` (and, when hands were unknown, ``distribution``) are
    given when it fails; ``elapsed_s`` and ``positions`` say what the answer cost.

    ``why`` says why, as a translatable line (:class:`~scoring.explain.Note`): its code, English
    template and params; ``reason`` is its English text.
    """

    status: str
    claim: Claim
    why: Note
    elapsed_s: float
    positions: int
    counter_line: tuple[Play, ...] = ()
    distribution: tuple[tuple[Card, ...], ...] | None = None

    @property
    def reason(self) -> str:
        return self.why.text

    @property
    def reason_code(self) -> str:
        return self.why.code

    @property
    def reason_template(self) -> str:
        return self.why.template

    @property
    def reason_params(self) -> dict[str, ParamValue]:
        return dict(self.why.params)

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "status": self.status,
            "claim": {
                "kind": str(self.claim.kind),
                "claimant": self.claim.claimant,
                "tricks": self.claim.tricks,
                "bid": self.claim.bid,
            },
            "reason": self.reason,
            "reason_code": self.why.code,
            "template": self.why.template,
            "params": dict(self.why.params),
            "elapsed_ms": round(self.elapsed_s * 1000, 3),
            "positions": self.positions,
            "counter_line": [p.as_json() for p in self.counter_line],
        }
        if self.why.plural is not None:
            out["plural"] = self.why.plural
        if self.distribution is not None:
            out["distribution"] = [[str(c) for c in h] for h in self.distribution]
        return out


def check_claim(
    pos: Position,
    claim: Claim,
    *,
    budget_s: float = DEFAULT_BUDGET_S,
    clock: Callable[[], float] = time.perf_counter,
) -> Verdict:
    """Decide ``claim`` in ``pos`` within ``budget_s`` seconds measured by ``clock``."""
    check_claim_kind(pos, claim)
    run = _Run(claim, clock, clock(), budget_s)
    model = needs_model_search(pos, claim)
    if not pos.all_known and (model or knowledge_of(pos).out_of_play > 0) and _pooled_model_holds(pos, run):
        return run.verdict(HOLDS, Note("holds", "The claimant makes it however the unseen cards lie."))
    if model:
        return _check_by_model(pos, run)
    if pos.all_known:
        return _check_known(pos, run)
    if not any_deal(pos):
        why = Note("no_deal", "No deal of the unseen cards fits the record (hand sizes, shown voids).")
        return run.verdict(UNDETERMINED, why)
    pins: dict[Card, int] = {}
    if knowledge_of(pos).out_of_play == 0:
        # The fast pooled game's opponents play until the pool is empty: only sound when the
        # unseen cards are exactly the unknown hands (none lies out of play).
        pooled = FAST_ENGINE(pos, claim, pool_mode=True, clock=clock, deadline=run.deadline)
        try:
            if pooled.solve(run.need(pos)):
                run.nodes = pooled.stats.nodes
                return run.verdict(HOLDS, Note("holds", "The claimant makes it however the unseen cards lie."))
            pins = pins_from_line(pos, pooled.counter_line(run.need(pos)))
        except TIMEOUTS:
            pass  # the pooled game is only a shortcut: go on to the deals if time is left
        run.nodes = pooled.stats.nodes
    return _check_deals(pos, run, pins)


@dataclass
class _Run:
    """One check: the claim, the clock and budget, and the positions searched so far."""

    claim: Claim
    clock: Callable[[], float]
    start: float
    budget_s: float
    nodes: int = 0

    @property
    def deadline(self) -> float:
        return self.start + self.budget_s

    def need(self, pos: Position) -> int:
        return claim_target(pos, self.claim) - claim_score(pos, self.claim)

    def verdict(self, status: str, why: Note, **kw: object) -> Verdict:
        return Verdict(status, self.claim, why, self.clock() - self.start, self.nodes, **kw)  # type: ignore[arg-type]


def _pooled_model_holds(pos: Position, run: _Run) -> bool:
    """The play model's pooled game (the fast one cannot take cards out of play or the rules only
    the play model knows), with half the budget; ``False`` also when it ran out of time."""
    if not pooled_applies(pos, run.claim):
        return False
    search = PooledSearch(pos, run.claim, clock=run.clock, deadline=run.start + run.budget_s / 2)
    try:
        return search.holds()
    except TIMEOUTS:
        return False
    finally:
        run.nodes = search.nodes


def _check_known(pos: Position, run: _Run) -> Verdict:
    """Every hand known: the fast search, exact."""
    need = run.need(pos)
    engine = FAST_ENGINE(pos, run.claim, clock=run.clock, deadline=run.deadline)
    try:
        nmp = run.claim.kind is ClaimKind.NO_MORE_POINTS
        ok = engine.solve_deepening(need) if nmp else engine.solve(need)
        if ok:
            return _done(run.verdict(HOLDS, Note("holds", "The claimant makes it against every defence.")), engine)
        line = tuple(engine.counter_line(need))
    except TIMEOUTS:
        run.nodes = engine.stats.nodes
        return run.verdict(UNDETERMINED, Note("time_budget", "The time budget ran out."))
    run.nodes = engine.stats.nodes
    return run.verdict(FAILS, Note("fails", "The others can beat it."), counter_line=line)


def _check_deals(pos: Position, run: _Run, pins: dict[Card, int]) -> Verdict:
    """Every deal the record allows, solved in turn (pinned deals first) until one beats the claim."""
    need = run.need(pos)
    tt: dict[object, list[int]] = {}
    deals = 0
    try:
        for hands in distributions(pos, pins, clock=run.clock, deadline=run.deadline):
            deals += 1
            engine = FAST_ENGINE(pos.with_hands(hands), run.claim, clock=run.clock, deadline=run.deadline, tt=tt)
            try:
                ok = engine.solve(need)
                line = () if ok else tuple(engine.counter_line(need))
            finally:
                run.nodes += engine.stats.nodes
            if not ok:
                why = Note("fails", "The others can beat it if the cards lie as shown (deal %(deal)s).", deal=deals)
                return run.verdict(FAILS, why, counter_line=line, distribution=hands)
            if run.clock() > run.deadline:
                raise Timeout
    except TIMEOUTS:
        why = Note("time_budget", "The time budget ran out (possible deals checked: %(count)s).", count=deals)
        return run.verdict(UNDETERMINED, why)
    if deals == 0:
        return run.verdict(UNDETERMINED, Note("no_deal", "No deal of the unseen cards fits the record."))
    why = Note("holds", "The claimant makes it in every possible deal (%(count)s in all).", count=deals)
    return run.verdict(HOLDS, why)


def _done(v: Verdict, engine: Engine) -> Verdict:
    return Verdict(v.status, v.claim, v.why, v.elapsed_s, engine.stats.nodes, v.counter_line, v.distribution)


def _check_by_model(pos: Position, run: _Run) -> Verdict:
    """The claim searched over the play model (house rules the fast search does not model): the
    same answers, every deal of the unseen cards in turn when some hands are unknown."""
    deals = [pos.hands] if pos.all_known else distributions(pos, clock=run.clock, deadline=run.deadline)
    count = 0
    try:
        for hands in deals:
            count += 1
            full = pos if pos.all_known else pos.with_hands(hands)  # type: ignore[arg-type]
            search = ModelSearch(full, run.claim, clock=run.clock, deadline=run.deadline)
            try:
                ok = search.holds()
                line = () if ok else tuple(search.counter_line())
            finally:
                run.nodes += search.nodes
            if not ok:
                if pos.all_known:
                    return run.verdict(FAILS, Note("fails", "The others can beat it."), counter_line=line)
                why = Note("fails", "The others can beat it if the cards lie as shown (deal %(deal)s).", deal=count)
                return run.verdict(FAILS, why, counter_line=line, distribution=hands)
    except TIMEOUTS:
        return run.verdict(UNDETERMINED, Note("time_budget", "The time budget ran out."))
    if count == 0:
        return run.verdict(UNDETERMINED, Note("no_deal", "No deal of the unseen cards fits the record."))
    if pos.all_known:
        return run.verdict(HOLDS, Note("holds", "The claimant makes it against every defence."))
    why = Note("holds", "The claimant makes it in every possible deal (%(count)s in all).", count=count)
    return run.verdict(HOLDS, why)
