"""/api/v1/stats/head-to-head and /api/v1/stats/records, on the league of ``tests.league.helpers``."""

from __future__ import annotations

from typing import Any

import pytest

from tests.league.helpers import League

pytestmark = pytest.mark.django_db


def per_game(body: dict[str, Any]) -> dict[str, tuple[int, int, int, int]]:
    return {g["game"]: (g["matches"], g["a_ahead"], g["b_ahead"], g["level"]) for g in body["games"]}


def test_head_to_head_alice_and_bob(league: League) -> None:
    a, b = league.alice.player.pk, league.bob.player.pk
    body = league.alice.get(f"/api/v1/stats/head-to-head?a={a}&b={b}").json()
    assert (body["a"]["name"], body["b"]["name"]) == ("Alice", "Bob")
    # Hearts: m1 A 4th / B 3rd (B ahead), m2 A 2nd / B 4th, m4 A 1st / B 4th → 3 matches, A ahead twice.
    # Tonk: m3 A 3rd / B 1st → B ahead.
    assert per_game(body) == {"hearts": (3, 2, 1, 0), "tonk": (1, 0, 1, 0)}


def test_head_to_head_with_filters(league: League) -> None:
    a, d = league.alice.player.pk, league.dave.player.pk
    # Thursday Hearts: m1 A 4th / D 2nd, m2 A 2nd / D 1st → D ahead both times; Dave never played Tonk.
    body = league.alice.get(f"/api/v1/stats/head-to-head?a={a}&b={d}&league={league.thursday}").json()
    assert per_game(body) == {"hearts": (2, 0, 2, 0)}
    # The Friday match alone (m4): A 1st, D 2nd.
    body = league.alice.get(f"/api/v1/stats/head-to-head?a={a}&b={d}&season_start=2026-02-15").json()
    assert per_game(body) == {"hearts": (1, 1, 0, 0)}
    assert per_game(league.alice.get(f"/api/v1/stats/head-to-head?a={a}&b={d}&game=tonk").json()) == {}


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ("a=1", 400, "two_players_required"),
        ("a=1&b=1", 400, "two_players_required"),
        ("a=1&b=99999", 404, "player_not_found"),
        ("a=x&b=2", 400, "invalid_filter"),
        ("a=1&b=2&game=chess", 400, "unknown_game"),
        ("a=1&b=2&league=99999", 404, "league_not_found"),
        ("a=1&b=2&sort=asc", 400, "unknown_filter"),
    ],
)
def test_head_to_head_bad_input(league: League, query: str, status: int, code: str) -> None:
    # ids 1 and 2 are alice and bob (created first by the fixtures)
    assert (league.alice.player.pk, league.bob.player.pk) == (1, 2)
    response = league.alice.get(f"/api/v1/stats/head-to-head?{query}")
    assert response.status_code == status
    assert response.json()["code"] == code


def records(body: dict[str, Any]) -> dict[tuple[str, str], tuple[int, str, int | None]]:
    return {(r["game"], r["record"]): (r["value"], r["name"], r["match"]) for r in body["records"]}


def test_records_across_leagues(league: League) -> None:
    got = records(league.alice.get("/api/v1/stats/records").json())
    # m4: A had the lowest hand score in all 4 hands (0 each time) → 4 in a row, the Hearts record.
    assert got[("hearts", "max_hand_streak")] == (4, "Alice", league.m4)
    # Tonk m3 hands were won by B, C, B: the best run is 1; B and C tie, the lower player id holds it.
    assert got[("tonk", "max_hand_streak")] == (1, "Bob", league.m3)
    # Matches won in a row, Hearts in finishing order m1 (C), m2 (D), m4 (A): nobody won twice;
    # the lower player id among the tied holders is shown.
    assert got[("hearts", "longest_win_streak")] == (1, "Alice", None)
    assert got[("tonk", "longest_win_streak")] == (1, "Bob", None)
    labels = {r["record"]: r["label"] for r in league.alice.get("/api/v1/stats/records").json()["records"]}
    assert labels["max_hand_streak"] == "Most hands won in a row"


def test_records_of_one_league_and_game(league: League) -> None:
    got = records(league.alice.get(f"/api/v1/stats/records?league={league.thursday}&game=hearts").json())
    # Thursday Hearts: in m1 C won hands 1 and 2 (0, then a shared 0); in m2 D did the same. Both 2;
    # the earlier match (m1, 10 January) holds the record.
    assert got[("hearts", "max_hand_streak")] == (2, "Charlie", league.m1)
    assert {game for game, _ in got} == {"hearts"}


def test_records_bad_filter(league: League) -> None:
    response = league.alice.get("/api/v1/stats/records?season_start=2026-02-30")
    assert response.status_code == 400 and response.json()["code"] == "invalid_filter"
