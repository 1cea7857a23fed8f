"""Issue 25 items 5 and 6: download my data, delete my account, a player's colour and initials."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from typing import Any

from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from knox.models import AuthToken
from rest_framework.test import APIClient

from companion.models import Match, MatchSeat, Player
from league.models import PlayerResultRow
from tests.conftest import Person
from tests.league.helpers import HEARTS_A, hearts


def _finished(alice: Person, bob: Person, committing: Any) -> int:
    league = alice.post("/api/v1/leagues/", {"name": "Friday"}).json()["id"]
    secret = alice.post(f"/api/v1/leagues/{league}/invite-links", {}).json()["secret"]
    bob.post(f"/api/v1/invites/{secret}")
    match = alice.create_match(
        [alice.player.pk, bob.player.pk, "=HYPERLINK(1)", "D"], league=league, variants={"target_score": 50}
    )
    for seq, (kind, payload) in enumerate(hearts(HEARTS_A), start=1):
        with committing(execute=True):
            alice.append(match["id"], kind, payload, expected_seq=seq)
    return int(match["id"])


def test_download_my_data_is_a_zip_of_records_and_a_csv(
    alice: Person, bob: Person, django_capture_on_commit_callbacks: Any
) -> None:
    match_id = _finished(alice, bob, django_capture_on_commit_callbacks)
    response = bob.get("/api/v1/account/data")
    assert (response.status_code, response["Content-Type"]) == (200, "application/zip")
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(archive.namelist()) == ["account.json", "matches.csv", f"matches/match-{match_id}.json"]
    record = json.loads(archive.read(f"matches/match-{match_id}.json"))
    assert (record["format"], record["players"][1], len(record["events"])) == ("companion-record/1", "Bob", 4)
    [row] = list(csv.DictReader(io.StringIO(archive.read("matches.csv").decode())))
    # HEARTS_A: seat 1 (Bob) totals 10+13+0+13 = 36 after the moon hand gives him 0
    assert (row["seat"], row["name"], row["total"], row["league"]) == ("1", "Bob", "36", "Friday")
    assert json.loads(archive.read("account.json"))["leagues"] == [
        {"id": record_league(match_id), "name": "Friday", "role": "member"}
    ]


def record_league(match_id: int) -> int:
    return int(Match.objects.values_list("league_id", flat=True).get(pk=match_id))


def test_delete_my_account_keeps_the_totals_under_another_name(
    alice: Person, bob: Person, django_capture_on_commit_callbacks: Any
) -> None:
    match_id = _finished(alice, bob, django_capture_on_commit_callbacks)
    session_client = APIClient()
    session_client.post("/api/v1/auth/token", {"username": "bob", "password": "bob-secret-pw"}, format="json")
    assert Session.objects.count() == 1
    before = alice.get(f"/api/v1/matches/{match_id}/summary").json()["summary"]
    wrong = bob.client.delete("/api/v1/account", {"password": "nope"}, format="json")
    assert (wrong.status_code, wrong.json()["code"]) == (400, "wrong_password")
    with django_capture_on_commit_callbacks(execute=True):
        gone = bob.client.delete("/api/v1/account", {"password": "bob-secret-pw", "name": "Mystery"}, format="json")
    assert (gone.status_code, gone.json()) == (200, {"name": "Mystery"})
    assert not User.objects.filter(username="bob").exists()
    assert AuthToken.objects.filter(user_id=bob.user.pk).count() == 0 and Session.objects.count() == 0
    assert bob.get("/api/v1/ping").status_code == 401
    player = MatchSeat.objects.get(match_id=match_id, seat=1).player
    assert (player.pk, player.name, player.user_id) == (bob.player.pk, "Mystery", None)
    after = alice.get(f"/api/v1/matches/{match_id}/summary").json()["summary"]
    assert after["totals"] == before["totals"] == [54, 36, 31, 35]
    assert "Bob" not in json.dumps(alice.get(f"/api/v1/matches/{match_id}/record").json())
    assert PlayerResultRow.objects.get(match_id=match_id, seat=1).player_id == player.pk


def test_a_deleted_guest_becomes_former_player_n(db: None) -> None:
    guest = APIClient().post("/api/v1/auth/guest", {"name": "Ann"}, format="json").json()
    client = APIClient(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    client.post("/api/v1/matches/", {"game": "hearts", "players": ["Ann", "B", "C", "D"]}, format="json")
    assert client.delete("/api/v1/account", {}, format="json").json() == {
        "name": f"Former player {guest['player']['id']}"
    }
    assert Player.objects.get(pk=guest["player"]["id"]).user_id is None


def test_a_chosen_badge_shows_everywhere_the_player_does(alice: Person) -> None:
    chosen = alice.post("/api/v1/players/me/badge", {"colour": "#00727D", "initials": "Al"})
    assert chosen.json() == {"id": alice.player.pk, "name": "Alice", "colour": "#00727d", "initials": "Al"}
    match = alice.create_match([alice.player.pk, "Bea Z", "C"])
    seats = [s["player"] for s in match["seats"]]
    assert (seats[0]["colour"], seats[0]["initials"]) == ("#00727d", "Al")
    assert seats[1]["initials"] == "BZ"
    bad = alice.post("/api/v1/players/me/badge", {"colour": "red"})
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid_colour")
