"""Input validation and output shapes. Serializers check the form of a request; the services and
the engines decide what it means."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from companion.models import Event, League, Match, MatchSeat, Membership, Player
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
    player = serializers.IntegerField(min_value=1)
    role = serializers.ChoiceField(choices=Membership.Role.choices, default=Membership.Role.MEMBER)


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string"}]})
class PlayerRefField(serializers.Field[Any, Any, Any, Any]):
    """A seat: an existing player's id, or a new player's name."""

    default_error_messages = {"invalid": "Give a player id or a new player's name."}

    def to_internal_value(self, data: Any) -> int | str:
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, int) and data > 0:
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
    league = serializers.IntegerField(required=False, allow_null=True, min_value=1)


class JoinInput(serializers.Serializer[Any]):
    code = serializers.CharField(max_length=12)
    seat = serializers.IntegerField(required=False, allow_null=True, min_value=0)


class EventInput(serializers.Serializer[Any]):
    type = serializers.CharField(max_length=40)
    payload = serializers.DictField(required=False, default=dict)
    client_event_id = serializers.UUIDField()
    expected_seq = serializers.IntegerField(min_value=1)


class ClaimInput(serializers.Serializer[Any]):
    seat = serializers.IntegerField(min_value=0)
    kind = serializers.ChoiceField(choices=["all_tricks", "at_least", "no_more_points", "contract"])
    tricks = serializers.IntegerField(min_value=0, required=False, allow_null=True, default=None)
    laid_down = serializers.ListField(child=serializers.CharField(max_length=4), required=False, default=list)
    client_event_id = serializers.UUIDField()
    expected_seq = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)


class ClaimAcceptInput(serializers.Serializer[Any]):
    seat = serializers.IntegerField(min_value=0, required=False, allow_null=True, default=None)


class CorrectionInput(serializers.Serializer[Any]):
    client_event_id = serializers.UUIDField(required=False)
    expected_seq = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class AmendInput(CorrectionInput):
    type = serializers.CharField(max_length=40)
    payload = serializers.DictField(required=False, default=dict)


# -- output --------------------------------------------------------------------------------------------
class PlayerOutput(serializers.ModelSerializer[Player]):
    has_account = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ("id", "name", "has_account")

    def get_has_account(self, obj: Player) -> bool:
        return obj.user_id is not None


class LeagueOutput(serializers.ModelSerializer[League]):
    class Meta:
        model = League
        fields = ("id", "name", "default_variants", "created_at")


class MembershipOutput(serializers.ModelSerializer[Membership]):
    player = PlayerOutput()

    class Meta:
        model = Membership
        fields = ("player", "role")


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


class MatchOutput(serializers.ModelSerializer[Match]):
    seats = SeatOutput(many=True, read_only=True)
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
