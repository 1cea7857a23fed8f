"""/api/v1/matches/ — create, list with filters, retrieve, join by code."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Match, Membership, Player
from tests.conftest import Person


def test_it_creates_a_match_with_existing_players_and_new_names(alice: Person, bob: Person) -> None:
    yan = alice.post("/api/v1/players/", {"name": "Yan"}).json()  # a player alice added earlier
    match = alice.create_match([alice.player.pk, yan["id"], "Zoe"], variants={"target_score": 50})
    assert [s["player"]["name"] for s in match["seats"]] == ["Alice", "Yan", "Zoe"]
    assert match["status"] == "open"
    assert match["last_seq"] == 0
    assert len(match["join_code"]) == 16
    assert match["created_by"] == "Alice"  # the player's name, not the sign-in username
    assert Player.objects.filter(name="Zoe", user=None).count() == 1


def test_it_stores_the_variants_complete_with_defaults(alice: Person, bob: Person, charlie: Person) -> None:
    match = alice.create_match(["A", "B", "C"], variants={"target_score": 50})
    assert match["variants"]["target_score"] == 50
    assert match["variants"]["moon_scoring"] == "add_to_others"
    assert Match.objects.get(pk=match["id"]).variants == match["variants"]


def _rejects(person: Person, body: dict[str, Any], code: str, field: str | None = None) -> None:
    before = Match.objects.count()
    response = person.post("/api/v1/matches/", body)
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code
    assert set(response.json()) >= {"code", "message", "params", "fields"}
    if field:
        assert field in response.json()["fields"]
    assert Match.objects.count() == before


def test_it_rejects_an_unknown_game(alice: Person) -> None:
    _rejects(alice, {"game": "snap", "players": ["A", "B", "C"]}, "unknown_game", "game")


def test_it_rejects_an_unknown_variant_key(alice: Person) -> None:
    _rejects(
        alice, {"game": "hearts", "players": ["A", "B", "C"], "variants": {"jokers": 2}}, "unknown_variant", "jokers"
    )


def test_it_rejects_a_variant_of_the_wrong_type(alice: Person) -> None:
    body = {"game": "hearts", "players": ["A", "B", "C"], "variants": {"target_score": "lots"}}
    _rejects(alice, body, "invalid_variant_type", "target_score")


def test_it_rejects_a_variant_value_that_is_not_allowed(alice: Person) -> None:
    body = {"game": "hearts", "players": ["A", "B", "C"], "variants": {"moon_scoring": "double"}}
    _rejects(alice, body, "invalid_variant", "moon_scoring")


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_it_rejects_the_wrong_number_of_players(alice: Person, players: list[str]) -> None:
    _rejects(alice, {"game": "hearts", "players": players}, "wrong_player_count", "players")


def test_it_rejects_an_unknown_player_id(alice: Person) -> None:
    _rejects(alice, {"game": "hearts", "players": [alice.player.pk, 9999, "C"]}, "player_not_seatable", "players")


def test_it_rejects_a_player_seated_twice(alice: Person) -> None:
    _rejects(alice, {"game": "hearts", "players": [alice.player.pk, alice.player.pk, "C"]}, "duplicate_player")


def test_it_rejects_a_seat_that_is_neither_an_id_nor_a_name(alice: Person) -> None:
    _rejects(alice, {"game": "hearts", "players": ["A", True, "C"]}, "invalid", "players.1")


def test_it_rejects_malformed_json(alice: Person) -> None:
    response = alice.client.post("/api/v1/matches/", data='{"game": "hearts",', content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, "malformed_json")


def test_it_rejects_a_variant_that_needs_another_player_count(alice: Person) -> None:
    response = alice.post(
        "/api/v1/matches/", {"game": "hearts", "players": ["A", "B", "C"], "variants": {"kitty": "four_player_12"}}
    )
    assert (response.status_code, response.json()["code"]) == (422, "variant_needs_four_players")
    assert Match.objects.count() == 0


def test_it_retrieves_a_match_with_its_summary(alice: Person, hearts_match: dict[str, Any]) -> None:
    body = alice.get(f"/api/v1/matches/{hearts_match['id']}/").json()
    assert body["summary"]["game"] == "hearts"
    assert body["summary"]["totals"] == [0, 0, 0, 0]
    assert body["next_seq"] == 1
    assert body["standings"] == []


def test_it_answers_404_for_a_match_that_does_not_exist(alice: Person) -> None:
    response = alice.get("/api/v1/matches/999/")
    assert (response.status_code, response.json()["code"]) == (404, "match_not_found")


def test_it_lists_only_the_matches_you_can_see(alice: Person, bob: Person, charlie: Person) -> None:
    mine = alice.create_match([alice.player.pk, "B", "C"])
    bob.create_match([bob.player.pk, "B", "C"])
    ids = [m["id"] for m in alice.get("/api/v1/matches/").json()["results"]]
    assert ids == [mine["id"]]
    assert charlie.get("/api/v1/matches/").json()["count"] == 0


def test_it_filters_the_list_by_game_status_player_and_league(alice: Person, bob: Person) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Thursday"}).json()
    in_league = alice.create_match([alice.player.pk, "B", "C"], league=league["id"])
    Membership.objects.create(league_id=league["id"], player=bob.player)  # bob accepted her invitation
    with_bob = alice.create_match([alice.player.pk, bob.player.pk, "C"])

    def ids(query: str) -> list[int]:
        return [m["id"] for m in alice.get(f"/api/v1/matches/?{query}").json()["results"]]

    assert ids(f"league={league['id']}") == [in_league["id"]]
    assert ids(f"player={bob.player.pk}") == [with_bob["id"]]
    assert set(ids("game=hearts&status=open")) == {in_league["id"], with_bob["id"]}
    assert ids("status=finished") == []
    assert alice.get("/api/v1/matches/?status=bogus").status_code == 400


def test_a_league_match_takes_the_league_default_variants(alice: Person) -> None:
    league = alice.post(
        "/api/v1/leagues/", {"name": "Short", "default_variants": {"hearts": {"target_score": 50}}}
    ).json()
    match = alice.create_match(["A", "B", "C"], league=league["id"], variants={"moon_scoring": "shooter_choice"})
    assert (match["variants"]["target_score"], match["variants"]["moon_scoring"]) == (50, "shooter_choice")


def test_only_league_members_start_league_matches(alice: Person, bob: Person) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Private"}).json()
    response = bob.post("/api/v1/matches/", {"game": "hearts", "players": ["A", "B", "C"], "league": league["id"]})
    assert (response.status_code, response.json()["code"]) == (404, "league_not_found")


def test_a_player_joins_by_code_and_may_then_record(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, "Bobby", "Cat"])
    assert bob.get(f"/api/v1/matches/{match['id']}/").status_code == 404
    response = bob.post("/api/v1/matches/join", {"code": match["join_code"].lower(), "seat": 1})
    assert response.status_code == 200, response.json()
    assert response.json()["seats"][1]["player"]["id"] == bob.player.pk
    assert bob.append(match["id"], "hand_result", {"points": [20, 6, 0]}, expected_seq=1).status_code == 201


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"code": "ZZZZZZ", "seat": 1}, 404, "invalid_join_code"),
        ({"seat": 1}, 400, "invalid"),
        ({"code": None, "seat": 0}, 409, "seat_taken"),
        ({"code": None, "seat": 7}, 400, "no_such_seat"),
        ({"code": None}, 400, "seat_required"),
    ],
)
def test_it_rejects_a_bad_join(alice: Person, bob: Person, body: dict[str, Any], status: int, code: str) -> None:
    match = alice.create_match([alice.player.pk, "Bobby", "Cat"])
    if "code" in body and body["code"] is None:
        body = {**body, "code": match["join_code"]}
    response = bob.post("/api/v1/matches/join", body)
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert [s.player.name for s in Match.objects.get(pk=match["id"]).seats.all()] == ["Alice", "Bobby", "Cat"]


def test_a_join_without_a_seat_offers_the_free_seats_by_name(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, "Bobby", "Cat"])
    response = bob.post("/api/v1/matches/join", {"code": match["join_code"]})
    assert response.status_code == 400
    params = response.json()["params"]
    # Seat 0 is alice's (she has an account); seats 1 and 2 are names typed at the table.
    assert (params["free_seats"], params["free_seat_names"]) == ([1, 2], ["Bobby", "Cat"])
