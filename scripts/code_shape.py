#!/usr/bin/env python3
"""The shape of the project's functions: complexity, statements and length, held to a baseline.

Three measures, each with its threshold:

- ``C901``: cyclomatic complexity above 15 (ruff's mccabe),
- ``PLR0915``: more than 50 statements (ruff's pylint rule),
- ``LEN60``: a function longer than 60 lines, docstring included (measured here with ``ast``).

``scripts/code_shape_baseline.txt`` lists the functions that exceed one today (``path::function::measure``).
It may only shrink: a function that newly exceeds a threshold fails the check (split it into named
steps), and so does a baseline line that no longer applies (delete it, so it cannot come back).

    python3 scripts/code_shape.py            # check (run by tests/test_code_shape.py)
    python3 scripts/code_shape.py --write    # rewrite the baseline (only to remove lines)
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "scripts" / "code_shape_baseline.txt"
#: The packages held to the baseline: the product's code, not its tests, benchmarks or migrations.
PACKAGES = ("scoring", "companion", "league", "api", "web", "ops", "scripts")
MAX_COMPLEXITY = 15
MAX_LINES = 60


def _python_files(root: Path) -> list[Path]:
    return sorted(
        path for package in PACKAGES for path in (root / package).rglob("*.py") if "migrations" not in path.parts
    )


def _function_at(tree: ast.Module, line: int) -> str:
    """The qualified name of the innermost function defined at ``line``."""
    names: list[str] = []

    def visit(node: ast.AST, prefix: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                path = [*prefix, child.name]
                if child.lineno == line and not isinstance(child, ast.ClassDef):
                    names[:] = path
                visit(child, path)

    visit(tree, [])
    return ".".join(names) or f"line {line}"


def ruff_findings(ruff: str, root: Path) -> set[str]:
    """``path::function::rule`` for each ruff complexity or statements finding."""
    command = [ruff, "check", "--select", "C901,PLR0915", "--output-format", "json", "--exit-zero"]
    packages = [package for package in PACKAGES if (root / package).is_dir()]
    command += ["--config", f"lint.mccabe.max-complexity={MAX_COMPLEXITY}", *packages]
    found = json.loads(subprocess.run(command, cwd=root, capture_output=True, text=True, check=True).stdout)
    trees: dict[str, ast.Module] = {}
    out = set()
    for item in found:
        path = Path(item["filename"]).resolve().relative_to(root.resolve()).as_posix()
        if "migrations" in path:
            continue
        tree = trees.setdefault(path, ast.parse((root / path).read_text()))
        out.add(f"{path}::{_function_at(tree, item['location']['row'])}::{item['code']}")
    return out


def long_functions(root: Path) -> set[str]:
    """``path::function::LEN60`` for each function longer than :data:`MAX_LINES` lines."""
    out = set()
    for path in _python_files(root):
        relative = path.relative_to(root).as_posix()

        def visit(node: ast.AST, prefix: list[str], relative: str = relative) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    name = [*prefix, child.name]
                    lines = (child.end_lineno or child.lineno) - child.lineno + 1
                    if not isinstance(child, ast.ClassDef) and lines > MAX_LINES:
                        out.add(f"{relative}::{'.'.join(name)}::LEN60")
                    visit(child, name)

        visit(ast.parse(path.read_text()), [])
    return out


def measure(ruff: str, root: Path = ROOT) -> set[str]:
    return ruff_findings(ruff, root) | long_functions(root)


def baseline() -> set[str]:
    lines = BASELINE.read_text().splitlines() if BASELINE.exists() else []
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def compare(current: set[str], allowed: set[str]) -> list[str]:
    """What is wrong: new findings, and baseline lines that no longer apply."""
    problems = [f"new: {item} (split the function into named steps)" for item in sorted(current - allowed)]
    problems += [f"fixed: {item} (delete this line from the baseline)" for item in sorted(allowed - current)]
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="rewrite the baseline with today's findings")
    parser.add_argument("--ruff", default=str(Path(sys.executable).parent / "ruff"))
    parser.add_argument("--root", type=Path, default=ROOT, help="measure another tree (prints what it finds)")
    parser.add_argument("--list", action="store_true", help="print the findings instead of checking them")
    args = parser.parse_args()
    current = measure(args.ruff, args.root)
    if args.list:
        print("".join(f"{item}\n" for item in sorted(current)), end="")
        return 0
    if args.write:
        header = "# Functions over a threshold (scripts/code_shape.py). This list may only shrink.\n"
        BASELINE.write_text(header + "".join(f"{item}\n" for item in sorted(current)))
        print(f"wrote {len(current)} lines to {BASELINE.relative_to(ROOT)}")
        return 0
    problems = compare(current, baseline())
    for problem in problems:
        print(problem)
    print(f"code shape: {len(current)} baseline functions, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
