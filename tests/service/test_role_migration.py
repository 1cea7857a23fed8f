"""companion.0011: existing memberships get roles from what each member did (docs/people.md)."""

from __future__ import annotations

import importlib

from django.apps import apps

from companion.models import Match, Membership
from tests.conftest import Person

roles_migration = importlib.import_module("companion.migrations.0011_league_roles_from_history")


def test_members_who_created_league_matches_become_recorders(alice: Person, bob: Person, charlie: Person) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Friday"}).json()["id"]
    for person in (bob, charlie):
        Membership.objects.create(league_id=league, player=person.player, role="member")
    # before roles, any member could start a league match: bob did, charlie never did
    Match.objects.create(league_id=league, game="hearts", created_by=bob.user, player_names=["B", "X", "Y"])
    roles_migration.roles_from_history(apps, None)
    roles = dict(Membership.objects.filter(league_id=league).values_list("player__name", "role"))
    assert roles == {"Alice": "admin", "Bob": "recorder", "Charlie": "member"}
    roles_migration.roles_back(apps, None)
    assert Membership.objects.filter(role="recorder").count() == 0
