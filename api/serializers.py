"""Input validation and output shapes. Serializers check the form of a request; the services and
the engines decide what it means."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from companion import selectors
from companion.fields import StrictIntegerField, TextField
from companion.limits import DB_INT_MAX, SMALL_INT_MAX
from companion.models import ClaimCheck, Event, League, LeagueInvitation, Match, MatchSeat, Membership, Player
from companion.people import player_badge
from companion.text import CODE as TEXT_CODE
from companion.text import text_problem
from league.models import PlayerResultRow


# -- input ---------------------------------------------------------------------------------------------
class GuestInput(serializers.Serializer[Any]):
    name = TextField(max_length=100)


class TokenInput(serializers.Serializer[Any]):
    username = TextField()
    password = TextField(trim_whitespace=False, style={"input_type": "password"})


class PlayerInput(serializers.Serializer[Any]):
    name = TextField(max_length=100)


class LeagueInput(serializers.Serializer[Any]):
    name = TextField(max_length=100)
    default_variants = serializers.DictField(child=serializers.DictField(), required=False, default=dict)


class MemberInput(serializers.Serializer[Any]):
    player = StrictIntegerField(min_value=1, max_value=DB_INT_MAX)
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
            if (problem := text_problem(data)) is not None:
                raise serializers.ValidationError(problem, code=TEXT_CODE)  # 400 invalid_text
            return data.strip()
        self.fail("invalid")
        raise AssertionError  # pragma: no cover - fail() raises

    def to_representation(self, value: Any) -> Any:
        return value


class MatchInput(serializers.Serializer[Any]):
    game = TextField(max_length=40)
    players = serializers.ListField(child=PlayerRefField(), min_length=1, max_length=20)
    variants = serializers.DictField(required=False, default=dict)
    league = StrictIntegerField(required=False, allow_null=True, min_value=1, max_value=DB_INT_MAX)


class JoinInput(serializers.Serializer[Any]):
    code = TextField(max_length=40)
    seat = StrictIntegerField(required=False, allow_null=True, min_value=0, max_value=SMALL_INT_MAX)


class EventInput(serializers.Serializer[Any]):
    type = TextField(max_length=40)
    payload = serializers.DictField(required=False, default=dict)
    client_event_id = serializers.UUIDField()
    expected_seq = StrictIntegerField(min_value=1, max_value=DB_INT_MAX)


class ClaimInput(serializers.Serializer[Any]):
    seat = StrictIntegerField(min_value=0, max_value=SMALL_INT_MAX)
    kind = serializers.ChoiceField(choices=["all_tricks", "at_least", "no_more_points", "contract"])
    tricks = StrictIntegerField(min_value=0, max_value=SMALL_INT_MAX, required=False, allow_null=True, default=None)
    laid_down = serializers.ListField(child=TextField(max_length=4), required=False, default=list)
    client_event_id = serializers.UUIDField()
    expected_seq = StrictIntegerField(min_value=1, max_value=DB_INT_MAX, required=False, allow_null=True, default=None)


class ClaimAcceptInput(serializers.Serializer[Any]):
    seat = StrictIntegerField(min_value=0, max_value=SMALL_INT_MAX, required=False, allow_null=True, default=None)


class CorrectionInput(serializers.Serializer[Any]):
    #: Required, as for every append: a retried void or amend with the same id is stored once.
    client_event_id = serializers.UUIDField()
    expected_seq = StrictIntegerField(min_value=1, max_value=DB_INT_MAX, required=False, allow_null=True)
    reason = TextField(max_length=500, required=False, allow_blank=True, default="")


class AmendInput(CorrectionInput):
    type = TextField(max_length=40)
    payload = serializers.DictField(required=False, default=dict)


# -- output --------------------------------------------------------------------------------------------
class TokenOutput(serializers.Serializer[Any]):
    token = serializers.CharField()
    expiry = serializers.DateTimeField(allow_null=True)
    username = serializers.CharField()


class PlayerOutput(serializers.ModelSerializer[Player]):
    has_account = serializers.SerializerMethodField()
    #: ``#rrggbb`` and up to three letters: chosen by the player, else derived (companion.people).
    colour = serializers.SerializerMethodField()
    initials = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ("id", "name", "has_account", "colour", "initials")

    def get_has_account(self, obj: Player) -> bool:
        return obj.user_id is not None

    def get_colour(self, obj: Player) -> str:
        return player_badge(obj)["colour"]

    def get_initials(self, obj: Player) -> str:
        return player_badge(obj)["initials"]


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


def _player_name(user: Any) -> str | None:
    """A user's player name, or null (no user, or one who never sat anywhere)."""
    if user is None:
        return None
    player = getattr(user, "player", None)  # joined by the token's authentication or select_related
    return player.name if player is not None else None


def creator_name(match: Match) -> str | None:
    """The name the table knows the match's creator by; no query when ``created_by__player`` is joined."""
    return _player_name(match.created_by)


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
    #: Who created it, by their player's name like ``recorded_by`` (a sign-in username is never shown).
    created_by = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields: tuple[str, ...] = (
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

    def get_created_by(self, match: Match) -> str | None:
        return creator_name(match)

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


class MatchListItemOutput(MatchOutput):
    """A match in ``GET /matches``: what a phone's list shows without opening each match."""

    totals = serializers.SerializerMethodField()
    my_seat = serializers.SerializerMethodField()
    #: When a recorder seated the caller (they did not join themselves): the recorder's name, so the
    #: phone shows "recorded by …" and offers a dispute (``POST /matches/{id}/dispute``). Else null.
    seated_by = serializers.SerializerMethodField()

    class Meta(MatchOutput.Meta):
        fields = (*MatchOutput.Meta.fields, "totals", "my_seat", "seated_by")

    def get_seated_by(self, match: Match) -> str | None:
        user_id = getattr(_viewer(self.context), "pk", None)
        mine = next((s for s in match.seats.all() if user_id and s.player.user_id == user_id), None)
        if mine is None or mine.seated_by_id is None or mine.seated_by_id == user_id:
            return None
        return creator_name(match) if mine.seated_by_id == match.created_by_id else None

    def get_totals(self, match: Match) -> list[int]:
        """The running totals by seat (the cached state after the last event: no replay when warm)."""
        return selectors.match_totals_get(match=match)

    def get_my_seat(self, match: Match) -> int | None:
        """The caller's seat (null: not seated); from the prefetched seats, no query."""
        user = _viewer(self.context)
        user_id = getattr(user, "pk", None)
        return next((s.seat for s in match.seats.all() if user_id and s.player.user_id == user_id), None)


def recorder_name(event: Event) -> str | None:
    """The name players know the recorder by (their player's name), not a guest's generated username."""
    return _player_name(event.recorded_by)


class EventOutput(serializers.ModelSerializer[Event]):
    #: Who recorded it, by the name the table knows them by; a sign-in username is never shown
    #: (a guest's is generated, and an account's would help guess passwords).
    recorded_by = serializers.SerializerMethodField()
    #: The same name, under the key older clients read.
    recorded_by_name = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = ("seq", "type", "payload", "client_event_id", "recorded_by", "recorded_by_name", "recorded_at")

    def get_recorded_by(self, event: Event) -> str | None:
        return recorder_name(event)

    def get_recorded_by_name(self, event: Event) -> str | None:
        return recorder_name(event)


def event_json(event: Event) -> dict[str, Any]:
    """EventOutput's shape, built directly: the append path is hot and ModelSerializer introspects."""
    return {
        "seq": event.seq,
        "type": event.type,
        "payload": event.payload,
        "client_event_id": str(event.client_event_id),
        "recorded_by": recorder_name(event),
        "recorded_by_name": recorder_name(event),
        "recorded_at": serializers.DateTimeField().to_representation(event.recorded_at),
    }


# -- response envelopes (documentation of what the views build as dicts) ------------------------------
class PingOutput(serializers.Serializer[Any]):
    ok = serializers.BooleanField()


@extend_schema_field(
    {
        "type": "object",
        "description": "An event the rules allow next: its ``type`` and the engine's hints (seat, cards …).",
        "properties": {"type": {"type": "string"}},
        "required": ["type"],
        "additionalProperties": True,
    }
)
class ActionField(serializers.DictField):
    pass


@extend_schema_field(
    {
        "type": "object",
        "description": "One input of an entry form; the vocabulary is in scoring/forms.py.",
        "properties": {
            "name": {"type": "string"},
            "kind": {"type": "string", "enum": ["per_seat", "seat", "seats", "number", "choice", "suits_per_seat"]},
            "seats": {"type": "array", "items": {"type": "integer"}},
            "min": {"type": "integer"},
            "max": {"type": "integer"},
            "total": {"type": "integer"},
            "total_code": {"type": "string"},
            "required": {"type": "boolean"},
            "nullable": {"type": "boolean"},
        },
        "required": ["name", "kind"],
        "additionalProperties": True,
    }
)
class EntryFieldField(serializers.DictField):
    pass


class EntryFormOutput(serializers.Serializer[Any]):
    """What the next result entry asks (scoring.forms)."""

    type = serializers.CharField(help_text="the event the form records")
    number = serializers.IntegerField(help_text="the hand or deal it will be")
    fields = serializers.ListField(child=EntryFieldField())  # type: ignore[assignment]


class EntryFormAnswerOutput(serializers.Serializer[Any]):
    next_seq = serializers.IntegerField()
    entry_form = EntryFormOutput(allow_null=True, help_text="null: no result can be entered now")


class LegalActionsOutput(EntryFormAnswerOutput):
    actions = serializers.ListField(child=ActionField())


class ClaimSummaryOutput(serializers.Serializer[Any]):
    """A claim as the record shows it (the summary's ``claims``)."""

    claim = serializers.IntegerField(allow_null=True, help_text="the check's id (null for an imported record)")
    seq = serializers.IntegerField()
    at_seq = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    tricks = serializers.IntegerField(allow_null=True)
    laid_down = serializers.ListField(child=serializers.CharField())
    verdict = serializers.CharField(allow_null=True, help_text="holds or fails (null while pending)")
    reason = serializers.CharField(allow_null=True)
    template = serializers.CharField(required=False)
    params = serializers.DictField(required=False)
    plural = serializers.CharField(required=False)
    counter_line = serializers.ListField(child=serializers.DictField(), help_text="cards {seat, card} that beat it")
    distribution = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), allow_null=True, help_text="hands per seat"
    )
    elapsed_ms = serializers.FloatField(allow_null=True)
    positions = serializers.IntegerField(allow_null=True)
    accepted = serializers.BooleanField()
    accepted_by = serializers.IntegerField(allow_null=True)
    settled = serializers.BooleanField()


class ClaimOutput(ClaimSummaryOutput):
    """A claim check (``/claims/{id}``, the poll)."""

    claim = serializers.IntegerField()
    match = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ClaimCheck.Status.choices)
    seq = serializers.IntegerField(allow_null=True)
    poll = serializers.CharField()


class ClaimPendingOutput(serializers.Serializer[Any]):
    """202: the check runs in the background; poll ``poll`` until ``status`` is done."""

    claim = serializers.IntegerField()
    status = serializers.CharField(help_text="pending")
    poll = serializers.CharField()


class HistoryPageOutput(serializers.Serializer[Any]):
    """Where the rows shown sit in the whole history (GET /matches/{id}/history pages the others)."""

    # "from" is a Python keyword: the field is declared under its JSON name below
    count = serializers.IntegerField(help_text="rows in the whole history")
    base = serializers.IntegerField(
        help_text="seq of the latest correction (0: none); rows kept under another base are stale"
    )


HistoryPageOutput._declared_fields["from"] = serializers.IntegerField(help_text="index of the first row shown")


class HistoryOutput(HistoryPageOutput):
    rows = serializers.ListField(child=serializers.DictField())


class SummaryOutput(serializers.Serializer[Any]):
    """Where a match's record stands; ``summary`` is the game's own (open) part."""

    match = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    last_seq = serializers.IntegerField()
    next_seq = serializers.IntegerField()
    version = serializers.CharField(help_text="names this summary (a live push names the version it follows)")
    summary = serializers.DictField(
        help_text="the game's own summary (open: per game; totals by seat); its history's latest rows only"
    )
    history_page = HistoryPageOutput(help_text="which rows of the history the summary carries")
    claims = ClaimSummaryOutput(many=True)
    claim_form = serializers.DictField(
        allow_null=True, help_text="What a claimant may claim now (scoring.claims.form.claim_form)."
    )


class ErrorOutput(serializers.Serializer[Any]):
    """Every error: a machine-readable code, an English (or translated) message and its parameters."""

    code = serializers.CharField()
    message = serializers.CharField()
    params = serializers.DictField()
    fields = serializers.DictField(child=serializers.CharField(), required=False)  # type: ignore[assignment]
    field = serializers.CharField(required=False, help_text="a rules error: the entry field it concerns")
    seat = serializers.IntegerField(required=False, help_text="a rules error: the seat it concerns")
    current = SummaryOutput(required=False, help_text="a stale seq: where the match stands now")
    template = serializers.CharField(required=False, help_text="an engine error's English message with placeholders")


class AppendOutput(SummaryOutput):
    """201: the event was stored; 200: a retry of a stored ``client_event_id`` (nothing written)."""

    event = EventOutput()
    created = serializers.BooleanField()
    legal = LegalActionsOutput(help_text="what may be recorded next (as GET legal-actions says)")
    history_rows = serializers.DictField(
        required=False,
        allow_null=True,
        help_text="the history rows this entry added or completed: `from` (the first one's index) and `rows`",
    )


class MatchDetailOutput(SummaryOutput):
    id = serializers.IntegerField()
    game = serializers.CharField()
    variants = serializers.DictField()
    join_code = serializers.CharField(allow_null=True)
    league = serializers.IntegerField(allow_null=True)
    seats = SeatOutput(many=True)
    created_by = serializers.CharField(allow_null=True, help_text="the creator's player name")
    created_at = serializers.DateTimeField()
    standings = StandingOutput(many=True)


class RecordOutput(serializers.Serializer[Any]):
    """A ``companion-record/1`` document (docs/record-format.md)."""

    format = serializers.CharField()
    game = serializers.CharField()
    variants = serializers.DictField()
    players = serializers.ListField(child=serializers.CharField())
    events = serializers.ListField(child=serializers.DictField())


class ClaimResultOutput(SummaryOutput):
    """201: the claim was checked and recorded; 200: a retry of a recorded ``client_event_id``."""

    claim = ClaimOutput()
    event = EventOutput(allow_null=True)
    settled_seqs = serializers.ListField(child=serializers.IntegerField(), help_text="events added by playing it out")
    created = serializers.BooleanField()


class VariantOutput(serializers.Serializer[Any]):
    """One house rule: its type, default and allowed values (scoring.variants)."""

    key = serializers.CharField()
    type = serializers.CharField()
    default = serializers.JSONField(allow_null=True)
    doc = serializers.CharField(allow_blank=True)
    nullable = serializers.BooleanField()
    label = serializers.CharField()  # type: ignore[assignment]
    choices = serializers.ListField(child=serializers.JSONField(), required=False)
    choice_labels = serializers.ListField(child=serializers.CharField(), required=False)
    item_choices = serializers.ListField(child=serializers.JSONField(), required=False)
    item_choice_labels = serializers.ListField(child=serializers.CharField(), required=False)
    minimum = serializers.FloatField(required=False)
    maximum = serializers.FloatField(required=False)
    multiple_of = serializers.FloatField(required=False)


class GameOutput(serializers.Serializer[Any]):
    """A games-catalogue entry; ``events`` maps each event type to the JSON Schema of its payload."""

    name = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    usual_players = serializers.IntegerField(help_text="the table size a new match suggests")
    rules_file = serializers.CharField()
    variants = VariantOutput(many=True, required=False, help_text="left out with ?omit=variants")
    events = serializers.DictField(child=serializers.DictField(), help_text="event type → payload JSON Schema")
    result_event_types = serializers.ListField(child=serializers.CharField())
    lower_is_better = serializers.BooleanField()
    unit = serializers.ChoiceField(
        choices=["hand", "deal", "round"], help_text="the game's own word for one scored unit of play"
    )
    claim_kinds = serializers.ListField(
        child=serializers.CharField(), help_text="the claims a table may make (none: no claims)"
    )
    deck = serializers.ListField(child=serializers.CharField(), help_text="the pack's cards, in the engine's order")
