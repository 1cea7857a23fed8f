"""The rules library's README (scoring/README.md): its ten-line example runs as written.

Run against the installed wheel, without Django (scripts/rules_wheel.py), like all of tests/scoring.
"""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_example_runs_as_written() -> None:
    # Hand-checked against docs/games/thousand.md: deal 1 Ann made 100 (+100), Bob and Cat took 10
    # each (no rounding needed); deal 2 Bob bid 100 and took 70 (−100), Ann 20, Cat 30.
    # Totals: Ann 100 + 20 = 120, Bob 10 − 100 = −90, Cat 10 + 30 = 40.
    readme = ROOT / "scoring" / "README.md"
    failed, attempted = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert attempted >= 10
    assert failed == 0
    assert "[120, -90, 40]" in readme.read_text()
