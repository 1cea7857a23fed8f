"""Thin views: the serializer validates, one service or selector acts, the result is serialized."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth import authenticate, login, logout
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.decorators import method_decorator
from django.views.decorators.gzip import gzip_page
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from knox.settings import CONSTANTS
from rest_framework import generics, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from api import serializers as s
from api.filters import MatchFilter
from api.permissions import IsLeagueAdmin
from api.schema import errors
from companion import claims, push, selectors, services
from companion.errors import Invalid
from companion.language import pick_language
from companion.limits import DB_INT_MAX, query_int
from companion.models import ClaimCheck, Event, League, LeagueInvitation, Match, Membership, Player
from companion.sessions import session_record
from companion.throttles import THROTTLES
from league.models import PlayerResultRow


def _append_response(result: services.AppendResult, request: Request) -> Response:
    """The event and the match's summary; with ``Prefer: return=minimal`` (RFC 7240) only what a
    phone needs to go on: the new seq, the totals and the ETag under which the full summary is served."""
    code = status.HTTP_201_CREATED if result.created else status.HTTP_200_OK
    if "return=minimal" not in request.headers.get("Prefer", ""):
        # the writer's phone draws the new state and its next form from this answer alone
        body = {"event": s.event_json(result.event), "created": result.created, "legal": _legal_json(result.match)}
        if result.created and result.state is not None:
            body["history_rows"] = push.changed_rows(result.match, result.state)
        response = Response(
            {**body, **selectors.match_summary_get(match=result.match, state=result.state)}, status=code
        )
        response["ETag"] = _summary_etag(result.match, request)
        return response
    match = result.match
    response = Response(
        {
            "event": s.event_json(result.event),
            "created": result.created,
            "status": match.status,
            "last_seq": match.last_seq,
            "next_seq": match.last_seq + 1,
            "totals": selectors.match_totals_get(match=match, state=result.state),
        },
        status=code,
    )
    response["ETag"] = _summary_etag(match, request)
    response["Preference-Applied"] = "return=minimal"
    return response


def _summary_etag(match: Match, request: Request) -> str:
    # The summary is a function of the match and its last seq (events are immutable, the engine's
    # seat names are fixed) and of the language it is written in (api.renderers translates it).
    return f'"{match.uid.hex}-{match.last_seq}-{pick_language(request)}"'


def _match_json(request: Request, match: Match) -> dict[str, Any]:
    return dict(s.MatchOutput(match, context={"request": request}).data)


def _open_session(request: Request, user: User, token: services.IssuedToken) -> None:
    """Signing in also opens a browser session, so the server-rendered league and player pages know
    the phone; API calls keep using the token (token authentication runs first, so no CSRF applies).
    The session is bound to the token: signing the token out ends it (companion/sessions.py)."""
    login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
    session_record(request._request, user, token.key[: CONSTANTS.TOKEN_KEY_LENGTH])


def _user(request: Request) -> User:
    """The authenticated user (every view but the auth ones requires one)."""
    user = request.user
    assert isinstance(user, User), "IsAuthenticated runs first"
    return user


class PingView(APIView):
    """A bare authenticated endpoint: the benchmark's baseline."""

    @extend_schema(responses=s.PingOutput)
    def get(self, request: Request) -> Response:
        return Response({"ok": True})


# -- auth ----------------------------------------------------------------------------------------------
class GuestView(APIView):
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = THROTTLES
    throttle_scope = "guest"

    @extend_schema(request=s.GuestInput, responses={201: s.GuestOutput, **errors(400, 413, 429)})
    def post(self, request: Request) -> Response:
        data = s.GuestInput(data=request.data)
        data.is_valid(raise_exception=True)
        user, player, token = services.guest_create(name=data.validated_data["name"])
        _open_session(request, user, token)
        body = {**_token_json(user, token), "player": s.PlayerOutput(player).data}
        return Response(body, status=status.HTTP_201_CREATED)


def _token_json(user: User, token: services.IssuedToken) -> dict[str, Any]:
    expiry = serializers.DateTimeField().to_representation(token.expiry) if token.expiry else None
    return {"token": token.key, "expiry": expiry, "username": user.get_username()}


class TokenView(APIView):
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = THROTTLES
    throttle_scope = "signin"

    @extend_schema(request=s.TokenInput, responses={200: s.TokenOutput, **errors(400, 413, 429)})
    def post(self, request: Request) -> Response:
        data = s.TokenInput(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request._request, **data.validated_data)
        if user is None:
            raise Invalid("invalid_credentials", "Wrong username or password.", fields={"password": "wrong"})
        token = services.token_issue(user=user)
        _open_session(request, user, token)
        return Response(_token_json(user, token))


class LogoutView(APIView):
    """Sign out this device: the token used for this request (from a page: the token its session was
    opened with) stops working, and so does every browser session opened with it."""

    @extend_schema(request=None, responses={204: None, **errors(401)})
    def post(self, request: Request) -> Response:
        token_key = getattr(request.auth, "token_key", "")
        services.sign_out(user=_user(request), token_key=token_key, session_key=request.session.session_key)
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogoutAllView(APIView):
    """Sign out everywhere: every token and every browser session of this user stops working."""

    @extend_schema(request=None, responses={204: None, **errors(401)})
    def post(self, request: Request) -> Response:
        services.token_revoke(user=_user(request))
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- players and leagues ---------------------------------------------------------------------------------
class PlayerListView(generics.ListCreateAPIView[Any]):
    serializer_class = s.PlayerOutput

    def get_queryset(self) -> QuerySet[Player]:
        return selectors.player_list_for_user(user=self.request.user)

    @extend_schema(request=s.PlayerInput, responses=s.PlayerOutput)
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = s.PlayerInput(data=request.data)
        data.is_valid(raise_exception=True)
        player = services.player_create(name=data.validated_data["name"], created_by=_user(request))
        return Response(s.PlayerOutput(player).data, status=status.HTTP_201_CREATED)


class PlayerRecentView(APIView):
    """The players you recently sat at a table with (a new match's roster), most recent first."""

    @extend_schema(responses=s.PlayerOutput(many=True))
    def get(self, request: Request) -> Response:
        return Response(s.PlayerOutput(selectors.recent_players_for_user(user=request.user), many=True).data)


class PlayerMeView(APIView):
    @extend_schema(responses=s.PlayerOutput)
    def get(self, request: Request) -> Response:
        return Response(s.PlayerOutput(services.player_for_user_ensure(user=_user(request))).data)


class LeagueListView(generics.ListCreateAPIView[Any]):
    serializer_class = s.LeagueOutput

    def get_queryset(self) -> QuerySet[League]:
        return selectors.league_list_for_user(user=self.request.user)

    @extend_schema(request=s.LeagueInput, responses=s.LeagueOutput)
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = s.LeagueInput(data=request.data)
        data.is_valid(raise_exception=True)
        league = services.league_create(creator=_user(request), **data.validated_data)
        return Response(s.LeagueOutput(league).data, status=status.HTTP_201_CREATED)


class LeagueDetailView(APIView):
    @extend_schema(responses=s.LeagueOutput)
    def get(self, request: Request, league_id: int) -> Response:
        return Response(s.LeagueOutput(selectors.league_get_for_user(user=request.user, league_id=league_id)).data)


class LeagueMembersView(APIView):
    permission_classes = [IsAuthenticated, IsLeagueAdmin]

    @extend_schema(responses=s.MembershipOutput(many=True))
    def get(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        members = Membership.objects.filter(league=league).select_related("player").order_by("player__name")
        return Response(s.MembershipOutput(members, many=True).data)

    @extend_schema(
        request=s.MemberInput,
        responses={201: s.MembershipOutput, 202: s.InvitationSentOutput, **errors(400, 401, 403, 404, 413)},
    )
    def post(self, request: Request, league_id: int) -> Response:
        """201: a player without an account (or a member's new role); 202: an account holder is invited."""
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        self.check_object_permissions(request, league)
        data = s.MemberInput(data=request.data)
        data.is_valid(raise_exception=True)
        # players the admin can see, or any account holder (who is only invited, and whose name the
        # answer does not show): an id reveals nothing about the names others typed in
        player_id = data.validated_data["player"]
        visible = selectors.player_list_for_user(user=request.user).filter(pk=player_id)
        player = visible.first() or Player.objects.filter(pk=player_id, user__isnull=False).first()
        if player is None:
            raise Invalid("unknown_player", "There is no such player.", fields={"player": "unknown player id"})
        role = data.validated_data["role"]
        added = services.league_member_invite(league=league, player=player, role=role, invited_by=_user(request))
        if isinstance(added, Membership):
            return Response(s.MembershipOutput(added).data, status=status.HTTP_201_CREATED)
        return Response(s.InvitationSentOutput(added).data, status=status.HTTP_202_ACCEPTED)


class InvitationListView(APIView):
    """Your pending league invitations."""

    @extend_schema(responses={200: s.InvitationOutput(many=True), **errors(401)})
    def get(self, request: Request) -> Response:
        invitations = LeagueInvitation.objects.filter(player__user=_user(request)).select_related("league", "player")
        return Response(s.InvitationOutput(invitations, many=True).data)


class InvitationAnswerView(APIView):
    """``accept``: you join the league with the offered role (201); ``decline``: the invitation is gone (204)."""

    accept = True

    @extend_schema(request=None, responses={201: s.MembershipOutput, 204: None, **errors(401, 404)})
    def post(self, request: Request, invitation_id: int) -> Response:
        membership = services.invitation_answer(invitation_id=invitation_id, user=_user(request), accept=self.accept)
        if membership is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(s.MembershipOutput(membership).data, status=status.HTTP_201_CREATED)


# -- matches -----------------------------------------------------------------------------------------------
class MatchListView(generics.ListCreateAPIView[Any]):
    serializer_class = s.MatchListItemOutput
    filterset_class = MatchFilter

    def get_queryset(self) -> QuerySet[Match]:
        return selectors.match_list_for_user(user=self.request.user)

    @extend_schema(request=s.MatchInput, responses={201: s.MatchOutput})
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = s.MatchInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        league_id = values.pop("league", None)
        league = selectors.league_get_for_user(user=request.user, league_id=league_id) if league_id else None
        match = services.match_create(created_by=_user(request), league=league, **values)
        return Response(_match_json(request, match), status=status.HTTP_201_CREATED)


# The table page's first answer (it carries the summary); gzip keeps a phone's cold load small.
@method_decorator(gzip_page, name="dispatch")
class MatchDetailView(APIView):
    @extend_schema(responses=s.MatchDetailOutput)
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        rows = PlayerResultRow.objects.filter(match_id=match.pk).order_by("place", "seat")
        standings = s.StandingOutput(rows, many=True).data
        return Response(
            {**_match_json(request, match), **selectors.match_summary_get(match=match), "standings": standings}
        )


class MatchRematchView(APIView):
    """A new match with the same players, seats, house rules and league (one tap after a game)."""

    @extend_schema(request=None, responses={201: s.MatchOutput})
    def post(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        rematch = services.match_rematch(match=match, user=_user(request))
        return Response(_match_json(request, rematch), status=status.HTTP_201_CREATED)


class MatchJoinView(APIView):
    throttle_classes = THROTTLES
    throttle_scope = "join"

    @extend_schema(request=s.JoinInput, responses=s.MatchListItemOutput)
    def post(self, request: Request) -> Response:
        """Without ``seat``: 400 ``seat_required`` listing the free seats; with it, the match as the list
        shows it (``my_seat`` is the seat just taken, ``totals`` where the table stands)."""
        data = s.JoinInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_join(user=_user(request), **data.validated_data)
        return Response(s.MatchListItemOutput(match, context={"request": request}).data)


class MatchSummaryView(APIView):
    """The phones poll this: send ``If-None-Match`` with the last ETag to get a 304 when nothing changed."""

    @extend_schema(responses={200: s.SummaryOutput, 304: None})
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        # a poll that changed nothing costs no replay and no rendering
        etag = _summary_etag(match, request)
        if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
            response = Response(status=status.HTTP_304_NOT_MODIFIED)
        else:
            response = Response(selectors.match_summary_get(match=match))
        response["ETag"] = etag
        response["Cache-Control"] = "private, no-cache"
        return response


class LegalActionsView(APIView):
    @extend_schema(responses=s.LegalActionsOutput)
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        return Response(_legal_json(match))


def _legal_json(match: Match) -> dict[str, Any]:
    actions = selectors.match_legal_actions_get(match=match)
    return {"next_seq": match.last_seq + 1, "actions": actions, "entry_form": _entry_form(match)}


#: The most rows one page of ``GET .../history`` carries (a row of a card-by-card hand is ~3 KB).
HISTORY_PAGE_MAX = 50


class HistoryView(APIView):
    """Rows of the summary's history: the ``limit`` rows before row ``before`` (the latest by default).
    The summary carries the latest rows only (``history_page``); a phone pages back from there."""

    @extend_schema(
        parameters=[
            OpenApiParameter("before", int, description="only rows before this index", required=False),
            OpenApiParameter("limit", int, description=f"at most this many (1–{HISTORY_PAGE_MAX})", required=False),
        ],
        responses=s.HistoryOutput,
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        before = query_int(request.query_params, "before", default=None)
        limit = min(query_int(request.query_params, "limit", default=20) or 1, HISTORY_PAGE_MAX)
        return Response(selectors.match_history_get(match=match, before=before, limit=limit))


def _entry_form(match: Match) -> dict[str, Any] | None:
    """The engine's description of the next result-entry form (scoring.forms), or None."""
    return selectors.match_game(match).entry_form(selectors.match_state_get(match))


class EntryFormView(APIView):
    """What the next result entry asks and which totals and ranges hold (``null``: none now)."""

    @extend_schema(responses=s.EntryFormAnswerOutput)
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        return Response({"next_seq": match.last_seq + 1, "entry_form": _entry_form(match)})


class RecordView(APIView):
    @extend_schema(responses=s.RecordOutput)
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        return Response(selectors.match_record_get(match=match))


class RecordImportView(APIView):
    """The body is a ``companion-record/1`` document; ``?league=ID`` files the match in a league."""

    throttle_classes = THROTTLES
    throttle_scope = "imports"

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        responses={201: s.MatchOutput, **errors(400, 401, 404, 413, 429)},
    )
    def post(self, request: Request) -> Response:
        league_id = query_int(request.query_params, "league")
        league = None
        if league_id:
            league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        match = services.record_import(data=request.data, user=_user(request), league=league)
        return Response(_match_json(request, match), status=status.HTTP_201_CREATED)


@method_decorator(gzip_page, name="dispatch")
class GamesView(APIView):
    """``?game=NAME``: that game's entry only (a table page needs no other game's); ``&omit=variants``
    without the house rules' documentation (the table reads it only when Share opens)."""

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, description="only this game's entry", required=False),
            OpenApiParameter("omit", str, enum=["variants"], description="leave out the house rules", required=False),
            OpenApiParameter(
                "v", str, description="the catalogue version: the answer may be kept a week", required=False
            ),
        ],
        responses={200: s.GameOutput(many=True), 304: None},
    )
    def get(self, request: Request) -> Response:
        games = selectors.games_catalogue()
        name = request.query_params.get("game")
        if name:
            games = [g for g in games if g["name"] == name]
        if request.query_params.get("omit") == "variants":
            games = [{k: v for k, v in g.items() if k != "variants"} for g in games]
        response = Response(games)
        omit = request.query_params.get("omit", "")
        etag = f'"{selectors.catalogue_version()}-{name or "all"}-{omit}-{pick_language(request)}"'
        response["ETag"] = etag
        if request.query_params.get("v") == selectors.catalogue_version():
            response["Cache-Control"] = "private, max-age=604800"
        elif etag in [t.strip().removeprefix("W/") for t in request.headers.get("If-None-Match", "").split(",")]:
            # (compressed answers carry the ETag weakened: W/"…")
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
        return response


class JoinCodeView(APIView):
    """The match's creator (or a league admin) issues a new join code, the old one stops working
    (``POST``), or turns joining off (``DELETE``)."""

    @extend_schema(request=None, responses={200: s.JoinCodeOutput, **errors(401, 403, 404)})
    def post(self, request: Request, match_id: int) -> Response:
        match = services.join_code_set(match_id=match_id, user=_user(request), enabled=True)
        return Response({"match": match.pk, "join_code": match.join_code})

    @extend_schema(request=None, responses={204: None, **errors(401, 403, 404)})
    def delete(self, request: Request, match_id: int) -> Response:
        services.join_code_set(match_id=match_id, user=_user(request), enabled=False)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- events -----------------------------------------------------------------------------------------------
#: The most events one page of ``GET .../events/?after=&limit=`` carries.
EVENTS_PAGE_MAX = 500


class EventListView(APIView):
    """``GET``: the events after seq ``after`` (0), at most ``limit`` of them (all when absent, at most
    500): a phone catching up pages with ``after`` = the last seq it has. With ``before``: the latest
    ``limit`` events before that seq (still in seq order): a phone shows the latest page and pages back."""

    @extend_schema(
        parameters=[
            OpenApiParameter("after", int, description="only events with a greater seq", required=False),
            OpenApiParameter("before", int, description="the latest events with a smaller seq", required=False),
            OpenApiParameter("limit", int, description=f"at most this many (1–{EVENTS_PAGE_MAX})", required=False),
        ],
        responses=s.EventOutput(many=True),
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        after = query_int(request.query_params, "after", default=0)
        limit = min(query_int(request.query_params, "limit", default=EVENTS_PAGE_MAX) or 1, EVENTS_PAGE_MAX)
        events = Event.objects.filter(match=match, seq__gt=after).select_related("recorded_by__player")
        before = query_int(request.query_params, "before", default=None)
        if before is not None:
            latest = list(events.filter(seq__lt=before).order_by("-seq")[:limit])
            return Response(s.EventOutput(latest[::-1], many=True).data)
        return Response(s.EventOutput(events.order_by("seq")[:limit], many=True).data)

    @extend_schema(request=s.EventInput, responses={201: s.AppendOutput, 200: s.AppendOutput})
    def post(self, request: Request, match_id: int) -> Response:
        values = _plain_event_input(request.data)
        if values is None:
            data = s.EventInput(data=request.data)
            data.is_valid(raise_exception=True)
            values = dict(data.validated_data)
        result = services.event_append(match_id=match_id, user=_user(request), **values)
        return _append_response(result, request)


def _plain_event_input(data: Any) -> dict[str, Any] | None:
    """``EventInput``'s validated data for the body every phone sends, checked without building the
    serializer (a tenth of the append's CPU, bench/RESULTS.md); ``None`` for anything else — a
    string that would be trimmed, a number as a string, a bad id —, which the serializer then
    accepts or refuses with its own errors."""
    if not isinstance(data, dict):
        return None
    kind, payload, event_id, seq = (data.get(k) for k in ("type", "payload", "client_event_id", "expected_seq"))
    if not (isinstance(kind, str) and 0 < len(kind) <= 40 and kind.isascii() and kind.isprintable()):
        return None
    if kind != kind.strip() or not isinstance(event_id, str) or type(seq) is not int or not 1 <= seq <= DB_INT_MAX:
        return None
    if "payload" in data and not isinstance(payload, dict):
        return None
    try:
        client_event_id = uuid.UUID(event_id)
    except ValueError:
        return None
    return {"type": kind, "payload": dict(payload or {}), "client_event_id": client_event_id, "expected_seq": seq}


def _correction_values(serializer: type[Serializer[Any]], request: Request) -> dict[str, Any]:
    """A correction names its target in the URL and may leave out the expected seq; its
    ``client_event_id`` is required, so a retry is answered with the stored event (200), not stored twice."""
    data = serializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = dict(data.validated_data)
    values.setdefault("expected_seq", None)
    return values


class EventVoidView(APIView):
    @extend_schema(request=s.CorrectionInput, responses={201: s.AppendOutput, 200: s.AppendOutput})
    def post(self, request: Request, match_id: int, seq: int) -> Response:
        values = _correction_values(s.CorrectionInput, request)
        result = services.event_void(match_id=match_id, seq=seq, user=_user(request), **values)
        return _append_response(result, request)


class EventAmendView(APIView):
    @extend_schema(request=s.AmendInput, responses={201: s.AppendOutput, 200: s.AppendOutput})
    def post(self, request: Request, match_id: int, seq: int) -> Response:
        values = _correction_values(s.AmendInput, request)
        result = services.event_amend(match_id=match_id, seq=seq, user=_user(request), **values)
        return _append_response(result, request)


# -- claims -------------------------------------------------------------------------------------------------
#: 201: checked and recorded; 200: a retried ``client_event_id``; 202: being checked, poll the URL.
CLAIM_RESPONSES = {201: s.ClaimResultOutput, 200: s.ClaimResultOutput, 202: s.ClaimPendingOutput}


def _claim_response(outcome: claims.ClaimOutcome) -> Response:
    check = outcome.check
    if check.status == ClaimCheck.Status.PENDING:
        body = {"claim": check.pk, "status": check.status, "poll": f"/api/v1/claims/{check.pk}"}
        return Response(body, status=status.HTTP_202_ACCEPTED)
    match = Match.objects.get(pk=check.match_id)
    body = {
        "claim": selectors.claim_json(check),
        "event": s.event_json(outcome.event) if outcome.event is not None else None,
        "settled_seqs": outcome.settled_seqs,
        "created": outcome.created,
        **selectors.match_summary_get(match=match),
    }
    return Response(body, status=status.HTTP_201_CREATED if outcome.created else status.HTTP_200_OK)


class ClaimListView(APIView):
    """``POST``: make a claim (201 with the verdict, or 202 with a URL to poll). ``GET``: the match's claims."""

    throttle_classes = THROTTLES
    throttle_scope = "claims"

    @extend_schema(responses=s.ClaimOutput(many=True))
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_user(user=request.user, match_id=match_id)
        return Response([selectors.claim_json(c) for c in ClaimCheck.objects.filter(match=match).order_by("id")])

    @extend_schema(request=s.ClaimInput, responses=CLAIM_RESPONSES)
    def post(self, request: Request, match_id: int) -> Response:
        data = s.ClaimInput(data=request.data)
        data.is_valid(raise_exception=True)
        outcome = claims.claim_submit(match_id=match_id, user=_user(request), **data.validated_data)
        return _claim_response(outcome)


class ClaimDetailView(APIView):
    """Poll a claim: ``status`` pending/done and, when done, the verdict and the claim event's seq."""

    @extend_schema(responses=s.ClaimOutput)
    def get(self, request: Request, claim_id: int) -> Response:
        return Response(selectors.claim_json(claims.claim_get_for_user(user=request.user, claim_id=claim_id)))


class ClaimAcceptView(APIView):
    """Another seated player accepts the claim (``seat``: which one, when the phone records for several)."""

    @extend_schema(request=s.ClaimAcceptInput, responses=CLAIM_RESPONSES)
    def post(self, request: Request, claim_id: int) -> Response:
        data = s.ClaimAcceptInput(data=request.data)
        data.is_valid(raise_exception=True)
        outcome = claims.claim_accept(claim_id=claim_id, user=_user(request), **data.validated_data)
        return _claim_response(outcome)
