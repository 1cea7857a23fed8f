"""League roles (issue 24 item 6) from what each membership did before roles existed.

Until now every member could create the league's matches and import records into it, and joining a
league table by its code made a stranger a member. From now on only recorders and admins record, and
a table's code seats a person at that table only. So, for every existing membership:

- admins stay admins;
- a member who created at least one of the league's matches becomes a **recorder** (they were
  recording for the league; they keep doing so);
- every other member stays a **member** (they keep their standings, ratings and the league's pages,
  and can no longer start league matches).

No membership is removed: one that came from joining a table cannot be told from an invited one, and
taking it away would hide the member's own history from them. Admins review the member list (the
new roles screen) and remove anyone who should not be there.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations


def roles_from_history(apps: Any, schema_editor: Any) -> None:
    Membership = apps.get_model("companion", "Membership")
    Match = apps.get_model("companion", "Match")
    for membership in Membership.objects.filter(role="member").select_related("player").iterator():
        user_id = membership.player.user_id
        if user_id is None:
            continue
        if Match.objects.filter(league_id=membership.league_id, created_by_id=user_id).exists():
            membership.role = "recorder"
            membership.save(update_fields=["role"])


def roles_back(apps: Any, schema_editor: Any) -> None:
    apps.get_model("companion", "Membership").objects.filter(role="recorder").update(role="member")


class Migration(migrations.Migration):
    dependencies = [("companion", "0010_people_accounts_invites_merges")]

    operations = [migrations.RunPython(roles_from_history, roles_back)]
