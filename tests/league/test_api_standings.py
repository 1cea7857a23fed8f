"""/api/v1/stats/standings and /api/v1/stats/players/<id>: filters and hand-worked numbers.

The league is described in ``tests.league.helpers``; every number below is worked out from it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.league.helpers import League

pytestmark = pytest.mark.django_db


def rows(body: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(r["name"], r["game"]): r for r in body["standings"]}


def test_thursday_hearts_standings(league: League) -> None:
    response = league.alice.get(f"/api/v1/stats/standings?league={league.thursday}&game=hearts")
    assert response.status_code == 200, response.json()
    got = rows(response.json())
    # m1 places A4 B3 C1 D2, m2 places A2 B4 C3 D1.
    expected = {
        "Alice": (2, 0, 0.0, 3.0),
        "Bob": (2, 0, 0.0, 3.5),
        "Charlie": (2, 1, 50.0, 2.0),
        "Dave": (2, 1, 50.0, 1.5),
    }
    for name, (matches, wins, rate, place) in expected.items():
        row = got[(name, "hearts")]
        assert (row["matches"], row["wins"], row["win_rate"], row["average_place"]) == (matches, wins, rate, place)
    # Moons: B in m1 (seat 1), C in m2 (seat 1). Penalty points taken over 8 hands:
    # B: m1 10+13+26+13 = 62, m2 (seat 0) 10+13+0+5 = 28 → 90/8 = 11.25; D: m1 6+0+0+3 = 9, m2 (seat 2) 5 → 1.75.
    assert [got[(n, "hearts")]["figures"]["moons"] for n in expected] == [0, 1, 1, 0]
    assert got[("Bob", "hearts")]["figures"]["points_per_hand"] == 11.25
    assert got[("Dave", "hearts")]["figures"]["points_per_hand"] == 1.75
    # Ordered by wins, then player id: Charlie and Dave (1 win) before Alice and Bob.
    assert [r["name"] for r in response.json()["standings"]] == ["Charlie", "Dave", "Alice", "Bob"]
    assert {"key": "moons", "label": "Moons shot"} in response.json()["figures"]["hearts"]


def test_league_filter_keeps_leagues_apart(league: League) -> None:
    got = rows(league.alice.get(f"/api/v1/stats/standings?league={league.friday}").json())
    # Friday has only m4: A 1st, D 2nd, C 3rd, B 4th.
    assert set(got) == {(n, "hearts") for n in ("Alice", "Bob", "Charlie", "Dave")}
    assert (got[("Alice", "hearts")]["wins"], got[("Alice", "hearts")]["win_rate"]) == (1, 100.0)
    assert got[("Bob", "hearts")]["average_place"] == 4.0


def test_all_leagues_and_games(league: League) -> None:
    got = rows(league.alice.get("/api/v1/stats/standings").json())
    # Hearts over m1, m2, m4: Alice places 4, 2, 1 → average 7/3 = 2.33, 1 win of 3 = 33.3 %.
    alice = got[("Alice", "hearts")]
    assert (alice["matches"], alice["wins"], alice["win_rate"], alice["average_place"]) == (3, 1, 33.3, 2.33)
    # Tonk (m3): net stakes A −6, B +4, C +2; C tonked once; A's drop was caught once (by B).
    assert got[("Bob", "tonk")]["wins"] == 1
    assert [got[(n, "tonk")]["figures"]["net_stakes"] for n in ("Alice", "Bob", "Charlie")] == [-6, 4, 2]
    assert got[("Charlie", "tonk")]["figures"]["tonks"] == 1
    assert got[("Alice", "tonk")]["figures"]["drops_caught"] == 1
    assert ("Dave", "tonk") not in got


def test_season_filter(league: League) -> None:
    url = f"/api/v1/stats/standings?league={league.thursday}&season_start=2026-02-01&season_end=2026-02-28"
    got = rows(league.alice.get(url).json())
    # Only m2 (10 February) is in February in Thursday's league: D won it; m3 (March) is out.
    assert {k for k, r in got.items() if r["wins"]} == {("Dave", "hearts")}
    assert all(r["matches"] == 1 for r in got.values())
    # A season of one day, inclusive at both ends: 10 January is m1 alone.
    one_day = rows(league.alice.get("/api/v1/stats/standings?season_start=2026-01-10&season_end=2026-01-10").json())
    assert one_day[("Charlie", "hearts")]["wins"] == 1 and one_day[("Charlie", "hearts")]["matches"] == 1


def test_profile_filter(league: League) -> None:
    from league.profiles import profile_of

    key = profile_of("hearts", {"target_score": 50})[0]
    got = rows(league.alice.get(f"/api/v1/stats/standings?game=hearts&profile={key}").json())
    assert got[("Alice", "hearts")]["matches"] == 3
    # Every rated Hearts match was to 50: the rating shown is that profile's, after 3 matches.
    assert got[("Alice", "hearts")]["rating"]["profile"] == key
    assert got[("Alice", "hearts")]["rating"]["matches"] == 3


def test_player_filter_and_player_page_api(league: League) -> None:
    pid = league.bob.player.pk
    got = rows(league.alice.get(f"/api/v1/stats/standings?player={pid}").json())
    assert set(got) == {("Bob", "hearts"), ("Bob", "tonk")}
    body = league.alice.get(f"/api/v1/stats/players/{pid}?league={league.thursday}").json()
    assert body["name"] == "Bob"
    games = {g["game"]: g for g in body["games"]}
    # Thursday: hearts m1 3rd, m2 4th (no win); tonk m3 1st.
    assert (games["hearts"]["matches"], games["hearts"]["wins"], games["tonk"]["wins"]) == (2, 0, 1)
    # Across games in finishing order (m1, m2, m3): lost, lost, won → longest 1, current 1.
    assert body["streaks"] == {"longest_win_streak": 1, "current_win_streak": 1}


BAD = [
    ("/api/v1/stats/standings?colour=red", 400, "unknown_filter"),
    ("/api/v1/stats/standings?game=snap", 400, "unknown_game"),
    ("/api/v1/stats/standings?game=hearts&profile=nope", 400, "unknown_profile"),
    ("/api/v1/stats/standings?season_start=2026-03-01&season_end=2026-02-01", 400, "season_end_before_start"),
    ("/api/v1/stats/standings?season_start=2026-13-01", 400, "invalid_filter"),
    ("/api/v1/stats/standings?season_end=yesterday", 400, "invalid_filter"),
    ("/api/v1/stats/standings?league=abc", 400, "invalid_filter"),
    ("/api/v1/stats/standings?league=-1", 400, "invalid_filter"),
    ("/api/v1/stats/standings?league=99999", 404, "league_not_found"),
    ("/api/v1/stats/standings?player=99999", 404, "player_not_found"),
    ("/api/v1/stats/standings?player=1.5", 400, "invalid_filter"),
    ("/api/v1/stats/players/99999", 404, "player_not_found"),
]


@pytest.mark.parametrize(("url", "status", "code"), BAD)
def test_bad_filters_are_a_4xx_with_a_code(league: League, url: str, status: int, code: str) -> None:
    response = league.alice.get(url)
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert response.json()["message"]


def test_a_league_you_are_not_in_is_not_found(league: League) -> None:
    from tests.conftest import Person

    outsider = Person("eve")
    response = outsider.get(f"/api/v1/stats/standings?league={league.thursday}")
    assert response.status_code == 404 and response.json()["code"] == "league_not_found"
    # Without a league filter an outsider sees nothing of leagues she is not in.
    assert outsider.get("/api/v1/stats/standings").json()["standings"] == []


def test_a_malformed_player_id_in_the_path_is_not_found(league: League) -> None:
    assert league.alice.get("/api/v1/stats/players/abc").status_code == 404
