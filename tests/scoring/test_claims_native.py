"""The compiled claim search (mypyc, scripts/build_native.py) against the pure-Python one it is
compiled from, and both against the plain reference, on the benchmark's own positions."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from scoring.claims import check_claim, native
from scoring.claims.games import claim_score, claim_target
from scoring.claims.position import claim_from_json, position_from_json
from scoring.claims.solver import Engine
from tests.scoring.claims_reference import reference_holds, reference_holds_unknown

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[2] / "bench" / "claims_positions.json").read_text()
)["cases"]


def _size(case: dict[str, Any]) -> int:
    return int(case["group"].rsplit("/", 1)[1])


def _solve(engine_class: type[Engine], case: dict[str, Any]) -> tuple[bool, int, list[str]]:
    pos = position_from_json(case["position"])
    claim = claim_from_json(case["claim"])
    need = claim_target(pos, claim) - claim_score(pos, claim)
    engine = engine_class(pos, claim, clock=time.process_time, deadline=time.process_time() + 60)
    ok = engine.solve(need)
    line = [] if ok else [str(p) for p in engine.counter_line(need)]
    return ok, engine.stats.nodes, line


@pytest.mark.skipif(not native.COMPILED, reason="the compiled claim search is not built (no C compiler?)")
def test_the_compiled_search_is_the_pure_search_on_the_benchmark_positions() -> None:
    """Same verdict, same number of positions searched, same counter-line: the same search."""
    known = [c for c in CASES if c["group"].startswith("known/") and _size(c) <= 6]
    assert len(known) > 300
    for case in known:
        assert _solve(native.FAST_ENGINE, case) == _solve(Engine, case), case


def test_the_loader_refuses_a_build_of_other_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stamp = tmp_path / "BUILT_FROM"
    stamp.write_text("0" * 64 + "\n")
    monkeypatch.setattr(native, "STAMP", stamp)
    assert native._load_native() is None
    stamp.write_text(native.sources_hash() + "\n")
    monkeypatch.setenv("COMPANION_PURE_CLAIMS", "1")
    assert native._load_native() is None


def test_benchmark_verdicts_equal_the_reference_on_small_positions() -> None:
    """Every benchmark claim small enough for the plain minimax reference (and, with hands
    unknown, its enumeration of every deal) gets the reference's verdict."""
    checked = 0
    for case in CASES:
        if _size(case) > 3 or (case["group"].startswith("claimant_only/") and _size(case) > 2):
            continue
        pos = position_from_json(case["position"])
        claim = claim_from_json(case["claim"])
        ref = reference_holds(pos, claim) if pos.all_known else reference_holds_unknown(pos, claim)
        expected = {True: "holds", False: "fails", None: "undetermined"}[ref]
        assert check_claim(pos, claim, budget_s=60).status == expected, case
        checked += 1
    assert checked > 250
