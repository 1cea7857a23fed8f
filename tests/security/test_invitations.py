"""Item 4 of issue 16: adding an account holder to a league is an invitation they accept."""

from __future__ import annotations

from companion.models import LeagueInvitation, Membership
from tests.conftest import Person


def _league(alice: Person) -> int:
    return int(alice.post("/api/v1/leagues/", {"name": "Friday"}).json()["id"])


def test_an_account_holder_is_invited_not_added(alice: Person, bob: Person) -> None:
    league = _league(alice)
    match = alice.create_match([alice.player.pk, "Bobby", "C"])
    bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1})  # alice can now see bob
    response = alice.post(f"/api/v1/leagues/{league}/members/", {"player": bob.player.pk, "role": "admin"})
    assert response.status_code == 202
    assert (response.json()["role"], response.json()["player"]) == ("admin", bob.player.pk)
    assert "Bob" not in response.content.decode()
    assert not Membership.objects.filter(league_id=league, player=bob.player).exists()
    assert bob.get(f"/api/v1/leagues/{league}/").status_code == 404
    invitations = bob.get("/api/v1/invitations/").json()
    assert [i["league"]["id"] for i in invitations] == [league]
    accepted = bob.post(f"/api/v1/invitations/{invitations[0]['id']}/accept")
    assert (accepted.status_code, accepted.json()["role"]) == (201, "admin")
    assert bob.get(f"/api/v1/leagues/{league}/").status_code == 200
    assert LeagueInvitation.objects.count() == 0


def test_a_declined_invitation_leaves_no_membership(alice: Person, bob: Person) -> None:
    league = _league(alice)
    match = alice.create_match([alice.player.pk, "Bobby", "C"])
    bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1})
    invitation = alice.post(f"/api/v1/leagues/{league}/members/", {"player": bob.player.pk}).json()
    assert bob.post(f"/api/v1/invitations/{invitation['id']}/decline").status_code == 204
    assert not Membership.objects.filter(league_id=league, player=bob.player).exists()


def test_nobody_else_can_accept_an_invitation(alice: Person, bob: Person, charlie: Person) -> None:
    league = _league(alice)
    match = alice.create_match([alice.player.pk, "Bobby", "C"])
    bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1})
    invitation = alice.post(f"/api/v1/leagues/{league}/members/", {"player": bob.player.pk}).json()
    for person in (alice, charlie):
        response = person.post(f"/api/v1/invitations/{invitation['id']}/accept")
        assert (response.status_code, response.json()["code"]) == (404, "invitation_not_found")


def test_a_name_typed_at_the_table_is_added_at_once(alice: Person) -> None:
    league = _league(alice)
    zoe = alice.post("/api/v1/players/", {"name": "Zoe"}).json()
    response = alice.post(f"/api/v1/leagues/{league}/members/", {"player": zoe["id"]})
    assert (response.status_code, response.json()["role"]) == (201, "member")


def test_an_admin_cannot_add_a_name_someone_else_typed_in(alice: Person, bob: Person) -> None:
    league = _league(alice)
    zoe = bob.post("/api/v1/players/", {"name": "Zoe"}).json()
    response = alice.post(f"/api/v1/leagues/{league}/members/", {"player": zoe["id"]})
    assert (response.status_code, response.json()["code"]) == (400, "unknown_player")
    assert not Membership.objects.filter(player_id=zoe["id"]).exists()
