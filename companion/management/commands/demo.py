"""``manage.py demo``: a demo league with players, finished Hearts matches and one open one.

Idempotent: running it again finds the demo league and changes nothing.
"""

from __future__ import annotations

import uuid
from itertools import cycle
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from companion import services
from companion.models import League, Match, Player

LEAGUE_NAME = "Demo league"
CAST = ("alice", "bob", "charlie", "dave")
#: Hands cycled through until a match ends: every row totals 26 and nobody shoots the moon.
HANDS = ([10, 6, 4, 6], [3, 13, 5, 5], [0, 8, 9, 9], [14, 2, 4, 6], [5, 5, 3, 13], [7, 0, 17, 2])


class Command(BaseCommand):
    help = "Create a demo league (alice, bob, charlie, dave), three finished Hearts matches and an open one."

    def handle(self, *args: Any, **options: Any) -> None:
        league = League.objects.filter(name=LEAGUE_NAME).first()
        if league is None:
            league = self._create()
            self.stdout.write(self.style.SUCCESS(f"Created {LEAGUE_NAME!r} with {league.matches.count()} matches."))
        else:
            self.stdout.write(f"{LEAGUE_NAME!r} already exists: nothing to do.")
        alice = User.objects.get(username="alice")
        # tokens are stored hashed: a new one is issued each run (it expires like any other)
        token = services.token_issue(user=alice)
        self.stdout.write(f"Log in as alice / alice-demo-password, or use this new API token of alice: {token.key}")

    @transaction.atomic
    def _create(self) -> League:
        players: list[Player] = []
        for name in CAST:
            user, _ = User.objects.get_or_create(username=name)
            user.set_password(f"{name}-demo-password")
            user.save()
            players.append(services.player_for_user_ensure(user=user))
        for player in players:
            if player.name == player.user.username:  # type: ignore[union-attr]
                player.name = player.name.capitalize()
                player.save(update_fields=["name"])
        alice = players[0].user
        assert alice is not None
        league = services.league_create(name=LEAGUE_NAME, creator=alice, default_variants={"hearts": {}})
        for player in players[1:]:
            services.league_member_set(league=league, player=player)
        for rotation in range(3):
            seats = players[rotation:] + players[:rotation]
            self._play(league, alice, [p.pk for p in seats], finish=True)
        self._play(league, alice, [p.pk for p in players], finish=False)
        return league

    def _play(self, league: League, user: User, seats: list[int], *, finish: bool) -> Match:
        match = services.match_create(game="hearts", players=seats, created_by=user, league=league)
        hands = cycle(HANDS)
        for seq in range(1, 60):
            if not finish and seq > 3:
                break
            result = services.event_append(
                match_id=match.pk,
                type="hand_result",
                payload={"points": next(hands)},
                client_event_id=uuid.uuid4(),
                expected_seq=seq,
                user=user,
            )
            if result.match.status == Match.Status.FINISHED:
                break
        match.refresh_from_db()
        return match
