"""Derived tables: everything here is rebuilt from the event log by ``league.services``.

Nothing in this module is a source of truth. ``manage.py league_rebuild`` deletes and rewrites it,
and must produce identical rows; a correction to a match rewrites that match's rows and re-rates
every later match of the same game and house-rule profile.
"""

from __future__ import annotations

import uuid

from django.db import models

from companion.models import League, Match, Player


class MatchRow(models.Model):
    """One finished match."""

    match = models.OneToOneField(Match, primary_key=True, on_delete=models.CASCADE, related_name="league_row")
    league = models.ForeignKey(League, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=40)
    profile = models.CharField(max_length=40)
    profile_label = models.CharField(max_length=500)
    finished_at = models.DateTimeField()
    hands = models.PositiveIntegerField()
    winners = models.JSONField(default=list)
    lower_is_better = models.BooleanField(default=False)
    how = models.CharField(max_length=300, blank=True)
    #: ``how`` as the engine's translatable line (``template``, ``params``), so pages show it in the reader's language.
    how_line = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ("finished_at", "match_id")
        indexes = [
            models.Index(fields=["league", "game", "finished_at"]),
            # the pool's matches from one on, in finishing order (an incremental re-rating)
            models.Index(fields=["game", "profile", "finished_at", "match"], name="matchrow_pool_order"),
        ]

    def __str__(self) -> str:
        return f"{self.game} match {self.match_id} ({self.profile})"


class PlayerResultRow(models.Model):
    """One seat of one finished match (denormalised for fast filtering)."""

    match = models.ForeignKey(MatchRow, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    league = models.ForeignKey(League, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=40)
    profile = models.CharField(max_length=40)
    finished_at = models.DateTimeField()
    place = models.PositiveSmallIntegerField()
    score = models.IntegerField()
    is_winner = models.BooleanField()
    seats = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ("finished_at", "match_id", "seat")
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="playerresult_unique")]
        indexes = [
            models.Index(fields=["league", "game", "player"]),
            models.Index(fields=["player", "game", "finished_at"]),
            models.Index(fields=["game", "profile", "finished_at", "match"], name="playerresult_pool_order"),
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} seat {self.seat}: place {self.place}"


class PlayerStatRow(models.Model):
    """One game-specific figure of one player in one finished match (``moons``, ``bolts`` …)."""

    match = models.ForeignKey(MatchRow, on_delete=models.CASCADE, related_name="stats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    league = models.ForeignKey(League, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=40)
    profile = models.CharField(max_length=40)
    finished_at = models.DateTimeField()
    key = models.CharField(max_length=40)
    value = models.IntegerField()

    class Meta:
        ordering = ("match_id", "player_id", "key")
        constraints = [models.UniqueConstraint(fields=["match", "player", "key"], name="playerstat_unique")]
        indexes = [models.Index(fields=["league", "game", "key"])]

    def __str__(self) -> str:
        return f"match {self.match_id} player {self.player_id}: {self.key}={self.value}"


class HandResultRow(models.Model):
    """One seat's outcome of one hand (deal, round) of a finished match."""

    match = models.ForeignKey(MatchRow, on_delete=models.CASCADE, related_name="hand_rows")
    hand = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    score = models.IntegerField()
    total = models.IntegerField(null=True)
    details = models.JSONField(default=dict)

    class Meta:
        ordering = ("match_id", "hand", "seat")
        constraints = [models.UniqueConstraint(fields=["match", "hand", "seat"], name="handresult_unique")]

    def __str__(self) -> str:
        return f"match {self.match_id} hand {self.hand} seat {self.seat}: {self.score}"


class Rating(models.Model):
    """A player's current OpenSkill rating for one game under one house-rule profile."""

    game = models.CharField(max_length=40)
    profile = models.CharField(max_length=40)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    matches = models.PositiveIntegerField()

    class Meta:
        ordering = ("game", "profile", "-ordinal")
        constraints = [models.UniqueConstraint(fields=["game", "profile", "player"], name="rating_unique")]

    def __str__(self) -> str:
        return f"{self.game}/{self.profile} player {self.player_id}: {self.ordinal:.2f}"


class RatingHistoryRow(models.Model):
    """A player's rating just before and just after one finished match."""

    match = models.ForeignKey(MatchRow, on_delete=models.CASCADE, related_name="rating_steps")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=40)
    profile = models.CharField(max_length=40)
    finished_at = models.DateTimeField()
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ("finished_at", "match_id", "player_id")
        constraints = [models.UniqueConstraint(fields=["match", "player"], name="ratinghistory_unique")]
        indexes = [
            models.Index(fields=["player", "game"]),
            # a player's latest step before a match: one index probe, whatever their history's length
            models.Index(
                fields=["game", "profile", "player", "finished_at", "match"], name="ratinghistory_player_order"
            ),
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} player {self.player_id}: {self.ordinal:.2f}"


class ImportedRecord(models.Model):
    """A record imported from a file: its fingerprint stops the same match being imported twice."""

    fingerprint = models.CharField(max_length=64, unique=True)
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="import_fingerprint")

    def __str__(self) -> str:
        return f"import {self.fingerprint[:12]} → match {self.match_id}"


class DerivedVersion(models.Model):
    """One row: a counter that every write of derived rows increments in its own transaction.

    Memoised league answers are keyed by it (``league.selectors.memoised``). It lives in the database,
    not the cache, so it moves exactly when derived rows commit: a cache that was unreachable while
    a match was derived can never bring back an answer from before it.
    """

    #: Tells this database's versions from another's in a shared cache (a recreated database counts from 0).
    token = models.UUIDField(default=uuid.uuid4, editable=False)
    version = models.BigIntegerField(default=0)

    def __str__(self) -> str:
        return f"derived version {self.version}"
