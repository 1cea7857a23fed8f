"""Companion's tables. The truth of a match is its append-only :class:`Event` log; everything else
about a match's play (scores, whose turn, standings) is derived by replaying it through the engine."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """Someone who sits at a table: a name, optionally linked to a user account."""

    name = models.CharField(_("name"), max_length=100)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )
    #: Who typed the name in: they see the player in their list and may seat it (selectors.player_list_for_user).
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players_created"
    )
    created_at = models.DateTimeField(default=timezone.now)
    #: How the sheet, the board and the league draw the player: ``#rrggbb`` and up to 3 letters.
    #: Empty: derived from the id and the name (``companion.people.player_badge``).
    colour = models.CharField(_("colour"), max_length=7, blank=True, default="")
    initials = models.CharField(_("initials"), max_length=3, blank=True, default="")
    #: Set when an admin merged this name-only player into another one (``PlayerMerge``); its seats
    #: moved there. Cleared again by an unmerge.
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_from"
    )

    class Meta:
        ordering = ("name", "id")

    def __str__(self) -> str:
        return self.name


class League(models.Model):
    """A group that plays together: members, admins and default house rules per game."""

    name = models.CharField(_("name"), max_length=100)
    #: ``{"hearts": {"target_score": 50}, ...}``: merged under a new match's own variants.
    default_variants = models.JSONField(default=dict, blank=True)
    members = models.ManyToManyField(Player, through="Membership", related_name="leagues")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("name", "id")

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", _("member")
        #: May create the league's matches and import records into it (issue 24 item 6).
        RECORDER = "recorder", _("recorder")
        ADMIN = "admin", _("admin")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "player"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.player} in {self.league} ({self.role})"


class Match(models.Model):
    """One game of one kind played by fixed seats under fixed house rules."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        FINISHED = "finished", _("finished")

    #: Names the match in caches and logs across databases (ids restart when a database is recreated).
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    league = models.ForeignKey(League, null=True, blank=True, on_delete=models.PROTECT, related_name="matches")
    game = models.CharField(max_length=40)
    #: Complete house rules (every key, defaults filled in) so old matches replay under their own rules.
    variants = models.JSONField(default=dict)
    #: The seat names the engine was started with. Replays use them, so a player taking over a seat
    #: (join by code) never changes a replayed state or invalidates a cached one.
    player_names = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    #: How a phone joins the table (services.join_code_new: ~80 random bits). ``None``: joining is off
    #: (the creator revoked the code). Shown only to those who may record (api.serializers).
    join_code = models.CharField(max_length=32, unique=True, null=True, blank=True)
    #: The seq of the latest event (0 before the first): the next append must say ``last_seq + 1``.
    last_seq = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-created_at", "-id")
        verbose_name_plural = "matches"
        indexes = [models.Index(fields=["game", "status"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class MatchSeat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    #: Who put this player in the seat: the player themself (joining by code) or a recorder (seating
    #: a league member by id). ``None``: before this was kept (read as consented).
    seated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("match", "seat")
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="matchseat_unique")]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat}: {self.player}"


#: The event types the summary looks up by index (companion/selectors.py): claims and corrections.
MARK_TYPES = ("claim", "claim_accept", "void", "amend")


class Event(models.Model):
    """One line of a match's record. Rows are only ever inserted: never updated, never deleted."""

    # no index of its own: the (match, seq) unique index leads with the match already
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    client_event_id = models.UUIDField()
    #: sha256 of the canonical JSON of (type, payload): a reused client_event_id must carry the same body.
    body_hash = models.CharField(max_length=64)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("match", "seq")
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="event_seq_unique"),
            models.UniqueConstraint(fields=["match", "client_event_id"], name="event_client_id_unique"),
        ]
        indexes = [
            # The claims, accepts and corrections of a match, read by every summary without a scan of
            # its events; partial, so the plain events (almost all of them) cost it nothing to write.
            models.Index(
                fields=["match", "seq"],
                condition=models.Q(type__in=MARK_TYPES),
                name="event_marks",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} #{self.seq} {self.type}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not kwargs.get("force_insert"):
            raise RuntimeError("Events are append-only: a correction is a new event (void or amend).")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise RuntimeError("Events are append-only: a correction is a new event (void or amend).")


class MatchChange(models.Model):
    """The outbox: "this match's result changed", written in the same transaction as the event.

    A finish, a correction of a finished match and an import each add a row. Consumers (the league)
    are told after COMMIT; a row they have not drained within ``COMPANION_OUTBOX_GRACE_S`` is handed
    to them again by the periodic sweep, so a lost task, a killed worker or an unreachable broker
    delays derived data but never loses it (README, Architecture).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    #: The match's ``last_seq`` when the change was written: a consumer that derived from a state at
    #: or after it has covered this row.
    seq = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)
    drained_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("id",)
        indexes = [
            models.Index(
                fields=["created_at"], condition=models.Q(drained_at__isnull=True), name="matchchange_pending"
            ),
            models.Index(fields=["match", "seq"], name="matchchange_match_seq"),
        ]

    def __str__(self) -> str:
        state = "drained" if self.drained_at else "pending"
        return f"{self.match} changed at seq {self.seq} ({state})"


class ClaimCheck(models.Model):
    """A claim made through the API and its check (docs/claims.md, service section).

    The claim itself lands in the record as a ``claim`` annotation event once the verdict is known
    (``event_seq``); this row is what ``GET /api/v1/claims/<id>`` polls while a Celery task finishes a
    check that did not fit the request budget, and what an accept refers to.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        DONE = "done", _("done")

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="claim_checks")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    client_event_id = models.UUIDField()
    #: The last event the claim is judged after.
    at_seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    laid_down = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    verdict = models.JSONField(null=True, blank=True)
    #: The seq of the ``claim`` event once appended.
    event_seq = models.PositiveIntegerField(null=True, blank=True)
    #: The seat that accepted (``None``: not accepted) and whether the plays were recorded after it.
    accepted_by_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    settled = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("match", "id")
        constraints = [models.UniqueConstraint(fields=["match", "client_event_id"], name="claimcheck_client_id_unique")]

    def __str__(self) -> str:
        return f"{self.match} claim {self.pk} by seat {self.seat} ({self.status})"


class LeagueInvitation(models.Model):
    """An admin asked an account holder to join a league: they become a member only by accepting."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=10, choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("created_at", "id")
        constraints = [models.UniqueConstraint(fields=["league", "player"], name="invitation_unique")]

    def __str__(self) -> str:
        return f"{self.player} invited to {self.league} ({self.role})"


class InviteLink(models.Model):
    """A league invitation anyone holding the link may accept (``/i/<secret>``), until it is revoked,
    expires or has been used ``max_uses`` times. Only the secret's sha256 is stored, so the table
    does not reveal working links. A roster import makes one single-use link per row, tied to the
    name-only ``player`` of that row: whoever accepts it becomes that player."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invite_links")
    secret_hash = models.CharField(max_length=64, unique=True)
    role = models.CharField(max_length=10, choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    #: ``None``: any number of uses until it expires.
    max_uses = models.PositiveIntegerField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    revoked_at = models.DateTimeField(null=True, blank=True)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="invite_links")
    email = models.EmailField(blank=True, default="")

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"invite link {self.pk} to {self.league} ({self.role})"


class PlayerMerge(models.Model):
    """One player's seats moved to another (``source`` → ``target``): a league admin merging two
    name-only players, or an account holder's claim of a name-only player ("that Bea was me")
    confirmed by the recorder of those matches or a league admin. ``seats`` lists the moved
    :class:`MatchSeat` ids, so an unmerge moves exactly those back."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        DONE = "done", _("done")
        REFUSED = "refused", _("refused")
        UNDONE = "undone", _("undone")

    class Kind(models.TextChoices):
        MERGE = "merge", _("merge")
        CLAIM = "claim", _("claim")

    kind = models.CharField(max_length=10, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    source = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merges_out")
    target = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merges_in")
    league = models.ForeignKey(League, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    seats = models.JSONField(default=list, blank=True)
    memberships = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"{self.kind} {self.source_id} → {self.target_id} ({self.status})"


class PeopleAudit(models.Model):
    """Who did what to whom: merges, unmerges, claims confirmed or refused, disputes, deletions."""

    action = models.CharField(max_length=20)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    merge = models.ForeignKey(PlayerMerge, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit")
    detail = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("at", "id")

    def __str__(self) -> str:
        return f"{self.action} by {self.actor_id} at {self.at:%Y-%m-%d %H:%M}"


class SeatDispute(models.Model):
    """A league member seated by a recorder said "that was not me": the seat went back to a name."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="disputes")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="disputes")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("match", "seat", "id")

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat} disputed by {self.player}"


class UserSession(models.Model):
    """A browser session a user signed in to, and the API token it was opened with (if any): Django
    cannot list a user's sessions, so signing out finds them here and deletes them (issue 24).
    ``auth/logout`` ends the sessions of its token, ``auth/logout-all`` every one of the user."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    session_key = models.CharField(max_length=40, unique=True)
    #: knox's ``token_key`` (the token's first characters, not a secret); blank: no token
    token_key = models.CharField(max_length=25, blank=True, default="", db_index=True)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"session of {self.user_id}"
