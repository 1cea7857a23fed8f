"""The shapes of the league's JSON answers, for the API schema: the selectors build plain dicts (they
are memoised and shared with the pages), these serializers only document them."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from companion.fields import StrictIntegerField
from companion.limits import DB_INT_MAX


class RatingOutput(serializers.Serializer[Any]):
    """An OpenSkill rating under one house-rule profile; ``ordinal`` = mu − 3·sigma ranks players."""

    profile = serializers.CharField()
    ordinal = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    matches = serializers.IntegerField()


class StandingRowOutput(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField(help_text="percent, one decimal")
    average_place = serializers.FloatField()
    rating = RatingOutput(allow_null=True)
    figures = serializers.DictField(child=serializers.FloatField(), help_text="the game's figures by key")


class FigureOutput(serializers.Serializer[Any]):
    key = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]


class StandingsOutput(serializers.Serializer[Any]):
    standings = StandingRowOutput(many=True)
    figures = serializers.DictField(child=FigureOutput(many=True), help_text="per game: its figures' keys and labels")


class StreaksOutput(serializers.Serializer[Any]):
    longest_win_streak = serializers.IntegerField(required=False)
    current_win_streak = serializers.IntegerField(required=False)


class PlayerStatsOutput(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = serializers.CharField()
    games = StandingRowOutput(many=True)
    streaks = StreaksOutput(help_text="empty when the player has no finished match under the filters")


class PlayerNameOutput(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = serializers.CharField()


class HeadToHeadGameOutput(serializers.Serializer[Any]):
    game = serializers.CharField()
    matches = serializers.IntegerField()
    a_ahead = serializers.IntegerField()
    b_ahead = serializers.IntegerField()
    level = serializers.IntegerField()


class HeadToHeadOutput(serializers.Serializer[Any]):
    a = PlayerNameOutput()
    b = PlayerNameOutput()
    games = HeadToHeadGameOutput(many=True)


class LeagueRecordOutput(serializers.Serializer[Any]):
    game = serializers.CharField()
    record = serializers.CharField()
    value = serializers.FloatField()
    player = serializers.IntegerField()
    match = serializers.IntegerField(allow_null=True, help_text="null for a streak (it spans matches)")
    name = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]


class RecordsOutput(serializers.Serializer[Any]):
    records = LeagueRecordOutput(many=True)


class RatingRowOutput(RatingOutput):
    player = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()


class RatingsOutput(serializers.Serializer[Any]):
    ratings = RatingRowOutput(many=True)


class RatingHistoryRowOutput(serializers.Serializer[Any]):
    match = serializers.IntegerField()
    game = serializers.CharField()
    profile = serializers.CharField()
    finished_at = serializers.DateTimeField()
    place = serializers.IntegerField()
    ordinal = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal_before = serializers.FloatField()


class RatingHistoryOutput(serializers.Serializer[Any]):
    history = RatingHistoryRowOutput(many=True)


class BgStatsGameOutput(serializers.Serializer[Any]):
    name = serializers.CharField()
    sourceGameId = serializers.CharField()  # BG Stats' own field names
    highestWins = serializers.BooleanField()
    noPoints = serializers.BooleanField()


class BgStatsPlayerOutput(serializers.Serializer[Any]):
    name = serializers.CharField()
    sourcePlayerId = serializers.CharField()
    score = serializers.CharField()
    winner = serializers.BooleanField()
    startPlayer = serializers.BooleanField()
    rank = serializers.IntegerField()


class BgStatsPlayOutput(serializers.Serializer[Any]):
    """A BG Stats push play (its own format)."""

    sourceName = serializers.CharField()
    sourcePlayId = serializers.CharField()
    playDate = serializers.CharField()
    comments = serializers.CharField()
    game = BgStatsGameOutput()
    players = BgStatsPlayerOutput(many=True)


class BgStatsOutput(serializers.Serializer[Any]):
    play = BgStatsPlayOutput()
    link = serializers.CharField(help_text="opens BG Stats on a phone with the play filled in")


class RecordsImportInput(serializers.Serializer[Any]):
    records = serializers.ListField(
        child=serializers.DictField(), help_text="companion-record/1 documents (docs/record-format.md)"
    )
    league = StrictIntegerField(required=False, allow_null=True, min_value=1, max_value=DB_INT_MAX)


class RecordsImportOutput(serializers.Serializer[Any]):
    matches = serializers.ListField(child=serializers.IntegerField(), help_text="the new matches' ids, in order")
