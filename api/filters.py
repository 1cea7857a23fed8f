from __future__ import annotations

import django_filters
from django import forms

from companion.limits import DB_INT_MAX
from companion.models import Match


class IdFilter(django_filters.NumberFilter):  # type: ignore[misc]
    """An id filter: a whole number the database can hold (``1e45`` or 20 digits are a 400, not a 500)."""

    field_class = forms.IntegerField

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", DB_INT_MAX)
        super().__init__(*args, **kwargs)


class MatchFilter(django_filters.FilterSet):  # type: ignore[misc]
    league = IdFilter(field_name="league_id")
    game = django_filters.CharFilter(field_name="game", max_length=40)
    status = django_filters.ChoiceFilter(field_name="status", choices=Match.Status.choices)
    player = IdFilter(field_name="seats__player_id", distinct=True)

    class Meta:
        model = Match
        fields = ("league", "game", "status", "player")
