"""Command line: ``python -m scoring replay FILE`` prints the replayed summary as JSON;
``python -m scoring schema`` prints the JSON Schema of the record format.

Exit status: 0 replayed; 1 an event breaks a rule (its code, seq and message are printed);
2 the file is malformed (unreadable JSON, wrong shape, an unreadable event).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from scoring.errors import ScoringError
from scoring.record import ReplayError, load, replay
from scoring.registry import get_game


def _replay_command(path: str) -> int:
    try:
        with open(path, encoding="utf-8") if path != "-" else sys.stdin as handle:
            text = handle.read()
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        record = load(text)
        state = replay(record)
    except ReplayError as exc:
        print(f"error: {exc.code} at seq {exc.seq}: {exc.message}", file=sys.stderr)
        return 1 if exc.is_rules_error else 2
    except ScoringError as exc:
        print(f"error: {exc.code}: {exc.message}", file=sys.stderr)
        return 2
    game = get_game(record.game)
    output = {"game": record.game, "players": list(record.players), "summary": game.summary(state)}
    print(json.dumps(output, ensure_ascii=False, indent=2))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Companion's rule engines.")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="replay a companion-record/1 file and print its summary")
    replay_parser.add_argument("file", help="path of the record, or - for standard input")
    commands.add_parser("schema", help="print the JSON Schema of companion-record/1")
    args = parser.parse_args(argv)
    if args.command == "schema":
        from scoring.schema import record_schema

        print(json.dumps(record_schema(), ensure_ascii=False, indent=2))
        return 0
    return _replay_command(args.file)


if __name__ == "__main__":
    sys.exit(main())
