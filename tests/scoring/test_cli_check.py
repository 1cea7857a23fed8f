"""``python -m scoring check`` / ``replay`` on an export folder as ``manage.py records_export``
writes it: match files and an ``index.json`` (``companion-export/1``) that lists them.

Exit status (scoring/__main__.py): 0 every record replays; 1 an event breaks a rule; 2 malformed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scoring.__main__ import main

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"


def _export(folder: Path, *names: str) -> Path:
    matches = []
    for number, name in enumerate(names, start=1):
        shutil.copy(RECORDS / f"{name}.json", folder / f"match-{number}.json")
        matches.append({"id": number, "file": f"match-{number}.json", "game": name.split("-")[0], "events": 0})
    index = folder / "index.json"
    index.write_text(json.dumps({"format": "companion-export/1", "matches": matches}))
    return index


def test_an_export_replays_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    index = _export(tmp_path, "hearts-mixed", "thousand-mixed")
    assert main(["check", str(tmp_path)]) == 0
    assert main(["replay", str(index)]) == 0  # the index is followed, not refused as a bad record
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" (")[0] for line in lines] == [
        f"ok {tmp_path / 'match-1.json'}",
        f"ok {tmp_path / 'match-2.json'}",
    ] * 2


def test_check_reports_the_worst_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # hearts-illegal breaks a rule (exit 1); service-hearts-malformed is not a valid record (exit 2).
    _export(tmp_path, "hearts-mixed", "hearts-illegal")
    assert main(["check", str(tmp_path)]) == 1
    (tmp_path / "index.json").unlink()
    shutil.copy(RECORDS / "service-hearts-malformed.json", tmp_path / "match-3.json")
    assert main(["check", str(tmp_path)]) == 2  # a folder without an index: every *.json in it
    assert "match-2.json" in capsys.readouterr().err
