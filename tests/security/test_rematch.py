"""``POST /api/v1/matches/{id}/rematch``: a rematch is a new table, so only someone who may record in
the old one starts it, and it seats exactly the old table's players. Each test is the request and the answer."""

from __future__ import annotations

from companion.models import League, Match, Membership
from tests.conftest import Person


def _league_match(alice: Person, bob: Person, role: str) -> int:
    league = League.objects.get(pk=alice.post("/api/v1/leagues", {"name": "Friday"}).json()["id"])
    Membership.objects.create(league=league, player=bob.player, role=role)
    return int(alice.create_match([alice.player.pk, "B", "C"], league=league.pk)["id"])


def test_a_league_member_who_only_reads_cannot_start_a_rematch(alice: Person, bob: Person) -> None:
    match = _league_match(alice, bob, "member")
    answer = bob.post(f"/api/v1/matches/{match}/rematch")
    assert (answer.status_code, answer.json()["code"]) == (403, "permission_denied")
    assert Match.objects.count() == 1


def test_a_stranger_learns_nothing(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, "B", "C"])["id"]
    for target in (match, 999_999):  # someone else's match answers as one that does not exist
        answer = bob.post(f"/api/v1/matches/{target}/rematch")
        assert (answer.status_code, answer.json()["code"]) == (404, "match_not_found")
    assert Match.objects.count() == 1


def test_a_league_admin_starts_one_with_the_same_players_and_sees_its_code(alice: Person, bob: Person) -> None:
    match = _league_match(alice, bob, "admin")
    answer = bob.post(f"/api/v1/matches/{match}/rematch")
    assert answer.status_code == 201
    rematch = answer.json()
    assert [s["player"]["name"] for s in rematch["seats"]] == ["Alice", "B", "C"]
    assert (rematch["created_by"], len(rematch["join_code"])) == ("Bob", 16)
    assert alice.get(f"/api/v1/matches/{rematch['id']}").json()["join_code"] == rematch["join_code"]
