"""Reads of the league tables. Everything is served from the precomputed rows of ``league.models``.

Aggregates over a league's rows (standings, records, head-to-head …) are memoised in the cache under
the *derived version*, a counter in the database that every write of derived rows increments in its
own transaction (``derived_changed``): a read after a match finishes or is corrected never sees an
older answer, even if the cache was unreachable meanwhile, and repeated reads of a big league cost
one cache hit instead of summing tens of thousands of rows.
"""

from __future__ import annotations

import hashlib
import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime, time
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from django.core.cache import cache
from django.db.models import Avg, Count, F, Max, Q, QuerySet, Sum
from django.utils import timezone

from companion.models import Player
from league.figures import FIGURES, figures_for, record_label
from league.models import DerivedVersion, MatchRow, PlayerResultRow, PlayerStatRow, Rating, RatingHistoryRow

P = ParamSpec("P")
R = TypeVar("R")
log = logging.getLogger(__name__)
#: Memoised answers live at most this long even if nothing changes (seconds).
MEMO_SECONDS = 3600


def derived_version() -> str:
    """This database's token and its counter of derived writes: part of every memo key."""
    row = DerivedVersion.objects.filter(pk=1).values_list("token", "version").first()
    return "none" if row is None else f"{row[0].hex}:{row[1]}"


def derived_changed() -> None:
    """Forget every memoised answer: called by each writer of derived rows, inside its transaction,
    so the new version becomes visible exactly when the rows it describes commit."""
    if not DerivedVersion.objects.filter(pk=1).update(version=F("version") + 1):
        DerivedVersion.objects.get_or_create(pk=1, defaults={"version": 1})


def memoised(function: Callable[P, R]) -> Callable[P, R]:
    """Cache a read under the derived version and its arguments (filters are frozen dataclasses)."""

    @wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        raw = f"{derived_version()}|{function.__module__}.{function.__qualname__}|{args!r}|{sorted(kwargs.items())!r}"
        key = "league:memo:" + hashlib.sha256(raw.encode()).hexdigest()
        found = _cache_get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
        result = function(*args, **kwargs)
        _cache_set(key, result)
        return result

    return wrapper


def _cache_get(key: str) -> Any:
    try:
        return cache.get(key)
    except Exception:  # the memo is an optimisation: without the cache every read computes
        log.warning("league memo: cache unreachable", exc_info=True)
        return None


def _cache_set(key: str, value: Any) -> None:
    try:
        cache.set(key, value, MEMO_SECONDS)
    except Exception:
        log.warning("league memo: cache unreachable", exc_info=True)


@dataclass(frozen=True, slots=True)
class StatsFilter:
    league_id: int | None = None
    game: str | None = None
    profile: str | None = None
    season_start: date | None = None
    season_end: date | None = None
    player_id: int | None = None
    #: Leagues the reader may see; ``None`` for no restriction (management commands, benchmarks).
    visible_leagues: tuple[int, ...] | None = None

    def q(self, *, player: bool = True, league_field: str = "league_id") -> Q:
        """Conditions on a row with league, game, profile, finished_at and player columns."""
        query = Q()
        if self.visible_leagues is not None:
            query &= Q(**{f"{league_field}__in": self.visible_leagues})
        if self.league_id is not None:
            query &= Q(**{league_field: self.league_id})
        if self.game:
            query &= Q(game=self.game)
        if self.profile:
            query &= Q(profile=self.profile)
        if self.season_start:
            query &= Q(finished_at__gte=_start_of(self.season_start))
        if self.season_end:
            query &= Q(finished_at__lt=_start_of(self.season_end, next_day=True))
        if player and self.player_id is not None:
            query &= Q(player_id=self.player_id)
        return query


def _start_of(day: date, *, next_day: bool = False) -> datetime:
    moment = datetime.combine(day, time.min)
    if next_day:
        moment = datetime.fromordinal(day.toordinal() + 1)
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment


def _names(ids: set[int]) -> dict[int, str]:
    return dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))


def _stat_sums(flt: StatsFilter) -> dict[tuple[int, str], dict[str, int]]:
    """Counter sums per (player, game)."""
    sums: dict[tuple[int, str], dict[str, int]] = defaultdict(dict)
    rows = PlayerStatRow.objects.filter(flt.q()).values("player_id", "game", "key").annotate(total=Sum("value"))
    for row in rows:
        sums[(row["player_id"], row["game"])][row["key"]] = row["total"]
    return sums


@memoised
def standings(flt: StatsFilter) -> list[dict[str, Any]]:
    """Per player and game: matches, wins, win rate, average place, rating and the game's figures."""
    grouped = (
        PlayerResultRow.objects.filter(flt.q())
        .values("player_id", "game")
        .annotate(matches=Count("id"), wins=Count("id", filter=Q(is_winner=True)), avg_place=Avg("place"))
        .order_by("game", "-wins", "player_id")
    )
    rows: list[dict[str, Any]] = [dict(row) for row in grouped]
    sums = _stat_sums(flt)
    names = _names({r["player_id"] for r in rows})
    ratings = _ratings_by_player(flt)
    out = []
    for row in rows:
        key = (row["player_id"], row["game"])
        rating = ratings.get(key)
        out.append(
            {
                "player": row["player_id"],
                "name": names.get(row["player_id"], "?"),
                "game": row["game"],
                "matches": row["matches"],
                "wins": row["wins"],
                "win_rate": round(100 * row["wins"] / row["matches"], 1),
                "average_place": round(row["avg_place"], 2),
                "rating": rating,
                "figures": figures_for(row["game"], sums.get(key, {})),
            }
        )
    return out


def _ratings_by_player(flt: StatsFilter) -> dict[tuple[int, str], dict[str, Any]]:
    """Current rating per (player, game): the filter's profile, else the profile the player has
    played most in that game (standard rules first on a tie)."""
    query = Q(profile=flt.profile) if flt.profile else Q()
    if flt.game:
        query &= Q(game=flt.game)
    if flt.player_id is not None:
        query &= Q(player_id=flt.player_id)
    out: dict[tuple[int, str], dict[str, Any]] = {}
    for r in Rating.objects.filter(query).order_by("player_id", "game", "-matches", "profile"):
        key = (r.player_id, r.game)
        current = out.get(key)
        if current is not None and not (r.profile == "standard" and r.matches == current["matches"]):
            continue
        out[key] = {
            "profile": r.profile,
            "ordinal": round(r.ordinal, 3),
            "mu": round(r.mu, 3),
            "sigma": round(r.sigma, 3),
            "matches": r.matches,
        }
    return out


def ratings(flt: StatsFilter) -> QuerySet[Rating]:
    query = Q()
    if flt.game:
        query &= Q(game=flt.game)
    if flt.profile:
        query &= Q(profile=flt.profile)
    if flt.player_id is not None:
        query &= Q(player_id=flt.player_id)
    if flt.league_id is not None:
        query &= Q(player__memberships__league_id=flt.league_id)
    elif flt.visible_leagues is not None:
        query &= Q(player__memberships__league_id__in=flt.visible_leagues)
    return Rating.objects.filter(query).select_related("player").order_by("game", "profile", "-ordinal")


@memoised
def ratings_list(flt: StatsFilter) -> list[dict[str, Any]]:
    return [
        {
            "player": r.player_id,
            "name": r.player.name,
            "game": r.game,
            "profile": r.profile,
            "ordinal": round(r.ordinal, 3),
            "mu": round(r.mu, 3),
            "sigma": round(r.sigma, 3),
            "matches": r.matches,
        }
        for r in ratings(flt).distinct()
    ]


@memoised
def rating_history_list(flt: StatsFilter) -> list[dict[str, Any]]:
    return [
        {
            "match": r.match_id,
            "game": r.game,
            "profile": r.profile,
            "finished_at": r.finished_at,
            "place": r.place,
            "ordinal": round(r.ordinal, 3),
            "mu": round(r.mu, 3),
            "sigma": round(r.sigma, 3),
            "ordinal_before": round(r.mu_before - 3 * r.sigma_before, 3),
        }
        for r in rating_history(flt)
    ]


def rating_history(flt: StatsFilter) -> QuerySet[RatingHistoryRow]:
    return (
        RatingHistoryRow.objects.filter(flt.q(league_field="match__league_id"))
        .select_related("player")
        .order_by("game", "profile", "finished_at", "match_id")
    )


@memoised
def player_stats(player_id: int, flt: StatsFilter) -> dict[str, Any]:
    scoped = replace(flt, player_id=player_id)
    return {
        "player": player_id,
        "name": _names({player_id}).get(player_id, "?"),
        "games": standings(scoped),
        "streaks": streaks(scoped).get(player_id, {}),
    }


@memoised
def head_to_head(a: int, b: int, flt: StatsFilter) -> dict[str, Any]:
    """Matches where both sat: who finished ahead, per game."""
    mine = PlayerResultRow.objects.filter(flt.q(player=False), player_id=a)
    theirs = dict(PlayerResultRow.objects.filter(flt.q(player=False), player_id=b).values_list("match_id", "place"))
    per_game: dict[str, dict[str, int]] = defaultdict(lambda: {"matches": 0, "a_ahead": 0, "b_ahead": 0, "level": 0})
    for match_id, game, place in mine.values_list("match_id", "game", "place"):
        if match_id not in theirs:
            continue
        tally = per_game[game]
        tally["matches"] += 1
        other = theirs[match_id]
        tally["a_ahead" if place < other else "b_ahead" if other < place else "level"] += 1
    names = _names({a, b})
    return {
        "a": {"player": a, "name": names.get(a, "?")},
        "b": {"player": b, "name": names.get(b, "?")},
        "games": [{"game": game, **tally} for game, tally in sorted(per_game.items())],
    }


@memoised
def rivals(player_id: int, flt: StatsFilter) -> list[dict[str, Any]]:
    """Head-to-head of one player against everyone they sat with: matches, ahead, behind, level."""
    mine_q = PlayerResultRow.objects.filter(flt.q(player=False), player_id=player_id)
    mine = dict(mine_q.values_list("match_id", "place"))
    tally: dict[int, dict[str, int]] = defaultdict(lambda: {"matches": 0, "ahead": 0, "behind": 0, "level": 0})
    others = (
        PlayerResultRow.objects.filter(match_id__in=mine_q.values("match_id"))
        .exclude(player_id=player_id)
        .values_list("match_id", "player_id", "place")
    )
    for match_id, other, place in others:
        row = tally[other]
        row["matches"] += 1
        own = mine[match_id]
        row["ahead" if own < place else "behind" if place < own else "level"] += 1
    names = _names(set(tally))
    return [
        {"player": other, "name": names.get(other, "?"), **row}
        for other, row in sorted(tally.items(), key=lambda item: (-item[1]["matches"], names.get(item[0], ""), item[0]))
    ]


@memoised
def streaks(flt: StatsFilter) -> dict[int, dict[str, int]]:
    """Longest and current win streak per player (matches in the order they finished)."""
    out: dict[int, dict[str, int]] = {}
    rows = PlayerResultRow.objects.filter(flt.q()).order_by("player_id", "finished_at", "match_id")
    for player_id, is_winner in rows.values_list("player_id", "is_winner"):
        entry = out.setdefault(player_id, {"longest_win_streak": 0, "current_win_streak": 0})
        entry["current_win_streak"] = entry["current_win_streak"] + 1 if is_winner else 0
        entry["longest_win_streak"] = max(entry["longest_win_streak"], entry["current_win_streak"])
    return out


@memoised
def records(flt: StatsFilter) -> list[dict[str, Any]]:
    """The best single-match value of every counter, the longest win streak, with who holds it."""
    best = (
        PlayerStatRow.objects.filter(flt.q())
        .filter(key__startswith="max_")
        .values("game", "key")
        .annotate(value=Max("value"))
        .order_by("game", "key")
    )
    out: list[dict[str, Any]] = []
    for row in best:
        holder = (
            PlayerStatRow.objects.filter(flt.q(), game=row["game"], key=row["key"], value=row["value"])
            .order_by("finished_at", "match_id", "player_id")
            .values_list("player_id", "match_id")
            .first()
        )
        if holder is None:
            continue
        out.append(
            {"game": row["game"], "record": row["key"], "value": row["value"], "player": holder[0], "match": holder[1]}
        )
    games = (
        [flt.game] if flt.game else sorted(set(PlayerResultRow.objects.filter(flt.q()).values_list("game", flat=True)))
    )
    for game in games:
        longest = sorted(
            streaks(replace(flt, game=game)).items(), key=lambda item: (-item[1]["longest_win_streak"], item[0])
        )
        if longest and longest[0][1]["longest_win_streak"]:
            player_id, entry = longest[0]
            out.append(
                {
                    "game": game,
                    "record": "longest_win_streak",
                    "value": entry["longest_win_streak"],
                    "player": player_id,
                    "match": None,
                }
            )
    names = _names({r["player"] for r in out})
    for record in out:
        record["name"] = names.get(record["player"], "?")
        record["label"] = record_label(record["record"])
    return out


def matches(flt: StatsFilter) -> QuerySet[MatchRow]:
    query = flt.q(player=False)
    if flt.player_id is not None:
        query &= Q(players__player_id=flt.player_id)
    return MatchRow.objects.filter(query).order_by("finished_at", "match_id").distinct()


def known_profiles() -> set[tuple[str, str]]:
    return set(MatchRow.objects.values_list("game", "profile").distinct())


def figure_catalogue() -> dict[str, list[dict[str, str]]]:
    return {game: [{"key": f.key, "label": f.label} for f in figs] for game, figs in FIGURES.items()}
