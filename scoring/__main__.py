"""Command line (``python -m scoring`` or, installed as the companion-rules wheel, ``companion-rules``):

``replay FILE``      replays a companion-record/1 file and prints its summary as JSON;
``check PATH…``      replays each record and prints one line per record, no summaries. A PATH may be
                     a record, a folder of records, or the ``index.json`` that ``manage.py
                     records_export`` writes beside them (every file it lists is checked);
``schema``           prints the JSON Schema of the record format.

``replay`` given a folder or an export's ``index.json`` checks like ``check``: a backup is replayable
as it was written.

Exit status: 0 replayed; 1 an event breaks a rule (its code, seq and message are printed);
2 the file is malformed (unreadable JSON, wrong shape, an unreadable event). ``check`` exits with the
worst status of its records.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from scoring.errors import ScoringError
from scoring.record import ReplayError, load, replay
from scoring.registry import get_game

#: The ``format`` of the index.json beside exported records (ops/management/commands/records_export.py).
EXPORT_INDEX_FORMAT = "companion-export/1"


def _read(path: str) -> tuple[str | None, int]:
    try:
        with open(path, encoding="utf-8") if path != "-" else sys.stdin as handle:
            return handle.read(), 0
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: cannot read {path}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return None, 2


def _replayed(text: str, name: str) -> tuple[dict[str, Any] | None, int]:
    """The summary output of one record, or None and the exit status (the error printed)."""
    try:
        record = load(text)
        state = replay(record)
    except ReplayError as exc:
        print(f"error: {name}: {exc.code} at seq {exc.seq}: {exc.message}", file=sys.stderr)
        return None, 1 if exc.is_rules_error else 2
    except ScoringError as exc:
        print(f"error: {name}: {exc.code}: {exc.message}", file=sys.stderr)
        return None, 2
    game = get_game(record.game)
    output = {"game": record.game, "players": list(record.players), "summary": game.summary(state)}
    return output, 0


def _export_index(text: str) -> list[str] | None:
    """The record files an export's index.json lists, or None when the text is not such an index."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if isinstance(data, dict) and data.get("format") == EXPORT_INDEX_FORMAT:
        return [str(entry["file"]) for entry in data.get("matches", []) if isinstance(entry, dict)]
    return None


def _records(path: str) -> Iterator[tuple[str, str | None, int]]:
    """(name, text, read status) of every record PATH stands for."""
    folder = Path(path)
    if path != "-" and folder.is_dir():
        index = folder / "index.json"
        if index.exists():
            yield from _records(str(index))
            return
        for file in sorted(folder.glob("*.json")):
            yield from _records(str(file))
        return
    text, status = _read(path)
    listed = _export_index(text) if text is not None else None
    if listed is None:
        yield path, text, status
        return
    for name in listed:
        yield from _records(str(Path(path).parent / name))


def check_command(paths: Sequence[str]) -> int:
    worst = 0
    for path in paths:
        for name, text, status in _records(path):
            if text is not None:
                output, status = _replayed(text, name)
                if output is not None:
                    events = len(json.loads(text).get("events", []))
                    print(f"ok {name} ({output['game']}, events: {events})")
            worst = max(worst, status)
    return worst


def replay_command(path: str) -> int:
    records = list(_records(path))
    if len(records) != 1 or records[0][0] != path:
        return check_command([path])  # a folder or an export's index: check every record in it
    text, status = records[0][1], records[0][2]
    if text is None:
        return status
    output, status = _replayed(text, path)
    if output is not None:
        print(json.dumps(output, ensure_ascii=False, indent=2))
    return status


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Companion's rule engines.")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="replay a companion-record/1 file and print its summary")
    replay_parser.add_argument("file", help="path of the record, or - for standard input")
    check_parser = commands.add_parser("check", help="replay records (files, folders, an export's index.json)")
    check_parser.add_argument("paths", nargs="+", help="records, folders of records, or index.json files")
    commands.add_parser("schema", help="print the JSON Schema of companion-record/1")
    args = parser.parse_args(argv)
    if args.command == "schema":
        from scoring.schema import record_schema

        print(json.dumps(record_schema(), ensure_ascii=False, indent=2))
        return 0
    if args.command == "check":
        return check_command(args.paths)
    return replay_command(args.file)


if __name__ == "__main__":
    sys.exit(main())
