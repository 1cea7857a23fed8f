#!/usr/bin/env python3
"""Build the rule engines' wheel (companion-rules, scoring/pyproject.toml), install it into a clean
virtual environment without Django, and run the engine tests (tests/scoring) against the installed
wheel. A step of the test command (scripts/test.py); alone:

    .venv/bin/python scripts/rules_wheel.py            # build, install, test (pytest -n auto)
    .venv/bin/python scripts/rules_wheel.py -- -k tonk # extra arguments go to pytest

The wheel is built from a copy of scoring/ without the compiled claim search or caches, with the
project venv's setuptools (requirements-build.txt; no download). The tests run from a temporary
tree holding only tests/scoring, its data and the pytest settings, so ``import scoring`` can only
find the wheel; the run checks that, and that Django is not importable. The few tests about the
repository rather than the engines (its docs, its translation sources, the compiled search) are
left out here: the main run covers them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The engine tests' own tools, at the project's pins (requirements-dev.txt).
TEST_TOOLS = ("pytest", "pytest-xdist", "hypothesis", "jsonschema", "polib")
#: Tests of the repository around the engines (they read scripts/, docs/ or the .po sources): the
#: main run takes these, and only these, of tests/scoring (scripts/test.py).
REPOSITORY_TESTS = ("test_games_docs.py", "test_i18n.py", "test_claims_native.py")
NO_TESTS_COLLECTED = 5
CHECK_INSTALLED = """
import importlib.util, sys, scoring
assert "site-packages" in scoring.__file__, scoring.__file__
assert importlib.util.find_spec("django") is None, "Django is installed"
print("» scoring", scoring.__version__, "from", scoring.__file__)
"""


def pins(names: tuple[str, ...]) -> list[str]:
    lines = (ROOT / "requirements-dev.txt").read_text().splitlines()
    wanted = [line.strip() for line in lines if line.split("==")[0].split("[")[0].strip() in names]
    missing = set(names) - {line.split("==")[0] for line in wanted}
    if missing:
        sys.exit(f"requirements-dev.txt pins none of {sorted(missing)}")
    return wanted


def build_wheel(into: Path) -> Path:
    source = into / "src"
    shutil.copytree(ROOT / "scoring", source, ignore=shutil.ignore_patterns("__pycache__", "_native", "*.po"))
    (source / "claims" / "_native").mkdir()
    shutil.copy2(ROOT / "scoring" / "claims" / "_native" / "__init__.py", source / "claims" / "_native")
    wheels = into / "dist"
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels)]
    _run([*command, str(source)])
    (wheel,) = wheels.glob("companion_rules-*.whl")
    print(f"» built {wheel.name}", flush=True)
    return wheel


def test_tree(into: Path) -> Path:
    """tests/scoring with what it reads, and nothing named like a package called scoring."""
    tree = into / "tree"
    (tree / "tests").mkdir(parents=True)
    shutil.copy2(ROOT / "tests" / "__init__.py", tree / "tests" / "__init__.py")
    # tests/conftest.py is the Django suite's (users, API clients, settings): not for the engines.
    (tree / "tests" / "conftest.py").write_text('"""The engine tests need no shared fixtures."""\n')
    for name in ("scoring", "data"):
        shutil.copytree(ROOT / "tests" / name, tree / "tests" / name, ignore=shutil.ignore_patterns("__pycache__"))
    # test_i18n_summaries shares test_i18n's list of untranslated templates, read by scripts/i18n.py.
    (tree / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "i18n.py", tree / "scripts" / "i18n.py")
    (tree / "docs").mkdir()
    shutil.copy2(ROOT / "docs" / "record-format.schema.json", tree / "docs")
    # The pytest settings and markers, less pytest-django's (not installed here).
    settings = (ROOT / "pyproject.toml").read_text().splitlines(keepends=True)
    (tree / "pyproject.toml").write_text("".join(line for line in settings if not line.startswith("DJANGO_")))
    # The README's example (its doctest): a plain folder, no __init__.py, so `import scoring` still
    # finds the installed package (a regular package wins over a namespace folder, PEP 420).
    (tree / "scoring").mkdir()
    shutil.copy2(ROOT / "scoring" / "README.md", tree / "scoring" / "README.md")
    return tree


def main(pytest_args: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="companion-rules-") as temp:
        into = Path(temp)
        wheel = build_wheel(into)
        env_dir = into / "venv"
        venv.EnvBuilder(with_pip=True).create(env_dir)
        python = str(env_dir / "bin" / "python")
        pip = [python, "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        _run([*pip, str(wheel), *pins(TEST_TOOLS)])
        tree = test_tree(into)
        env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "DJANGO_SETTINGS_MODULE")}
        _run([python, "-c", CHECK_INSTALLED], cwd=tree, env=env)
        records = tree / "tests" / "data" / "records"
        _run(
            [str(env_dir / "bin" / "companion-rules"), "check", str(records / "thousand-mixed.json")], cwd=tree, env=env
        )
        ignored = [f"--ignore=tests/scoring/{name}" for name in REPOSITORY_TESTS]
        workers = os.environ.get("COMPANION_TEST_WORKERS", "auto")
        parallel = ["-n", workers] if workers not in ("0", "1") else []
        command = [python, "-m", "pytest", "-q", "-p", "no:django", *parallel, *ignored, "tests/scoring", *pytest_args]
        code = _run(command, cwd=tree, env=env, check=False)
        return 0 if code == NO_TESTS_COLLECTED else code  # a -k meant for the main run's tests


def _run(command: list[str], *, cwd: Path = ROOT, env: dict[str, str] | None = None, check: bool = True) -> int:
    print("»", " ".join(command), flush=True)
    code = subprocess.call(command, cwd=cwd, env=env)
    if check and code != 0:
        sys.exit(code)
    return code


def engine_args(args: list[str]) -> list[str]:
    """The test command's pytest arguments that mean something here: its options, and of the paths
    it names only those in tests/scoring (``-- tests/service/x.py`` is for the main run)."""
    kept = []
    for arg in args:
        path = arg.split("::", 1)[0]
        if not arg.startswith("-") and (ROOT / path).exists() and not path.startswith("tests/scoring"):
            continue
        kept.append(arg)
    return kept


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(engine_args(args[1:] if args[:1] == ["--"] else args)))
