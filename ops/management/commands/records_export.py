"""``manage.py records_export DIR``: every match's ``companion-record/1`` document, one file per match.

The second half of a backup (docs/deploy.md): ``pg_dump`` keeps everything; these files keep the
truth in the portable format that ``python -m scoring check DIR`` (or ``replay DIR/index.json``)
checks offline and that ``POST /api/v1/records/import`` loads into any Companion. The index says what
it is (``"format": "companion-export/1"``), so the replay tool follows it instead of refusing it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from companion.models import Match
from companion.selectors import match_record_get
from scoring.__main__ import EXPORT_INDEX_FORMAT


class Command(BaseCommand):
    help = "Write every match's companion-record/1 document to DIR (match-<id>.json) and an index.json."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        directory: Path = options["directory"]
        directory.mkdir(parents=True, exist_ok=True)
        index = []
        for match in Match.objects.order_by("id").iterator():
            name = f"match-{match.pk}.json"
            record = match_record_get(match=match)
            # Written beside, then renamed: a backup never holds half a file.
            partial = directory / (name + ".partial")
            partial.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
            partial.replace(directory / name)
            index.append({"id": match.pk, "file": name, "game": match.game, "events": len(record["events"])})
        document = {"format": EXPORT_INDEX_FORMAT, "matches": index}
        (directory / "index.json").write_text(json.dumps(document, indent=1), encoding="utf-8")
        self.stdout.write(f"exported {len(index)} matches to {directory}")
