"""Shared by scripts/run.py, serve.py and test.py: make sure ``.venv`` exists with the pinned packages.

Only the standard library is used here, because a fresh machine has nothing but python3.11.
Three sets of requirements, each installed only where it is needed:

* ``requirements.txt``: what the app needs to run (``run.py`` and ``serve.py`` install only these);
* ``requirements-build.txt``: what compiles the claim search (mypy's mypyc, setuptools), only on a
  machine that builds it (the test command, or ``run.py``'s build in the background);
* ``requirements-dev.txt``: the test and lint tools (the test command), which include both above.

A set is (re)installed when its files changed since it was installed: a sha256 stamp per set is kept
in ``.venv/companion-<set>.sha256``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
RUNTIME = ROOT / "requirements.txt"
BUILD = ROOT / "requirements-build.txt"
DEV = ROOT / "requirements-dev.txt"
#: Which requirement files each set is made of (its stamp hashes them all).
SETS: dict[str, tuple[Path, ...]] = {"runtime": (RUNTIME,), "build": (RUNTIME, BUILD), "dev": (RUNTIME, BUILD, DEV)}
#: The sets that a set contains (installing "dev" also satisfies "build" and "runtime").
CONTAINS = {"runtime": ("runtime",), "build": ("runtime", "build"), "dev": ("runtime", "build", "dev")}


def venv_bin(name: str) -> Path:
    return VENV / ("Scripts" if os.name == "nt" else "bin") / name


def requirements_hash(name: str) -> str:
    digest = hashlib.sha256()
    for path in SETS[name]:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _stamp(name: str) -> Path:
    return VENV / f"companion-{name}.sha256"


def installed(name: str) -> bool:
    stamp = _stamp(name)
    return venv_bin("python").exists() and stamp.exists() and stamp.read_text().strip() == requirements_hash(name)


def ensure_venv(requirements: str = "runtime") -> Path:
    """Return the venv's python, creating the venv or installing the named set first if needed."""
    python = venv_bin("python")
    if installed(requirements):
        return python
    if sys.version_info < (3, 11):  # noqa: UP036 - this file runs before the venv exists
        sys.exit(f"Companion needs Python 3.11 or newer, not {sys.version.split()[0]}.")
    if not python.exists():
        print(f"» creating {os.path.relpath(VENV, ROOT)}", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    top = {"runtime": RUNTIME, "build": BUILD, "dev": DEV}[requirements]
    print(f"» installing {top.name} (pinned)", flush=True)
    pip = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    if requirements == "build":  # requirements-build.txt does not include the runtime ones
        pip += ["-r", str(RUNTIME)]
    run([*pip, "-r", str(top)])
    for name in CONTAINS[requirements]:
        _stamp(name).write_text(requirements_hash(name) + "\n")
    return python


def ensure_native(python: Path, *, how: str) -> None:
    """The compiled claim search (scripts/build_native.py): taken from the cache of built modules
    when one was built from these sources (a second clone, an earlier run), otherwise

    * ``how="wait"``: built now (the test command: the tests compare it with the pure search);
    * ``how="background"``: built by a detached process while the pure-Python search serves
      (``run.py``: the first start is not kept waiting; the next start uses it);
    * ``how="cache-only"``: not built (``serve.py``: production hosts install no build tools).

    A failed build only means the pure-Python search runs."""
    build = [str(python), str(ROOT / "scripts" / "build_native.py")]
    if subprocess.call([*build, "--from-cache"], cwd=ROOT) == 0 or how == "cache-only":
        return
    if how == "wait":
        subprocess.call(build, cwd=ROOT)
        return
    (ROOT / "var").mkdir(exist_ok=True)
    log = ROOT / "var" / "native-build.log"
    with open(log, "w") as out:
        subprocess.Popen(
            [*build, "--install-tools"], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    print(f"» compiling the claim search in the background (log: var/{log.name}); until the next start", flush=True)
    print("  the pure-Python search serves (the same answers, slower on the longest claims)", flush=True)


def run(command: list[str], *, env: dict[str, str] | None = None, check: bool = True) -> int:
    print("»", " ".join(command), flush=True)
    code = subprocess.call(command, cwd=ROOT, env=env)
    if check and code != 0:
        sys.exit(code)
    return code
