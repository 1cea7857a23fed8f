#!/usr/bin/env python3
"""Compile the claim search (``scoring/claims/{bits,fastrules,bounds,ranktable,solver}.py``) with mypyc.

    .venv/bin/python scripts/build_native.py           # build if the sources changed since the last build
    .venv/bin/python scripts/build_native.py --force   # build anyway
    .venv/bin/python scripts/build_native.py --clean   # remove the compiled modules (pure Python again)
    .venv/bin/python scripts/build_native.py --from-cache      # only take a cached build (exit 1: none)
    .venv/bin/python scripts/build_native.py --install-tools   # install requirements-build.txt, then build

Run by ``scripts/test.py`` (waits for it), ``scripts/run.py`` (in the background, while the pure
search serves) and ``scripts/serve.py`` (cache only) through ``_bootstrap.ensure_native``. Each build
is kept in a cache outside the clone, ``~/.cache/companion/native/<key>`` (``$COMPANION_NATIVE_CACHE``
or ``$XDG_CACHE_HOME`` move it), the key hashing the sources, the Python version and platform and
requirements-build.txt: a second clone, or a checkout back to the same sources, copies it in at once.
The pure-Python modules stay where they are, unchanged: they are the fallback and the
reference. The build copies them into ``scoring/claims/_native/`` (imports of each other renamed),
compiles the copies into extension modules there, deletes the copies and writes the hash of the
sources it was built from; :mod:`scoring.claims.native` only loads the compiled engine when that
hash equals the current sources' hash. Without a C compiler (or mypyc) the build fails with a
warning and the pure-Python search is used.
"""

from __future__ import annotations

import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring.claims.native import MODULES, NATIVE_DIR, STAMP, sources_hash  # noqa: E402

SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

paths = sys.argv[1:]
sys.argv = [sys.argv[0], "build_ext", "--inplace", "--build-temp", {temp!r}]
# one group with a dotted name: its shared library lands inside the package, not at the top level
setup(name="companion-claims-native", packages=[], py_modules=[], ext_modules=mypycify(
    ["--config-file", {config!r}, *paths], opt_level="3", group_name="scoring.claims._native.group",
    target_dir={temp!r},
))
"""


def cache_dir() -> Path:
    """Where the build of these sources, for this Python and platform, is (or will be) kept."""
    base = os.environ.get("COMPANION_NATIVE_CACHE") or str(
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "companion" / "native"
    )
    key = hashlib.sha256()
    key.update(sources_hash().encode())
    key.update(f"{sys.implementation.cache_tag}-{platform.machine()}-{sys.platform}".encode())
    key.update((ROOT / "requirements-build.txt").read_bytes())
    return Path(base) / key.hexdigest()[:32]


def _built_files() -> list[Path]:
    return [path for path in NATIVE_DIR.iterdir() if path.is_file() and path.name != "__init__.py"]


def store_in_cache() -> None:
    """Copy the fresh build to the cache (into a temporary folder renamed at the end, so a reader
    never sees half a build)."""
    target = cache_dir()
    if target.exists():
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=".partial-", dir=target.parent))
    for path in _built_files():
        shutil.copy2(path, partial / path.name)
    try:
        partial.rename(target)
    except OSError:  # another clone stored the same build meanwhile
        shutil.rmtree(partial, ignore_errors=True)


def restore_from_cache() -> bool:
    source = cache_dir()
    if not (source / STAMP.name).exists():
        return False
    clean()
    for path in source.iterdir():
        if path.name != STAMP.name:
            shutil.copy2(path, NATIVE_DIR / path.name)
    shutil.copy2(source / STAMP.name, STAMP)  # last: the stamp makes the build count
    return True


def install_tools(python: str = sys.executable) -> bool:
    requirements = ROOT / "requirements-build.txt"
    command = [python, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", str(requirements)]
    return subprocess.call(command, cwd=ROOT) == 0


def clean() -> None:
    for path in NATIVE_DIR.iterdir():
        if path.name != "__init__.py":
            path.unlink()


def _copy_sources() -> list[Path]:
    copies = []
    for name in MODULES:
        text = (ROOT / "scoring" / "claims" / f"{name}.py").read_text()
        for other in MODULES:
            text = text.replace(f"from scoring.claims.{other} import", f"from scoring.claims._native.{other} import")
        copy = NATIVE_DIR / f"{name}.py"
        copy.write_text(text)
        copies.append(copy)
    return copies


def build(python: str = sys.executable) -> bool:
    """Compile; True on success. The copies are removed whatever happens."""
    wanted = sources_hash()
    clean()
    copies = _copy_sources()
    with tempfile.TemporaryDirectory(prefix="companion-mypyc-") as temp:
        config = Path(temp) / "mypy.ini"
        # mypy's own settings for the copies only (the project's config loads the Django plugin)
        config.write_text("[mypy]\npython_version = 3.11\nstrict = true\nwarn_unused_ignores = false\n")
        setup = Path(temp) / "setup.py"
        setup.write_text(SETUP.format(temp=temp, config=str(config)))
        try:
            code = subprocess.call(
                [python, str(setup), *(str(c.relative_to(ROOT)) for c in copies)],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
        finally:
            for copy in copies:
                copy.unlink(missing_ok=True)
            shutil.rmtree(ROOT / "build", ignore_errors=True)
    if code != 0:
        clean()
        return False
    STAMP.write_text(wanted + "\n")
    store_in_cache()
    return True


def up_to_date() -> bool:
    return STAMP.exists() and STAMP.read_text().strip() == sources_hash()


def main() -> int:
    args = sys.argv[1:]
    if "--clean" in args:
        clean()
        return 0
    if "--force" not in args and up_to_date():
        return 0
    if "--force" not in args and restore_from_cache():
        print(f"» the compiled claim search from the cache ({cache_dir()})", flush=True)
        return 0
    if "--from-cache" in args:
        return 1
    if "--install-tools" in args and not install_tools():
        print("» could not install requirements-build.txt: the claim search runs in pure Python", flush=True)
        return 0
    print("» compiling the claim search with mypyc (scoring/claims/_native)", flush=True)
    if not build():
        print("» mypyc build failed (no C compiler?): the claim search runs in pure Python", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
