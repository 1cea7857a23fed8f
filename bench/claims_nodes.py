"""Positions searched by the fast claim search on the known-hands benchmark cases.

    python bench/claims_nodes.py [--cap 300000] [--only known/hearts] [--sizes 9,10,11,12]

Unlike ``bench/claims.py`` this counts positions, not seconds: the count does not depend on the
machine's load, so two versions of a search change (move order, a bound) can be compared exactly,
one after the other, on a shared machine. It runs the pure-Python search (``scoring.claims.solver``)
the way ``check_claim`` runs it for all-known hands, stops a claim after ``--cap`` positions
(reported as undetermined) and checks every decided verdict against the stored expectation.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.claims import ClaimKind
from scoring.claims.bits import Timeout
from scoring.claims.games import claim_score, claim_target
from scoring.claims.position import claim_from_json, position_from_json
from scoring.claims.solver import Engine

DATA = Path(__file__).resolve().parent / "claims_positions.json"


def count(case: dict[str, object], cap: int, plain_table: bool = False) -> tuple[str, int]:
    """(verdict, positions searched) of one stored case, at most about ``cap`` positions."""
    pos = position_from_json(case["position"])  # type: ignore[arg-type]
    claim = claim_from_json(case["claim"])  # type: ignore[arg-type]
    need = claim_target(pos, claim) - claim_score(pos, claim)
    calls = [0]

    def clock() -> float:  # the engine asks the clock every 1024 positions: count the asks
        calls[0] += 1
        return float(calls[0])

    engine = Engine(pos, claim, clock=clock, deadline=cap / 1024)
    if plain_table:
        engine.ranked = False  # the table keyed by whole positions only (before relevant ranks)
    try:
        ok = engine.solve_deepening(need) if claim.kind is ClaimKind.NO_MORE_POINTS else engine.solve(need)
    except Timeout:
        return "undetermined", engine.stats.nodes
    return ("holds" if ok else "fails"), engine.stats.nodes


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cap", type=int, default=300_000)
    ap.add_argument("--only", default="known/hearts")
    ap.add_argument("--sizes", default="9,10,11,12")
    ap.add_argument("--cases", default="", help="only these case numbers (comma-separated)")
    ap.add_argument("--plain-table", action="store_true", help="without the relevant-ranks table")
    args = ap.parse_args()
    sizes = {int(x) for x in args.sizes.split(",")}
    total = mismatches = 0
    for index, case in enumerate(json.loads(DATA.read_text())["cases"]):
        group = case["group"]
        if not group.startswith(args.only) or int(group.rsplit("/", 1)[1]) not in sizes:
            continue
        if args.cases and str(index) not in args.cases.split(","):
            continue
        status, nodes = count(case, args.cap, args.plain_table)
        total += nodes
        if status != "undetermined" and case["expected"] != "undetermined" and status != case["expected"]:
            mismatches += 1
            print(f"MISMATCH case {index}: {status}, expected {case['expected']}")
        if nodes > 5000:
            print(f"{index:5} {group:18} {case['claim']['kind']:16} {status:13} {nodes:9}", flush=True)
    print(f"total positions {total}, verdicts differing from the expectation: {mismatches}")


if __name__ == "__main__":
    main()
