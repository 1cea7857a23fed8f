"""Exports (CSV, BG Stats push play, companion-record/1) and batch imports (all or nothing)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from urllib.parse import unquote

import pytest

from companion.models import Event, Match, Player
from league.models import ImportedRecord, MatchRow
from tests.league.helpers import Committing, League

pytestmark = pytest.mark.django_db


def table(response: Any) -> list[dict[str, str]]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    # A UTF-8 byte-order mark first, so that spreadsheets read non-ASCII names right.
    assert response.content.startswith("\ufeff".encode())
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_matches_csv_opens_as_a_table(league: League) -> None:
    response = league.alice.get(f"/api/v1/stats/export/matches.csv?league={league.thursday}")
    first_line = response.content.decode("utf-8-sig").splitlines()[0]
    assert first_line == "match,league,game,profile,finished_at,seat,player,place,score,winner"
    rows = table(response)
    # Thursday: m1 and m2 (4 seats each), m3 (3 seats) = 11 rows, in finishing order.
    assert len(rows) == 11
    assert [int(r["match"]) for r in rows[::4][:2]] == [league.m1, league.m2]
    m1 = [r for r in rows if int(r["match"]) == league.m1]
    assert [(r["player"], r["place"], r["score"], r["winner"]) for r in m1] == [
        ("Alice", "4", "54", "no"),
        ("Bob", "3", "36", "no"),
        ("Charlie", "1", "31", "yes"),
        ("Dave", "2", "35", "no"),
    ]
    assert m1[0]["finished_at"].startswith("2026-01-10")


def test_hands_csv_has_every_seat_of_every_hand(league: League) -> None:
    rows = table(league.alice.get(f"/api/v1/stats/export/hands.csv?league={league.friday}"))
    # m4: 4 hands × 4 seats; hand 4 scores [0, 14, 6, 6], totals [0, 50, 29, 25].
    assert len(rows) == 16
    last = [(r["player"], r["score"], r["total"]) for r in rows if r["hand"] == "4"]
    assert last == [("Alice", "0", "0"), ("Bob", "14", "50"), ("Charlie", "6", "29"), ("Dave", "6", "25")]


def test_csv_filters_and_bad_kind(league: League) -> None:
    rows = table(league.alice.get(f"/api/v1/stats/export/matches.csv?game=tonk&player={league.bob.player.pk}"))
    assert {r["match"] for r in rows} == {str(league.m3)}
    assert len(rows) == 3  # every seat of the matches Bob played, not only his row
    assert league.alice.get("/api/v1/stats/export/players.csv").json()["code"] == "unknown_export"
    assert league.alice.get("/api/v1/stats/export/matches.csv?game=snap").json()["code"] == "unknown_game"


def test_bgstats_play(league: League) -> None:
    response = league.alice.get(f"/api/v1/matches/{league.m1}/bgstats")
    assert response.status_code == 200
    play = response.json()["play"]
    assert play["sourcePlayId"] == f"companion-match-{league.m1}"
    assert play["playDate"] == "2026-01-10 20:00:00"
    assert play["game"]["name"] == "Hearts" and play["game"]["highestWins"] is False
    players = [(p["name"], p["score"], p["winner"], p["rank"]) for p in play["players"]]
    assert players == [
        ("Alice", "54", False, 4),
        ("Bob", "36", False, 3),
        ("Charlie", "31", True, 1),
        ("Dave", "35", False, 2),
    ]
    link = response.json()["link"]
    assert link.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    assert json.loads(unquote(link.split("data=", 1)[1])) == play


def test_bgstats_needs_a_finished_visible_match(league: League, committing: Committing) -> None:
    open_match = league.alice.create_match([p.player.pk for p in (league.alice, league.bob, league.charlie)])
    response = league.alice.get(f"/api/v1/matches/{open_match['id']}/bgstats")
    assert response.status_code == 400 and response.json()["code"] == "match_not_finished"
    assert league.alice.get("/api/v1/matches/99999/bgstats").status_code == 404


def record_of(person: Any, match_id: int) -> dict[str, Any]:
    response = person.get(f"/api/v1/matches/{match_id}/record/")
    assert response.status_code == 200
    return dict(response.json())


def hearts_record(players: list[str], hands: list[list[int]], target: int = 50) -> dict[str, Any]:
    return {
        "format": "companion-record/1",
        "game": "hearts",
        "variants": {"target_score": target},
        "players": players,
        "events": [{"seq": i, "type": "hand_result", "payload": {"points": p}} for i, p in enumerate(hands, start=1)],
    }


GOOD = hearts_record(["Wanda", "Xavier", "Yuri", "Zoe"], [[10, 10, 0, 6], [13, 13, 0, 0], [0, 26, 0, 0], [5, 13, 5, 3]])


def test_import_one_and_many(league: League, committing: Committing) -> None:
    with committing():
        response = league.alice.post("/api/v1/records/import-many", {"records": [GOOD], "league": league.friday})
    assert response.status_code == 201, response.json()
    (imported,) = response.json()["matches"]
    # The import replays through the engine and lands in the statistics: Yuri (seat 2) won with 31.
    assert MatchRow.objects.get(match_id=imported).winners == [2]
    other = hearts_record(["Wanda", "Xavier", "Yuri", "Zoe"], [[26, 0, 0, 0], [26, 0, 0, 0]])
    third = {**GOOD, "players": ["P", "Q", "R", "S"]}
    with committing():
        response = league.alice.post("/api/v1/records/import-many", {"records": [other, third]})
    assert response.status_code == 201, response.json()
    assert len(response.json()["matches"]) == 2
    # other: seat 0 shoots the moon twice (add_to_others) → totals [0, 52, 52, 52]: Wanda wins.
    assert MatchRow.objects.get(match_id=response.json()["matches"][0]).winners == [0]


def test_a_bad_record_rejects_the_whole_batch(league: League, committing: Committing) -> None:
    counts = (Match.objects.count(), Event.objects.count(), Player.objects.count(), ImportedRecord.objects.count())
    bad = hearts_record(["P", "Q", "R", "S"], [[10, 10, 0, 5]])  # 25 points: a hand must total 26
    with committing():
        response = league.alice.post("/api/v1/records/import-many", {"records": [GOOD, bad]})
    assert response.status_code == 422, response.json()
    body = response.json()
    assert body["code"] == "points_must_total_26"
    assert body["params"]["index"] == 1 and body["message"].startswith("Record 1:")
    # Nothing of the batch is stored, not even the good first record or its new players.
    assert (
        Match.objects.count(),
        Event.objects.count(),
        Player.objects.count(),
        ImportedRecord.objects.count(),
    ) == counts


def test_a_malformed_record_is_a_400(league: League) -> None:
    response = league.alice.post("/api/v1/records/import-many", {"records": [{"format": "nope"}]})
    assert response.status_code == 400 and response.json()["params"]["index"] == 0
    assert league.alice.post("/api/v1/records/import-many", {"records": []}).json()["code"] == "empty_import"
    assert league.alice.post("/api/v1/records/import-many", {"records": "x"}).status_code == 400
    missing_league = league.alice.post("/api/v1/records/import-many", {"records": [GOOD], "league": 99999})
    assert missing_league.status_code == 404


def test_a_duplicate_is_a_409_and_stores_nothing(league: League, committing: Committing) -> None:
    with committing():
        assert league.alice.post("/api/v1/records/import-many", {"records": [GOOD]}).status_code == 201
    before = Match.objects.count()
    other = {**GOOD, "players": ["P", "Q", "R", "S"]}
    with committing():
        again = league.alice.post("/api/v1/records/import-many", {"records": [other, GOOD]})
    assert again.status_code == 409
    assert again.json()["code"] == "duplicate_record" and again.json()["params"]["index"] == 1
    # The same record twice within one batch is a duplicate too.
    with committing():
        twice = league.alice.post("/api/v1/records/import-many", {"records": [other, other]})
    assert twice.status_code == 409 and twice.json()["params"]["index"] == 1
    assert Match.objects.count() == before


def test_an_exported_record_round_trips(league: League, committing: Committing) -> None:
    record = record_of(league.alice, league.m4)
    assert record["format"] == "companion-record/1" and len(record["events"]) == 4
    with committing():
        response = league.alice.post("/api/v1/records/import-many", {"records": [record]})
    assert response.status_code == 201, response.json()
    copy = MatchRow.objects.get(match_id=response.json()["matches"][0])
    original = MatchRow.objects.get(match_id=league.m4)
    assert (copy.winners, copy.hands, copy.profile) == (original.winners, original.hands, original.profile)
