"""REST endpoints of the league: standings, player statistics, ratings, head-to-head, records,
exports and batch imports. Thin: parse the filters, call one selector or service, serialize."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from companion import selectors as match_selectors
from companion.errors import Invalid, NotFound
from companion.limits import DB_INT_MAX, query_int
from companion.throttles import THROTTLES
from league import exports, selectors
from league import serializers as ls
from league.models import MatchRow
from league.selectors import StatsFilter
from scoring.registry import GAME_MODULES

FILTERS = [
    OpenApiParameter("league", int, description="league id"),
    OpenApiParameter("game", str, description="game name, e.g. hearts"),
    OpenApiParameter("profile", str, description="house-rule profile key (standard, or a key from the ratings)"),
    OpenApiParameter("season_start", OpenApiTypes.DATE, description="first day of the season (inclusive)"),
    OpenApiParameter("season_end", OpenApiTypes.DATE, description="last day of the season (inclusive)"),
    OpenApiParameter("player", int, description="player id"),
]
_KNOWN = {"league", "game", "profile", "season_start", "season_end", "player", "a", "b", "format"}


def _int(params: Any, name: str) -> int | None:
    return query_int(params, name, code="invalid_filter")


def player_visible(user: Any, player_id: int) -> bool:
    """A player's statistics are for those who share a league or a match with them (or added them):
    anyone else gets the same 404 as for an id that does not exist."""
    return match_selectors.player_list_for_user(user=user).filter(pk=player_id).exists()


def _date(params: Any, name: str) -> date | None:
    raw = params.get(name)
    if raw in (None, ""):
        return None
    try:
        return date.fromisoformat(str(raw))
    except ValueError:
        raise Invalid(
            "invalid_filter", f"{name} must be a date like 2026-11-21.", fields={name: "YYYY-MM-DD"}
        ) from None


def stats_filter(request: Request) -> StatsFilter:
    """Read and check the filters; unknown values are a 4xx naming the filter, never an empty 200."""
    return filter_from(request.query_params, request.user)


def filter_from(params: Any, user: Any, *, extra: frozenset[str] = frozenset()) -> StatsFilter:
    """The filters of a query string for ``user`` (API and pages alike); raises a 4xx service error."""
    unknown = sorted(set(params) - _KNOWN - extra)
    if unknown:
        raise Invalid(
            "unknown_filter", f"There is no filter {unknown[0]!r}.", fields=dict.fromkeys(unknown, "unknown filter")
        )
    game = params.get("game") or None
    if game is not None and game not in GAME_MODULES:
        raise Invalid("unknown_game", f"{game!r} is not a game Companion knows.", fields={"game": "unknown game"})
    start, end = _date(params, "season_start"), _date(params, "season_end")
    if start and end and end < start:
        raise Invalid(
            "season_end_before_start",
            f"A season cannot end ({end}) before it starts ({start}).",
            fields={"season_end": "before season_start"},
        )
    league_id = _int(params, "league")
    if league_id is not None:
        match_selectors.league_get_for_user(user=user, league_id=league_id)  # 404 if not visible
    player_id = _int(params, "player")
    if player_id is not None and not player_visible(user, player_id):
        raise NotFound("player_not_found", f"There is no player {player_id}.", player=player_id)
    profile = params.get("profile") or None
    if (
        profile is not None
        and not MatchRow.objects.filter(profile=profile, **({"game": game} if game else {})).exists()
    ):
        raise Invalid(
            "unknown_profile", f"No finished match was played under profile {profile!r}.", fields={"profile": "unknown"}
        )
    # With a league named (and visible, checked above) the reader's other leagues do not matter, so
    # every member shares the same memoised answers (and the ones warmed when a match finishes).
    visible = (
        None
        if league_id is not None
        else tuple(match_selectors.league_list_for_user(user=user).values_list("pk", flat=True))
    )
    return StatsFilter(league_id, game, profile, start, end, player_id, visible_leagues=visible)


class StandingsView(APIView):
    @extend_schema(parameters=FILTERS, responses=ls.StandingsOutput)
    def get(self, request: Request) -> Response:
        flt = stats_filter(request)
        return Response({"standings": selectors.standings(flt), "figures": selectors.figure_catalogue()})


class PlayerStatsView(APIView):
    @extend_schema(parameters=FILTERS, responses=ls.PlayerStatsOutput)
    def get(self, request: Request, player_id: int) -> Response:
        if not player_visible(request.user, player_id):
            raise NotFound("player_not_found", f"There is no player {player_id}.", player=player_id)
        return Response(selectors.player_stats(player_id, stats_filter(request)))


class HeadToHeadView(APIView):
    @extend_schema(
        parameters=[*FILTERS, OpenApiParameter("a", int, required=True), OpenApiParameter("b", int, required=True)],
        responses=ls.HeadToHeadOutput,
    )
    def get(self, request: Request) -> Response:
        flt = stats_filter(request)
        a, b = _int(request.query_params, "a"), _int(request.query_params, "b")
        if a is None or b is None or a == b:
            raise Invalid("two_players_required", "Name two different players: ?a=ID&b=ID.", fields={"b": "required"})
        for pid in (a, b):
            if not player_visible(request.user, pid):
                raise NotFound("player_not_found", f"There is no player {pid}.", player=pid)
        return Response(selectors.head_to_head(a, b, flt))


class RecordsView(APIView):
    @extend_schema(parameters=FILTERS, responses=ls.RecordsOutput)
    def get(self, request: Request) -> Response:
        return Response({"records": selectors.records(stats_filter(request))})


class RatingsView(APIView):
    @extend_schema(parameters=FILTERS, responses=ls.RatingsOutput)
    def get(self, request: Request) -> Response:
        return Response({"ratings": selectors.ratings_list(stats_filter(request))})


class RatingHistoryView(APIView):
    @extend_schema(parameters=FILTERS, responses=ls.RatingHistoryOutput)
    def get(self, request: Request) -> Response:
        flt = stats_filter(request)
        if flt.player_id is None:
            raise Invalid(
                "player_required", "Rating history is per player: add ?player=ID.", fields={"player": "required"}
            )
        return Response({"history": selectors.rating_history_list(flt)})


class CsvExportView(APIView):
    """``kind`` is ``matches`` (one row per seat) or ``hands`` (one row per seat per hand)."""

    @extend_schema(parameters=FILTERS, responses={(200, "text/csv"): OpenApiTypes.STR})
    def get(self, request: Request, kind: str) -> HttpResponse:
        if kind not in ("matches", "hands"):
            raise NotFound("unknown_export", f"There is no {kind!r} export: use matches.csv or hands.csv.", kind=kind)
        rows = list(selectors.matches(stats_filter(request)))
        text = exports.matches_csv(rows) if kind == "matches" else exports.hands_csv(rows)
        response = HttpResponse(text, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="companion-{kind}.csv"'
        return response


class BgStatsView(APIView):
    @extend_schema(responses=ls.BgStatsOutput)
    def get(self, request: Request, match_id: int) -> Response:
        match = match_selectors.match_get_for_user(user=request.user, match_id=match_id)
        row = MatchRow.objects.filter(match=match).first()
        if row is None:
            raise Invalid("match_not_finished", "Only a finished match can be exported to BG Stats.", match=match_id)
        play = exports.bgstats_play(row)
        return Response({"play": play, "link": exports.bgstats_link(play)})


class RecordsImportView(APIView):
    """``{"records": [record, …], "league": id?}``: all are stored, or none."""

    throttle_classes = THROTTLES
    throttle_scope = "imports"

    @extend_schema(request=ls.RecordsImportInput, responses={201: ls.RecordsImportOutput})
    def post(self, request: Request) -> Response:
        body = request.data
        if not isinstance(body, dict) or not isinstance(body.get("records"), list):
            raise Invalid("invalid", 'Send {"records": [record, …]}.', fields={"records": "must be a list"})
        league = None
        if body.get("league") is not None:
            if not isinstance(body["league"], int) or isinstance(body["league"], bool) or body["league"] > DB_INT_MAX:
                raise Invalid("invalid", "league must be a league id.", fields={"league": "must be an integer"})
            league = match_selectors.league_get_for_user(user=request.user, league_id=body["league"])
        user = request.user
        assert isinstance(user, User)
        matches = exports.records_import(records=body["records"], user=user, league=league)
        return Response({"matches": [m.pk for m in matches]}, status=status.HTTP_201_CREATED)
