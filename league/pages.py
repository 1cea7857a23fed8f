"""Phone pages of the league: a league page and a player page, rendered from the precomputed rows.

Every chart (rating history, totals over a match) is drawn by the vendored Chart.js from the same
numbers as the table printed beside it, so the page reads the same without JavaScript. Filters are
the API's (``league.api.filter_from``); a bad one renders the error with its 4xx status.

The pages speak the reader's language like the phone pages (``companion.language.localized``: the
``django_language`` cookie, else the browser's). Memoised data stays language-neutral (game titles,
figure and record labels are the English message ids, marked below and translated by the
templates); the memoised league HTML is kept per language.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_noop
from rest_framework.exceptions import AuthenticationFailed

from companion import selectors as match_selectors
from companion.authentication import TokenAuthentication
from companion.errors import NotFound, ServiceError
from companion.language import localized
from companion.limits import DB_INT_MAX
from league import selectors
from league.api import filter_from
from league.figures import FIGURES
from league.models import HandResultRow, MatchRow, PlayerResultRow, RatingHistoryRow
from league.selectors import StatsFilter, memoised
from scoring.i18n import render as render_line
from scoring.registry import GAME_MODULES, get_game

_PAGE_PARAMS = frozenset({"match"})

#: Message ids the templates translate at render time (``{% translate value %}``): the games' titles,
#: the figures' and records' labels of ``league.figures`` and the standard rules profile.
_MESSAGE_IDS = (
    gettext_noop("Hearts"),
    gettext_noop("Bourré"),
    gettext_noop("President"),
    gettext_noop("Thousand (Тысяча)"),
    gettext_noop("Tonk"),
    gettext_noop("The T-Shirt Game"),
    gettext_noop("standard"),
    gettext_noop("Most hands won in a row"),
    gettext_noop("Contracts made %"),
    gettext_noop("Average contract"),
    gettext_noop("Contracts declared"),
    gettext_noop("Marriages"),
    gettext_noop("Barrel wins"),
    gettext_noop("Barrel falls"),
    gettext_noop("Bolts"),
    gettext_noop("Р (rospisat')"),
    gettext_noop("Moons shot"),
    gettext_noop("Average points per hand"),
    gettext_noop("Q♠ taken"),
    gettext_noop("Reneges"),
    gettext_noop("Net chips"),
    gettext_noop("Pots won"),
    gettext_noop("Times bourré"),
    gettext_noop("Vice-President"),
    gettext_noop("Neutral"),
    gettext_noop("Vice-Scum"),
    gettext_noop("Scum"),
    gettext_noop("Net stakes"),
    gettext_noop("Tonks"),
    gettext_noop("Drops caught"),
    gettext_noop("Caught another's drop"),
    gettext_noop("Rounds won"),
    gettext_noop("Points"),
    gettext_noop("Highest contract made"),
    gettext_noop("Biggest pot won"),
    gettext_noop("Highest Hot or Not card won"),
    gettext_noop("Most matches won in a row"),
)


def _viewer(request: HttpRequest) -> Any:
    """The signed-in user (session), else the API token in the Authorization header, else anonymous."""
    if request.user.is_authenticated:
        return request.user
    try:
        found = TokenAuthentication().authenticate(request)
    except AuthenticationFailed:
        found = None
    return found[0] if found else AnonymousUser()


def _error(request: HttpRequest, exc: ServiceError) -> HttpResponse:
    """The error in words (never its code). A visitor without a session may be a phone that signed in
    with a token: the page asks for a session with it (league/static/league/page.js), else offers sign-in."""
    context = {"error": exc, "LANGUAGE_CODE": translation.get_language(), "path": request.get_full_path()}
    if not _viewer(request).is_authenticated:
        return render(request, "league/signin.html", context, status=401)
    return render(request, "league/error.html", context, status=exc.status)


def _title(game: str) -> str:
    return get_game(game).title if game in GAME_MODULES else game


def _games() -> list[dict[str, str]]:
    return [{"name": game, "title": _title(game)} for game in sorted(GAME_MODULES)]


def _figure_columns(game: str) -> list[dict[str, str]]:
    return [{"key": f.key, "label": f.label} for f in FIGURES.get(game, ())]


@memoised
def _standings_by_game(flt: StatsFilter) -> list[dict[str, Any]]:
    grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in selectors.standings(flt):
        row = dict(row)
        row["figure_values"] = [row["figures"].get(f["key"]) for f in _figure_columns(row["game"])]
        row["figure_cells"] = [(f["label"], row["figures"].get(f["key"])) for f in _figure_columns(row["game"])]
        row["rating_words"] = _rating_words(row.get("rating"))
        grouped[row["game"]].append(row)
    return [
        {"game": game, "title": _title(game), "figures": _figure_columns(game), "rows": rows}
        for game, rows in sorted(grouped.items())
    ]


def _rating_words(rating: dict[str, Any] | None) -> dict[str, Any] | None:
    """The rating as a reader takes it: the skill estimate μ and the range it most likely lies in
    (μ ± 2σ, about 95 %), instead of OpenSkill's ordinal (μ − 3σ, the ranking's cautious value).
    The value stays a number: the template formats it in the reader's language (27,8 in Russian)."""
    if not rating:
        return None
    mu, sigma = float(rating["mu"]), float(rating["sigma"])
    return {"value": mu, "low": round(mu - 2 * sigma), "high": round(mu + 2 * sigma)}


@memoised
def _main_profile(flt: StatsFilter, game: str) -> str | None:
    counts = (
        MatchRow.objects.filter(flt.q(player=False), game=game).values_list("profile", flat=True).order_by("profile")
    )
    tally: dict[str, int] = defaultdict(int)
    for profile in counts:
        tally[profile] += 1
    if flt.profile:
        return flt.profile
    return max(sorted(tally), key=lambda p: (tally[p], p == "standard")) if tally else None


#: Charts show the most recent matches (the tables beside them the same ones); the API has them all.
CHART_MATCHES = 40


@memoised
def rating_chart(flt: StatsFilter, game: str, profile: str, *, player_id: int | None = None) -> dict[str, Any]:
    """The rating (μ, the value the standings show) after each of the last ``CHART_MATCHES`` matches,
    one line per player, and the table: one number called "rating" everywhere on the page."""
    query = RatingHistoryRow.objects.filter(
        flt.q(player=False, league_field="match__league_id"), game=game, profile=profile
    )
    if player_id is not None:
        query = query.filter(player_id=player_id)
    shown = MatchRow.objects.filter(flt.q(player=False), game=game, profile=profile)
    if player_id is not None:
        shown = shown.filter(players__player_id=player_id)
    recent = list(shown.order_by("-finished_at", "-match_id").values_list("match_id", flat=True)[:CHART_MATCHES])
    query = query.filter(match_id__in=recent)
    rows = list(
        query.order_by("finished_at", "match_id", "player_id").values_list(
            "match_id", "finished_at", "player_id", "player__name", "mu", "place"
        )
    )
    matches: list[tuple[int, str]] = []
    seen: set[int] = set()
    players: dict[int, str] = {}
    values: dict[tuple[int, int], float] = {}
    places: dict[tuple[int, int], int] = {}
    for match_id, finished, pid, name, mu, place in rows:
        if match_id not in seen:
            seen.add(match_id)
            matches.append((match_id, finished.strftime("%Y-%m-%d")))
        players.setdefault(pid, name)
        values[(match_id, pid)] = round(mu, 1)
        places[(match_id, pid)] = place
    order = sorted(players, key=lambda p: (players[p], p))
    return {
        "labels": [f"{day} #{m}" for m, day in matches],
        "series": [{"label": players[p], "data": [values.get((m, p)) for m, _ in matches]} for p in order],
        "players": [players[p] for p in order],
        "table": [
            {
                "match": m,
                "day": day,
                "cells": [(values.get((m, p)), places.get((m, p))) for p in order],
                # each value with its player's name: on a phone a row is a card, each value labelled
                "named": [(players[p], values.get((m, p)), places.get((m, p))) for p in order],
            }
            for m, day in matches
        ],
    }


@memoised
def totals_chart(row: MatchRow) -> dict[str, Any]:
    """Running totals hand by hand of one match: one line per seat, the same numbers in the table."""
    seats = list(PlayerResultRow.objects.filter(match=row).order_by("seat").values_list("seat", "player__name"))
    hands: dict[int, dict[int, tuple[int, int | None]]] = defaultdict(dict)
    for hand, seat, score, total in HandResultRow.objects.filter(match=row).values_list(
        "hand", "seat", "score", "total"
    ):
        hands[hand][seat] = (score, total)
    numbers = sorted(hands)
    running = [0] * len(seats)
    table: list[dict[str, Any]] = []
    for number in numbers:
        cells: list[tuple[int, int]] = []
        for index, (seat, _) in enumerate(seats):
            score, total = hands[number].get(seat, (0, None))
            running[index] = total if total is not None else running[index] + score
            cells.append((score, running[index]))
        table.append({"hand": number, "cells": cells})
    return {
        "match": row.match_id,
        "title": _title(row.game),
        "day": row.finished_at.strftime("%Y-%m-%d"),
        "players": [name for _, name in seats],
        "labels": [str(n) for n in numbers],
        "series": [{"label": name, "data": [t["cells"][i][1] for t in table]} for i, (_, name) in enumerate(seats)],
        "table": table,
    }


@localized
def league_page(request: HttpRequest, league_id: int) -> HttpResponse:
    """The league page; its HTML is memoised per filter (which includes the leagues the viewer sees)."""
    user = _viewer(request)
    params = request.GET.copy()
    params["league"] = str(league_id)
    try:
        league = match_selectors.league_get_for_user(user=user, league_id=league_id)
        flt = filter_from(params, user, extra=_PAGE_PARAMS)
        match_param = request.GET.get("match") or ""
        matches = list(selectors.matches(flt).order_by("-finished_at", "-match_id")[:20])
        shown = None
        if match_param:
            if not (match_param.isascii() and match_param.isdigit()) or int(match_param) > DB_INT_MAX:
                raise NotFound("match_not_found", f"There is no finished match {match_param!r} here.")
            shown = selectors.matches(flt).filter(match_id=int(match_param)).first()
            if shown is None:
                raise NotFound("match_not_found", f"There is no finished match {match_param} here.")
        elif matches:
            shown = matches[0]
    except ServiceError as exc:
        return _error(request, exc)
    language = translation.get_language()
    body = _league_html(league.pk, league.name, flt, shown.pk if shown is not None else None, language)
    # the page around the memoised body is the viewer's own (its header's language form carries a CSRF token)
    # mark_safe: the body is our own template's rendering, escaped there
    context = {"league": league, "body": mark_safe(body), "LANGUAGE_CODE": language}
    return render(request, "league/league.html", context)


@memoised
def _league_html(league_id: int, name: str, flt: StatsFilter, shown_id: int | None, language: str) -> str:
    standings = _standings_by_game(flt)
    charts = []
    for block in standings:
        profile = _main_profile(flt, block["game"])
        if profile is not None:
            chart = rating_chart(flt, block["game"], profile)
            chart.update(id=f"rating-{block['game']}", title=block["title"], profile=profile)
            charts.append(chart)
    matches = list(selectors.matches(flt).order_by("-finished_at", "-match_id")[:20])
    shown = MatchRow.objects.filter(pk=shown_id).first() if shown_id is not None else None
    context = {
        "league": {"pk": league_id, "name": name},
        "flt": flt,
        "games": _games(),
        "standings": standings,
        "records": [dict(r, title=_title(r["game"])) for r in selectors.records(flt)],
        "rating_charts": charts,
        "matches": [
            {"row": m, "title": _title(m.game), "how": render_line(m.how_line, language) or m.how} for m in matches
        ],
        "totals": totals_chart(shown) if shown is not None else None,
    }
    context["LANGUAGE_CODE"] = language
    with translation.override(language):
        return render_to_string("league/_league_body.html", context)


@localized
def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    user = _viewer(request)
    try:
        player = match_selectors.player_list_for_user(user=user).filter(pk=player_id).first()
        if player is None:
            raise NotFound("player_not_found", f"There is no player {player_id}.", player=player_id)
        flt = filter_from(request.GET, user)
    except ServiceError as exc:
        return _error(request, exc)
    scoped = replace(flt, player_id=player_id)
    stats = selectors.player_stats(player_id, flt)
    standings = _standings_by_game(scoped)
    charts = []
    for block in standings:
        profile = _main_profile(scoped, block["game"])
        if profile is not None:
            chart = rating_chart(scoped, block["game"], profile, player_id=player_id)
            chart.update(id=f"rating-{block['game']}", title=block["title"], profile=profile)
            charts.append(chart)
    recent = list(
        PlayerResultRow.objects.filter(scoped.q()).select_related("match").order_by("-finished_at", "-match_id")[:20]
    )
    context = {
        "player": player,
        "flt": flt,
        "games": _games(),
        "standings": standings,
        "streaks": stats["streaks"],
        "rating_charts": charts,
        "recent": [{"row": r, "title": _title(r.game)} for r in recent],
        "rivals": selectors.rivals(player_id, flt),
        "LANGUAGE_CODE": translation.get_language(),
    }
    return render(request, "league/player.html", context)
