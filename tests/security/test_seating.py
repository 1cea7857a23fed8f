"""Item 4 of issue 16: seating with consent, and statistics only for those who share a table."""

from __future__ import annotations

from companion.models import League, Match, Membership, Player
from tests.conftest import Person


def test_seating_a_strangers_player_by_id_is_refused(alice: Person, bob: Person) -> None:
    response = alice.post("/api/v1/matches/", {"game": "hearts", "players": [alice.player.pk, bob.player.pk, "C"]})
    assert response.status_code == 400
    assert response.json()["code"] == "player_not_seatable"
    assert Match.objects.count() == 0
    assert bob.get("/api/v1/matches/").json()["results"] == []


def test_an_unknown_id_gets_the_same_answer_as_a_strangers(alice: Person, bob: Person) -> None:
    stranger = alice.post("/api/v1/matches/", {"game": "hearts", "players": [bob.player.pk, "B", "C"]}).json()
    unknown = alice.post("/api/v1/matches/", {"game": "hearts", "players": [10**12, "B", "C"]}).json()
    assert stranger["code"] == unknown["code"] == "player_not_seatable"
    assert "Bob" not in stranger["message"]


def test_a_league_mate_may_be_seated(alice: Person, bob: Person) -> None:
    league = League.objects.create(name="Friday")
    Membership.objects.create(league=league, player=alice.player)
    Membership.objects.create(league=league, player=bob.player)
    match = alice.create_match([alice.player.pk, bob.player.pk, "C"])
    assert [s["player"]["name"] for s in match["seats"]] == ["Alice", "Bob", "C"]


def test_a_player_you_added_may_be_seated_but_not_someone_elses(alice: Person, bob: Person) -> None:
    zoe = alice.post("/api/v1/players/", {"name": "Zoe"}).json()
    assert alice.post("/api/v1/matches/", {"game": "hearts", "players": [zoe["id"], "B", "C"]}).status_code == 201
    refused = bob.post("/api/v1/matches/", {"game": "hearts", "players": [zoe["id"], "B", "C"]})
    assert (refused.status_code, refused.json()["code"]) == (400, "player_not_seatable")


def test_a_creator_listing_their_own_name_is_seated_as_themselves(db: None) -> None:
    from rest_framework.test import APIClient

    guest = APIClient().post("/api/v1/auth/guest", {"name": "Ann"}, format="json").json()
    ann = APIClient(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    body = {"game": "hearts", "players": ["ann", "Bob", "Cat", "Dan"]}
    match = ann.post("/api/v1/matches/", body, format="json").json()
    assert match["seats"][0]["player"]["id"] == guest["player"]["id"]
    assert Player.objects.filter(name__iexact="ann").count() == 1


def test_player_statistics_are_only_for_those_who_share_a_table(alice: Person, bob: Person, charlie: Person) -> None:
    response = charlie.get(f"/api/v1/stats/players/{alice.player.pk}")
    assert (response.status_code, response.json()["code"]) == (404, "player_not_found")
    assert "Alice" not in response.content.decode()
    match = alice.create_match([alice.player.pk, "Bobby", "C"])
    bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1})
    assert bob.get(f"/api/v1/stats/players/{alice.player.pk}").status_code == 200
    assert charlie.get(f"/api/v1/stats/standings?player={alice.player.pk}").status_code == 404
