"""Issue 24 item 6 and issue 25 item 4: league roles that mean something, invite links, roster imports.

Joining a league table by its code seats a person at that table only; only recorders and admins
create league matches or import records into the league; a member a recorder seated sees who did
and can dispute the seat.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from companion.models import InviteLink, Membership, PeopleAudit, Player
from tests.conftest import Person

HAND = {"points": [26, 0, 0, 0]}


def _league(admin: Person, name: str = "Friday") -> int:
    return int(admin.post("/api/v1/leagues/", {"name": name}).json()["id"])


def _link(admin: Person, league: int, **body: Any) -> dict[str, Any]:
    response = admin.post(f"/api/v1/leagues/{league}/invite-links", body)
    assert response.status_code == 201, response.json()
    return dict(response.json())


def test_joining_a_league_table_does_not_make_a_member(alice: Person, bob: Person) -> None:
    league = _league(alice)
    match = alice.create_match([alice.player.pk, "B", "C", "D"], league=league)
    assert bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1}).status_code == 200
    assert not Membership.objects.filter(league_id=league, player=bob.player).exists()
    assert bob.get(f"/api/v1/leagues/{league}/").status_code == 404
    # seated, bob records at that table
    assert bob.append(match["id"], "hand_result", HAND, expected_seq=1).status_code == 201


def test_only_recorders_and_admins_create_league_matches_and_import(
    alice: Person, bob: Person, charlie: Person
) -> None:
    league = _league(alice)
    bob.post(f"/api/v1/invites/{_link(alice, league)['secret']}")
    charlie.post(f"/api/v1/invites/{_link(alice, league, role='recorder')['secret']}")
    body = {"game": "hearts", "players": [alice.player.pk, "X", "Y", "Z"], "league": league}
    refused = bob.post("/api/v1/matches/", body)
    assert (refused.status_code, refused.json()["code"]) == (403, "not_a_league_recorder")
    record = {
        "format": "companion-record/1",
        "game": "hearts",
        "players": ["P", "Q", "R", "S"],
        "variants": {},
        "events": [{"seq": 1, "type": "hand_result", "payload": HAND}],
    }
    forged = bob.post(f"/api/v1/records/import?league={league}", record)
    assert (forged.status_code, forged.json()["code"]) == (403, "not_a_league_recorder")
    many = bob.post("/api/v1/records/import-many", {"records": [record], "league": league})
    assert (many.status_code, many.json()["code"]) == (403, "not_a_league_recorder")
    assert charlie.post("/api/v1/matches/", {**body, "players": [charlie.player.pk, "X", "Y", "Z"]}).status_code == 201
    assert charlie.post(f"/api/v1/records/import?league={league}", record).status_code == 201


def test_a_member_seated_by_a_recorder_sees_it_and_disputes(alice: Person, bob: Person) -> None:
    league = _league(alice)
    bob.post(f"/api/v1/invites/{_link(alice, league)['secret']}")
    match = alice.post(
        "/api/v1/matches/", {"game": "hearts", "players": [alice.player.pk, bob.player.pk, "C", "D"], "league": league}
    ).json()
    [listed] = bob.get("/api/v1/matches/").json()["results"]
    assert (listed["my_seat"], listed["seated_by"]) == (1, "Alice")
    assert alice.get("/api/v1/matches/").json()["results"][0]["seated_by"] is None
    disputed = bob.post(f"/api/v1/matches/{match['id']}/dispute", {"seat": 1, "reason": "I was at home"})
    assert disputed.status_code == 201, disputed.json()
    seat = alice.get(f"/api/v1/matches/{match['id']}/").json()["seats"][1]["player"]
    assert (seat["name"], seat["has_account"]) == ("Bob", False)
    assert bob.get("/api/v1/matches/").json()["results"][0]["my_seat"] is None
    assert PeopleAudit.objects.filter(action="seat_disputed").count() == 1
    again = bob.post(f"/api/v1/matches/{match['id']}/dispute", {"seat": 1})
    assert (again.status_code, again.json()["code"]) == (404, "seat_not_found")


def test_a_seat_taken_by_joining_cannot_be_disputed(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, "Bobby", "C"])
    bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1})
    response = bob.post(f"/api/v1/matches/{match['id']}/dispute", {"seat": 1})
    assert (response.status_code, response.json()["code"]) == (409, "seat_not_disputable")


def test_an_invite_link_joins_with_its_role_until_used_up(alice: Person, bob: Person, charlie: Person) -> None:
    league = _league(alice)
    link = _link(alice, league, role="recorder", max_uses=1, days=7)
    assert link["url"].endswith(f"/i/{link['secret']}/")
    assert InviteLink.objects.get().secret_hash != link["secret"]  # only a hash is kept
    preview = bob.client.get(f"/api/v1/invites/{link['secret']}")
    assert preview.json()["league"]["name"] == "Friday"
    joined = bob.post(f"/api/v1/invites/{link['secret']}")
    assert (joined.status_code, joined.json()["role"]) == (201, "recorder")
    used = charlie.post(f"/api/v1/invites/{link['secret']}")
    assert (used.status_code, used.json()["code"]) == (404, "invite_invalid")
    [listed] = alice.get(f"/api/v1/leagues/{league}/invite-links").json()
    assert (listed["uses"], listed["max_uses"], "secret" in listed) == (1, 1, False)


def test_revoked_expired_and_wrong_links_answer_alike(alice: Person, bob: Person) -> None:
    league = _league(alice)
    revoked, expired = _link(alice, league), _link(alice, league)
    assert alice.client.delete(f"/api/v1/leagues/{league}/invite-links/{revoked['id']}").status_code == 204
    InviteLink.objects.filter(pk=expired["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    answers = {
        bob.post(f"/api/v1/invites/{s}").json()["code"] for s in (revoked["secret"], expired["secret"], "x" * 32)
    }
    assert answers == {"invite_invalid"}
    assert not Membership.objects.filter(player=bob.player).exists()


def test_only_admins_manage_links_and_roles(alice: Person, bob: Person) -> None:
    league = _league(alice)
    bob.post(f"/api/v1/invites/{_link(alice, league)['secret']}")
    made = bob.post(f"/api/v1/leagues/{league}/invite-links", {})
    assert (made.status_code, made.json()["code"]) == (403, "not_a_league_admin")
    role = bob.client.patch(f"/api/v1/leagues/{league}/members/{bob.player.pk}", {"role": "admin"}, format="json")
    assert (role.status_code, role.json()["code"]) == (403, "not_a_league_admin")
    promoted = alice.client.patch(
        f"/api/v1/leagues/{league}/members/{bob.player.pk}", {"role": "recorder"}, format="json"
    )
    assert (promoted.status_code, promoted.json()["role"]) == (200, "recorder")
    roster = {m["name"]: m["role"] for m in bob.get(f"/api/v1/leagues/{league}/roster").json()}
    assert roster == {"Alice": "admin", "Bob": "recorder"}


def test_the_last_admin_stays(alice: Person) -> None:
    league = _league(alice)
    demoted = alice.client.patch(
        f"/api/v1/leagues/{league}/members/{alice.player.pk}", {"role": "member"}, format="json"
    )
    assert (demoted.status_code, demoted.json()["code"]) == (409, "last_admin")
    left = alice.client.delete(f"/api/v1/leagues/{league}/members/{alice.player.pk}")
    assert (left.status_code, left.json()["code"]) == (409, "last_admin")


def test_a_roster_import_makes_members_and_single_use_links(
    alice: Person, bob: Person, mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    league = _league(alice)
    text = "name,email\nBea,bea@example.org\nCal,\n"
    with django_capture_on_commit_callbacks(execute=True):
        made = alice.post(f"/api/v1/leagues/{league}/roster", {"csv": text})
    assert made.status_code == 201, made.json()
    rows = made.json()["rows"]
    assert [(r["email"], r["max_uses"]) for r in rows] == [("bea@example.org", 1), ("", 1)]
    assert [m.to for m in mailoutbox] == [["bea@example.org"]] and rows[0]["url"] in mailoutbox[0].body
    names = sorted(m["name"] for m in alice.get(f"/api/v1/leagues/{league}/roster").json())
    assert names == ["Alice", "Bea", "Cal"]
    # bob opens Bea's link: he becomes that roster player (its seats and membership join his)
    bea = Player.objects.get(name="Bea")
    match = alice.create_match([alice.player.pk, bea.pk, "C", "D"], league=league)
    assert bob.post(f"/api/v1/invites/{rows[0]['secret']}").status_code == 201
    assert alice.get(f"/api/v1/matches/{match['id']}/").json()["seats"][1]["player"]["id"] == bob.player.pk
    assert sorted(m["name"] for m in alice.get(f"/api/v1/leagues/{league}/roster").json()) == ["Alice", "Bob", "Cal"]


def test_a_bad_roster_stores_nothing(alice: Person) -> None:
    league = _league(alice)
    for text, code in (
        ("Bea,bea@example.org\n,x@example.org\n", "roster_row_invalid"),
        ("Bea,not-mail\n", "roster_row_invalid"),
        ("\n\n", "empty_roster"),
    ):
        response = alice.post(f"/api/v1/leagues/{league}/roster", {"csv": text})
        assert (response.status_code, response.json()["code"]) == (400, code)
    assert not Player.objects.filter(name="Bea").exists() and InviteLink.objects.count() == 0
