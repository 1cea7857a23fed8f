"""The complexity / statements / length baseline (scripts/code_shape.py) may only shrink.

The measures run in a process of their own: ``ast.parse`` in a pytest worker that has run browser
tests (greenlets) can fail with CPython 3.11's "AST constructor recursion depth mismatch"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import code_shape

SCRIPT = [sys.executable, str(code_shape.ROOT / "scripts" / "code_shape.py")]


def _shape(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SCRIPT, *args], capture_output=True, text=True, check=False, timeout=300)


def test_no_function_exceeds_a_threshold_beyond_the_baseline() -> None:
    checked = _shape()
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_measures_find_what_they_claim(tmp_path: Path) -> None:
    # A function of 61 lines and one with 16 branches: both measures must see them.
    body = "".join(f"    x{i} = {i}\n" for i in range(59))
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(16))
    source = f"def long_one() -> None:\n    '''doc'''\n{body}\n\ndef branchy(x: int) -> int:\n{branches}    return -1\n"
    (tmp_path / "scoring").mkdir()
    (tmp_path / "scoring" / "_shape_probe.py").write_text(source)
    found = set(_shape("--root", str(tmp_path), "--list").stdout.splitlines())
    assert "scoring/_shape_probe.py::long_one::LEN60" in found
    assert "scoring/_shape_probe.py::branchy::C901" in found
    assert "scoring/_shape_probe.py::branchy::LEN60" not in found


def test_a_new_finding_and_a_stale_line_are_both_problems() -> None:
    problems = code_shape.compare({"a.py::f::C901", "b.py::g::LEN60"}, {"a.py::f::C901", "c.py::h::PLR0915"})
    assert problems == [
        "new: b.py::g::LEN60 (split the function into named steps)",
        "fixed: c.py::h::PLR0915 (delete this line from the baseline)",
    ]
