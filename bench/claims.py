"""Claim checker benchmark.

    python bench/claims.py generate   # rewrite bench/claims_positions.json (fixed seeds)
    python bench/claims.py generate known/hearts   # one part (parts can run in parallel), then merge
    python bench/claims.py run        # p50/p95/p99 per group, speed-up over plain minimax
    python bench/claims.py run --no-minimax [--only known/thousand] [--max-size 8]   # budgets only

Times are CPU seconds of this process (``time.process_time``): the benchmark machine is shared by
several agents, so wall-clock time mostly measures the neighbours. Wall time is printed too.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.claims import Claim, ClaimKind, Position, check_claim
from scoring.claims.games import claim_score, claim_target
from scoring.claims.position import (
    claim_from_json,
    claim_to_json,
    position_from_json,
    position_to_json,
)
from scoring.claims.samples import hide_others, random_position
from scoring.claims.solver import Engine

HERE = Path(__file__).resolve().parent
DATA = HERE / "claims_positions.json"
SIZES = {"hearts": range(1, 14), "thousand": range(1, 9), "bourre": range(1, 6)}
UNKNOWN_SIZES = {"hearts": range(1, 6), "thousand": range(1, 5), "bourre": range(1, 4)}


# ------------------------------------------------------------------------------------- generation
def _holds(pos: Position, claim: Claim) -> bool | None:
    v = check_claim(pos, claim, budget_s=3, clock=time.process_time)
    return None if v.status == "undetermined" else v.status == "holds"


def _best_tricks(pos: Position, claimant: int) -> int | None:
    """The most tricks the claimant can make (largest N whose claim holds), by bisection."""
    lo, hi = 0, pos.remaining_tricks
    while lo < hi:
        mid = (lo + hi + 1) // 2
        r = _holds(pos, Claim(ClaimKind.AT_LEAST, claimant, tricks=mid))
        if r is None:
            return None
        lo, hi = (mid, hi) if r else (lo, mid - 1)
    return lo


def _best_contract(pos: Position, claimant: int) -> int | None:
    lo, hi = claim_score(pos, Claim(ClaimKind.CONTRACT, claimant)), 400
    while lo < hi:
        mid = (lo + hi + 1) // 2
        r = _holds(pos, Claim(ClaimKind.CONTRACT, claimant, bid=mid))
        if r is None:
            return None
        lo, hi = (mid, hi) if r else (lo, mid - 1)
    return lo


def _claims(rng: random.Random, pos: Position, exact: bool) -> list[Claim]:
    c = rng.randrange(pos.seats)
    if pos.hands[c] is None:
        c = next(i for i, h in enumerate(pos.hands) if h is not None)
    claims = [Claim(ClaimKind.ALL_TRICKS, c)]
    if exact:
        best = _best_tricks(pos, c)
        if best is not None:
            if best >= 1:
                claims.append(Claim(ClaimKind.AT_LEAST, c, tricks=best))  # holds, just
            if best + 1 <= pos.remaining_tricks:
                claims.append(Claim(ClaimKind.AT_LEAST, c, tricks=best + 1))  # fails, just
        else:  # the generator could not find the threshold in its budget: keep a hard claim anyway
            claims.append(Claim(ClaimKind.AT_LEAST, c, tricks=max(1, pos.remaining_tricks // 3)))
    else:
        claims.append(Claim(ClaimKind.AT_LEAST, c, tricks=rng.randint(1, pos.remaining_tricks)))
    if pos.game == "hearts":
        claims.append(Claim(ClaimKind.NO_MORE_POINTS, c))
    if pos.game == "thousand":
        if exact:
            best = _best_contract(pos, c)
            if best is not None:
                claims += [Claim(ClaimKind.CONTRACT, c, bid=best), Claim(ClaimKind.CONTRACT, c, bid=best + 1)]
            else:
                have = claim_score(pos, Claim(ClaimKind.CONTRACT, c))
                claims.append(Claim(ClaimKind.CONTRACT, c, bid=have + 30))
        else:
            have = claim_score(pos, Claim(ClaimKind.CONTRACT, c))
            claims.append(Claim(ClaimKind.CONTRACT, c, bid=have + rng.randint(0, 60)))
    return claims


def generate(only: str | None = None) -> None:
    """Write the cases of one part (``known/hearts`` …) or of all parts, then merge the parts."""
    parts = [f"known/{g}" for g in SIZES] + [f"claimant_only/{g}" for g in UNKNOWN_SIZES]
    for part in parts if only is None else [only]:
        mode, game = part.split("/")
        cases: list[dict[str, Any]] = []
        sizes = SIZES[game] if mode == "known" else UNKNOWN_SIZES[game]
        for size in sizes:
            rng = random.Random(f"{mode}-{game}-{size}")
            count = (12 if game == "hearts" and size == 13 else 8) if mode == "known" else 12 if game == "hearts" else 6
            for _ in range(count):
                if mode == "known":
                    players = rng.randint(2, 6) if game == "bourre" else None
                    pos = random_position(rng, game, size, players=players)
                    for claim in _claims(rng, pos, exact=True):
                        cases.append(_case(mode, game, size, pos, claim))
                else:
                    players = rng.randint(2, 5) if game == "bourre" else None
                    full = random_position(rng, game, size, players=players)
                    for claim in _claims(rng, full, exact=False):
                        hidden = hide_others(rng, full, claim.claimant)
                        cases.append(_case(mode, game, size, hidden, claim))
            print("generated", part, size, len(cases), file=sys.stderr, flush=True)
        (HERE / f".claims_part_{mode}_{game}.json").write_text(json.dumps(cases))
    merge()


def merge() -> None:
    cases: list[dict[str, Any]] = []
    for mode, games in (("known", SIZES), ("claimant_only", UNKNOWN_SIZES)):
        for game in games:
            part = HERE / f".claims_part_{mode}_{game}.json"
            if part.exists():
                cases += json.loads(part.read_text())
    DATA.write_text(json.dumps({"version": 1, "cases": cases}, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {len(cases)} cases to {DATA}")


def _case(mode: str, game: str, size: int, pos: Position, claim: Claim) -> dict[str, Any]:
    v = check_claim(pos, claim, budget_s=6, clock=time.process_time)
    return {
        "group": f"{mode}/{game}/{size}",
        "position": position_to_json(pos),
        "claim": claim_to_json(claim),
        "expected": v.status,
    }


# ------------------------------------------------------------------------------------- plain minimax
class _Slow(Exception):
    pass


def plain_minimax(pos: Position, claim: Claim, limit_s: float) -> tuple[bool, float]:
    """The comparison: exact minimax value over every legal card, no bounds, no table, no
    equivalence (the same bitmask move generator, so only the search differs)."""
    e = Engine(pos, claim)
    deadline = time.process_time() + limit_s
    nodes = 0

    def value() -> int:
        nonlocal nodes
        nodes += 1
        if nodes & 1023 == 0 and time.process_time() > deadline:
            raise _Slow
        if not e.allm and not e.trick:
            return 0
        seat = e.to_act()
        legal = e.legal_mask(seat)
        moves = [c for c in range(64) if legal >> c & 1]
        if not e.trick:  # Thousand: each K or Q of a marriage may be led with or without announcing
            moves += [c | 64 for c in moves if e.announce_ok(seat, c)]
        best: int | None = None
        for m in moves:
            g = e.push(m)
            v = g + value()
            e.pop()
            if best is None or (v > best if seat == claim.claimant else v < best):
                best = v
        assert best is not None
        return best

    t0 = time.process_time()
    need = claim_target(pos, claim) - claim_score(pos, claim)
    ok = value() >= need
    return ok, time.process_time() - t0


# ------------------------------------------------------------------------------------- running
def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, round(p / 100 * len(xs) + 0.5) - 1))
    return xs[k]


def run(minimax_limit_s: float = 3.0, *, minimax: bool = True, only: str = "", max_size: int = 99) -> None:
    data = json.loads(DATA.read_text())
    rows: list[dict[str, Any]] = []
    mismatches = 0
    for index, case in enumerate(data["cases"]):
        if not case["group"].startswith(only) or int(case["group"].rsplit("/", 1)[1]) > max_size:
            continue
        pos = position_from_json(case["position"])
        claim = claim_from_json(case["claim"])
        w0 = time.perf_counter()
        c0 = time.process_time()
        v = check_claim(pos, claim, budget_s=2.0, clock=time.process_time)
        cpu = time.process_time() - c0
        wall = time.perf_counter() - w0
        if v.status != case["expected"] and v.status != "undetermined":
            mismatches += 1
            print(f"case {index} ({case['group']}): {v.status}, generated {case['expected']}", flush=True)
        rows.append(
            {**case, "index": index, "cpu": cpu, "wall": wall, "status": v.status, "positions": v.positions, "pos": pos}
        )
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        mode, game, size = r["group"].split("/")
        groups.setdefault(r["group"], []).append(r)
        if mode == "known" and int(size) <= 8:
            groups.setdefault("BUDGET known, <=8 cards, all games (p99 <= 50 ms)", []).append(r)
        if mode == "known" and game == "hearts" and size == "13":
            groups.setdefault("BUDGET known, Hearts 13 cards (p95 <= 1 s)", []).append(r)
        if mode == "claimant_only" and game == "hearts":
            groups.setdefault("BUDGET claimant-only, Hearts <=5 cards (p95 <= 1 s)", []).append(r)
    print(f"{'group':58} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} {'wall p95':>8}  verdicts")
    for name in sorted(groups, key=lambda g: (not g.startswith("BUDGET"), _order(g))):
        rs = groups[name]
        cpu = [r["cpu"] * 1000 for r in rs]
        wall = [r["wall"] * 1000 for r in rs]
        counts: dict[str, int] = {}
        for r in rs:
            counts[r["status"]] = counts.get(r["status"], 0) + 1
        verdicts = " ".join(f"{k}={counts[k]}" for k in sorted(counts))
        print(
            f"{name:58} {len(rs):4d} {pct(cpu, 50):8.1f} {pct(cpu, 95):8.1f} {pct(cpu, 99):8.1f} {max(cpu):8.1f}"
            f" {pct(wall, 95):8.1f}  {verdicts}"
        )
    print(f"verdicts differing from the generated expectation (undetermined aside): {mismatches}")
    print()
    print("budget groups by claim kind (CPU ms)")
    for name in sorted(g for g in groups if g.startswith("BUDGET")):
        kinds: dict[str, list[float]] = {}
        for r in groups[name]:
            kinds.setdefault(r["claim"]["kind"], []).append(r["cpu"] * 1000)
        for kind, xs in sorted(kinds.items()):
            label = f"{name.split('(')[0].replace('BUDGET ', '').strip()} / {kind}"
            print(f"  {label:56} {len(xs):4d} {pct(xs, 50):8.1f} {pct(xs, 95):8.1f} {pct(xs, 99):8.1f} {max(xs):8.1f}")
    print()
    print("slowest claims (case index, group, claim, positions searched, CPU ms)")
    for r in sorted(rows, key=lambda r: -r["cpu"])[:12]:
        c = r["claim"]
        what = f"{c['kind']} {c.get('tricks') or c.get('bid') or ''}".strip()
        print(
            f"  {r['index']:5d} {r['group']:24} {what:18} {r['status']:12} {r['positions']:9d} {r['cpu'] * 1000:9.1f}"
        )
    if minimax:
        print()
        _speed_up(rows, minimax_limit_s)


def _speed_up(rows: list[dict[str, Any]], minimax_limit_s: float) -> None:
    print("speed-up over plain minimax (all hands known; CPU time; same positions and claims)")
    print(f"{'game/size':16} {'n':>3} {'minimax total s':>16} {'fast total s':>13} {'speed-up':>9} {'timeouts':>9}")
    for game, sizes in (("hearts", range(1, 8)), ("thousand", range(1, 9)), ("bourre", range(1, 6))):
        for size in sizes:
            rs = [r for r in rows if r["group"] == f"known/{game}/{size}"][:8]
            slow_total = fast_total = 0.0
            timeouts = 0
            for r in rs:
                try:
                    ok, t = plain_minimax(r["pos"], claim_from_json(r["claim"]), minimax_limit_s)
                    assert (ok and r["status"] == "holds") or (not ok and r["status"] == "fails")
                except _Slow:
                    timeouts += 1
                    t = minimax_limit_s
                slow_total += t
                fast_total += r["cpu"]
            if rs:
                print(
                    f"{game + '/' + str(size):16} {len(rs):3d} {slow_total:16.3f} {fast_total:13.4f}"
                    f" {slow_total / max(fast_total, 1e-9):8.1f}x {timeouts:9d}"
                )
            if timeouts == len(rs):
                break


def _order(g: str) -> tuple[str, str, int]:
    parts = g.split("/")
    if len(parts) == 3:
        return parts[0], parts[1], int(parts[2])
    return g, "", 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "generate":
        generate(sys.argv[2] if len(sys.argv) > 2 else None)
    elif len(sys.argv) > 1 and sys.argv[1] == "merge":
        merge()
    else:
        args = sys.argv[2:]
        only = args[args.index("--only") + 1] if "--only" in args else ""
        max_size = int(args[args.index("--max-size") + 1]) if "--max-size" in args else 99
        run(minimax="--no-minimax" not in args, only=only, max_size=max_size)
