"""/api/v1/players/ — list, create, me."""

from __future__ import annotations

from tests.conftest import Person


def test_it_creates_a_player_without_an_account(alice: Person) -> None:
    response = alice.post("/api/v1/players/", {"name": "  Zoe "})
    assert response.status_code == 201
    assert (response.json()["name"], response.json()["has_account"]) == ("Zoe", False)


def test_it_lists_yourself_and_the_players_you_share_a_match_with(alice: Person, bob: Person, charlie: Person) -> None:
    alice.create_match([alice.player.pk, bob.player.pk, "Zoe"])
    names = sorted(p["name"] for p in alice.get("/api/v1/players/").json()["results"])
    assert names == ["Alice", "Bob", "Zoe"]
    assert [p["name"] for p in charlie.get("/api/v1/players/").json()["results"]] == ["Charlie"]


def test_me_is_your_player(bob: Person) -> None:
    me = bob.get("/api/v1/players/me").json()
    # the badge: initials derived from the name, the colour from the id (issue 25 item 6)
    assert me == {"id": bob.player.pk, "name": "Bob", "has_account": True, "colour": me["colour"], "initials": "BO"}
    assert me["colour"].startswith("#") and len(me["colour"]) == 7


def test_a_player_needs_a_name(alice: Person) -> None:
    response = alice.post("/api/v1/players/", {"name": ""})
    assert (response.status_code, response.json()["code"]) == (400, "invalid")


def test_a_player_you_add_is_in_your_list_before_any_match(alice: Person, bob: Person) -> None:
    created = alice.post("/api/v1/players/", {"name": "Uncle Vanya"})
    assert created.status_code == 201, created.json()
    names = [p["name"] for p in alice.get("/api/v1/players/").json()["results"]]
    assert "Uncle Vanya" in names
    assert "Uncle Vanya" not in [p["name"] for p in bob.get("/api/v1/players/").json()["results"]]


def test_recent_players_are_those_you_sat_with_most_recent_table_first(alice: Person, bob: Person) -> None:
    alice.create_match([alice.player.pk, "Zoe", "Yuri", "Xena"])
    alice.create_match([alice.player.pk, "Walt", "Zoe", "Vera"])
    # the later table first (seat order), Zoe once, Alice herself left out; Bob saw none of them
    names = [p["name"] for p in alice.get("/api/v1/players/recent").json()]
    assert names[:3] == ["Walt", "Zoe", "Vera"]
    assert sorted(names) == ["Vera", "Walt", "Xena", "Yuri", "Zoe"]
    assert bob.get("/api/v1/players/recent").json() == []
