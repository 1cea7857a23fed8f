#!/usr/bin/env python3
"""Start Companion for production: ``collectstatic``, then gunicorn (deploy/gunicorn.conf.py).

    python3 scripts/serve.py             # on $COMPANION_ADDRESS (default 127.0.0.1:8000)
    python3 scripts/serve.py --migrate   # migrate first: on ONE host, before a rollout
    python3 scripts/serve.py --prepare   # only create or update .venv (installation, upgrades)

Needs the production environment (DJANGO_DEBUG=false, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, ...):
see docs/deploy.md. Put nginx (deploy/nginx/companion.conf) in front of it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import ROOT, ensure_venv, run, venv_bin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--migrate", action="store_true", help="run manage.py migrate first (one host only)")
    parser.add_argument("--no-collectstatic", action="store_true", help="static files are already collected")
    parser.add_argument("--prepare", action="store_true", help="only create or update .venv, then exit")
    args = parser.parse_args()
    python = str(ensure_venv())
    if args.prepare:
        return
    manage = str(ROOT / "manage.py")
    if args.migrate:
        run([python, manage, "migrate", "--noinput"])
    if not args.no_collectstatic:
        run([python, manage, "collectstatic", "--noinput", "-v", "0"])
    gunicorn = str(venv_bin("gunicorn"))
    os.chdir(ROOT)
    os.execv(gunicorn, [gunicorn, "--config", str(ROOT / "deploy" / "gunicorn.conf.py")])


if __name__ == "__main__":
    main()
