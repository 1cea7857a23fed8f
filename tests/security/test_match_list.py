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
