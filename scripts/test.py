#!/usr/bin/env python3
"""Run Companion's checks: ruff, ruff format --check, mypy, the import contract, pytest (tests/ and
scoring doctests, in parallel on every core), the rules wheel's engine tests without Django
(scripts/rules_wheel.py) and the phone UI's JavaScript unit tests (``node --test tests/web/js``;
skipped visibly without Node, a failure when COMPANION_REQUIRE_BROWSER=1, as in CI).

    python3 scripts/test.py                 # lint, types, tests (integration/browser tests skip visibly)
    python3 scripts/test.py -- -m "not slow"   # skip the slow ones (browser, servers started for real)
    python3 scripts/test.py -n 1            # one process (default: one per core; COMPANION_TEST_WORKERS)
    python3 scripts/test.py --integration   # the integration suite on PostgreSQL + Redis + a Celery worker
    python3 scripts/test.py -- -k events    # extra arguments after -- go to pytest

The integration run starts a Celery worker and Celery beat (the outbox sweep) and uses DATABASE_URL=postgres://postgres@127.0.0.1:5432/companion and
REDIS_URL=redis://127.0.0.1:6379/0 (override with COMPANION_IT_DATABASE_URL / COMPANION_IT_REDIS_URL) and
starts and stops its own Celery worker, pointed at the test database the suite creates.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import ROOT, ensure_native, ensure_venv, run, venv_bin

IT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/companion"
NO_TESTS_COLLECTED = 5
IT_REDIS_URL = "redis://127.0.0.1:6379/0"
#: the suite, and the tests elsewhere that need Redis (live updates between processes)
INTEGRATION_PATHS = [
    "tests/integration",
    "tests/service/test_live.py",
    "tests/deploy/test_production.py",
    "tests/deploy/test_single_host.py",
]
#: One test database per checkout, so two clones running CI at once do not drop each other's.
IT_TEST_DB = "companion_it_" + hashlib.sha256(str(ROOT).encode()).hexdigest()[:8]
ENSURE_DATABASE = """
import sys, psycopg
from psycopg import sql
url = sys.argv[1]
base, name = url.rsplit("/", 1)
with psycopg.connect(base + "/postgres", autocommit=True) as conn:
    if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
"""


def main_test_paths() -> list[str]:
    """Everything but the engine tests, which run once, against the installed wheel (rules_wheel.py);
    of tests/scoring only the tests about the repository (its docs, translation sources, the
    compiled search), and the engines' doctests in scoring/."""
    from rules_wheel import REPOSITORY_TESTS

    tests = sorted(p.name for p in (ROOT / "tests").iterdir() if p.is_dir() and (p / "__init__.py").exists())
    paths = [f"tests/{name}" for name in tests if name != "scoring"]
    top = sorted(f"tests/{p.name}" for p in (ROOT / "tests").glob("test_*.py"))  # e.g. the code-shape check
    return [*paths, *top, *(f"tests/scoring/{name}" for name in REPOSITORY_TESTS), "scoring"]


def checks(python: str, pytest_args: list[str], workers: int) -> int:
    failures = 0
    for command in (
        [str(venv_bin("ruff")), "check", "."],
        [str(venv_bin("ruff")), "format", "--check", "."],
        [python, "-m", "mypy", "."],
        [str(venv_bin("lint-imports"))],  # the layer contract in pyproject.toml
    ):
        failures += run(command, check=False) != 0
    parallel = ["-n", str(workers)] if workers > 1 else []
    code = run([python, "-m", "pytest", *parallel, *main_test_paths(), *pytest_args], check=False)
    # exit 5, no test selected: a -k or path meant for the engine tests, which the wheel run has
    failures += code not in ((0, NO_TESTS_COLLECTED) if pytest_args else (0,))
    # The engines as a library: their wheel, in a venv without Django, against tests/scoring.
    wheel_env = {**os.environ, "COMPANION_TEST_WORKERS": str(workers)}
    wheel = [python, str(ROOT / "scripts" / "rules_wheel.py"), "--", *pytest_args]
    failures += run(wheel, env=wheel_env, check=False) != 0
    failures += js_tests() != 0
    return failures


def js_tests() -> int:
    """The phone UI's unit tests with Node's own test runner (no npm packages needed)."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            print("» node is not installed, but COMPANION_REQUIRE_BROWSER=1 requires the JS unit tests", flush=True)
            return 1
        print("» SKIPPED the JS unit tests (tests/web/js): node is not installed (Node 20+)", flush=True)
        return 0
    return run([node, "--test", "tests/web/js/"], check=False)


def integration(python: str, pytest_args: list[str]) -> int:
    database_url = os.environ.get("COMPANION_IT_DATABASE_URL", IT_DATABASE_URL)
    base = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": os.environ.get("COMPANION_IT_REDIS_URL", IT_REDIS_URL),
    }
    base["DATABASE_TEST_NAME"] = IT_TEST_DB
    # Its own queue and worker name: another checkout's worker on the same Redis must not take our tasks.
    worker_name = f"companion-it-{os.getpid()}@{socket.gethostname()}"
    base["CELERY_QUEUE"] = f"companion-it-{IT_TEST_DB}-{os.getpid()}"
    base["COMPANION_IT_WORKER"] = worker_name
    # The worker talks to the database that pytest-django creates for the run (see companion/settings.py).
    worker_env = {**base, "DATABASE_URL": database_url.rsplit("/", 1)[0] + "/" + IT_TEST_DB}
    worker_env.pop("DATABASE_TEST_NAME")
    # Django connects to DATABASE_URL's own database before creating the test one: make sure it exists.
    if run([python, "-c", ENSURE_DATABASE, database_url], check=False) != 0:
        print(f"» cannot reach PostgreSQL at {database_url}", flush=True)
        return 1
    # Beat sweeps the outbox every 2 s and re-queues changes pending for 5 s (production: 30 s / 60 s).
    sweep = {"COMPANION_SWEEP_EVERY_S": "2", "COMPANION_OUTBOX_GRACE_S": "5"}
    worker_env.update(sweep)
    celery = [python, "-m", "celery", "-A", "companion"]
    worker = _start(
        [*celery, "worker", "--pool=solo", "--loglevel=INFO", "-n", worker_name], worker_env, "celery-it.log"
    )
    schedule = str(ROOT / "var" / f"celerybeat-it-{os.getpid()}")
    beat = _start([*celery, "beat", "--loglevel=INFO", "-s", schedule], worker_env, "celery-beat-it.log")
    try:
        time.sleep(1)
        for name, process in (("worker", worker), ("beat", beat)):
            if process.poll() is not None:
                print(f"» the Celery {name} exited at start; see var/celery-*-it.log", flush=True)
                return 1
        env = {**base, **sweep, "COMPANION_WORKER_RUNNING": "1"}
        return run(
            [python, "-m", "pytest", "-m", "integration", *INTEGRATION_PATHS, *pytest_args], env=env, check=False
        )
    finally:
        for process in (beat, worker):
            _stop(process)


def _start(command: list[str], env: dict[str, str], log_name: str) -> subprocess.Popen[bytes]:
    log = open(ROOT / "var" / log_name, "w")  # noqa: SIM115 - the child holds it until it exits
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    print(f"» started {' '.join(command[3:5])} pid {process.pid} (log: var/{log_name})", flush=True)
    return process


def _stop(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    print(f"» stopped pid {process.pid}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--integration", action="store_true", help="run the PostgreSQL/Redis/Celery suite")
    workers = os.environ.get("COMPANION_TEST_WORKERS") or str(os.cpu_count() or 1)
    parser.add_argument("-n", "--workers", type=int, default=int(workers), help="pytest processes (default: cores)")
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest (after --)")
    args = parser.parse_args()
    python = str(ensure_venv("dev"))
    ensure_native(Path(python), how="wait")
    (ROOT / "var").mkdir(exist_ok=True)
    if args.integration:
        code = integration(python, args.pytest_args)
    else:
        code = 1 if checks(python, args.pytest_args, args.workers) else 0
    print("» OK" if code == 0 else "» FAILED", flush=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
