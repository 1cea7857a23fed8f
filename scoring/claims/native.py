"""Which claim search runs: the mypyc-compiled copy of the search modules when it was built from
the current sources, else the pure-Python modules.

The pure-Python modules (:mod:`~scoring.claims.bits`, :mod:`~scoring.claims.fastrules`,
:mod:`~scoring.claims.bounds`, :mod:`~scoring.claims.solver`) are the source of both: the set-up
command (``scripts/build_native.py``, called by ``scripts/test.py`` and ``scripts/run.py``)
compiles copies of them into ``scoring/claims/_native/`` and records the hash of the sources it
compiled. A stale build (sources edited since) is ignored, so the compiled search never differs
from the code in the tree. ``COMPANION_PURE_CLAIMS=1`` forces the pure-Python search (the
reference the tests compare the compiled one with).
"""

from __future__ import annotations

import hashlib
import importlib
import os
from pathlib import Path
from typing import Any

from scoring.claims.solver import Engine, Timeout

HERE = Path(__file__).resolve().parent
NATIVE_DIR = HERE / "_native"
STAMP = NATIVE_DIR / "BUILT_FROM"
MODULES = ("bits", "fastrules", "bounds", "ranktable", "solver")


def sources_hash() -> str:
    digest = hashlib.sha256()
    for name in MODULES:
        digest.update((HERE / f"{name}.py").read_bytes())
    return digest.hexdigest()


def _load_native() -> Any:
    if os.environ.get("COMPANION_PURE_CLAIMS", "") not in ("", "0"):
        return None
    try:
        if STAMP.read_text().strip() != sources_hash():
            return None  # built from other sources: never run code that is not the tree's
        return importlib.import_module("scoring.claims._native.solver")
    except (OSError, ImportError):
        return None


_NATIVE = _load_native()
#: The engine class check_claim uses, and the exceptions meaning "the time budget ran out".
FAST_ENGINE: type[Engine] = Engine if _NATIVE is None else _NATIVE.Engine
TIMEOUTS: tuple[type[Exception], ...] = (Timeout,) if _NATIVE is None else (Timeout, _NATIVE.Timeout)
COMPILED = _NATIVE is not None

__all__ = ["COMPILED", "FAST_ENGINE", "TIMEOUTS", "sources_hash"]
