"""``manage.py league_rebuild``: rewrite every derived league row and rating from the event logs.

``--check`` rebuilds inside a transaction that is rolled back and reports whether the rebuilt rows
are identical to the stored ones (exit status 1 when they differ).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from league import services
from league.snapshot import derived_snapshot


class Command(BaseCommand):
    help = "Rebuild league statistics and ratings from the event logs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="verify only: roll back, fail if rows differ")

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["check"]:
            counts = services.league_rebuild()
            self.stdout.write(f"rebuilt {counts['matches']} matches, rated {counts['rated']}")
            return
        before = derived_snapshot()
        with transaction.atomic():
            services.league_rebuild()
            after = derived_snapshot()
            transaction.set_rollback(True)
        if before != after:
            raise CommandError("derived rows differ from a rebuild from the event logs")
        self.stdout.write("derived rows are identical to a rebuild")
