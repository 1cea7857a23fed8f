#!/usr/bin/env python3
"""Time the README's first command on a fresh clone: ``python3 scripts/run.py`` until the app answers.

    python3 bench/first_run.py                       # clone this checkout's HEAD into a temporary folder
    python3 bench/first_run.py --cold-native         # an empty native-build cache (the background build)
    python3 bench/first_run.py --port 8701 --keep    # another port; keep the clone
    python3 bench/first_run.py --ref 98baee7         # another commit (side by side with a base)

A fresh clone and a fresh .venv each time; pip's own cache is the machine's (as on a second clone).
Prints the seconds to the first 200 from /healthz and from the demo's home page, and whether the
compiled claim search was ready by then. Stops the server (its process group) at the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def _log(server: subprocess.Popen[str], path: Path, start: float) -> None:
    """The server's output with the seconds since the start; the set-up steps printed as they begin."""
    with open(path, "w") as log:
        for line in server.stdout or ():
            stamp = f"{time.monotonic() - start:6.1f} s  {line}"
            log.write(stamp)
            log.flush()
            if line.startswith("» "):
                print(stamp, end="", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8701)
    parser.add_argument("--cold-native", action="store_true", help="use an empty cache of compiled builds")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--ref", help="check out this commit in the clone (default: HEAD)")
    args = parser.parse_args()
    temp = Path(tempfile.mkdtemp(prefix="companion-first-run-"))
    clone = temp / "companion"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    if args.ref:
        subprocess.run(["git", "-C", str(clone), "checkout", "-q", args.ref], check=True)
    env = {**os.environ, "COMPANION_ADDRESS": f"127.0.0.1:{args.port}"}
    for name in ("DATABASE_URL", "REDIS_URL", "VIRTUAL_ENV"):
        env.pop(name, None)
    if args.cold_native:
        env["COMPANION_NATIVE_CACHE"] = str(temp / "native-cache")
    start = time.monotonic()
    server = subprocess.Popen(
        [sys.executable, "-u", "scripts/run.py"],
        cwd=clone,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        text=True,
    )
    threading.Thread(target=_log, args=(server, temp / "run.log", start), daemon=True).start()
    base = f"http://127.0.0.1:{args.port}"
    healthz = home = None
    try:
        while time.monotonic() - start < 600 and server.poll() is None and home is None:
            if healthz is None and answers(base + "/healthz"):
                healthz = time.monotonic() - start
            if healthz is not None and answers(base + "/"):
                home = time.monotonic() - start
            time.sleep(0.5)
        compiled = (clone / "scoring" / "claims" / "_native" / "BUILT_FROM").exists()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()
    print(f"first 200 from /healthz: {healthz:.1f} s" if healthz else "no answer from /healthz")
    print(f"first 200 from /: {home:.1f} s" if home else "no answer from /")
    print(f"compiled claim search in place at that moment: {compiled}")
    print(f"log: {temp / 'run.log'}")
    if not args.keep:
        time.sleep(1)
        shutil.rmtree(temp, ignore_errors=True)
    return 0 if home else 1


if __name__ == "__main__":
    sys.exit(main())
