"""The set-up scripts install what each command needs and no more (issue 27 item 1, issue 24 item 8):
run.py and serve.py the runtime requirements, the test command the test and build tools too; the
build-only tools (mypyc's mypy, setuptools) pinned apart, at a current setuptools."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _bootstrap() -> ModuleType:
    spec = importlib.util.spec_from_file_location("companion_bootstrap", ROOT / "scripts" / "_bootstrap.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def bootstrap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, list[list[str]]]:
    module = _bootstrap()
    monkeypatch.setattr(module, "VENV", tmp_path / ".venv")

    class Builder:  # a venv without the seconds a real one takes: only its python
        def __init__(self, **options: Any) -> None:
            pass

        def create(self, path: Path) -> None:
            (path / "bin").mkdir(parents=True)
            (path / "bin" / "python").touch()

    monkeypatch.setattr(module.venv, "EnvBuilder", Builder)
    commands: list[list[str]] = []
    monkeypatch.setattr(module, "run", lambda command, **kw: commands.append(command) or 0)
    return module, commands


def _installed_files(commands: list[list[str]]) -> list[str]:
    return [Path(arg).name for command in commands for arg in command if arg.endswith(".txt")]


def test_the_runtime_set_installs_requirements_txt_only(bootstrap: tuple[ModuleType, list[list[str]]]) -> None:
    module, commands = bootstrap
    module.ensure_venv("runtime")
    assert _installed_files(commands) == ["requirements.txt"]
    assert module.installed("runtime") and not module.installed("build") and not module.installed("dev")
    commands.clear()
    module.ensure_venv("runtime")  # already there: nothing installed again
    assert commands == []


def test_the_test_command_set_contains_the_others(bootstrap: tuple[ModuleType, list[list[str]]]) -> None:
    module, commands = bootstrap
    module.ensure_venv("dev")
    assert _installed_files(commands) == ["requirements-dev.txt"]
    assert all(module.installed(name) for name in ("runtime", "build", "dev"))


def test_run_and_serve_ask_for_the_runtime_set_and_test_for_dev() -> None:
    assert 'ensure_venv("runtime")' in (ROOT / "scripts" / "run.py").read_text()
    serve = (ROOT / "scripts" / "serve.py").read_text()
    assert 'ensure_venv("build" if args.build_native else "runtime")' in serve
    assert 'how="wait" if args.build_native else "cache-only"' in serve
    assert 'ensure_venv("dev")' in (ROOT / "scripts" / "test.py").read_text()


def test_build_only_tools_are_pinned_apart_and_current() -> None:
    runtime = (ROOT / "requirements.txt").read_text()
    build = (ROOT / "requirements-build.txt").read_text()
    dev = (ROOT / "requirements-dev.txt").read_text()
    for tool in ("mypy", "setuptools", "pytest", "playwright"):
        assert not re.search(rf"^{tool}\b", runtime, re.MULTILINE), f"{tool} in requirements.txt"
    setuptools = re.search(r"^setuptools==(\d+)\.(\d+)\.(\d+)$", build, re.MULTILINE)
    assert setuptools is not None
    # 65.5.0 is named by advisories (CVE-2022-40897, fixed in 65.5.1; CVE-2024-6345, fixed in 70.0.0).
    assert tuple(map(int, setuptools.groups())) >= (70, 0, 0)
    assert re.search(r"^mypy==", build, re.MULTILINE)
    assert "-r requirements-build.txt" in dev and not re.search(r"^(mypy|setuptools)==", dev, re.MULTILINE)
