"""Join codes become 16 characters (~80 random bits) and can be revoked (null).

The old 6-character codes (~30 bits) could be guessed: every match gets a new one.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import migrations, models

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def _renew_codes(apps: Any, schema_editor: Any) -> None:
    Match = apps.get_model("companion", "Match")
    for match in Match.objects.only("pk").iterator():
        code = "".join(secrets.choice(ALPHABET) for _ in range(16))
        Match.objects.filter(pk=match.pk).update(join_code=code)


class Migration(migrations.Migration):
    dependencies = [("companion", "0004_player_created_by")]

    operations = [
        migrations.AlterField(
            model_name="match",
            name="join_code",
            field=models.CharField(blank=True, max_length=32, null=True, unique=True),
        ),
        migrations.RunPython(_renew_codes, migrations.RunPython.noop),
    ]
