"""/api/v1/leagues/ — create, members, admins."""

from __future__ import annotations

from companion.models import League, Membership
from tests.conftest import Person


def test_the_creator_is_the_first_admin(alice: Person) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Thursday"}).json()
    members = alice.get(f"/api/v1/leagues/{league['id']}/members/").json()
    assert [(m["player"]["name"], m["role"]) for m in members] == [("Alice", "admin")]


def test_an_admin_adds_members_and_admins(alice: Person, bob: Person, charlie: Person) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Thursday"}).json()
    assert alice.add_member(league["id"], bob).status_code == 201
    response = alice.add_member(league["id"], charlie, role="admin")
    assert response.json()["role"] == "admin"
    roles = dict(Membership.objects.filter(league_id=league["id"]).values_list("player__name", "role"))
    assert roles == {"Alice": "admin", "Bob": "member", "Charlie": "admin"}


def test_a_member_can_read_but_not_add_members(alice: Person, bob: Person, charlie: Person) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Thursday"}).json()
    alice.add_member(league["id"], bob)
    assert bob.get(f"/api/v1/leagues/{league['id']}/").json()["name"] == "Thursday"
    assert len(bob.get(f"/api/v1/leagues/{league['id']}/members/").json()) == 2
    response = bob.add_member(league["id"], charlie)
    assert (response.status_code, response.json()["code"]) == (403, "permission_denied")
    assert Membership.objects.filter(league_id=league["id"]).count() == 2


def test_an_outsider_does_not_see_the_league(alice: Person, bob: Person) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Thursday"}).json()
    assert bob.get(f"/api/v1/leagues/{league['id']}/").status_code == 404
    assert bob.get("/api/v1/leagues/").json()["count"] == 0


def test_it_validates_default_variants_per_game(alice: Person) -> None:
    response = alice.post("/api/v1/leagues/", {"name": "X", "default_variants": {"hearts": {"jokers": 1}}})
    assert (response.status_code, response.json()["code"]) == (400, "unknown_variant")
    response = alice.post("/api/v1/leagues/", {"name": "X", "default_variants": {"snap": {}}})
    assert (response.status_code, response.json()["code"]) == (400, "unknown_game")
    assert League.objects.count() == 0


def test_it_rejects_an_unknown_player(alice: Person) -> None:
    league = alice.post("/api/v1/leagues/", {"name": "Thursday"}).json()
    response = alice.post(f"/api/v1/leagues/{league['id']}/members/", {"player": 999})
    assert (response.status_code, response.json()["code"]) == (400, "unknown_player")
