"""The random cross-checks draw the same positions whatever ``PYTHONHASHSEED`` is, so that a
failure they find reproduces (scoring/claims/samples.py). A card hashes as its name's string hash,
which the hash seed changes, so a draw that followed a set's iteration order would not.

The positions are generated in two interpreters with different hash seeds and compared through a
canonical text in which sets are sorted (a set's own ``repr`` follows its iteration order).
"""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
from pathlib import Path

from scoring.claims.games import apply_play, legal_plays
from scoring.claims.samples import hide_others, random_claim, random_position
from tests.scoring.test_claims_variants_crosscheck import _facts, _variant

ROOT = Path(__file__).resolve().parents[2]


def _canon(value: object) -> object:
    """A nested structure whose ``repr`` does not depend on the hash seed."""
    if isinstance(value, set | frozenset):
        return sorted((_canon(x) for x in value), key=repr)
    if isinstance(value, list | tuple):
        return [_canon(x) for x in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, [(f.name, _canon(getattr(value, f.name))) for f in dataclasses.fields(value)]]
    return repr(value)


def generated_text() -> str:
    """Positions, claims, hidden hands, card facts and random plays as the cross-checks draw them."""
    out: list[object] = []
    for game in ("hearts", "thousand", "bourre"):
        rng = random.Random(7 + len(game))
        for _ in range(25):
            full = random_position(rng, game, rng.choice((1, 2, 3)))
            claim = random_claim(rng, full)
            pos = _variant(rng, game, _facts(rng, full, hide_others(rng, full, claim.claimant), game))
            out += [full, claim, pos]
            while full.hands[full.to_act]:
                full = apply_play(full, rng.choice(legal_plays(full)))
                out.append(full)
    return "\n".join(repr(_canon(x)) for x in out)


def _generate(hash_seed: str) -> str:
    code = "from tests.scoring.test_samples_determinism import generated_text; print(generated_text())"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return done.stdout


def test_the_generated_positions_do_not_depend_on_the_hash_seed() -> None:
    first, second = _generate("1"), _generate("2")
    assert first.count("\n") > 200  # the sample is not empty
    assert first == second
