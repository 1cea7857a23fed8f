"""Item 8 of issue 16 (for a phone): the match list says where each match stands and where the caller
sits, so the phone's list needs no request per match."""

from __future__ import annotations

from typing import Any

from companion.models import League, Membership
from tests.conftest import Person


def _item(person: Person, match_id: int) -> dict[str, Any]:
    [item] = [m for m in person.get("/api/v1/matches").json()["results"] if m["id"] == match_id]
    return dict(item)


def test_each_item_carries_the_totals_and_the_callers_seat(
    alice: Person, bob: Person, hearts_match: dict[str, Any]
) -> None:
    m = hearts_match["id"]
    assert alice.append(m, "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1).status_code == 201
    assert alice.append(m, "hand_result", {"points": [0, 0, 26, 0]}, expected_seq=2).status_code == 201
    # hand 2 is a moon by seat 2 (hearts.md §3.2, add_to_others: the others take 26 each): [3+26, 18+26, 0, 5+26]
    assert _item(alice, m)["totals"] == [29, 44, 0, 31]
    assert (_item(alice, m)["my_seat"], _item(bob, m)["my_seat"]) == (0, 1)


def test_a_league_member_who_is_not_seated_has_no_seat(alice: Person, bob: Person) -> None:
    league = League.objects.get(pk=alice.post("/api/v1/leagues", {"name": "Friday"}).json()["id"])
    Membership.objects.create(league=league, player=bob.player, role="member")
    match = alice.create_match([alice.player.pk, "B", "C"], league=league.pk)
    item = _item(bob, match["id"])
    assert (item["my_seat"], item["totals"], item["join_code"]) == (None, [0, 0, 0], None)


def test_the_creator_is_named_as_the_table_knows_them_without_a_query_per_match(db: None) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    # a guest's sign-in username is generated; the table knows her as "Ann"
    guest = APIClient().post("/api/v1/auth/guest", {"name": "Ann"}, format="json").json()
    ann = APIClient(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    created = ann.post("/api/v1/matches", {"game": "hearts", "players": ["Ann", "Bob", "Cat", "Dan"]}, format="json")
    assert created.json()["created_by"] == "Ann"
    assert ann.get(f"/api/v1/matches/{created.json()['id']}").json()["created_by"] == "Ann"
    with CaptureQueriesContext(connection) as one:
        ann.get("/api/v1/matches")
    for _ in range(3):
        ann.post("/api/v1/matches", {"game": "hearts", "players": ["Ann", "Bob", "Cat", "Dan"]}, format="json")
    with CaptureQueriesContext(connection) as four:
        listed = ann.get("/api/v1/matches").json()["results"]
    assert [m["created_by"] for m in listed] == ["Ann"] * 4
    assert guest["username"] not in str(listed)
    # the creator and their player are joined into the list's query: no user or player read per match
    assert len(_people_queries(four)) == len(_people_queries(one))


def _people_queries(queries: Any) -> list[str]:
    people = ('FROM "auth_user"', 'FROM "companion_player"')
    return [q["sql"] for q in queries.captured_queries if any(table in q["sql"] for table in people)]
