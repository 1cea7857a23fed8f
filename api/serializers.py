"""Input validation and output shapes. Serializers check the form of a request; the services and
the engines decide what it means."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from companion.limits import DB_INT_MAX, SMALL_INT_MAX
from companion.models import Event, League, LeagueInvitation, Match, MatchSeat, Membership, Player
from league.models import PlayerResultRow


# -- input ---------------------------------------------------------------------------------------------
class GuestInput(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=100)


class TokenInput(serializers.Serializer[Any]):
    username = serializers.CharField()
    password = serializers.CharField(trim_whitespace=False, style={"input_type": "password"})


class PlayerInput(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=100)


class LeagueInput(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=100)
    default_variants = serializers.DictField(child=serializers.DictField(), required=False, default=dict)


class MemberInput(serializers.Serializer[Any]):
    player = serializers.IntegerField(min_value=1, max_value=DB_INT_MAX)
    role = serializers.ChoiceField(choices=Membership.Role.choices, default=Membership.Role.MEMBER)


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string"}]})
class PlayerRefField(serializers.Field[Any, Any, Any, Any]):
    """A seat: an existing player's id, or a new player's name."""

    default_error_messages = {"invalid": "Give a player id or a new player's name."}

    def to_internal_value(self, data: Any) -> int | str:
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, int) and 0 < data <= DB_INT_MAX:
            return data
        if isinstance(data, str) and data.strip() and len(data.strip()) <= 100:
            return data.strip()
        self.fail("invalid")
        raise AssertionError  # pragma: no cover - fail() raises

    def to_representation(self, value: Any) -> Any:
        return value


class MatchInput(serializers.Serializer[Any]):
    game = serializers.CharField(max_length=40)
    players = serializers.ListField(child=PlayerRefField(), min_length=1, max_length=20)
    variants = serializers.DictField(required=False, default=dict)
    league = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=DB_INT_MAX)


class JoinInput(serializers.Serializer[Any]):
    code = serializers.CharField(max_length=40)
    seat = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=SMALL_INT_MAX)


class EventInput(serializers.Serializer[Any]):
    type = serializers.CharField(max_length=40)
    payload = serializers.DictField(required=False, default=dict)
    client_event_id = serializers.UUIDField()
    expected_seq = serializers.IntegerField(min_value=1, max_value=DB_INT_MAX)


class ClaimInput(serializers.Serializer[Any]):
    seat = serializers.IntegerField(min_value=0, max_value=SMALL_INT_MAX)
    kind = serializers.ChoiceField(choices=["all_tricks", "at_least", "no_more_points", "contract"])
    tricks = serializers.IntegerField(
        min_value=0, max_value=SMALL_INT_MAX, required=False, allow_null=True, default=None
    )
    laid_down = serializers.ListField(child=serializers.CharField(max_length=4), required=False, default=list)
    client_event_id = serializers.UUIDField()
    expected_seq = serializers.IntegerField(
        min_value=1, max_value=DB_INT_MAX, required=False, allow_null=True, default=None
    )


class ClaimAcceptInput(serializers.Serializer[Any]):
    seat = serializers.IntegerField(min_value=0, max_value=SMALL_INT_MAX, required=False, allow_null=True, default=None)


class CorrectionInput(serializers.Serializer[Any]):
    #: Required, as for every append: a retried void or amend with the same id is stored once.
    client_event_id = serializers.UUIDField()
    expected_seq = serializers.IntegerField(min_value=1, max_value=DB_INT_MAX, required=False, allow_null=True)
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class AmendInput(CorrectionInput):
    type = serializers.CharField(max_length=40)
    payload = serializers.DictField(required=False, default=dict)


# -- output --------------------------------------------------------------------------------------------
class ErrorOutput(serializers.Serializer[Any]):
    """Every error: a machine-readable code, an English (or translated) message and its parameters."""

    code = serializers.CharField()
    message = serializers.CharField()
    params = serializers.DictField()
    fields = serializers.DictField(child=serializers.CharField(), required=False)  # type: ignore[assignment]
    current = serializers.DictField(required=False)


class TokenOutput(serializers.Serializer[Any]):
    token = serializers.CharField()
    expiry = serializers.DateTimeField(allow_null=True)
    username = serializers.CharField()


class PlayerOutput(serializers.ModelSerializer[Player]):
    has_account = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ("id", "name", "has_account")

    def get_has_account(self, obj: Player) -> bool:
        return obj.user_id is not None


class JoinCodeOutput(serializers.Serializer[Any]):
    match = serializers.IntegerField()
    join_code = serializers.CharField()


class GuestOutput(TokenOutput):
    player = PlayerOutput()


class LeagueOutput(serializers.ModelSerializer[League]):
    class Meta:
        model = League
        fields = ("id", "name", "default_variants", "created_at")


class MembershipOutput(serializers.ModelSerializer[Membership]):
    player = PlayerOutput()

    class Meta:
        model = Membership
        fields = ("player", "role")


class InvitationOutput(serializers.ModelSerializer[LeagueInvitation]):
    player = PlayerOutput()
    league = LeagueOutput()

    class Meta:
        model = LeagueInvitation
        fields = ("id", "league", "player", "role", "created_at")


class InvitationSentOutput(serializers.ModelSerializer[LeagueInvitation]):
    """What the inviting admin is told: the invited player's id only, not their name."""

    class Meta:
        model = LeagueInvitation
        fields = ("id", "league", "player", "role", "created_at")


class SeatOutput(serializers.ModelSerializer[MatchSeat]):
    player = PlayerOutput()

    class Meta:
        model = MatchSeat
        fields = ("seat", "player")


class StandingOutput(serializers.ModelSerializer[PlayerResultRow]):
    """A finished match's result per seat: the league's result rows are the one results table."""

    class Meta:
        model = PlayerResultRow
        fields = ("seat", "player", "place", "score", "is_winner")


def _viewer(context: Any) -> Any:
    request = context.get("request")
    return context.get("user") or (request.user if request is not None else None)


def _admin_leagues(context: Any, user: Any) -> set[int]:
    """The leagues the viewer administers, looked up once per response (a list has many matches)."""
    if "_admin_leagues" not in context:
        rows = Membership.objects.filter(player__user=user, role=Membership.Role.ADMIN).values_list(
            "league_id", flat=True
        )
        context["_admin_leagues"] = set(rows)
    return set(context["_admin_leagues"])


class MatchOutput(serializers.ModelSerializer[Match]):
    seats = SeatOutput(many=True, read_only=True)
    #: Only for those who may record: seated players, the creator, the league's admins. A league
    #: member who may only read gets null (a code is a seat, and a seat is the right to record).
    join_code = serializers.SerializerMethodField()
    created_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = Match
        fields = (
            "id",
            "game",
            "variants",
            "status",
            "join_code",
            "last_seq",
            "league",
            "seats",
            "created_by",
            "created_at",
        )

    def get_join_code(self, match: Match) -> str | None:
        user = _viewer(self.context)
        if match.join_code is None or user is None or not user.is_authenticated:
            return None
        if user.is_staff or match.created_by_id == user.pk:
            return match.join_code
        if any(seat.player.user_id == user.pk for seat in match.seats.all()):
            return match.join_code
        if match.league_id is not None and match.league_id in _admin_leagues(self.context, user):
            return match.join_code
        return None


def recorder_name(event: Event) -> str | None:
    """The name players know the recorder by (their player's name), not a guest's generated username."""
    user = event.recorded_by
    if user is None:
        return None
    player = getattr(user, "player", None)
    return player.name if player is not None else user.get_username()


class EventOutput(serializers.ModelSerializer[Event]):
    recorded_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(slug_field="username", read_only=True)
    recorded_by_name = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = ("seq", "type", "payload", "client_event_id", "recorded_by", "recorded_by_name", "recorded_at")

    def get_recorded_by_name(self, event: Event) -> str | None:
        return recorder_name(event)


def event_json(event: Event) -> dict[str, Any]:
    """EventOutput's shape, built directly: the append path is hot and ModelSerializer introspects."""
    return {
        "seq": event.seq,
        "type": event.type,
        "payload": event.payload,
        "client_event_id": str(event.client_event_id),
        "recorded_by": event.recorded_by.get_username() if event.recorded_by_id else None,  # type: ignore[union-attr]
        "recorded_by_name": recorder_name(event),
        "recorded_at": serializers.DateTimeField().to_representation(event.recorded_at),
    }


# -- response envelopes (documentation of what the views build as dicts) ------------------------------
class PingOutput(serializers.Serializer[Any]):
    ok = serializers.BooleanField()


class SummaryOutput(serializers.Serializer[Any]):
    """Where a match's record stands; ``summary`` is the game's own (open) part."""

    match = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    last_seq = serializers.IntegerField()
    next_seq = serializers.IntegerField()
    summary = serializers.DictField()
    claims = serializers.ListField(child=serializers.DictField())
    claim_form = serializers.DictField(allow_null=True, help_text="What a claimant may claim now (Game.claim_form).")


class AppendOutput(SummaryOutput):
    """201: the event was stored; 200: a retry of a stored ``client_event_id`` (nothing written)."""

    event = EventOutput()
    created = serializers.BooleanField()


class MatchDetailOutput(SummaryOutput):
    id = serializers.IntegerField()
    game = serializers.CharField()
    variants = serializers.DictField()
    join_code = serializers.CharField(allow_null=True)
    league = serializers.IntegerField(allow_null=True)
    seats = SeatOutput(many=True)
    created_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    standings = StandingOutput(many=True)


class LegalActionsOutput(serializers.Serializer[Any]):
    next_seq = serializers.IntegerField()
    actions = serializers.ListField(child=serializers.DictField())


class RecordOutput(serializers.Serializer[Any]):
    """A ``companion-record/1`` document (docs/record-format.md)."""

    format = serializers.CharField()
    game = serializers.CharField()
    variants = serializers.DictField()
    players = serializers.ListField(child=serializers.CharField())
    events = serializers.ListField(child=serializers.DictField())
