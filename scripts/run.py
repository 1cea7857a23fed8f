#!/usr/bin/env python3
"""Start Companion with demo data on http://127.0.0.1:8000/ (creates .venv, migrates, loads the demo).

Installs only the runtime requirements (requirements.txt); the compiled claim search comes from the
cache of built modules or is built in the background while the pure-Python search serves.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import ROOT, ensure_native, ensure_venv, run


def main() -> None:
    python = str(ensure_venv("runtime"))
    ensure_native(Path(python), how="background")
    manage = str(ROOT / "manage.py")
    run([python, manage, "migrate", "--noinput"])
    run([python, manage, "demo"])
    address = os.environ.get("COMPANION_ADDRESS", "127.0.0.1:8000")
    print(f"» Companion on http://{address}/  (API docs: http://{address}/api/docs/)", flush=True)
    os.chdir(ROOT)
    os.execv(python, [python, manage, "runserver", address])


if __name__ == "__main__":
    main()
