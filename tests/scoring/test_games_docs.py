"""docs/games/<game>.md is the rules reference inside the repository (issue 18, item 4).

- each document's house-rule table is exactly what the engine's variants say (keys, defaults,
  allowed values, docs), so neither can change without the other (``scripts/games_docs.py``);
- every top-level section is numbered, so a test can cite it;
- every ``docs/games/<game>.md §N.M`` cited in the tests names a section that exists.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from scoring.registry import GAME_MODULES

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "games"
CITATION = re.compile(r"docs/games/(\w+)\.md §(\d+(?:\.\d+)?)")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("companion_games_docs", ROOT / "scripts" / "games_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def _sections(game: str) -> set[str]:
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    return {m.group(1) for m in re.finditer(r"^#{2,3} (\d+(?:\.\d+)?)[. ]", text, flags=re.MULTILINE)}


@pytest.mark.parametrize("path", [path for path, _ in TOOL.documents()], ids=lambda p: p.stem)
def test_house_rule_table_is_the_engines(path: Path) -> None:
    generated = dict(TOOL.documents())[path]
    text = path.read_text(encoding="utf-8")
    assert TOOL.expected(text, generated) == text, "run: python3 scripts/games_docs.py"


def test_the_table_says_every_default() -> None:
    # Hand-read from scoring/hearts/variants.py: pass_count defaults to 3 (0 to 4), must_break_hearts on.
    table = dict(TOOL.documents())[DOCS / "hearts.md"]
    assert "| `pass_count` | 3 | ≥ 0, ≤ 4 |" in table
    assert "| `must_break_hearts` | on | on, off |" in table


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_section_is_numbered(game: str) -> None:
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.*)$", text, flags=re.MULTILINE)
    assert headings and all(re.match(r"\d+\. ", h) for h in headings), headings


def test_every_cited_section_exists() -> None:
    cited: list[tuple[str, str, str]] = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for game, section in CITATION.findall(path.read_text(encoding="utf-8")):
            cited.append((path.name, game, section))
    assert len({(g, s) for _, g, s in cited}) >= 12  # the harnesses and rule tests cite the documents
    missing = [(f, g, s) for f, g, s in cited if s not in _sections(g)]
    assert missing == []
