"""Shared by scripts/run.py and scripts/test.py: make sure ``.venv`` exists with the pinned tools.

Only the standard library is used here, because a fresh machine has nothing but python3.11.
The venv is (re)built when it is missing or when requirements*.txt changed since it was built
(a sha256 stamp is kept in ``.venv/companion-requirements.sha256``).
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
STAMP = VENV / "companion-requirements.sha256"
REQUIREMENTS = (ROOT / "requirements.txt", ROOT / "requirements-dev.txt")


def venv_bin(name: str) -> Path:
    return VENV / ("Scripts" if os.name == "nt" else "bin") / name


def requirements_hash() -> str:
    digest = hashlib.sha256()
    for path in REQUIREMENTS:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_venv() -> Path:
    """Return the venv's python, creating/updating the venv first if needed."""
    python = venv_bin("python")
    wanted = requirements_hash()
    if python.exists() and STAMP.exists() and STAMP.read_text().strip() == wanted:
        return ensure_native(python)
    if sys.version_info < (3, 11):  # noqa: UP036 - this file runs before the venv exists
        sys.exit(f"Companion needs Python 3.11 or newer, not {sys.version.split()[0]}.")
    if not python.exists():
        print(f"» creating {VENV.relative_to(ROOT)}", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    print("» installing requirements-dev.txt (pinned)", flush=True)
    run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", "--upgrade", "pip"])
    run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", str(REQUIREMENTS[1])])
    STAMP.write_text(wanted + "\n")
    return ensure_native(python)


def ensure_native(python: Path) -> Path:
    """Compile the claim search with mypyc when its sources changed (scripts/build_native.py);
    a failed build only means the pure-Python search runs."""
    subprocess.call([str(python), str(ROOT / "scripts" / "build_native.py")], cwd=ROOT)
    return python


def run(command: list[str], *, env: dict[str, str] | None = None, check: bool = True) -> int:
    print("»", " ".join(command), flush=True)
    code = subprocess.call(command, cwd=ROOT, env=env)
    if check and code != 0:
        sys.exit(code)
    return code
