"""Layering and the offline tools: scoring imports no Django; ``python -m scoring replay`` exits 0/1/2."""

from __future__ import annotations

import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import scoring

ROOT = Path(__file__).resolve().parent.parent.parent
RECORDS = ROOT / "tests" / "data" / "records"


def test_importing_every_scoring_module_pulls_in_no_django() -> None:
    modules = [m.name for m in pkgutil.walk_packages(scoring.__path__, "scoring.")]
    assert "scoring.hearts.engine" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'rest_framework', 'companion', 'api', 'celery'))\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("name", "status", "output"),
    [
        ("service-hearts-finished.json", 0, '"finished": true'),
        ("service-hearts-rules-broken.json", 1, "points_must_total_26 at seq 2"),
        ("service-hearts-malformed.json", 2, "malformed_json"),
    ],
)
def test_scoring_replay_exits_0_1_or_2(name: str, status: int, output: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scoring", "replay", str(RECORDS / name)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == status, result.stderr
    assert output in result.stdout + result.stderr


@pytest.mark.parametrize(("require", "status", "words"), [("0", 0, " skipped"), ("1", 1, " error")])
def test_integration_tests_skip_visibly_or_fail_when_services_are_required(
    require: str, status: int, words: str
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["COMPANION_REQUIRE_SERVICES"] = require
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/integration"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == status, result.stdout
    assert words in result.stdout
    assert " passed" not in result.stdout
