#!/usr/bin/env python3
"""Start Companion for production: ``collectstatic``, then gunicorn (deploy/gunicorn.conf.py) and the
live server for the phones' event streams (deploy/gunicorn-live.conf.py, ASGI).

    python3 scripts/serve.py             # on $COMPANION_ADDRESS (default 127.0.0.1:8000) and
                                         # $COMPANION_LIVE_ADDRESS (default 127.0.0.1:8001; "off": none;
                                         # with REDIS_URL only)
    python3 scripts/serve.py --migrate   # migrate first: on ONE host, before a rollout
    python3 scripts/serve.py --prepare   # only create or update .venv (installation, upgrades)
    python3 scripts/serve.py --prepare --build-native   # also compile the claim search (installs
                                         # requirements-build.txt: mypy, setuptools) — optional

Installs only the runtime requirements (requirements.txt). The claim search runs compiled when a
build of these sources is in the cache (~/.cache/companion/native, scripts/build_native.py), else in
pure Python (the same answers; a long claim goes to the worker sooner).

Needs the production environment (DJANGO_DEBUG=false, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, ...):
see docs/deploy.md. Put nginx (deploy/nginx/companion.conf) in front of it.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import ROOT, ensure_native, ensure_venv, run, venv_bin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--migrate", action="store_true", help="run manage.py migrate first (one host only)")
    parser.add_argument("--no-collectstatic", action="store_true", help="static files are already collected")
    parser.add_argument("--prepare", action="store_true", help="only create or update .venv, then exit")
    parser.add_argument(
        "--build-native", action="store_true", help="compile the claim search (installs requirements-build.txt)"
    )
    args = parser.parse_args()
    python = str(ensure_venv("build" if args.build_native else "runtime"))
    ensure_native(Path(python), how="wait" if args.build_native else "cache-only")
    if args.prepare:
        return
    manage = str(ROOT / "manage.py")
    if args.migrate:
        run([python, manage, "migrate", "--noinput"])
    if not args.no_collectstatic:
        run([python, manage, "collectstatic", "--noinput", "-v", "0"])
    gunicorn = str(venv_bin("gunicorn"))
    os.chdir(ROOT)
    web = [gunicorn, "--config", str(ROOT / "deploy" / "gunicorn.conf.py")]
    # The live server hears the web server's entries through Redis only; without it the phones poll.
    redis = os.environ.get("COMPANION_LIVE_REDIS_URL", os.environ.get("REDIS_URL", ""))
    if not redis or os.environ.get("COMPANION_LIVE_ADDRESS", "").lower() == "off":
        print("» no live server (needs REDIS_URL): the phones poll", flush=True)
        os.execv(gunicorn, web)
    sys.exit(supervise([web, [gunicorn, "--config", str(ROOT / "deploy" / "gunicorn-live.conf.py")]]))


def supervise(commands: list[list[str]]) -> int:
    """Run both servers; pass TERM, INT and HUP on to them; when one ends, stop the other and end
    with its code (systemd, or whoever started us, then restarts the pair)."""
    children = [subprocess.Popen(command) for command in commands]

    def forward(signum: int, _frame: object) -> None:
        for child in children:
            if child.poll() is None:
                child.send_signal(signum)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, forward)
    pid, status = os.wait()
    code = os.waitstatus_to_exitcode(status)
    for child in children:
        if child.pid != pid and child.poll() is None:
            child.terminate()
    for child in children:
        if child.pid != pid:
            child.wait()
    return code if code >= 0 else 128 - code


if __name__ == "__main__":
    main()
