from __future__ import annotations

import django_filters

from companion.models import Match


class MatchFilter(django_filters.FilterSet):  # type: ignore[misc]
    league = django_filters.NumberFilter(field_name="league_id")
    game = django_filters.CharFilter(field_name="game")
    status = django_filters.ChoiceFilter(field_name="status", choices=Match.Status.choices)
    player = django_filters.NumberFilter(field_name="seats__player_id", distinct=True)

    class Meta:
        model = Match
        fields = ("league", "game", "status", "player")
